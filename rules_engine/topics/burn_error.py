"""A missed, extra or exposed burn card (holdem.burn-error-before-flop, holdem.burn-error-later-street). Not covered
yet: no rule applies to this topic, so the engine answers no-match and names it among the facts; a rule with
`applies = { topic = "burn-error" }` covers it."""

from __future__ import annotations

from . import Cue, Topic, mentions

TOPIC = Topic("burn-error", cues=(Cue(110, mentions("burn_error")),))
