"""Whether a wrongly dealt board card still stands because players acted on it (holdem.board-card-stands), the
mistake itself left unnamed: a named burn error, a four-card flop (its rule carries the C1 floor decision) or a
card dealt before the betting was over belong to their own topics, which outrank this one or (timing) are left to
them."""

from __future__ import annotations

import re

from ..readers import streets
from ..readers.board_action import acted_on
from ..reading import Facts, Reading, inside
from . import Cue, Topic

_STREET_WORD = re.compile(r"\b(?:flop|turn|river)\b")


def _board_lock(r: Reading, given: Facts) -> Facts | None:
    """A board card said to be wrong, and whether anyone acted on it told or whether it stands asked; a card said
    to have come before the betting was over is a premature card instead."""
    if not r.has("lock_wrong_card"):
        return None
    if not (r.has("lock_stands") or r.has("card_acted_on") or r.has("card_not_acted_on")):
        return None
    open_ = [m for m in r.matches("betting_open") if not any(inside(m, n) for n in r.matches("lock_noticed_later"))]
    if r.has("early") or (open_ and not r.has("card_not_acted_on")):  # "nobody acted yet": on it, not early
        return None
    return _on_the_board(r, card_named=True)


def _lock_asked(r: Reading, given: Facts) -> Facts | None:
    """The lock asked as a rule, no mistake named ("does a turn card stand once someone has checked?"): its answer
    is the one a wrong card gets once acted on; an early card is the premature card's question."""
    if not (r.has("lock_asked") and r.has("lock_stands")) or r.has("early") or r.has("betting_open"):
        return None
    return _on_the_board(r, card_named=False)


def _on_the_board(r: Reading, card_named: bool) -> Facts | None:
    """The street the story is about, when it speaks of the board (or, `card_named`, of a card): "dealer error on
    the turn, it had…" — the street concept leaves out "turn it", the bare word is enough."""
    street = streets.board_street(r)
    if not (street or r.has("board") or (card_named and r.has("card")) or _STREET_WORD.search(r.text)):
        return None
    return {"street": street} if street else {}


def acted_on_board(r: Reading, facts: Facts) -> None:
    acted = acted_on(r, str(facts["street"]) if "street" in facts else None, anywhere=True)
    if acted:
        facts["acted_on_board"] = acted


TOPIC = Topic("board-lock", cues=(Cue(45, _board_lock), Cue(35, _lock_asked)), readers=(acted_on_board,))
