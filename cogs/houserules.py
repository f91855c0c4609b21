"""`/houserule set|show|clear`: the server's own answer for a rule, shown on every ruling it touches.

Anyone may read them; the floor sets and clears them (Manage Server, or the floor role of `/settings
floor-role`). The outcome option offers only the chosen rule's own outcomes (autocomplete reads the rule
typed so far), and is checked again on submit: a house rule never invents a remedy, it picks one of the rule's.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from cogs import cooldown, embeds, fit
from cogs.core import FloorBot
from cogs.games import ListPager, guild_id_of
from cogs.house import house_rule_line, is_floor
from cogs.language import reply_language
from cogs.reference import choice_label, rule_choices
from cogs.respond import answer, in_time
from i18n import DEFAULT_LANGUAGE, Language, from_locale
from i18n.commands import describe
from rules_engine import Rule
from rules_engine.house import outcomes

TEXT_MAX = 500  # a house rule is a sentence or two
PER_PAGE = 10


def say(language: Language, key: str, /, **fields: object) -> str:
    """i18n.text, under a name the `text` option does not hide."""
    return i18n.text(language, key, **fields)


def headline(bot: FloorBot, outcome: str, language: Language) -> str:
    known = bot.engine.data.outcomes.get(outcome)
    return known.headline[language] if known else outcome


async def outcome_choices(interaction: discord.Interaction[FloorBot], current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete over the outcomes of the rule chosen so far, and only those."""
    rule = interaction.client.engine.rules.get(str(interaction.namespace.rule_id or "").strip())
    if rule is None:
        return []
    language = from_locale(interaction.locale) or DEFAULT_LANGUAGE
    typed = current.casefold().strip()
    named = [(f"{headline(interaction.client, token, language)} ({token})", token) for token in outcomes(rule)]
    return [
        app_commands.Choice(name=fit.clip(name, fit.OPTION_TEXT), value=token)
        for name, token in named
        if typed in name.casefold()
    ][: fit.CHOICES]


