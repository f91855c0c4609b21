"""A board card dealt, and whether that was too early (holdem.premature-flop, -turn, -river): the flop, turn
or river came while someone still had to act, or after the betting was done (then there is nothing to fix)."""

from __future__ import annotations

from ..readers import streets, timing
from ..readers.negation import happened
from ..reading import Facts, Reading
from . import Cue, Topic


def _board_card(r: Reading, given: Facts) -> Facts | None:
    """A board street, and either something said about timing or a dealt card told as a dispute or a doubt (said
    to have come in a hurry or while the table argued, too)."""
    street = streets.board_street(r)
    if r.has("all_fine") and not (r.has("betting_open") or r.has("early")):
        return None  # "then the dealer burns and turns, no problems": normal play told as a story
    said_when = timing.said(r) or "betting_complete" in given
    doubted = r.has("dispute") or r.has("uncertain") or r.has("timing_doubted")  # "un po' di fretta": asked
    if street and (said_when or (happened(r, "board_dealing") and doubted)):
        return {"street": streets.street_after_betting(r) or street}
    return None


TOPIC = Topic("board-card-dealt", cues=(Cue(40, _board_card),), readers=(timing.betting_complete,))
