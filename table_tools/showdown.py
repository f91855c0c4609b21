"""Reading a hold'em showdown: every player's best hand, the order of the hands, and what decides between
two of them (a higher category, a higher made hand, a kicker). Checks the cards first: five on the board,
two per player, no card twice (two identical cards would be a fouled deck).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from table_tools.cards import Card
from table_tools.hands import Category, Hand, best_hand
from table_tools.problems import TableInputError

BOARD_SIZE = 5
HOLE_SIZE = 2
MIN_PLAYERS = 2
MAX_PLAYERS = 10  # a full hold'em table

# How many of `Hand.ranks` are the made hand; the rest are kickers (or, in a flush, the lower cards).
MADE_RANKS = {
    Category.HIGH_CARD: 1,
    Category.PAIR: 1,
    Category.TWO_PAIR: 2,
    Category.THREE_OF_A_KIND: 1,
    Category.STRAIGHT: 1,
    Category.FLUSH: 1,
    Category.FULL_HOUSE: 2,
    Category.FOUR_OF_A_KIND: 1,
    Category.STRAIGHT_FLUSH: 1,
}


@dataclass(frozen=True, slots=True)
class Claim:
    """The hand a player announced: a category, and for a straight flush whether they said "royal"."""

    category: Category
    royal: bool = False

    def fits(self, hand: Hand) -> bool:
        return self.category is hand.category and (not self.royal or hand.is_royal)


@dataclass(frozen=True, slots=True)
class Holding:
    """A player at the showdown as typed: name, hole cards, and the hand they announced, if any."""

    name: str
    hole: tuple[Card, ...]
    claim: Claim | None = None


@dataclass(frozen=True, slots=True)
class Seat:
    """A player's holding read: their best hand."""

    name: str
    hole: tuple[Card, ...]
    hand: Hand
    claim: Claim | None

    @property
    def miscalled(self) -> bool:
        """Announced a hand their cards don't make (either way): the cards speak."""
        return self.claim is not None and not self.claim.fits(self.hand)


@dataclass(frozen=True, slots=True)
class Showdown:
    """The board and the seats in the order given; `ranking` groups the seats best first (ties together)."""

    board: tuple[Card, ...]
    seats: tuple[Seat, ...]

    @property
    def ranking(self) -> list[list[Seat]]:
        return rank(self.seats)

    def seat(self, name: str) -> Seat:
        return next(seat for seat in self.seats if seat.name == name)


class Margin(Enum):
    """What separates a winning hand from a losing one."""

    CATEGORY = "category"  # a better kind of hand: a flush over a straight
    MADE = "made"  # same kind, better made part: aces over kings, sevens full over fives full
    KICKER = "kicker"  # same made hand, a better kicker
    CARD = "card"  # flushes (or high cards' top card equal): a lower card decides


@dataclass(frozen=True, slots=True)
class Decider:
    """Why `winner` beats `loser`; for KICKER/CARD, `ordinal` counts which kicker/card (1 = first) and the
    ranks are the two cards compared."""

    winner: Seat
    loser: Seat
    margin: Margin
    ordinal: int = 0
    winning_rank: int = 0
    losing_rank: int = 0


def read_showdown(board: Sequence[Card], holdings: Sequence[Holding]) -> Showdown:
    """Check the cards and read every hand. Raises TableInputError for an impossible table."""
    if len(board) != BOARD_SIZE:
        raise TableInputError("board_size", count=len(board), size=BOARD_SIZE)
    if len(holdings) < MIN_PLAYERS:
        raise TableInputError("too_few_hands", count=len(holdings))
    if len(holdings) > MAX_PLAYERS:
        raise TableInputError("too_many_hands", count=len(holdings), limit=MAX_PLAYERS)
    for holding in holdings:
        if len(holding.hole) != HOLE_SIZE:
            raise TableInputError("hole_size", name=holding.name, count=len(holding.hole), size=HOLE_SIZE)
    check_unique_names(holding.name for holding in holdings)
    check_no_card_twice(board, holdings)
    seats = tuple(Seat(h.name, h.hole, best_hand(h.hole, board), h.claim) for h in holdings)
    return Showdown(tuple(board), seats)


def check_unique_names(names: Iterable[str]) -> None:
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise TableInputError("same_name", name=name)
        seen.add(name.casefold())


def check_no_card_twice(board: Sequence[Card], holdings: Sequence[Holding]) -> None:
    """The same card in two places means a fouled deck (or a typo): name the card and both places (a player's
    name, or None for the board)."""
    where: dict[Card, str | None] = {}
    places: list[tuple[str | None, Sequence[Card]]] = [(None, board), *((h.name, h.hole) for h in holdings)]
    for place, cards in places:
        for card in cards:
            if card in where:
                raise TableInputError("duplicate_card", card=card, first=where[card], second=place)
            where[card] = place


def rank(seats: Iterable[Seat]) -> list[list[Seat]]:
    """Seats grouped by hand strength, best first; a group of several is a tie."""
    groups: dict[int, list[Seat]] = {}
    for seat in seats:
        groups.setdefault(seat.hand.strength, []).append(seat)
    return [groups[strength] for strength in sorted(groups, reverse=True)]


def decider(winner: Seat, loser: Seat) -> Decider:
    """What makes `winner`'s hand beat `loser`'s (the caller makes sure it does)."""
    won, lost = winner.hand, loser.hand
    if won.category != lost.category:
        return Decider(winner, loser, Margin.CATEGORY)
    position = next(i for i, (a, b) in enumerate(zip(won.ranks, lost.ranks, strict=True)) if a != b)
    made = MADE_RANKS[won.category]
    if position < made:
        return Decider(winner, loser, Margin.MADE)
    margin = Margin.CARD if won.category is Category.FLUSH else Margin.KICKER
    ordinal = position + 1 if margin is Margin.CARD else position - made + 1
    return Decider(winner, loser, margin, ordinal, won.ranks[position], lost.ranks[position])
