"""At showdown the cards decide, not what players say (showdown.cards-speak): a tabled hand misread or miscalled,
a player who mucked because an opponent claimed a hand he did not hold, or a dealer who mucked a tabled winner.
What decides it: which of those happened, and whether mucked cards can still be picked out. A pot already awarded
and complained about is `pot-dispute`; a board claim is `board-claim`."""

from __future__ import annotations

from ..readers.identifiable import hand_identifiable
from ..reading import Facts, Reading
from . import Cue, Topic


def _killed_tabled(r: Reading) -> bool:
    return r.has("dealer_killed") and r.has("shown_hand")


def _mucked_on_claim(r: Reading) -> bool:
    """An opponent claimed a hand, and someone threw his cards away believing it (the claim then proved false)."""
    return r.has("hand_claim") and r.has("hand_mucked") and (r.has("claim_false") or r.has("muck_regret"))


def _cards_against_words(r: Reading, given: Facts) -> Facts | None:
    if not r.has("hand_reading_words"):
        return None
    if r.has("cards_speak") or r.has("miscalled") or _mucked_on_claim(r) or _killed_tabled(r):
        return {}
    return None


def misread_kind(r: Reading, facts: Facts) -> None:
    if _killed_tabled(r):
        facts["misread_kind"] = "tabled-winner-killed"
    elif _mucked_on_claim(r):
        facts["misread_kind"] = "mucked-on-claim"
    elif r.has("miscalled") or r.has("cards_speak"):
        facts["misread_kind"] = "hand-misread"


TOPIC = Topic("cards-speak", cues=(Cue(77, _cards_against_words),), readers=(misread_kind, hand_identifiable))
