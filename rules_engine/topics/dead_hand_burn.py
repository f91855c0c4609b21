"""How many cards to burn after a hand was killed for holding the wrong number of cards (holdem.burns-after-sa):
a hand said to be dead and the burns asked about ("burn two to fix the order?", "si brucia normalmente?").
Whether the hand is dead at all is the wrong card count's topic."""

from __future__ import annotations

from ..reading import Facts, Reading, inside
from . import Cue, Topic


def _burns_after_dead_hand(r: Reading, given: Facts) -> Facts | None:
    """Burns asked about, not a burn card that caused the wrong count ("a burn card got mixed in: is his hand
    dead?" is whether the hand is dead)."""
    causes = r.matches("dealing_accident")
    asked = [m for m in r.matches("burn_word") if not any(inside(m, cause) for cause in causes)]
    return {} if r.has("hand_killed") and (r.has("burn_how_many") or asked) else None


TOPIC = Topic("dead-hand-burn", cues=(Cue(115, _burns_after_dead_hand),))
