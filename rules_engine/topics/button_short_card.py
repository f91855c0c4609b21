"""The button dealt one card short (holdem.button-short-card): TDA gives him the missing card unless he has
acted on one card; Robert's applies its general wrong-count rule, so how far the action had gone matters."""

from __future__ import annotations

from ..readers.actions import players_acted
from ..readers.holder import holder_acted
from . import Cue, Topic, mentions

TOPIC = Topic("button-short-card", cues=(Cue(85, mentions("button_short")),), readers=(holder_acted, players_acted))
