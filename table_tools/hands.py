"""A hold'em player's best hand: pokerkit's hand lookup ranks every five of the seven cards, the strongest
is the hand; this module adds what a floorperson says about it — the category, the ranks that decide a tie in
the order they are compared, and whether the hole cards play.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING

from table_tools.cards import Card

if TYPE_CHECKING:
    import pokerkit


class Category(IntEnum):
    """Hold'em hand categories, weakest first (so they compare like the hands)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8


CATEGORY_OF_LABEL = {  # pokerkit's Label names
    "HIGH_CARD": Category.HIGH_CARD,
    "ONE_PAIR": Category.PAIR,
    "TWO_PAIR": Category.TWO_PAIR,
    "THREE_OF_A_KIND": Category.THREE_OF_A_KIND,
    "STRAIGHT": Category.STRAIGHT,
    "FLUSH": Category.FLUSH,
    "FULL_HOUSE": Category.FULL_HOUSE,
    "FOUR_OF_A_KIND": Category.FOUR_OF_A_KIND,
    "STRAIGHT_FLUSH": Category.STRAIGHT_FLUSH,
}
STRAIGHTS = (Category.STRAIGHT, Category.STRAIGHT_FLUSH)
WHEEL = (14, 5, 4, 3, 2)
ACE = 14


@dataclass(frozen=True, slots=True)
class Hand:
    """The best five cards a player can make.

    `strength` is pokerkit's rank of the hand (greater is stronger; equal means a tie, suits never count);
    `ranks` are the ranks in the order a tie is broken — the made part first, then the kickers (a full house
    7-7-7-2-2 is (7, 2); a wheel is (5,)); `five` lists the cards in that order (the wheel's ace last)."""

    category: Category
    strength: int
    ranks: tuple[int, ...]
    five: tuple[Card, ...]
    plays_the_board: bool  # the board alone is as strong: the hole cards don't improve it

    @property
    def is_royal(self) -> bool:
        return self.category is Category.STRAIGHT_FLUSH and self.ranks == (ACE,)

    @property
    def is_wheel(self) -> bool:
        return self.category in STRAIGHTS and self.ranks == (5,)


@cache
def lookup() -> pokerkit.Lookup:
    """pokerkit's standard (high, hold'em) hand lookup, imported with the first hand read: pokerkit builds all
    its lookup tables on import (about 0.2 s and 14 MB), which a bot that never reads a showdown shouldn't pay
    at start-up."""
    from pokerkit import StandardHighHand

    return StandardHighHand.lookup


@cache
def _theirs(card: Card) -> pokerkit.Card:
    from pokerkit import Card as PokerkitCard

    return next(PokerkitCard.parse(card.code))


def best_hand(hole: Sequence[Card], board: Sequence[Card]) -> Hand:
    """The best five-card hand from `hole` and `board` (hold'em: any five of the seven). pokerkit rates each
    five-card combination; the strongest one is the hand (as pokerkit's `from_game` does, with each
    combination looked up once instead of at every comparison: three times faster)."""
    table = lookup()
    best: tuple[pokerkit.Entry, tuple[Card, ...]] | None = None
    for combination in combinations((*hole, *board), 5):
        rated = table.get_entry(tuple(_theirs(card) for card in combination))
        if best is None or rated.index > best[0].index:
            best = (rated, combination)
    if best is None:
        raise ValueError(f"a hand needs five cards, not {len(hole) + len(board)}")
    entry, five = best
    category = CATEGORY_OF_LABEL[entry.label.name]
    ranks, ordered = _tie_order(list(five), category)
    board_only = len(board) == len(five) and table.get_entry(tuple(_theirs(c) for c in board)).index == entry.index
    return Hand(category, entry.index, ranks, ordered, board_only)


def _tie_order(five: list[Card], category: Category) -> tuple[tuple[int, ...], tuple[Card, ...]]:
    """The ranks compared to break a tie, and the five cards in that order."""
    values = sorted((card.rank for card in five), reverse=True)
    if category in STRAIGHTS:
        wheel = tuple(values) == WHEEL
        top = 5 if wheel else values[0]

        def straight_place(card: Card) -> int:
            return 1 if wheel and card.rank == ACE else card.rank  # the wheel's ace plays low

        return (top,), tuple(sorted(five, key=straight_place, reverse=True))
    counts = Counter(values)
    groups = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    ordered = sorted(five, key=lambda card: (counts[card.rank], card.rank, card.suit), reverse=True)
    return tuple(groups), tuple(ordered)
