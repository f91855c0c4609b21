"""A night's totals per player, and whether the chips in and the chips out agree."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

EntryKind = Literal["buyin", "cashout"]


@dataclass(frozen=True, slots=True)
class Entry:
    """One buy-in (or rebuy) or cash-out of one player; `player` is a stable key (member id or guest name)."""

    player: str
    kind: EntryKind
    amount: Decimal


@dataclass(frozen=True, slots=True)
class PlayerTotals:
    player: str
    bought_in: Decimal
    cashed_out: Decimal
    buyins: int

    @property
    def net(self) -> Decimal:
        return self.cashed_out - self.bought_in


@dataclass(frozen=True, slots=True)
class Summary:
    players: tuple[PlayerTotals, ...]  # biggest winner first

    @property
    def total_in(self) -> Decimal:
        return sum((p.bought_in for p in self.players), Decimal(0))

    @property
    def total_out(self) -> Decimal:
        return sum((p.cashed_out for p in self.players), Decimal(0))

    @property
    def difference(self) -> Decimal:
        """Cashed out minus bought in: positive means more came out than went in (recount before settling)."""
        return self.total_out - self.total_in

    def balances(self) -> dict[str, Decimal]:
        return {p.player: p.net for p in self.players}


def summarise(entries: Iterable[Entry]) -> Summary:
    bought: dict[str, Decimal] = {}
    cashed: dict[str, Decimal] = {}
    buyins: dict[str, int] = {}
    for entry in entries:
        bought.setdefault(entry.player, Decimal(0))
        cashed.setdefault(entry.player, Decimal(0))
        buyins.setdefault(entry.player, 0)
        if entry.kind == "buyin":
            bought[entry.player] += entry.amount
            buyins[entry.player] += 1
        else:
            cashed[entry.player] += entry.amount
    players = [PlayerTotals(p, bought[p], cashed[p], buyins[p]) for p in bought]
    return Summary(tuple(sorted(players, key=lambda t: (-t.net, t.player))))
