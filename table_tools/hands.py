"""A hold'em player's best hand: pokerkit picks the best five of the seven cards and ranks them; this module
adds what a floorperson says about it — the category, the ranks that decide a tie in the order they are
compared, and which hole cards play.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from pokerkit import Label, StandardHighHand

from table_tools.cards import Card


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


CATEGORY_OF_LABEL = {
    Label.HIGH_CARD: Category.HIGH_CARD,
    Label.ONE_PAIR: Category.PAIR,
    Label.TWO_PAIR: Category.TWO_PAIR,
    Label.THREE_OF_A_KIND: Category.THREE_OF_A_KIND,
    Label.STRAIGHT: Category.STRAIGHT,
    Label.FLUSH: Category.FLUSH,
    Label.FULL_HOUSE: Category.FULL_HOUSE,
    Label.FOUR_OF_A_KIND: Category.FOUR_OF_A_KIND,
    Label.STRAIGHT_FLUSH: Category.STRAIGHT_FLUSH,
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


def best_hand(hole: Sequence[Card], board: Sequence[Card]) -> Hand:
    """The best five-card hand from `hole` and `board` (hold'em: any five of the seven)."""
    chosen = StandardHighHand.from_game(codes(hole), codes(board))
    by_code = {card.code: card for card in (*hole, *board)}
    five = [by_code[repr(card)] for card in chosen.cards]
    category = CATEGORY_OF_LABEL[chosen.entry.label]
    ranks, ordered = _tie_order(five, category)
    board_only = len(board) == len(five) and StandardHighHand(codes(board)).entry.index == chosen.entry.index
    return Hand(category, chosen.entry.index, ranks, ordered, board_only)


def codes(cards: Sequence[Card]) -> str:
    return "".join(card.code for card in cards)


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
