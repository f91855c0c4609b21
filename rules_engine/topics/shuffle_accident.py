"""A card found face up, or the deck dropped, while shuffling, before any card is dealt: nothing to rule, the shuffle
puts it right (a deck dropped before the deal is not deck.disordered-stub; a card face up before it is dealt is a
boxed card only once the deal is under way). Recognised so that these stories are not taken for the rules they
resemble; no rule applies, so the engine answers no-match and names the topic."""

from __future__ import annotations

from ..reading import Facts, Reading
from . import Cue, Topic


def _while_shuffling(r: Reading, given: Facts) -> Facts | None:
    """Shuffling before the deal (not a reshuffle in the middle of a hand), with a card face up or the deck dropped;
    or the deck dropped before anything was dealt."""
    shuffling, undealt = r.has("while_shuffling"), r.has("nothing_dealt_yet")
    if not (shuffling or undealt):
        return None
    dropped = r.has("stub_dropped") or r.has("stub_accident")
    face_up = r.has("boxed") or r.has("reshuffle_how") or r.has("exposure")
    if shuffling and (face_up or dropped) and not r.has("reshuffle_mid_hand"):
        return {}
    return {} if undealt and dropped else None


TOPIC = Topic("shuffle-accident", cues=(Cue(175, _while_shuffling),))
