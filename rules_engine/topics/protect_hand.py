"""A hand its owner had not let go of, taken, mucked or fouled by the dealer (action.protect-hand). What decides it:
whether he was protecting his cards, and whether they can still be picked out for certain."""

from __future__ import annotations

from ..readers.phrases import out_of_scope, said_outright, settled_by
from ..reading import Facts, Reading
from . import Cue, Topic

hand_protected = settled_by("hand_protected", {"hand_protected_no": "no", "hand_protected_yes": "yes"})
hand_identifiable = settled_by("hand_identifiable", {"hand_identifiable_no": "no", "hand_identifiable_yes": "yes"})

def _taken(r: Reading, given: Facts) -> Facts | None:
    """The dealer took, mucked or fouled a hand (not "nearly"); protection talk only with a hand lost or killed."""
    if r.has("near_miss") or _folded_himself(r):
        return None  # "the dealer nearly mucked my hand, all good": nothing to rule; a fold is the fold topic's
    if said_outright(r, "hand_taken"):
        return {}
    return {} if said_outright(r, "protection_words") and r.has("hand_lost") else None


def _taken_outright(r: Reading, given: Facts) -> Facts | None:
    """Strong evidence, above the card and claim topics: the dealer took or mucked a hand said outright ("the
    dealer pulled his hand in with the folded cards … does he get anything?"), unless the story is a claim to
    play the board, or another game."""
    if not said_outright(r, "hand_taken") or _folded_himself(r):
        return None  # "he folded when he could have checked; the dealer slid his cards away": he let them go
    return None if r.has("near_miss") or r.has("board_claim") or r.has("split_belief") or out_of_scope(r) else {}


def _folded_himself(r: Reading) -> bool:
    """A needless fold told apart from the dealer's taking ("he folded when he could have checked; the dealer
    slid his cards to the muck"), not the taking itself ("il dealer mi ha buttato le carte per sbaglio")."""
    taken = r.matches("hand_taken")
    return any(not any(m.start() < t.end() and t.start() < m.end() for t in taken) for m in r.matches("needless_fold"))


TOPIC = Topic("protect-hand", cues=(Cue(173, _taken_outright), Cue(83, _taken)),
              readers=(hand_protected, hand_identifiable))
