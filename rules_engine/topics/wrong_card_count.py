"""A player dealt the wrong number of hole cards (misdeal.wrong-card-count): too few, or too many when the text shows
it came from the deal itself (during the deal, two cards stuck together, a card grabbed or swept in, three cards
shown down) rather than one extra card to the first player after the deal, which is the extra hole card's own rule
(a bare "I have three cards" is asked there first). Whether the next card is still his in order, and how far the
action had gone (the misdeal cut-off)."""

from __future__ import annotations

from ..readers import deal
from ..readers.actions import players_acted
from ..readers.cutoff import action_so_far
from ..readers.played_out import played_out
from ..reading import Facts, Reading
from . import Cue, Topic


def _too_many_in_the_deal(r: Reading, given: Facts) -> bool:
    """Too many cards that came during the deal: said, shown down, or answered to the extra hole card's question."""
    if r.has("three_at_showdown") or r.has("hand_of_many"):
        return True  # five cards in one hand: more than the start of a third round
    told = deal.extra(r)
    if not (r.has("hand_of_three") or (told.count or 0) >= 1):
        return False
    if deal.holder_not_first(r) and ((told.count or 1) == 1 or not deal.first_player_named(r)):
        return True  # "seat 5 … finds three cards", button on 9, "the cutoff has three": it came in the deal; several
        # extra cards too unless the first player got one ("the SB and the BB each had three": a third round begun)
    if "after_deal" in given:
        return given["after_deal"] == "no"
    return told.after_deal == "no" or r.has("dealing_accident")


def _wrong_count(r: Reading, given: Facts) -> Facts | None:
    said_wrong = r.has("count_wrong") and not (r.has("flop") or r.has("board_words"))  # not "troppe carte sul flop"
    if r.has("short_hand") or said_wrong or _too_many_in_the_deal(r, given):
        return {"street": "deal"}
    return None


def wrong_count(r: Reading, facts: Facts) -> None:
    """Too few or too many; "the wrong number of cards" alone leaves it to the question."""
    if r.has("short_hand"):
        facts["wrong_count"] = "too-few"
    elif not r.has("count_wrong") or r.has("extra"):
        facts["wrong_count"] = "too-many"


def in_sequence(r: Reading, facts: Facts) -> None:
    """Whether the short player's card can still come in order: said outright, or not for a named seat once the
    deal was over (the action had started, or it was noticed before anyone acted: every hand had been dealt, and
    only the button, which has its own topic, is dealt last)."""
    if facts.get("wrong_count") != "too-few":
        return
    if r.has("short_in_order"):
        facts["in_sequence"] = "yes"
    elif r.has("short_out_of_order") or ("players_acted" in facts and r.has("named_seat")):
        facts["in_sequence"] = "no"


TOPIC = Topic("wrong-card-count", cues=(Cue(75, _wrong_count),),
              readers=(wrong_count, players_acted, action_so_far, played_out, in_sequence))
