"""`/showdown`, `/pots`, `/raise`: the table tools (table_tools/) as slash commands.

Thin by design: `table_tools.answers` reads the options and does the poker, `table_tools.report` words the
result in the reply language citing the server's rulebook; this module bounds the input, turns a report into
an embed, and logs it to the channel's game when asked. Refused input is a private, friendly sentence.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from typing import NamedTuple

import discord
from discord import app_commands
from discord.ext import commands

from cogs import cooldown, embeds, fit, respond
from cogs.core import FloorBot
from cogs.language import preferred_language, server_settings
from i18n import DEFAULT_LANGUAGE, Language, text
from i18n.commands import choice, describe
from rules_engine import DEFAULT_RULEBOOK
from table_tools import answers, report
from table_tools.problems import TableInputError
from table_tools.raising import Street, Structure

log = logging.getLogger("floorcall.tools")

# The most each option may hold (Discord allows 6,000 characters): ten players' hands or bets fit easily.
LIMITS = {"board": 200, "hands": 1000, "pots": 1000, "contributions": 1000, "button": 100, "blinds": 100, "bets": 1000}
NAME_SHOWN = 40
LOG_MAX = 1000  # as /game note

STRUCTURE_CHOICES = [
    choice("No-limit", Structure.NO_LIMIT.value, it="No-limit"),
    choice("Pot-limit", Structure.POT_LIMIT.value, it="Pot-limit"),
    choice("Limit", Structure.LIMIT.value, it="Limit"),
]
STREET_CHOICES = [
    choice("Preflop", Street.PREFLOP.value, it="Preflop"),
    choice("Flop", Street.FLOP.value, it="Flop"),
    choice("Turn", Street.TURN.value, it="Turn"),
    choice("River", Street.RIVER.value, it="River"),
]

Answer = Callable[[report.Style], report.Report]


class Logged(NamedTuple):
    """How `log:true` went: the footer's word for it, and the seconds to wait when the write limit refused it."""

    word: str
    wait: float = 0.0


