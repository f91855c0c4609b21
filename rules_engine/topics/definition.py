"""A question about what a word means ("what does boxed card mean?"), not a situation to rule on. Not covered yet:
no rule applies to this topic, so the engine answers no-match and names it among the facts; a rule with `applies
= { topic = "definition" }` covers it."""

from __future__ import annotations

from . import Cue, Topic, mentions

TOPIC = Topic("definition", cues=(Cue(140, mentions("definition")),))
