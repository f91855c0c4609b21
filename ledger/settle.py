"""Who pays whom at the end of the night, in the fewest transfers.

The fewest transfers that settle a table is (players with a non-zero balance) − (the largest number of
groups they can be split into that each sum to zero): a group of k players settles in k − 1 transfers and
never in fewer unless it splits further. Up to EXACT_LIMIT players a dynamic programme over subsets finds
that largest split exactly (2^15 subsets, a few hundred thousand steps); beyond it the whole table is one
group, which still needs at most players − 1 transfers, the proven bound.

Within a group the largest debt meets the largest credit each step; every step settles at least one player,
so k players take at most k − 1 steps.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from .amounts import from_cents, to_cents

EXACT_LIMIT = 15
SPLITS_KEPT = 1024  # tables whose exact split is remembered: a settle asked again costs nothing


@dataclass(frozen=True, slots=True)
class Transfer:
    payer: str
    payee: str
    amount: Decimal


def settle(balances: Mapping[str, Decimal]) -> list[Transfer]:
    """Transfers that bring every balance (cashed out − bought in) to zero; the balances must sum to zero."""
    cents = {player: to_cents(balance) for player, balance in balances.items() if balance}
    if sum(cents.values()) != 0:
        raise ValueError("balances must sum to zero: chips in and chips out differ")
    players = sorted(cents, key=lambda p: (-abs(cents[p]), p))  # deterministic, largest first
    groups = _zero_sum_groups(players, cents) if len(players) <= EXACT_LIMIT else [players]
    return [transfer for group in groups for transfer in _settle_group(group, cents)]


def balance_out(balances: Mapping[str, Decimal]) -> dict[str, Decimal]:
    """Balances that sum to zero, for "settle anyway" when chips in and out differ.

    The side with more money (winners when more was cashed out than bought in, losers otherwise) is scaled
    down in proportion to each player's share, to the cent (largest remainders get the odd cents), so nobody
    pays or receives more than their own result.
    """
    cents = {player: to_cents(balance) for player, balance in balances.items()}
    won = sum(c for c in cents.values() if c > 0)
    lost = -sum(c for c in cents.values() if c < 0)
    if won == lost:
        return dict(balances)
    sign, target, larger = (1, lost, won) if won > lost else (-1, won, lost)
    side = {p: abs(c) for p, c in cents.items() if c * sign > 0}
    exact = {p: amount * target / larger for p, amount in side.items()}
    scaled = {p: int(value) for p, value in exact.items()}
    short = target - sum(scaled.values())
    for player in sorted(side, key=lambda p: (-(exact[p] - scaled[p]), p))[:short]:
        scaled[player] += 1
    adjusted = {p: (sign * scaled[p] if p in side else c) for p, c in cents.items()}
    return {p: from_cents(c) for p, c in adjusted.items()}


def _zero_sum_groups(players: list[str], cents: Mapping[str, int]) -> list[list[str]]:
    """The largest split of `players` into groups that each sum to zero."""
    return [[players[i] for i in group] for group in zero_sum_split(tuple(cents[p] for p in players))]


@lru_cache(maxsize=SPLITS_KEPT)
def zero_sum_split(values: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The largest split of `values` into groups (of indices) that each sum to zero, by a subset dynamic
    programme (~80 ms for 15 players, holding the GIL). Remembered, because anyone may ask /ledger settle or
    end a game as often as they like and the answer for the same table never changes."""
    full = (1 << len(values)) - 1
    total = [0] * (full + 1)
    groups_in = [0] * (full + 1)  # the most zero-sum groups a chain of removals from `mask` passes through
    for mask in range(1, full + 1):
        low = mask & -mask
        total[mask] = total[mask ^ low] + values[low.bit_length() - 1]
        best, rest = 0, mask
        while rest:
            bit = rest & -rest
            best = max(best, groups_in[mask ^ bit])
            rest ^= bit
        groups_in[mask] = best + (total[mask] == 0)
    groups: list[tuple[int, ...]] = []
    current: list[int] = []
    mask = full
    while mask:
        want = groups_in[mask] - (total[mask] == 0)
        bit = next(1 << i for i in range(len(values)) if mask >> i & 1 and groups_in[mask ^ (1 << i)] == want)
        mask ^= bit
        current.append(bit.bit_length() - 1)
        if total[mask] == 0:
            groups.append(tuple(current))
            current = []
    return tuple(groups)


def _settle_group(group: list[str], cents: Mapping[str, int]) -> list[Transfer]:
    owed = {p: cents[p] for p in group}
    transfers = []
    while any(owed.values()):
        payer = min(owed, key=lambda p: (owed[p], p))
        payee = max(owed, key=lambda p: (owed[p], p))
        amount = min(-owed[payer], owed[payee])
        owed[payer] += amount
        owed[payee] -= amount
        transfers.append(Transfer(payer, payee, from_cents(amount)))
    return transfers
