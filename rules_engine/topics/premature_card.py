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
    no hole card, card of the deal, reshuffle or card face up in the deck in the story (those are other topics)."""
    if not r.has("premature_any_card") or r.has("hole") or r.has("ordinal_card") or r.has("reshuffle_how") \
            or r.has("boxed"):
        return None  # "the very first card off the deck" is a hole card
    if not (timing.said(r) or r.has("premature_timing") or "betting_complete" in given):
        return None
    return {} if not streets.board_street(r) else None


def betting_complete(r: Reading, facts: Facts) -> None:
    """The shared timing reader, unless the table disputes it ("he says he still had to act, the others say he had
    called"); a player who "never acted" is told as the round not being over."""
    if r.has("timing_disputed"):
        return
    if r.has("premature_round_closed") and not r.has("betting_open"):
        facts["betting_complete"] = "yes"  # "last guy called, then the next card, and someone yells premature"
        return
    timing.betting_complete(r, facts)
    if "betting_complete" not in facts and r.has("premature_timing") and not r.has("uncertain"):
        facts["betting_complete"] = "no"


TOPIC = Topic("premature-card", cues=(Cue(155, _premature),), readers=(betting_complete,))
