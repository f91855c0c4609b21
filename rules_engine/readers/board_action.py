"""Whether anyone had acted on a board card when a mistake was found ("we'd already bet the turn", "nobody has
acted on it yet"): the action lock of the burn-error rules (Robert's v11 §5 rule 5, TDA 39-B), where one check is
enough. Action on an earlier street ("everyone checked the turn, then the river came without a burn") does not
count for a later card."""

from __future__ import annotations

import re

from ..reading import Reading, group
from .negation import denied, nobody_acted

_ORDER = {"flop": 1, "turn": 2, "river": 3}
_STREET_SAID = re.compile(r"\b(?:flop|turn|river)\b")


def acted_on(r: Reading, street: str | None, anywhere: bool = False, since: int | None = None) -> str | None:
    """"yes" or "no" when the text says whether anyone acted on the card of `street` (any street when None). Told
    actions count when they come after the card; `anywhere` counts them wherever they are told (a story that is
    about that card from its start: "seat 1 checks, seat 4 checks, then: that turn was wrong"); `since` is where
    the card came when the street is not named ("burns n turns … seat 2 checks")."""
    if r.has("card_not_acted_on") or nobody_acted(r) or r.has("first_still_to_act") or r.has("everyone_allin"):
        return "no"  # everyone all in: nobody could act on the card; the first to act has not: nobody has
    for match in r.matches("card_acted_on"):
        said = group(match, "street")
        if said is None or street not in _ORDER or _ORDER[said] >= _ORDER[street]:
            return "yes"
    named = street in _ORDER and r.has(str(street))
    if named or anywhere or since is not None:  # "…turned the turn, I bet, he called"
        came = -1 if anywhere else r.matches(str(street))[0].start() if named else since or 0
        told = [m for m in r.matches("action_verb") if m.start() > came]
        if any(not denied(r, m) and not _on_earlier_street(r, m.end(), street) for m in told):
            return "yes"
        if told and all(denied(r, m) for m in told):  # every move told after the card is denied ("the BB hasn't
            return "no"  # checked or anything yet"): none was made
    return None


def _on_earlier_street(r: Reading, end: int, street: str | None) -> bool:
    """"checked on the turn" told after the river came: that action was on the turn."""
    said = _STREET_SAID.search(r.after(end, "acted_street_after"))
    return bool(said and street in _ORDER and _ORDER[said[0]] < _ORDER[street])
