"""`/ruling`: describe what happened at the table, get the floor's answer (and answer its questions)."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs import embeds
from cogs.views import ButtonsView, SelectView
from rules_engine import DEFAULT_RULEBOOK, RULEBOOKS, Ruling

if TYPE_CHECKING:
    from bot import FloorBot

log = logging.getLogger("floorcall.rulings")

MAX_SITUATION = 1000
SLOW_WRITE = 2.0  # seconds; past this the reply is deferred so Discord's 3-second window is kept


@dataclass(frozen=True, slots=True)
class RulingRequest:
    """What a ruling is made from; the question buttons keep it and add each answered fact."""

    text: str
    rulebook: str
    owner_id: int
    owner_name: str
    facts: dict[str, str] = field(default_factory=dict)


def situation_problem(text: str) -> str | None:
    """Why a situation can't be ruled on as given, in words for the user; None if it can."""
    if not text.strip():
        return (
            "Tell me what happened at the table, e.g. `/ruling the dealer burned two cards before the flop`. "
            "`/help` has more examples."
        )
    if len(text) > MAX_SITUATION:
        return (
            f"That description is {len(text):,} characters; please keep it under {MAX_SITUATION:,}. "
            f"The key facts are the street, what went wrong, who did it, and whether the betting was done. "
            f"It began: “{embeds.quote(text, 80)}”"
        )
    return None


class Rulings(commands.Cog):
    """Turns a described situation into a ruling card, a question with buttons, or the nearest rules."""

    def __init__(self, bot: FloorBot) -> None:
        self.bot = bot

    @app_commands.command(name="ruling", description="Describe what happened at the table and get the floor's ruling.")
    @app_commands.describe(
        situation="What happened, in your own words (English or Italian), e.g. the flop had four cards",
        private="Only you see the answer (default: everyone in the channel)",
    )
    async def ruling(self, interaction: discord.Interaction, situation: str, private: bool = False) -> None:
        problem = situation_problem(situation)
        if problem is not None:
            await interaction.response.send_message(problem, ephemeral=True)
            return
        request = RulingRequest(
            text=situation.strip(),
            rulebook=await self._rulebook(interaction.guild_id),
            owner_id=interaction.user.id,
            owner_name=interaction.user.display_name,
        )
        await self.respond(interaction, request, ephemeral=private)

    async def respond(self, interaction: discord.Interaction, request: RulingRequest, *, ephemeral: bool) -> None:
        """Rule, log a final ruling, then reply (or, for a button press, edit the message pressed)."""
        ruling = self.bot.engine.rule(request.text, request.rulebook, request.facts)
        logged = await self._log(interaction, request, ruling, ephemeral=ephemeral)
        embed = embeds.ruling_embed(
            ruling,
            situation=request.text,
            asker=request.owner_name,
            rulebook_name=RULEBOOKS.get(ruling.rulebook, ruling.rulebook),
            logged=logged,
        )
        view = self._view_for(ruling, request)
        if interaction.response.is_done():
            await interaction.edit_original_response(embed=embed, view=view)
        elif interaction.type is discord.InteractionType.component:
            await interaction.response.edit_message(embed=embed, view=view)
        elif view is None:
            await interaction.response.send_message(embed=embed, ephemeral=ephemeral)
        else:
            await interaction.response.send_message(embed=embed, view=view, ephemeral=ephemeral)

    def _view_for(self, ruling: Ruling, request: RulingRequest) -> discord.ui.View | None:
        if ruling.status == "question" and ruling.questions:
            question = ruling.questions[0]

            async def answer(interaction: discord.Interaction, value: str) -> None:
                answered = replace(request, facts={**request.facts, question.fact: value})
                await self.respond(interaction, answered, ephemeral=False)

            options = [(option.label, option.value) for option in question.options]
            return ButtonsView(request.owner_id, options, answer)
        rules = [self.bot.engine.rules[i] for i in ruling.alternatives if i in self.bot.engine.rules]
        if ruling.status == "no-match" and rules:
            return SelectView(
                request.owner_id,
                "Read one of the nearest rules",
                [(rule.title, rule.id, rule.id) for rule in rules],
                self._show_rule,
            )
        return None

    async def _show_rule(self, interaction: discord.Interaction, rule_id: str) -> None:
        card = embeds.rule_card(self.bot.engine.rules[rule_id], RULEBOOKS)
        await interaction.response.edit_message(embed=card)

    async def _rulebook(self, guild_id: int | None) -> str:
        """The server's rulebook; a store hiccup falls back to the default rather than fail the ruling."""
        if guild_id is None:
            return DEFAULT_RULEBOOK
        try:
            settings = await self.bot.store.get_settings(guild_id)
        except Exception:
            log.warning("Could not read settings for guild %s; using %s", guild_id, DEFAULT_RULEBOOK, exc_info=True)
            return DEFAULT_RULEBOOK
        return settings.rulebook if settings.rulebook in RULEBOOKS else DEFAULT_RULEBOOK

    async def _log(
        self, interaction: discord.Interaction, request: RulingRequest, ruling: Ruling, *, ephemeral: bool
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
    async def _defer(interaction: discord.Interaction, *, ephemeral: bool) -> None:
        if interaction.type is discord.InteractionType.component:
            await interaction.response.defer()
        else:
            await interaction.response.defer(thinking=True, ephemeral=ephemeral)


async def setup(bot: FloorBot) -> None:
    await bot.add_cog(Rulings(bot))
