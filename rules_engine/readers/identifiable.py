"""Whether a player's released cards can still be picked out for certain ("still on top of the muck", "the dealer
held them apart", "we all saw them") or not ("mixed in with the muck", "nobody knows which"): the fact that decides
whether a mucked or killed hand can be taken back."""

from __future__ import annotations

import re

from ..reading import Facts, Reading

FACT = "hand_identifiable"


def hand_identifiable(r: Reading, facts: Facts) -> None:
    """The last thing the story says about the cards decides ("on top of the muck, then the dealer mixed them in")."""
    identifiable = r.matches("cards_identifiable")
    mixed = r.matches("cards_mixed")
    said = [(m, "no" if _denied(r, m) else "yes") for m in identifiable if not _outweighed(m, mixed)]
    said += [(m, "no") for m in mixed if not _outweighed(m, identifiable)]
    if said:
        facts[FACT] = max(said, key=lambda pair: pair[0].start())[1]


def _denied(r: Reading, match: re.Match[str]) -> bool:
    """A denial right before the phrase ("non | si distinguono più", "not | on top of the muck"): said of the cards
    that can no longer be told apart."""
    return any(d.start() < match.start() <= d.end() + 1 for d in r.matches("identity_denial"))


def _outweighed(match: re.Match[str], others: list[re.Match[str]]) -> bool:
    """A phrase overlapped by one that says the opposite and begins before it, its denial first ("weren't mixed in",
    "non più riconoscibili", "hadn't mixed my cards in yet"), or begins with it and is longer."""
    return any(o.start() < match.end() and match.start() < o.end()
               and (o.start(), -len(o[0])) < (match.start(), -len(match[0])) for o in others)
