"""A board card dealt before the betting round was over, told without its street (holdem.premature-card-void):
the general rule that such a card can never be used. With the street said, the premature flop, turn and river
rules answer (topic board-card-dealt). Its evidence is specific ("the next card", "the early card", and a timing
cue, no street and no hole card), so it is tried early: the generic card words of other topics would take it.
"""

from __future__ import annotations

from ..readers import streets, timing
from ..reading import Facts, Reading
from . import Cue, Topic


def _premature(r: Reading, given: Facts) -> Facts | None:
    """Said early (or answered), about a board card ("the next card", "the early card"), with no street named and
    no hole card or reshuffle in the story (those are other topics)."""
    if not r.has("premature_any_card") or r.has("hole") or r.has("reshuffle_how"):
        return None
    if not (timing.said(r) or "betting_complete" in given):
        return None
    return {} if not streets.board_street(r) else None


TOPIC = Topic("premature-card", cues=(Cue(155, _premature),), readers=(timing.betting_complete,))
