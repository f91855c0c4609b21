"""An extra hole card (holdem.extra-holecard): a player got three cards, or more, and whether it came after
everyone had a full hand (the start of a third round to the first player) or during the deal."""

from __future__ import annotations

import re

from ..readers import ordinals
from ..readers.actions import players_acted
from ..readers.counts import EXTRA_WORD, QUANTITY_PLURAL
from ..readers.negation import happened
from ..readers.ownership import received
from ..reading import Facts, Reading
from . import Cue, Topic

HOLE_CARDS = 2
_HAND_SIZES = (3, 9)  # a hand someone was dealt; "the deck only had 51 cards" is not one
_THIRD_CARD = 3
_EXTRA_AFTER = re.compile(r"^ (?:extra|in piu|e piu|di piu|di troppo|in eccesso|more|too many)\b")  # "due carte in più"
_MORE_BEFORE = re.compile(r"\b(?:altre|altri)\s*$")  # "arrivano altre due carte"
_HOLE_WORD = re.compile(r"\bhole|\bcopert")
_A_THIRD = re.compile(r"\b(?:a third|una terza|una third)\b")
_EXTRA_CARDS = re.compile(r"\bextra cards\b")


def extra_hole_cards(r: Reading) -> int | None:
    """How many cards too many a player got, when the text says so about hole cards."""
    if r.has("flop") and not r.has("hole") and not r.has("recipient"):
        return None
    count = _extra_count(r)
    if count is not None and (r.has("more_than_one") or r.has("several_recipients")):
        return max(count, QUANTITY_PLURAL)
    return count


def _extra_count(r: Reading) -> int | None:
    if r.has("board_words") and not r.has("hole"):
        return None  # "the board had four cards after the turn" is the board, not a hand
    for match in r.matches("quantity_card"):
        count = r.number(match)
        if not count:
            continue
        before, after = r.before(match.start(), "more_before"), r.after(match.end(), "extra_after")
        if EXTRA_WORD.search(match[0]) or _EXTRA_AFTER.search(after) or _MORE_BEFORE.search(before):
            return count
        exposed = any(r.follows(m, match, "exposure_gap") for m in r.matches("exposure"))  # "turned over three…"
        hand = not exposed and (received(r, match) or _HOLE_WORD.search(match[0]))
        if _HAND_SIZES[0] <= count <= _HAND_SIZES[1] and hand and not r.near("flop", match.start(), "hand_not_flop"):
            return count - HOLE_CARDS
    third = [m for m in r.matches("ordinal_card") if ordinals.value(m) == _THIRD_CARD
             and not ordinals.from_the_deck(r, m)]
    if (third and not r.has("exposure")) or _A_THIRD.search(r.text):
        return 1  # "gave the SB a third card"; "exposed the third card" is about which card, not how many
    if happened(r, "extra") and (r.has("recipient") or r.has("hole")):
        plural = r.has("more_than_one") or _EXTRA_CARDS.search(r.text)
        return QUANTITY_PLURAL if plural else 1
    return None


def _extra(r: Reading, given: Facts) -> Facts | None:
    return {"street": "deal"} if extra_hole_cards(r) is not None else None


def extra_cards(r: Reading, facts: Facts) -> None:
    count = extra_hole_cards(r)
    if count is not None and not any(r.near("uncertain", m.start(), "doubt_detail") for m in r.matches("extra")):
        facts["extra_cards"] = count  # unless "not sure if it was one or two"


def after_deal(r: Reading, facts: Facts) -> None:
    if any(r.near("uncertain", m.start(), "doubt_detail") for m in r.matches("after_deal") + r.matches("during_deal")):
        return  # "non so se la terza mi è arrivata a distribuzione finita o durante"
    if r.has("during_deal"):
        facts["after_deal"] = "no"
    elif r.has("after_deal"):
        facts["after_deal"] = "yes"


TOPIC = Topic("extra-holecard", cues=(Cue(70, _extra),), readers=(extra_cards, after_deal, players_acted))