class Tools(commands.Cog):
    """Reads the cards, splits the pots, checks a raise; each answer can go in the channel's game log."""

    def __init__(self, bot: FloorBot) -> None:
        self.bot = bot

    @app_commands.command(name="showdown", description="Read a showdown: each hand, who wins and why, and the pots.")
    @describe(
        board="The five board cards, e.g. Ah Kd 7c 2s 2h",
        hands="Players clockwise from the button's left, e.g. Alice As Ks; Bob 7d 7h says:flush",
        pots="What each put in, clockwise, e.g. Alice 100 all-in, Bob 250, Dave 40 folded",
        button="The player on the button (default: the first listed sits left of it)",
        chip="The smallest chip in play, for odd chips (default: 1)",
        log="Also write the result in this channel's game log",
    )
    async def showdown(
        self,
        interaction: discord.Interaction[FloorBot],
        board: str,
        hands: str,
        pots: str | None = None,
        button: str | None = None,
        chip: app_commands.Range[float, 0.01, 1_000_000.0] | None = None,
        log: bool = False,
    ) -> None:
        typed = {"board": board, "hands": hands, "pots": pots, "button": button}
        chip_text = None if chip is None else str(chip)

        def answer(style: report.Style) -> report.Report:
            return report.showdown(answers.settle_showdown(board, hands, pots, button, chip_text), style)

        await self._answer(interaction, typed, answer, to_log=log)

    @app_commands.command(name="pots", description="Split the chips into the main pot and side pots.")
    @describe(
        contributions="Each player's total for the hand, e.g. Alice 100 all-in, Bob 250, Dave 40 folded",
        log="Also write the result in this channel's game log",
    )
    async def pots(self, interaction: discord.Interaction[FloorBot], contributions: str, log: bool = False) -> None:
        def answer(style: report.Style) -> report.Report:
            return report.pots(answers.split_pots(contributions), style)

        await self._answer(interaction, {"contributions": contributions}, answer, to_log=log)

    @app_commands.command(name="raise", description="Check a raise: the minimum, and whether an all-in reopened it.")
    @describe(
        blinds="Small/big blind, e.g. 1/2 (a third number is a straddle: 1/2/4)",
        bets="This round's bets in order, each player's total, e.g. Alice raises to 6, Bob all-in 9",
        game="No-limit (default), pot-limit or limit",
        street="Preflop (default), flop, turn or river",
        log="Also write the result in this channel's game log",
    )
    @app_commands.choices(game=STRUCTURE_CHOICES, street=STREET_CHOICES)
    async def raise_(
        self,
        interaction: discord.Interaction[FloorBot],
        blinds: str,
        bets: str,
        game: str = Structure.NO_LIMIT.value,
        street: str = Street.PREFLOP.value,
        log: bool = False,
    ) -> None:
        def answer(style: report.Style) -> report.Report:
            return report.raise_check(answers.check_raise_text(blinds, bets, game, street), style)

        await self._answer(interaction, {"blinds": blinds, "bets": bets}, answer, to_log=log)

    async def _answer(
        self, interaction: discord.Interaction[FloorBot], typed: dict[str, str | None], answer: Answer, *, to_log: bool
    ) -> None:
        """Bound the input, work out the answer, log it if asked, reply; refusals are private. `log:true` is a
        write like /game note, so it spends the member's write limit (else one member could flood the log): past
        it the result is still shown, marked not logged, with when to try again."""
        style = await self._style(interaction)
        refusal = too_long(typed, style.language)
        if refusal is not None:
            await respond.answer(interaction, refusal, ephemeral=True)
            return
        try:
            result = answer(style)
        except TableInputError as problem:
            log.info("Refused guild=%s user=%s: %s", interaction.guild_id, interaction.user.id, problem)
            await respond.answer(interaction, report.problem(problem, style), ephemeral=True)
            return
        logged = await self._log(interaction, result.summary) if to_log else None
        embed = report_embed(result, style, interaction.user.display_name, logged and logged.word)
        if logged is not None and logged.wait:
            slow_down = text(style.language, "errors.cooldown", seconds=math.ceil(logged.wait))
            await respond.answer(interaction, slow_down, embed=embed)
        else:
            await respond.answer(interaction, embed=embed)

    async def _style(self, interaction: discord.Interaction[FloorBot]) -> report.Style:
        """The reply language and the server's rulebook, as /ruling reads them; names and typed text escaped."""
        settings = await server_settings(interaction)
        language = preferred_language(settings, interaction) or DEFAULT_LANGUAGE
        books = self.bot.engine.rulebooks
        rulebook = settings.rulebook if settings.rulebook in books else DEFAULT_RULEBOOK
        return report.Style(
            language=language,
            rulebook=rulebook,
            rulebook_name=books[rulebook].name[language],
            name=lambda name: embeds.quote(name, NAME_SHOWN),
            quote=lambda typed: embeds.quote(typed, NAME_SHOWN),
        )

    async def _log(self, interaction: discord.Interaction[FloorBot], summary: str) -> Logged:
        """Write the result as a note of the channel's game (else the server log); the footer's word for how
        that went."""
        if interaction.guild_id is None:
            return Logged("tools.log_needs_server")
        try:
            cooldown.spend(interaction, "writes")  # a logged result is a write like a note: the same bucket
        except app_commands.CommandOnCooldown as slow_down:
            return Logged("tools.not_logged_slow_down", slow_down.retry_after)
        try:
            note = self.bot.store.add_note(
                interaction.guild_id,
                channel_id=interaction.channel_id or 0,
                user_id=interaction.user.id,
                text=fit.clip(summary, LOG_MAX),
            )
            await respond.in_time(interaction, note)  # a slow write defers, as every cog's does
        except Exception:
            log.exception("Tool result not logged: guild=%s user=%s", interaction.guild_id, interaction.user.id)
            return Logged("tools.not_logged")
        return Logged("tools.logged")


def too_long(typed: dict[str, str | None], language: Language) -> str | None:
    """The friendly refusal for an option longer than any real table needs; None if all fit."""
    for option, value in typed.items():
        if value is not None and len(value) > LIMITS[option]:
            return text(
                language,
                "tools.too_long",
                option=option,
                length=len(value),
                limit=LIMITS[option],
                start=embeds.quote(value, 60),
            )
    return None


def report_embed(result: report.Report, style: report.Style, asker: str, logged: str | None) -> discord.Embed:
    """The answer card: title, what was read, why, the pots, notes; the rules and rulebook in the footer."""
    language = style.language
    embed = discord.Embed(
        title=fit.clip(result.title, fit.TITLE),
        description=fit.clip("\n".join(result.read), fit.DESCRIPTION),
        colour=embeds.RULING_COLOUR,
    )
    for heading, lines in (("tools.why", result.reasons), ("tools.pots", result.pots), ("ruling.notes", result.notes)):
        if lines:
            embeds.add_lines(embed, text(language, heading), lines)
    footer = [" · ".join(result.rules), style.rulebook_name, text(language, "ruling.asked_by", asker=asker)]
    if logged is not None:
        footer.append(text(language, logged))
    embed.set_footer(text=fit.clip(" · ".join(part for part in footer if part), fit.FOOTER))
    return fit.embed(embed)


async def setup(bot: FloorBot) -> None:
    await bot.add_cog(Tools(bot))
