"""A card found face up in the deck (deck.boxed-card): a blank to replace, not a card the dealer exposed. Not
covered yet: no rule applies to this topic, so the engine answers no-match and names it among the facts; a rule
with `applies = { topic = "boxed-card" }` covers it."""

from __future__ import annotations

from . import Cue, Topic, mentions

TOPIC = Topic("boxed-card", cues=(Cue(120, mentions("boxed")),))
