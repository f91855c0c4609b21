"""`/rule` and `/rules`: look a rule up by id (with autocomplete) or browse the rulebook by section."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs import embeds, fit
from cogs.core import FloorBot
from cogs.language import reply_language
from cogs.respond import answer
from cogs.views import SelectView
from i18n import DEFAULT_LANGUAGE, Language, from_locale, text
from i18n.commands import describe
from rules_engine import Rule

MAX_CHOICES = 25  # Discord shows at most 25 autocomplete choices
SUGGESTIONS = 5


def choice_label(rule_id: str, title: str) -> str:
    """An autocomplete line: the title people search for, with the id that will be sent."""
    return fit.clip(f"{title} ({rule_id})", fit.OPTION_TEXT)


async def rule_choices(interaction: discord.Interaction[FloorBot], current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete over every rule (ids, titles, keywords, in English and Italian), from the engine's memory;
    titles in the member's client language (the server's setting would cost a store read per keystroke)."""
    language = from_locale(interaction.locale) or DEFAULT_LANGUAGE
    matches = interaction.client.engine.search(current[:100], MAX_CHOICES)
    return [app_commands.Choice(name=choice_label(r.id, r.title[language]), value=r.id) for r in matches]


class Reference(commands.Cog):
    """Rule lookup from memory: autocomplete answers from the engine's in-memory index, never the store."""

    def __init__(self, bot: FloorBot) -> None:
        self.bot = bot

    @app_commands.command(name="rule", description="Show one rule: every case, and where each rulebook differs.")
    @describe(rule_id="Start typing an id, a title or a keyword (English or Italian)")
    async def rule(self, interaction: discord.Interaction[FloorBot], rule_id: str) -> None:
        language = await reply_language(interaction)
        rule = self.bot.engine.rules.get(rule_id.strip())
        if rule is not None:
            await answer(interaction, embed=embeds.rule_card(rule, self.bot.engine.rulebooks, language))
            return
        unknown = text(language, "rule.unknown", name=embeds.quote(rule_id, 80) or text(language, "rule.nothing"))
        nearest = self.bot.engine.search(rule_id[:200], SUGGESTIONS) if rule_id.strip() else []
        if nearest:
            listed = "\n".join(f"• `{r.id}` — {r.title[language]}" for r in nearest)
            message = f"{unknown} {text(language, 'rule.did_you_mean')}\n{listed}"
        else:
            message = f"{unknown} {text(language, 'rule.see_all')}"
        await answer(interaction, message, ephemeral=True)

    @rule.autocomplete("rule_id")
    async def rule_id_autocomplete(
        self, interaction: discord.Interaction[FloorBot], current: str
    ) -> list[app_commands.Choice[str]]:
        return await rule_choices(interaction, current)

    @app_commands.command(name="rules", description="Browse the rules by section.")
    async def rules(self, interaction: discord.Interaction[FloorBot]) -> None:
        language = await reply_language(interaction)
        sections = self.bot.engine.sections()
        lines = [
            f"• **{_section_name(rules, language)}** — {text(language, 'rule.count', count=len(rules))}"
            for rules in sections.values()
        ]
        overview = discord.Embed(
            title=text(language, "rule.sections_title"), description="\n".join(lines), colour=embeds.RULING_COLOUR
        )
        overview.set_footer(text=text(language, "rule.sections_footer"))

        async def show_section(interaction: discord.Interaction[FloorBot], section: str) -> None:
            rules = self.bot.engine.sections().get(section, [])
            listing = discord.Embed(
                title=fit.clip(_section_name(rules, language) if rules else section, fit.TITLE),
                description=fit.clip("\n".join(f"`{r.id}` — {r.title[language]}" for r in rules), fit.DESCRIPTION),
                colour=embeds.RULING_COLOUR,
            )
            listing.set_footer(text=text(language, "rule.section_footer"))
            await answer(interaction, embed=listing, update=True)

        view = SelectView(
            interaction.user.id,
            text(language, "rule.pick_section"),
            [
                (_section_name(rules, language), name, text(language, "rule.count", count=len(rules)))
                for name, rules in list(sections.items())[:25]
            ],
            show_section,
        )
        await answer(interaction, embed=overview, view=view)


def _section_name(rules: list[Rule], language: Language) -> str:
    """A section's name in `language`: the engine groups by the English name, each rule carries both."""
    return rules[0].section[language]


async def setup(bot: FloorBot) -> None:
    await bot.add_cog(Reference(bot))
