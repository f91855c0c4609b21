"""Whether it is too late to call a misdeal (misdeal.action-cutoff), the mistake itself left unnamed: Robert's closes
the window once two players after the blinds have acted, TDA at substantial action. A named mistake (an exposed
card, a wrong card count…) has its own topic, which applies the cut-off itself and outranks this one."""

from __future__ import annotations

from ..readers.actions import players_acted
from ..readers.played_out import played_out
from . import Cue, Topic, mentions

TOPIC = Topic("misdeal-cutoff", cues=(Cue(25, mentions("cutoff_question")),), readers=(players_acted, played_out))
