"""Rabbit hunting (deck.rabbit-hunting): showing the cards that would have come after the hand ended, called so or
told as a wish to see the undealt cards once everyone folded. A card shown while someone still had to act is a
premature card instead."""

from __future__ import annotations

from ..reading import Facts, Reading
from . import Cue, Topic
from .fouled_deck import fault_told


def _rabbit(r: Reading, given: Facts) -> Facts | None:
    told = r.has("rabbit") or (r.has("rabbit_show") and r.has("rabbit_hand_over") and not r.has("betting_open"))
    if not told or r.has("everyone_allin"):
        return None  # the board run out because everyone is all in is the game, whatever someone calls it
    if fault_told(r):
        return None  # "as the board is shown: the river has a red back"; rabbit talk as background to a duplicate
    return {}


TOPIC = Topic("rabbit-hunt", cues=(Cue(125, _rabbit),))
