"""Playing the board (holdem.play-the-board): a player claims a share of the pot because the board is his best
hand. What decides it: did he claim before letting go of his cards, and did he table both of them?"""

from __future__ import annotations

import re

from ..readers.negation import denied
from ..reading import Facts, Reading, inside
from . import Cue, Topic, mentions

_ONLY_THEN = re.compile(r"\b(?:only|solo) (?:then|after|dopo|allora)\b")
_AFTER = re.compile(r"\b(?:after|dopo)\b")
_BEFORE = re.compile(r"\b(?:before|prima di)\b")
_THEN = re.compile(r"\b(?:then|poi)\b")


def claim(r: Reading, facts: Facts) -> None:
    """Whether the claim came before the discard, and whether both cards were shown."""
    claimed = r.matches("board_claim")[0]
    discards = [m for m in r.matches("discard") if not denied(r, m)]  # "non ho buttato le carte"
    shown = [m for m in r.matches("tabled") if not inside(m, claimed)]
    if r.has("claim_late"):
        facts["claim_before_discard"] = "no"
    elif discards:
        facts["claim_before_discard"] = "yes" if _claimed_first(r, claimed, discards[0]) else "no"
    else:
        facts["claim_before_discard"] = "yes"
    if r.has("not_tabled"):
        facts["cards_tabled"] = "no"
    elif shown:
        facts["cards_tabled"] = "yes"
    elif discards:
        facts["cards_tabled"] = "no"


def _claimed_first(r: Reading, claimed: re.Match[str], discard: re.Match[str]) -> bool:
    """Reads time order from word order, turned round by "after"/"before" between or just before."""
    if claimed.start() < discard.start():
        between = r.text[claimed.end():discard.start()]
        if _ONLY_THEN.search(between):
            return True  # "…turned both cards up, and only then let the dealer take them"
        return not _AFTER.search(between)
    between = r.text[discard.end():claimed.start()]
    if _BEFORE.search(r.before(discard.start(), "discard_lead")):
        return True
    return bool(_AFTER.search(between) and not _THEN.search(between))


TOPIC = Topic("board-claim", cues=(Cue(90, mentions("board_claim")),), readers=(claim,))
