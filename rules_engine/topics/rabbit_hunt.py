"""Rabbit hunting (deck.rabbit-hunting): showing the cards that would have come after the hand ended."""

from __future__ import annotations

from . import Cue, Topic, mentions

TOPIC = Topic("rabbit-hunt", cues=(Cue(125, mentions("rabbit")),))
