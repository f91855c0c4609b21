"""Whether it is too late to call a misdeal (misdeal.action-cutoff), the mistake itself left unnamed ("the deal got
messed up", "can we still call a misdeal?"): Robert's closes the window once two players after the blinds have
acted, TDA at substantial action. A named mistake (an exposed card, a wrong card count…) has its own topic, which
applies the cut-off itself and outranks this one."""

from __future__ import annotations

from ..readers.actions import players_acted
from ..readers.cutoff import action_so_far
from ..readers.played_out import played_out
from ..reading import Facts, Reading
from . import Cue, Topic


def _too_late(r: Reading, given: Facts) -> Facts | None:
    """Asked outright, or a deal that went wrong somehow, or a misdeal called once some players had acted."""
    if r.has("cutoff_question") or r.has("deal_went_wrong"):
        return {}
    acted = r.has("action_verb") or r.has("action_taken") or r.has("acted_around")
    on_the_board = r.has("flop") or r.has("turn") or r.has("river")  # a redeal wanted over the flop is the board's
    return {} if r.has("misdeal_called") and acted and not on_the_board else None


TOPIC = Topic("misdeal-cutoff", cues=(Cue(25, _too_late),), readers=(players_acted, action_so_far, played_out))
