"""The misdeal items with no rule of their own (misdeal.conditions): the first card to the wrong seat, cards to an
empty seat or a player not in the hand, an entitled player dealt out, the button in the wrong place, a card dealt
out of order; and how far the action had gone (the misdeal cut-off)."""

from __future__ import annotations

import re

from ..readers.actions import players_acted
from ..readers.cutoff import action_so_far
from ..readers.played_out import played_out
from ..reading import Facts, Reading
from . import Cue, Topic

_ERRORS = {"deal_wrong_first_seat": "wrong-first-seat", "deal_empty_seat": "empty-seat", "deal_dealt_out": "dealt-out",
           "deal_button_misplaced": "button-misplaced", "deal_out_of_sequence": "out-of-sequence"}


def _errors(r: Reading) -> list[tuple[int, str]]:
    return sorted((m.start(), error) for concept, error in _ERRORS.items() for m in r.matches(concept)
                  if concept != "deal_empty_seat" or _dealt_there(r, m))


def _dealt_there(r: Reading, empty: re.Match[str]) -> bool:
    """An empty seat is a misdeal item when cards went to it, not when it only tells how the table was seated."""
    return r.near("empty_seat_dealt", empty.start(), "empty_seat_reach") or \
        r.near("empty_seat_dealt", empty.end(), "empty_seat_reach")


def _deal_error(r: Reading, given: Facts) -> Facts | None:
    """A misdeal item, unless the question is who posts which blind after a button mistake (the blinds' rules)."""
    return {"street": "deal"} if _errors(r) and not r.has("deal_blinds_question") else None


def deal_error(r: Reading, facts: Facts) -> None:
    """The first mistake the text tells."""
    facts["deal_error"] = _errors(r)[0][1]


TOPIC = Topic("misdeal-condition", cues=(Cue(55, _deal_error),),
              readers=(deal_error, players_acted, action_so_far, played_out))
