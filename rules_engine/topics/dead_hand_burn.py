"""How many cards to burn after a hand was killed for holding the wrong number of cards (holdem.burns-after-sa):
a dead hand and a question about the burns. Whether the hand is dead at all is the wrong card count's topic."""

from __future__ import annotations

from ..reading import Facts, Reading
from . import Cue, Topic


def _burns_after_dead_hand(r: Reading, given: Facts) -> Facts | None:
    return {} if r.has("hand_killed") and r.has("burn_how_many") else None


TOPIC = Topic("dead-hand-burn", cues=(Cue(115, _burns_after_dead_hand),))
