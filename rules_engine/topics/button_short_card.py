"""The button dealt one card short (holdem.button-short-card): TDA gives him the missing card unless he has
acted on one card; Robert's applies its general wrong-count rule, so how far the action had gone matters."""

from __future__ import annotations

from ..readers.actions import players_acted
from ..readers.cutoff import action_so_far
from ..readers.holder import holder_acted
from ..reading import Facts, Reading
from . import Cue, Topic


def _button_short(r: Reading, given: Facts) -> Facts | None:
    return {} if r.has("button_short") and not r.has("not_the_button") else None


TOPIC = Topic("button-short-card", cues=(Cue(85, _button_short),), readers=(holder_acted, players_acted, action_so_far))
