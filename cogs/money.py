"""How the ledger reads in Discord: players, amounts, a night's totals and who pays whom, in the reply
language and the server's currency. Presentation only: the sums are the `ledger` package's, the rows the
store's; /ledger (cogs/ledger.py) and /game (end, log) both show money through here.

Members are shown as mentions (`<@id>`: Discord draws their name, and the bot never pings), guests by name,
escaped; every list is cut into pages by characters as well as by count, so a 100-player table fits.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import discord

from cogs import embeds, fit
from cogs.core import FloorBot
from cogs.language import preferred_language, server_settings
from i18n import DEFAULT_LANGUAGE, Language, text
from ledger import Entry, Summary, Transfer, format_amount, settle, summarise
from ledger.players import PlayerRef
from ledger.settle import EXACT_LIMIT, balance_out
from store import Game, LedgerEntry, LedgerPlayer, LogEntry

GUEST_SHOWN = 40  # characters of a guest's name (names are at most 32, escaping may add some)
LINES_PER_PAGE = 20
ICONS = {"buyin": "💰", "cashout": "💵"}


@dataclass(frozen=True, slots=True)
class Voice:
    """The reply language and the server's currency: everything the ledger's words depend on."""

    language: Language
    currency: str | None = None

    def say(self, key: str, /, **fields: Any) -> str:
        return text(self.language, f"ledger.{key}", **fields)

    def money(self, amount: Decimal) -> str:
        """ "€12.50"; in Italian "€12,50" (amounts never carry thousands separators, so nothing else changes)."""
        shown = format_amount(amount, self.currency)
        return shown.replace(".", ",") if self.language == "it" else shown

    def signed(self, amount: Decimal) -> str:
        """A result: "+60", "-10", "0" (the sign says who is up)."""
        return ("+" if amount > 0 else "") + self.money(amount)


async def voice(interaction: discord.Interaction[FloorBot]) -> Voice:
    """The voice of a reply to `interaction`: the server's language rule and currency (one settings read)."""
    settings = await server_settings(interaction)
    return Voice(preferred_language(settings, interaction) or DEFAULT_LANGUAGE, settings.currency)


def player_label(player: LedgerPlayer | PlayerRef) -> str:
    """A member's mention or a guest's name, escaped: never a ping, never formatting."""
    if player.user_id is not None:
        return f"<@{player.user_id}>"
    return fit.quote(player.guest or "", GUEST_SHOWN)


def entry_sentence(voice: Voice, player: LedgerPlayer | PlayerRef, kind: str, amount: Decimal) -> str:
    """ "Carol bought in 50" / "Alice cashed out 110", in the voice's language."""
    return voice.say(kind, player=player_label(player), amount=voice.money(amount))


def log_line(voice: Voice, entry: LogEntry) -> str:
    """A buy-in or cash-out as a line of /game log, struck through with who undid it, if someone did."""
    player = PlayerRef(user_id=entry.player_user_id, guest=entry.player)
    sentence = f"{ICONS[entry.kind]} {entry_sentence(voice, player, entry.kind, entry.amount or Decimal(0))}"
    if entry.removed_by is None or entry.removed_at is None:
        return sentence
    when = discord.utils.format_dt(entry.removed_at, "f")
    return f"~~{sentence}~~ " + voice.say("removed_by", user=f"<@{entry.removed_by}>", when=when)


@dataclass(frozen=True, slots=True)
class Night:
    """A game's entries that still count, summed: the players by key, and their totals."""

    summary: Summary
    players: dict[str, LedgerPlayer]

    @classmethod
    def of(cls, entries: Iterable[LedgerEntry]) -> Night:
        counting = [entry for entry in entries if not entry.removed]
        players = {entry.player.key: entry.player for entry in counting}
        summary = summarise(Entry(entry.player.key, entry.kind, entry.amount) for entry in counting)
        return cls(summary, players)

    def label(self, key: str) -> str:
        return player_label(self.players[key])


def player_line(voice: Voice, night: Night, key: str) -> str:
    """ "Alice — in 50 (2 buy-ins) · out 110 · +60" """
    totals = next(p for p in night.summary.players if p.player == key)
    buyins = voice.say("buyins", count=totals.buyins) if totals.buyins > 1 else ""
    return voice.say(
        "player_line",
        player=night.label(key),
        bought=voice.money(totals.bought_in),
        buyins=buyins,
        cashed=voice.money(totals.cashed_out),
        net=voice.signed(totals.net),
    )


def totals_line(voice: Voice, summary: Summary) -> str:
    return voice.say("totals", bought=voice.money(summary.total_in), cashed=voice.money(summary.total_out))


def difference_line(voice: Voice, summary: Summary) -> str:
    """The difference said plainly, or that in and out match."""
    if summary.difference > 0:
        return voice.say("more_out", amount=voice.money(summary.difference))
    if summary.difference < 0:
        return voice.say("more_in", amount=voice.money(-summary.difference))
    return voice.say("balanced")


def title(voice: Voice, key: str, game: Game) -> str:
    return voice.say(key, game=f"#{game.number} {fit.quote(game.name, 100)}")