async def house_rule_choices(
    interaction: discord.Interaction[FloorBot], current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete over the server's house rules."""
    if interaction.guild_id is None:
        return []
    language = from_locale(interaction.locale) or DEFAULT_LANGUAGE
    typed = current.casefold().strip()
    choices = []
    for house in await interaction.client.store.list_house_rules(interaction.guild_id):
        rule = interaction.client.engine.rules.get(house.rule_id)
        label = choice_label(house.rule_id, rule.title[language] if rule else house.text)
        if typed in label.casefold() or typed in house.text.casefold():
            choices.append(app_commands.Choice(name=label, value=house.rule_id))
    return choices[: fit.CHOICES]


@app_commands.guild_only()
class HouseRules(
    commands.GroupCog, group_name="houserule", group_description="This server's house rules, shown on the rulings."
):
    """Thin over the store (store/house.py); the cards show the house rules (cogs/house.py, cogs/embeds.py)."""

    def __init__(self, bot: FloorBot) -> None:
        self.bot = bot
        super().__init__()

    async def _refused(self, interaction: discord.Interaction[FloorBot], language: Language) -> bool:
        """Tell a member who is not the floor who is, and say so; False for the floor."""
        if await is_floor(interaction):
            return False
        role = await self.bot.store.get_floor_role(guild_id_of(interaction))
        reason = (
            say(language, "house.not_allowed_no_role")
            if role is None
            else say(language, "house.not_allowed", role=f"<@&{role}>")
        )
        await answer(interaction, reason, ephemeral=True)
        return True

    async def _rule(self, interaction: discord.Interaction[FloorBot], rule_id: str, language: Language) -> Rule | None:
        rule = self.bot.engine.rules.get(rule_id.strip())
        if rule is None:
            name = fit.quote(rule_id, 80) or say(language, "rule.nothing")
            await answer(interaction, say(language, "house.unknown_rule", name=name), ephemeral=True)
        return rule

    @app_commands.command(
        name="set", description="Set this server's house rule for a rule (the floor, or Manage Server)."
    )
    @describe(
        rule_id="The rule: start typing an id, a title or a keyword",
        text="Your house rule in a sentence, e.g. here the extra card is burned and play goes on",
        outcome="Optional: one of the rule's own outcomes, to put in place of the rulebook's",
    )
    @app_commands.autocomplete(rule_id=rule_choices, outcome=outcome_choices)
    @cooldown.writes
    async def set(
        self, interaction: discord.Interaction[FloorBot], rule_id: str, text: str, outcome: str | None = None
    ) -> None:
        language = await reply_language(interaction)
        if await self._refused(interaction, language):
            return
        rule = await self._rule(interaction, rule_id, language)
        if rule is None:
            return
        problem = self._text_problem(text, language) or self._outcome_problem(rule, outcome, language)
        if problem is not None:
            await answer(interaction, problem, ephemeral=True)
            return
        chosen = outcome.strip() if outcome else None
        saving = self.bot.store.set_house_rule(
            guild_id_of(interaction), rule.id, text=text.strip(), outcome=chosen, set_by=interaction.user.id
        )
        saved = await in_time(interaction, saving)
        lines = [
            say(language, "house.set", rule=rule.title[language], rule_id=rule.id, text=fit.quote(saved.text, 600))
        ]
        if saved.outcome is None:
            lines.append(say(language, "house.set_text_only"))
        else:
            lines.append(say(language, "house.set_outcome", headline=headline(self.bot, saved.outcome, language)))
        await answer(interaction, "\n".join(lines))

    def _text_problem(self, typed: str, language: Language) -> str | None:
        if not fit.visible(typed):
            return say(language, "house.text_blank")
        if len(typed) > TEXT_MAX:
            return say(language, "house.text_too_long", length=len(typed), limit=TEXT_MAX, start=fit.quote(typed, 80))
        return None

    def _outcome_problem(self, rule: Rule, outcome: str | None, language: Language) -> str | None:
        if outcome is None or outcome.strip() in outcomes(rule):
            return None
        own = ", ".join(f"`{token}` ({headline(self.bot, token, language)})" for token in outcomes(rule))
        return say(language, "house.bad_outcome", outcome=fit.quote(outcome, 80), outcomes=own)

    @app_commands.command(name="show", description="This server's house rules.")
    async def show(self, interaction: discord.Interaction[FloorBot]) -> None:
        language = await reply_language(interaction)
        rules = await self.bot.store.list_house_rules(guild_id_of(interaction))
        lines = (house_rule_line(self.bot.engine, house, language, fit.DESCRIPTION) for house in rules)
        pages = fit.pages(lines, per_page=PER_PAGE) or [say(language, "house.none")]
        card = discord.Embed(title=say(language, "house.list_title"), colour=embeds.RULING_COLOUR)
        pager = ListPager(interaction.user.id, pages, language, card)
        embed, paged = await pager.show(interaction, 1)
        if not paged:
            pager.stop()
        await answer(interaction, embed=embed, view=pager if paged else None, ephemeral=True)

    @app_commands.command(
        name="clear", description="Remove this server's house rule for a rule (the floor, or Manage Server)."
    )
    @describe(rule_id="The rule whose house rule goes, from /houserule show")
    @app_commands.autocomplete(rule_id=house_rule_choices)
    @cooldown.writes
    async def clear(self, interaction: discord.Interaction[FloorBot], rule_id: str) -> None:
        language = await reply_language(interaction)
        if await self._refused(interaction, language):
            return
        cleared = await in_time(interaction, self.bot.store.clear_house_rule(guild_id_of(interaction), rule_id.strip()))
        if cleared is None:
            name = fit.quote(rule_id, 80) or say(language, "rule.nothing")
            await answer(interaction, say(language, "house.nothing_to_clear", rule_id=name), ephemeral=True)
            return
        rule = self.bot.engine.rules.get(cleared.rule_id)
        title = rule.title[language] if rule else cleared.rule_id
        await answer(interaction, say(language, "house.cleared", rule=title, rule_id=cleared.rule_id))


async def setup(bot: FloorBot) -> None:
    await bot.add_cog(HouseRules(bot))
