"""A hand its owner had not let go of, taken, mucked or fouled by the dealer (action.protect-hand). What decides it:
whether he was protecting his cards, and whether they can still be picked out for certain."""

from __future__ import annotations

from ..readers.phrases import settled_by
from . import Cue, Topic, mentions

hand_protected = settled_by("hand_protected", {"hand_protected_no": "no", "hand_protected_yes": "yes"})
hand_identifiable = settled_by("hand_identifiable", {"hand_identifiable_no": "no", "hand_identifiable_yes": "yes"})

TOPIC = Topic("protect-hand", cues=(Cue(83, mentions("hand_taken")),), readers=(hand_protected, hand_identifiable))
