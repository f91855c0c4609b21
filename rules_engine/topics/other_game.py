"""A game other than Texas Hold'em (Omaha, stud, short deck…): these are Hold'em rules. Not covered yet: no rule
applies to this topic, so the engine answers no-match and names it among the facts; a rule with `applies = {
topic = "other-game" }` covers it."""

from __future__ import annotations

from . import Cue, Topic, mentions

TOPIC = Topic("other-game", cues=(Cue(130, mentions("other_game")),))
