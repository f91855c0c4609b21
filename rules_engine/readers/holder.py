"""Whether the player holding the wrong cards (a short button, a joker in his hand) had already acted on them:
checked, called, bet or raised before it was pointed out. TDA kills a short button's hand once he has; Robert's
kills a hand holding a joker once its holder has acted on it."""

from __future__ import annotations

import re

from ..reading import Facts, Reading
from . import seats
from .negation import nobody_acted

_JOINED = re.compile(r" (?:and|e|or|o|,) (?:the |il |l )?")
_COUNTED_SUBJECT = re.compile(
    r"\b(?:two|three|four|five|six|several|all|both|due|tre|quattro|cinque|sei|tutti|entrambi|\d) (?:other )?"
    r"(?:players|people|guys|of them|others|giocatori|altri|di loro)(?: \w+){0,3} $")
_AUXILIARIES = re.compile(r"(?: (?:had|have|has|both|all|already|avevano|hanno|gia|entrambi|tutti|erano))* ?")


def holder_acted(r: Reading, facts: Facts) -> None:
    """Unless the text doubts it ("not sure if he'd already called")."""
    acted = [m for m in r.matches("holder_acted_on") if not _told_of_others(r, m)]
    not_acted = r.matches("holder_not_acted") + r.matches("holder_spoke_up")
    if any(r.uncertain_near(m.start(), "doubt_detail") for m in not_acted + acted):
        return
    if not_acted or (nobody_acted(r) and not acted):  # nobody had acted: not he either
        facts["holder_acted"] = "no"
    elif acted:
        facts["holder_acted"] = "yes"


def _told_of_others(r: Reading, action: re.Match[str]) -> bool:
    """"UTG and UTG+1 had already limped", "three players before him already acted": an action whose subject is two
    players joined, or a count of players, is theirs, not the holder's (he is one player)."""
    if _COUNTED_SUBJECT.search(r.before(action.start(), "owner_before")):
        return True
    before = [place for place, _ in seats.places(r) if place.end() <= action.start()]
    if len(before) < 2:
        return False
    first, second = before[-2], before[-1]
    return bool(_JOINED.fullmatch(r.text[first.end():second.start()])
                and _AUXILIARIES.fullmatch(r.text[second.end():action.start()]))
