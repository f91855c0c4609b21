"""Acting out of turn (action.out-of-turn): a bet, call or fold before the player's turn. Not covered yet: no rule
applies to this topic, so the engine answers no-match and names it among the facts; a rule with `applies = {
topic = "out-of-turn" }` covers it."""

from __future__ import annotations

from . import Cue, Topic, mentions

TOPIC = Topic("out-of-turn", cues=(Cue(100, mentions("out_of_turn")),))
