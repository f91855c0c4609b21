"""Where an odd card turned up: in a player's hole cards, on the board (or among the burns), or still in the undealt
cards. Decides the fouled-deck and foreign-card rules (a different back only in the stub leaves the hand standing).
The place told nearest the odd card is the one ("on the flop the BB notices one of his cards is a joker": his
hand)."""

from __future__ import annotations

import re

from ..reading import Facts, Reading, inside
from .negation import denied

_PLACES = {"card_in_hand": "hand", "card_on_board": "board", "card_in_stub": "stub"}
_ODD_CARD = ("foreign_card", "short_deck_card", "deck_odd_back", "deck_duplicate")


def card_location(r: Reading, facts: Facts) -> None:
    """The place told nearest the odd card; a card said never dealt or never in play is still in the undealt cards,
    whatever street the story names as when it was seen ("on the turn I spotted a green back near the bottom of the
    deck; it was never dealt to anyone")."""
    if r.has("card_never_dealt"):
        facts["card_location"] = "stub"
        return
    told = [(m.start(), m.end(), place) for concept, place in _PLACES.items() for m in r.matches(concept)
            if not (place == "board" and _when_found(r, m)) and not _nobodys(r, m)]
    if not told:
        return
    alike = r.matches("backs_all_alike")  # "all the hole cards and board are red backs": the normal cards
    odd = [m.start() for concept in _ODD_CARD for m in r.matches(concept) if not any(inside(m, a) for a in alike)]
    if not odd:
        facts["card_location"] = min(told)[2]
        return
    facts["card_location"] = min(told, key=lambda t: min(_distance(t[0], t[1], at) for at in odd))[2]


def _nobodys(r: Reading, place: re.Match[str]) -> bool:
    """A place said to be no one's or denied ("nothing odd in anybody's hand", "non nella mano di nessuno"): not where
    the card was."""
    return r.lexicon.says("nobodys_place", place[0] + r.after(place.end(), "place_owner_after")) or denied(r, place)


def _when_found(r: Reading, place: re.Match[str]) -> bool:
    """A street told as the moment a player looked at his cards ("then on the turn I look at it"), not where the odd
    card lay."""
    return any(inside(place, told) for told in r.matches("street_of_finding"))


def _distance(start: int, end: int, at: int) -> int:
    return 0 if start <= at <= end else min(abs(at - start), abs(at - end))
