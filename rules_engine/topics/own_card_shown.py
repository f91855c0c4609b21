"""A player showing his own cards during the hand (action.exposed-card-by-player): to a player still in it, to
someone out of it, or face up to the whole table. A card turned up while the cards are dealt, or as he peeks at
it, is the exposed hole card topic (holdem.exposed-holecard), which this one leaves alone."""

from __future__ import annotations

import re

from ..readers.showdown import tabled_at_showdown
from ..reading import Facts, Reading
from . import Cue, Topic

# Who saw them, tried in this order near the showing: someone out of the hand is named with words ("the player
# who had folded") that would otherwise read as a player still in it.
_SHOWN_TO = {"shown_to_outsider": "non-player", "shown_to_active": "active-player", "shown_to_table": "table"}


_TO_HIM = re.compile(r"\bto show (?:him|her|them)$")  # the one shown to named before, by a pronoun
_DEALER_DOES = re.compile(r"\b(?:dealer|mazziere|croupier|dealr)(?: \w+)? $")  # "the dealer (accidentally) flashed"


def _shown(r: Reading, given: Facts) -> Facts | None:
    """A player showing his hand to someone, or face up, during the betting; not while picking it up, and not the
    dealer showing a card ("dealer flashed a card to seat 3 during the deal" is the deal's exposed card)."""
    players = [m for m in r.matches("card_shown") if not _DEALER_DOES.search(r.before(m.start(), "owner_before"))]
    if not (players or r.has("show_one_show_all")) or r.has("showdown") or r.has("shown_after_own_fold"):
        return None  # showing at showdown, once the hand is over, or once out of it: not during the betting
    if (r.has("shown_while_dealt") or r.has("single_own_card")) and not r.has("betting_context"):
        return None  # one card flashed, or shown while peeking: the deal's exposed card, unless told in the betting
    return None if tabled_at_showdown(r) else {}  # a showdown's tabling (table-cards)



def shown_to(r: Reading, facts: Facts) -> None:
    """Who saw them: someone out of the hand named after the showing ("showed them to his friend"); face up for
    everyone when the showing itself says so ("tabled their hands", "folded his cards face up"), even with an
    outsider named before it ("the hijack, out of the hand, says turn them over"); else the people named near it
    ("show one, show all" alone names no one)."""
    if not r.has("card_shown"):
        return
    shown = r.matches("card_shown")[0]
    reach = r.lexicon.windows["shown_to_reach"]
    after = [m for concept in ("shown_to_outsider", "shown_to_outsider_person") for m in r.matches(concept)
             if shown.start() < m.start() <= shown.end() + reach]
    if after or (_TO_HIM.search(shown[0]) and any(m.end() <= shown.start() for m in r.matches("shown_to_outsider"))):
        facts["shown_to"] = "non-player"  # "… had busted and sat behind seat 3. Seat 3 tilted his cards to show him"
    elif r.near("shown_toward", shown.end(), "shown_toward_reach"):
        facts["shown_to"] = "active-player"  # "face up toward her": to the player he faces
    elif any(m.start() < shown.end() and shown.start() < m.end() for m in r.matches("shown_to_table")):
        facts["shown_to"] = "table"
    else:
        _named_near(r, shown.end(), facts)


def _named_near(r: Reading, position: int, facts: Facts) -> None:
    for concept, value in _SHOWN_TO.items():
        if r.near(concept, position, "shown_to_reach"):
            facts["shown_to"] = value
            return


TOPIC = Topic("own-card-shown", cues=(Cue(68, _shown),), readers=(shown_to,))
