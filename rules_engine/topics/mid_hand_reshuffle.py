"""Reshuffling the undealt cards during a hand (holdem.reshuffle-face-down): how it is done (face down, then cut)
and what goes back in, asked or told as the point of the story. Why a reshuffle is needed (a premature card, a
dropped deck) is those situations' own topics: a question about the shuffle itself is tried before them."""

from __future__ import annotations

from ..reading import Facts, Reading
from . import Cue, Topic


def _reshuffle(r: Reading, given: Facts) -> Facts | None:
    return {} if r.has("reshuffle_word") and r.has("reshuffle_how") and r.has("reshuffle_mid_hand") else None


TOPIC = Topic("mid-hand-reshuffle", cues=(Cue(165, _reshuffle),))
