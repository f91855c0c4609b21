"""A joker or another card that does not belong to the game (deck.joker-or-foreign-card): where it turned up,
whether the player holding it had acted on his hand, and how far the action had gone (TDA: a misdeal before
substantial action)."""

from __future__ import annotations

from ..readers.actions import players_acted
from ..readers.cutoff import action_so_far
from ..readers.holder import holder_acted
from ..readers.locations import card_location
from ..readers.played_out import played_out
from ..reading import Facts, Reading
from . import Cue, Topic


def _foreign(r: Reading, given: Facts) -> Facts | None:
    """A card that doesn't belong, unless the deck's fault is a duplicate or a different back ("53 cards, two
    sevens of hearts" is a fouled deck)."""
    return {} if r.has("foreign_card") and not (r.has("deck_duplicate") or r.has("deck_odd_back")) else None


TOPIC = Topic("foreign-card", cues=(Cue(135, _foreign),),
              readers=(card_location, holder_acted, players_acted, action_so_far, played_out))
