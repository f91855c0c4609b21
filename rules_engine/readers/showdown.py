"""The showdown as ordered card moves: each place the story lets cards go (mucked, thrown in, handed to the dealer,
"negli scarti"), in order, with WHOSE cards went there: a player's own hand, or cards that are nobody's hand (the
stub, the deck, a burn card, the board's cards) put onto the discards. Worked out once per text; the showdown
topics read "a hand was let go" from it instead of taking every muck word for a player's hand ("the dealer set
the stub down on the muck" lets go of no hand: a disordered stub, not a mucked hand).

What moved is the object of the move: named inside it ("mucked his hand"), else the last card noun before it in
its clause ("the stub ended up on the muck", "il resto del mazzo nel muck"), else the one right after it ("the
dealer mucked the burn card", "ha buttato il mazzo"). A move with no card noun in reach is a player's hand, as the
topics always read it. Vocabulary: lexicon/mucked_hand.toml."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..reading import Reading
from .negation import denied

HAND = "hand"
UNOWNED = "unowned"
_HAND_WORDS = ("hand_object",)
_UNOWNED_WORDS = ("unowned_cards", "stub_noun")


@dataclass(frozen=True, slots=True)
class Release:
    """Cards let go: where the story tells it, whose cards they were (HAND or UNOWNED), and whether it is denied
    ("never mucked his cards")."""

    start: int
    end: int
    cards: str
    denied: bool


def releases(r: Reading) -> list[Release]:
    """Every place the text lets cards go, in order (worked out once per text); the words of one move ("tossed his
    cards into | the muck") are one release."""
    return r.derived("showdown.releases", lambda: [
        Release(start, end, _moved(r, start, end), denied(r, first)) for first, start, end in _moves(r)])


def hand_released(r: Reading) -> list[Release]:
    """Where a player let go of his own cards, not said as denied: what the showdown topics call a muck."""
    return [m for m in releases(r) if m.cards == HAND and not m.denied]


def _moves(r: Reading) -> list[tuple[re.Match[str], int, int]]:
    """The muck phrases joined into moves: overlapping ones, or ones a few words apart in one clause."""
    reach = r.lexicon.windows["moved_object_after"]
    moves: list[tuple[re.Match[str], int, int]] = []
    for m in sorted(r.matches("hand_mucked"), key=lambda m: m.start()):
        if moves and m.start() <= moves[-1][2] + reach and _clause_start(r, m.start()) <= moves[-1][1]:
            first, start, end = moves[-1]
            moves[-1] = (first, start, max(end, m.end()))
        else:
            moves.append((m, m.start(), m.end()))
    return moves


def _moved(r: Reading, start: int, end: int) -> str:
    objects = sorted([(m.start(), m.end(), HAND) for concept in _HAND_WORDS for m in r.matches(concept)]
                     + [(m.start(), m.end(), UNOWNED) for concept in _UNOWNED_WORDS for m in r.matches(concept)])
    inside = [kind for at, _, kind in objects if start <= at < end]
    if inside:
        return inside[0]
    clause = _clause_start(r, start)
    before = [kind for at, until, kind in objects if clause <= at and until <= start]
    if before:
        return before[-1]
    reach = end + r.lexicon.windows["moved_object_after"]
    after = [kind for at, _, kind in objects if end <= at <= reach]
    return after[0] if after else HAND


def _clause_start(r: Reading, position: int) -> int:
    """Where the clause holding a position starts: its sentence's start or the last clause break before it."""
    sentence = max(start for start in r.sentences if start <= position)
    breaks = [m.end() for m in r.matches("move_clause_break") if sentence <= m.end() <= position]
    return max(breaks, default=sentence)
