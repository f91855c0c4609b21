"""Saying "pot" (or "I bet the pot") in a game without pot limits (betting.bet-the-pot-in-nl). What decides it:
the game's betting structure (in pot-limit "pot" is a proper bet)."""

from __future__ import annotations

from . import Cue, Topic, mentions
from .allin_reopen import betting_structure

TOPIC = Topic("pot-bet", cues=(Cue(33, mentions("pot_said")),), readers=(betting_structure,))
