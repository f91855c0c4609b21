"""`/ruling`: describe what happened at the table, get the floor's answer (and answer its questions)."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field, replace

import discord
from discord import app_commands
from discord.ext import commands

from cogs import embeds
from cogs.core import FloorBot
from cogs.language import preferred_language, server_settings
from cogs.views import ButtonsView, SelectView
from i18n import DEFAULT_LANGUAGE, Language, localised, text
from i18n.commands import describe
from rules_engine import DEFAULT_RULEBOOK, Ruling

log = logging.getLogger("floorcall.rulings")

MAX_SITUATION = 1000
SLOW_WRITE = 2.0  # seconds; past this the reply is deferred so Discord's 3-second window is kept


@dataclass(frozen=True, slots=True)
class RulingRequest:
    """What a ruling is made from; the question buttons keep it and add each answered fact.

    `language` is the reply language chosen when the question was asked (None: the situation's own), so an
    answer given by a manager with another client language doesn't switch the card's language."""

    text: str
    rulebook: str
    owner_id: int
    owner_name: str
    language: Language | None = None
    facts: dict[str, str] = field(default_factory=dict)


def situation_problem(situation: str, language: Language) -> str | None:
    """Why a situation can't be ruled on as given, in words for the user; None if it can."""
    if not situation.strip():
        return text(language, "ruling.empty")
    if len(situation) > MAX_SITUATION:
        return text(
            language, "ruling.too_long", length=len(situation), limit=MAX_SITUATION, start=embeds.quote(situation, 80)
        )
    return None


class Rulings(commands.Cog):
    """Turns a described situation into a ruling card, a question with buttons, or the nearest rules."""

    def __init__(self, bot: FloorBot) -> None:
        self.bot = bot

    @app_commands.command(name="ruling", description="Describe what happened at the table and get the floor's ruling.")
    @describe(
        situation="What happened, in your own words (English or Italian), e.g. the flop had four cards",
        private="Only you see the answer (default: everyone in the channel)",
    )
    async def ruling(self, interaction: discord.Interaction[FloorBot], situation: str, private: bool = False) -> None:
        settings = await server_settings(interaction)
        language = preferred_language(settings, interaction)
        problem = situation_problem(situation, language or DEFAULT_LANGUAGE)
        if problem is not None:
            await interaction.response.send_message(problem, ephemeral=True)
            return
        request = RulingRequest(
            text=situation.strip(),
            rulebook=settings.rulebook if settings.rulebook in self.bot.engine.rulebooks else DEFAULT_RULEBOOK,
            owner_id=interaction.user.id,
            owner_name=interaction.user.display_name,
            language=language,
        )
        await self.respond(interaction, request, ephemeral=private)

    async def respond(
        self, interaction: discord.Interaction[FloorBot], request: RulingRequest, *, ephemeral: bool
    ) -> None:
        """Rule, log a final ruling, then reply (or, for a button press, edit the message pressed)."""
        ruling = self.bot.engine.rule(request.text, request.rulebook, request.facts, reply_language=request.language)
        language = request.language or ruling.language  # the engine answered in the situation's language
        logged = await self._log(interaction, request, ruling, ephemeral=ephemeral)
        embed = embeds.ruling_embed(
            ruling,
            situation=request.text,
            asker=request.owner_name,
            rulebook=self.bot.engine.rulebooks[ruling.rulebook],
            language=language,
            logged=logged,
        )
        view = self._view_for(ruling, request, language)
        if interaction.response.is_done():
            await interaction.edit_original_response(embed=embed, view=view)
        elif interaction.type is discord.InteractionType.component:
            await interaction.response.edit_message(embed=embed, view=view)
        elif view is None:
            await interaction.response.send_message(embed=embed, ephemeral=ephemeral)
        else:
            await interaction.response.send_message(embed=embed, view=view, ephemeral=ephemeral)

    def _view_for(self, ruling: Ruling, request: RulingRequest, language: Language) -> discord.ui.View | None:
        if ruling.status == "question" and ruling.questions:
            question = ruling.questions[0]

            async def answer(interaction: discord.Interaction[FloorBot], value: str) -> None:
                answered = replace(request, facts={**request.facts, question.fact: value})
                await self.respond(interaction, answered, ephemeral=False)

            options = [(option.label, option.value) for option in question.options]
            return ButtonsView(request.owner_id, options, answer)
        rules = [self.bot.engine.rules[i] for i in ruling.alternatives if i in self.bot.engine.rules]
        if ruling.status == "no-match" and rules:

            async def show_rule(interaction: discord.Interaction[FloorBot], rule_id: str) -> None:
                card = embeds.rule_card(self.bot.engine.rules[rule_id], self.bot.engine.rulebooks, language)
                await interaction.response.edit_message(embed=card)

            return SelectView(
                request.owner_id,
                text(language, "ruling.nearest_placeholder"),
                [(localised(rule, "title", language), rule.id, rule.id) for rule in rules],
                show_rule,
            )
        return None

    async def _log(
        self, interaction: discord.Interaction[FloorBot], request: RulingRequest, ruling: Ruling, *, ephemeral: bool
    ) -> bool | None:
        """Log a final ruling before the reply. None: nothing to log; False: the write failed."""
        if ruling.status != "ruling" or interaction.guild_id is None:
            return None
        write = asyncio.ensure_future(
            self.bot.store.log_ruling(
                interaction.guild_id,
                channel_id=interaction.channel_id or 0,
                user_id=interaction.user.id,
                situation=request.text,
                status=ruling.status,
                rule_id=ruling.rule_id,
                outcome=ruling.outcome,
                rulebook=ruling.rulebook,
            )
        )
        try:
            done, _ = await asyncio.wait({write}, timeout=SLOW_WRITE)
            if not done:
                await self._defer(interaction, ephemeral=ephemeral)
            await write
        except Exception:
            log.exception(
                "Ruling not logged: guild=%s user=%s rule=%s",
                interaction.guild_id,
                interaction.user.id,
                ruling.rule_id,
            )
            return False
        return True

    @staticmethod
    async def _defer(interaction: discord.Interaction[FloorBot], *, ephemeral: bool) -> None:
        if interaction.type is discord.InteractionType.component:
            await interaction.response.defer()
        else:
            await interaction.response.defer(thinking=True, ephemeral=ephemeral)


async def setup(bot: FloorBot) -> None:
    await bot.add_cog(Rulings(bot))
