"""Whether a wrongly dealt board card still stands because players acted on it (holdem.board-card-stands), the
mistake itself left unnamed: a named burn error, a four-card flop or a card dealt before the betting was over
belong to their own topics, which outrank this one or (timing) are left to them."""

from __future__ import annotations

from ..readers import streets, timing
from ..readers.board_action import acted_on
from ..reading import Facts, Reading
from . import Cue, Topic
from .flop_count import flop_card_count


def _board_lock(r: Reading, given: Facts) -> Facts | None:
    if not r.has("lock_wrong_card") or timing.said(r):
        return None
    if not (r.has("lock_stands") or r.has("card_acted_on")):
        return None
    street = streets.board_street(r)
    return {"street": street} if street else {}


def acted_on_board(r: Reading, facts: Facts) -> None:
    acted = acted_on(r, str(facts["street"]) if "street" in facts else None)
    if acted:
        facts["acted_on_board"] = acted


def card_count(r: Reading, facts: Facts) -> None:
    count = flop_card_count(r)
    if count:
        facts["card_count"] = count


TOPIC = Topic("board-lock", cues=(Cue(45, _board_lock),), readers=(acted_on_board, card_count))
