"""Which street a board card belongs to: the card that came out ("the fourth card", "the river"), or the one
after the betting round the story names ("before the flop betting was done" is about the turn)."""

from __future__ import annotations

import re

from ..reading import Reading, inside
from . import ordinals
from .negation import denied, negated
from .ownership import owned

_STREET_ORDER = {"flop": 1, "turn": 2, "river": 3}
_BETTING_ORDER = ("preflop", "flop", "turn")
NEXT_STREET = {"preflop": "flop", "flop": "turn", "turn": "river"}
_BOARD_ORDINALS = {4: "turn", 5: "river", ordinals.LAST: "river"}  # the fourth card, the fifth or last card
BOARD_STREETS = tuple(_STREET_ORDER)


def marks(r: Reading) -> list[int]:
    """Where the story names a board street, in text order: the moves told between two marks are one street's
    (worked out once per text: the event reader and the betting topics all ask it)."""
    return r.derived("streets.marks", lambda: sorted(m.start() for name in BOARD_STREETS for m in r.matches(name)))


def board_street(r: Reading) -> str | None:
    """The latest board street the text talks about: the card that came out, not the round bet before it."""
    remedy = r.matches("remedy_mention")  # "the card that would have been the river is dealt as the turn"
    streets = [name for name in _STREET_ORDER
               if any(not any(inside(m, x) for x in remedy) for m in r.matches(name))]
    if not r.has("hole"):
        for match in r.matches("ordinal_card"):
            if owned(r, match) or ordinals.from_the_deck(r, match):
                continue
            street = _BOARD_ORDINALS.get(ordinals.value(match) or 0)
            if street:
                streets.append(street)
    if not streets and r.has("preflop") and (r.has("board_words") or r.has("board")):
        streets.append("flop")  # "the board came while the BB still had his option"
    return max(streets, key=_STREET_ORDER.__getitem__) if streets else None


def street_after_betting(r: Reading) -> str | None:
    """"before the flop betting was done", "before the last player on the flop had acted": the card in question is
    the one after the street named for betting."""
    named = [_bet_on(r, m) for m in r.matches("betting_on") + r.matches("betting_on_told") if not _denied_since(r, m)]
    if not named:
        return None
    return NEXT_STREET[max(named, key=_BETTING_ORDER.index)]


def _bet_on(r: Reading, betting: re.Match[str]) -> str:
    """The street a betting phrase is about: a later street's card told inside it, after its own street's name, is
    where the moves were ("al flop, al turn esce un asso, check": the checks are the turn's)."""
    later = [name for name in _BETTING_ORDER[1:] if any(betting.end("street") <= m.start() and m.end() <= betting.end()
                                                        for m in r.matches(name))]
    return max([betting["street"], *later], key=_BETTING_ORDER.index)


def _denied_since(r: Reading, betting: re.Match[str]) -> bool:
    """Betting on a street denied in a sentence after one that told that street's card ("bangs out the flop before
    the big blind has had his option. Nobody's bet on the flop yet"): nobody has bet since that card came, which
    says nothing of a round before another card."""
    return (denied(r, betting) or negated(r, betting)) and any(
        r.sentence_end(card.start()) < betting.start() for card in r.matches(betting["street"]))


def named_in_words(r: Reading, jargon_concept: str) -> bool:
    """A street said in words: not "burns and turns" (the dealer's words for any street's card, found by the
    jargon concept); "on the flop" names the next one."""
    jargon = r.matches(jargon_concept)
    turns = [m for m in r.matches("turn") if not any(inside(m, j) or inside(j, m) for j in jargon)]
    return bool(turns or r.has("flop") or r.has("river") or r.has("betting_on"))
