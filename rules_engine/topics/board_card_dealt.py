"""A board card dealt, and whether that was too early (holdem.premature-flop, -turn, -river): the flop, turn
or river came while someone still had to act, or after the betting was done (then there is nothing to fix)."""

from __future__ import annotations

from ..readers import streets, timing
from ..readers.negation import happened
from ..reading import Facts, Reading
from . import Cue, Topic


def _board_card(r: Reading, given: Facts) -> Facts | None:
    """A board street, and either something said about timing or a dealt card told as a dispute or a doubt (said
    to have come in a hurry or while the table argued, too)."""
    street = streets.board_street(r)
    if r.has("all_fine") and not (r.has("betting_open") or r.has("early")):
        return None  # "then the dealer burns and turns, no problems": normal play told as a story
    said_when = timing.said(r) or "betting_complete" in given
    doubted = r.has("dispute") or r.has("uncertain") or r.has("timing_doubted")  # "un po' di fretta": asked
    if street and (said_when or (happened(r, "board_dealing") and doubted)):
        return {"street": streets.street_after_betting(r) or street}
    return None


def _passed_over(r: Reading, given: Facts) -> Facts | None:
    """A board card dealt over a player the dealer passed over in the betting ("missed seat 5 completely: seat 3
    called, seat 4 raised and he flopped while seat 5 was still holding his cards"): a betting skip, so a premature
    card, before the misdeal topic reads the skipped seat as one left out of the deal."""
    if not r.has("player_passed_over"):
        return None
    street = streets.board_street(r)
    if not (street and happened(r, "board_dealing")):
        return None
    if r.has("during_deal") or r.has("short_hand"):
        return None  # "skipped him in the second round", "found he had one card": passed over in the deal
    told: Facts = {}
    timing.betting_complete(r, told)
    return {"street": streets.street_after_betting(r) or street} if told.get("betting_complete") == "no" else None


def _two_streets_at_once(r: Reading, given: Facts) -> Facts | None:
    """Two streets dealt in one go ("the turn and the river together"): the later card is the one in question."""
    if not r.has("two_streets_at_once"):
        return None
    told = r.matches("two_streets_at_once")[0][0]
    return {"street": "river" if "river" in told else "turn"}


def betting_complete(r: Reading, facts: Facts) -> None:
    """Two streets dealt at once left no betting on the first of them, unless everyone was all in."""
    if r.has("two_streets_at_once") and not r.has("everyone_allin"):
        facts["betting_complete"] = "no"
        return
    timing.betting_complete(r, facts)


TOPIC = Topic("board-card-dealt", cues=(Cue(136, _passed_over), Cue(88, _two_streets_at_once), Cue(40, _board_card)),
              readers=(betting_complete,))
