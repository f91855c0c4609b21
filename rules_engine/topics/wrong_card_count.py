"""A player dealt the wrong number of hole cards (misdeal.wrong-card-count): too few, or one too many landing with
him during the deal (one extra card to the first player after the deal is the extra hole card's own rule, and
more than one extra card is ruled there too). Whether the next card is still his in order, and how far the action
had gone (the misdeal cut-off)."""

from __future__ import annotations

from ..readers.actions import players_acted
from ..readers.played_out import played_out
from ..reading import Facts, Reading
from . import Cue, Topic
from .extra_holecard import extra_hole_cards


def _extra_during_the_deal(r: Reading, given: Facts) -> bool:
    """One extra card that came during the deal: said, or answered to the extra hole card's question."""
    during = given.get("after_deal") == "no" or (r.has("during_deal") and "after_deal" not in given)
    return during and extra_hole_cards(r) == 1


def _wrong_count(r: Reading, given: Facts) -> Facts | None:
    if r.has("short_hand") or _extra_during_the_deal(r, given):
        return {"street": "deal"}
    return None


def wrong_count(r: Reading, facts: Facts) -> None:
    facts["wrong_count"] = "too-few" if r.has("short_hand") else "too-many"


def in_sequence(r: Reading, facts: Facts) -> None:
    if facts.get("wrong_count") != "too-few":
        return
    if r.has("short_out_of_order"):
        facts["in_sequence"] = "no"
    elif r.has("short_in_order"):
        facts["in_sequence"] = "yes"


TOPIC = Topic("wrong-card-count", cues=(Cue(75, _wrong_count),),
              readers=(wrong_count, in_sequence, players_acted, played_out))
