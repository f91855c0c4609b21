"""`/rule` and `/rules`: look a rule up by id (with autocomplete) or browse the rulebook by section."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs import embeds
from cogs.views import SelectView
from rules_engine import RULEBOOKS

if TYPE_CHECKING:
    from bot import FloorBot

MAX_CHOICES = 25  # Discord shows at most 25 autocomplete choices
SUGGESTIONS = 5


def choice_label(rule_id: str, title: str) -> str:
    """An autocomplete line: the title people search for, with the id that will be sent."""
    return embeds.shorten(f"{title} ({rule_id})", 100)


class Reference(commands.Cog):
    """Rule lookup from memory: autocomplete answers from the engine's in-memory index, never the store."""

    def __init__(self, bot: FloorBot) -> None:
        self.bot = bot

    @app_commands.command(name="rule", description="Show one rule: every case, and where each rulebook differs.")
    @app_commands.describe(rule_id="Start typing an id, a title or a keyword (English or Italian)")
    async def rule(self, interaction: discord.Interaction, rule_id: str) -> None:
        rule = self.bot.engine.rules.get(rule_id.strip())
        if rule is not None:
            await interaction.response.send_message(embed=embeds.rule_card(rule, RULEBOOKS))
            return
        shown = embeds.quote(rule_id, 80) or "(nothing)"
        nearest = self.bot.engine.search(rule_id[:200], SUGGESTIONS) if rule_id.strip() else []
        if nearest:
            listed = "\n".join(f"• `{r.id}` — {r.title}" for r in nearest)
            message = f"I don't know a rule called “{shown}”. Did you mean:\n{listed}"
        else:
            message = f"I don't know a rule called “{shown}”. `/rules` lists them all."
        await interaction.response.send_message(message, ephemeral=True)

    @rule.autocomplete("rule_id")
    async def rule_id_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        matches = self.bot.engine.search(current[:100], MAX_CHOICES)
        return [app_commands.Choice(name=choice_label(r.id, r.title), value=r.id) for r in matches[:MAX_CHOICES]]

    @app_commands.command(name="rules", description="Browse the rules by section.")
    async def rules(self, interaction: discord.Interaction) -> None:
        sections = self.bot.engine.sections()
        overview = discord.Embed(
            title="Rules by section",
            description="\n".join(f"• **{name}** — {len(rules)} rules" for name, rules in sections.items()),
            colour=embeds.RULING_COLOUR,
        )
        overview.set_footer(text="Pick a section below; /rule <id> shows one rule in full.")
        view = SelectView(
            interaction.user.id,
            "Pick a section",
            [(name, name, f"{len(rules)} rules") for name, rules in list(sections.items())[:25]],
            self._show_section,
        )
        await interaction.response.send_message(embed=embeds.fit(overview), view=view)

    async def _show_section(self, interaction: discord.Interaction, section: str) -> None:
        rules = self.bot.engine.sections().get(section, [])
        listing = discord.Embed(
            title=embeds.shorten(section, embeds.TITLE_MAX),
            description=embeds.shorten("\n".join(f"`{r.id}` — {r.title}" for r in rules), embeds.DESCRIPTION_MAX),
            colour=embeds.RULING_COLOUR,
        )
        listing.set_footer(text="/rule <id> shows a rule with every case.")
        await interaction.response.edit_message(embed=listing)


async def setup(bot: FloorBot) -> None:
    await bot.add_cog(Reference(bot))