def summary_card(voice: Voice, game: Game, night: Night) -> tuple[discord.Embed, list[str]]:
    """/ledger show: a page per 20 players (and per 4,096 characters); totals and the difference on each."""
    card = discord.Embed(title=title(voice, "show_title", game), colour=embeds.RULING_COLOUR)
    if not night.players:
        return card, [voice.say("empty")]
    card.add_field(
        name=voice.say("totals_title"),
        value=f"{totals_line(voice, night.summary)}\n{difference_line(voice, night.summary)}",
        inline=False,
    )
    lines = [player_line(voice, night, totals.player) for totals in night.summary.players]
    return card, fit.pages(lines, per_page=LINES_PER_PAGE, separator="\n")


@dataclass(frozen=True, slots=True)
class Settlement:
    """Who pays whom, and (settled anyway) how the difference between in and out was absorbed."""

    transfers: list[Transfer]
    adjusted: dict[str, tuple[Decimal, Decimal]]  # player -> (result, result once balanced out)


def settlement(night: Night, *, anyway: bool) -> Settlement | None:
    """The fewest transfers; None when in and out differ and it was not asked to settle anyway."""
    balances = night.summary.balances()
    if night.summary.difference and not anyway:
        return None
    even = balance_out(balances)
    adjusted = {key: (balances[key], even[key]) for key in balances if even[key] != balances[key]}
    return Settlement(settle(even), adjusted)


async def settled(night: Night, *, anyway: bool) -> Settlement | None:
    """`settlement` in a worker thread: the exact search for a 15-player table takes about 0.1 s of CPU
    (bench/ledger.py), which on the event loop would hold up every other server's interactions."""
    return await asyncio.to_thread(settlement, night, anyway=anyway)


def settlement_card(voice: Voice, game: Game, night: Night, result: Settlement) -> tuple[discord.Embed, list[str]]:
    """Each line "Carol pays Alice 50"; the footer says how many transfers and why that is the fewest."""
    card = discord.Embed(title=title(voice, "settle_title", game), colour=embeds.RULING_COLOUR)
    if result.adjusted:
        card.add_field(name=voice.say("anyway_title"), value=absorbed(voice, night, result), inline=False)
    lines = [
        voice.say("pays", payer=night.label(t.payer), payee=night.label(t.payee), amount=voice.money(t.amount))
        for t in result.transfers
    ]
    if not lines:
        return card, [voice.say("nobody_owes" if night.players else "empty")]
    losing_or_winning = sum(1 for totals in night.summary.players if totals.net)
    exact = losing_or_winning <= EXACT_LIMIT
    card.set_footer(text=voice.say("fewest" if exact else "at_most", count=len(lines)))
    return card, fit.pages(lines, per_page=LINES_PER_PAGE, separator="\n")


def absorbed(voice: Voice, night: Night, result: Settlement) -> str:
    """How settling anyway absorbed the difference: whose results changed, from what to what."""
    changes = ", ".join(
        f"{night.label(key)} {voice.signed(before)} → {voice.signed(after)}"
        for key, (before, after) in result.adjusted.items()
    )
    difference = voice.money(abs(night.summary.difference))
    key = "absorbed_winners" if night.summary.difference > 0 else "absorbed_losers"
    return fit.clip(voice.say(key, amount=difference, changes=changes), fit.FIELD_VALUE)


def recorded_text(voice: Voice, entry: LedgerEntry, night: Night, *, again: bool = False) -> str:
    """The reply to a buy-in or cash-out: the entry, the player's night so far, who recorded it, the table."""
    head = f"{ICONS[entry.kind]} `#{entry.number}` {entry_sentence(voice, entry.player, entry.kind, entry.amount)}"
    lines = [head + (" " + voice.say("already_recorded") if again else "")]
    if entry.player.key in night.players:
        lines.append(player_line(voice, night, entry.player.key))
    lines.append(voice.say("recorded_by", user=f"<@{entry.recorded_by}>", table=totals_line(voice, night.summary)))
    return "\n".join(lines)


def removed_text(voice: Voice, entry: LedgerEntry) -> str:
    sentence = entry_sentence(voice, entry.player, entry.kind, entry.amount)
    by = f"<@{entry.removed_by}>"
    return voice.say("undone", number=entry.number, entry=sentence, user=f"<@{entry.recorded_by}>", by=by)


def end_card(voice: Voice, game: Game, night: Night, result: Settlement | None) -> discord.Embed | None:
    """What /game end adds for a game with a ledger: who pays whom (`result`), or (None: in and out differ)
    the difference and how to settle the closed game anyway; None for a game without money."""
    if not night.players:
        return None
    if result is None:
        later = f"{difference_line(voice, night.summary)}\n{voice.say('settle_later', number=game.number)}"
        return fit.embed(discord.Embed(title=title(voice, "settle_title", game), description=later))
    card, pages = settlement_card(voice, game, night, result)
    card.description = pages[0]
    if len(pages) > 1:
        card.set_footer(text=f"{card.footer.text} · {voice.say('more_lines', number=game.number)}")
    return fit.embed(card)
