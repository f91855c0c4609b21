"""Where an odd card turned up: in a player's hole cards, on the board (or among the burns), or still in the undealt
cards. Decides the fouled-deck and foreign-card rules (a different back only in the stub leaves the hand standing)."""

from __future__ import annotations

from ..reading import Facts, Reading

_PLACES = {"card_in_hand": "hand", "card_on_board": "board", "card_in_stub": "stub"}


def card_location(r: Reading, facts: Facts) -> None:
    """The first place the text names for the card."""
    told = sorted((m.start(), place) for concept, place in _PLACES.items() for m in r.matches(concept))
    if told:
        facts["card_location"] = told[0][1]
