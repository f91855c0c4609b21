"""How many cards a phrase counts, and whether it counts extra cards ("two more cards") or all of them."""

from __future__ import annotations

import re

from ..reading import Reading

QUANTITY_PLURAL = 2  # "cards", "more than one": at least two, which is all the rules ever need to know
EXTRA_WORD = re.compile(r"\b(?:extra|additional|more|(?:in |di |e )?piu|di troppo|in eccesso|aggiuntiv\w*)\b")
_NUMBER_BEFORE = re.compile(r"\b\d+ $")
_NUMBER_AFTER = re.compile(r"^ \d+\b")


def amount(r: Reading, start: int, end: int) -> bool:
    """A number that is no count of cards: one of a pair ("2/5", "25/50", "1-2" are stakes and blinds, "4 5 9" are
    ranks), or chips put in ("bets 5 on the flop", "punta 5 al flop")."""
    if _NUMBER_BEFORE.search(r.text[:start]) or _NUMBER_AFTER.match(r.text[end:]):
        return True
    return any(0 <= start - lead.end() <= 1 for lead in r.matches("amount_lead"))
