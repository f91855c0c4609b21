"""A joker or another card that does not belong to the game (deck.joker-or-foreign-card): where it turned up,
whether the player holding it had acted on his hand, and how far the action had gone (TDA: a misdeal before
substantial action)."""

from __future__ import annotations

from ..readers.actions import SUBSTANTIAL
from ..readers.holder import holder_acted
from ..readers.locations import card_location
from ..reading import Facts, Reading, inside
from . import Cue, Topic
from .fouled_deck import checked_ok
from .misdeal_cutoff import ACTION_SO_FAR


def _foreign(r: Reading, given: Facts) -> Facts | None:
    """A card that doesn't belong (a 2-5 in short deck among them), unless the deck's fault is a duplicate or a
    different back ("53 cards, two sevens of hearts" is a fouled deck), the game uses jokers on purpose (another
    game), the jokers are said to be out ("jokers pulled out"), or the deck's make-up is asked as general knowledge
    ("quante carte ci sono in un mazzo, 52 o 54 coi jolly?")."""
    if r.has("foreign_card"):
        cleared = checked_ok(r)
        told = [m for m in r.matches("foreign_card") if not any(inside(m, ok) for ok in cleared)]
        faulty = r.has("deck_duplicate") or r.has("deck_odd_back")
        if told and not faulty and not _other_game_played(r) and not r.has("joker_by_choice") \
                and not r.has("terms_asked") and not r.has("deck_size_asked"):
            return {}
    return {} if r.has("short_deck_card") else None


def _other_game_played(r: Reading) -> bool:
    """Another game named as the one played, not only as where the deck came from ("un mazzo da burraco")."""
    origins = r.matches("deck_of_other_game")
    return any(not any(inside(m, deck) for deck in origins) for m in r.matches("other_game"))


def later_street(r: Reading, facts: Facts) -> None:
    """A foreign card found while the turn or the river was dealt, or once someone acted on the flop: the betting of
    the streets before was over, so the action had gone past any cut-off, however it is told ("rilancio, call e call;
    flop check, puntata e call"), even when fewer players are counted ("me ne sono accorto dopo aver rilanciato al
    flop": one raise told)."""
    known = facts.get("players_acted")
    if not (isinstance(known, int) and known >= SUBSTANTIAL) and any(
            r.near("later_street_reached", m.start(), "later_street_reach") for m in r.matches("foreign_card")):
        facts["players_acted"] = SUBSTANTIAL


def shown_down(r: Reading, facts: Facts) -> None:
    """A joker in a hand that was played to the showdown: its holder had acted on that hand."""
    if "holder_acted" not in facts and facts.get("card_location") == "hand" and r.has("hand_played_out"):
        facts["holder_acted"] = "yes"


TOPIC = Topic("foreign-card", cues=(Cue(135, _foreign),),
              readers=(card_location, holder_acted, shown_down, *ACTION_SO_FAR, later_street))
