"""Saying "pot" (or "I bet the pot") in a game without pot limits (betting.bet-the-pot-in-nl). What decides it:
the game's betting structure (in pot-limit "pot" is a proper bet)."""

from __future__ import annotations

from ..reading import Facts, Reading
from . import Cue, Topic
from .allin_reopen import betting_structure


def _pot_said(r: Reading, given: Facts) -> Facts | None:
    """"Pot" said as a bet, not a strategy question ("is it better to bet the pot or half?")."""
    return {} if r.has("pot_said") and not r.has("strategy") else None


TOPIC = Topic("pot-bet", cues=(Cue(33, _pot_said),), readers=(betting_structure,))
