"""A call for less than the bet (betting.undercall). What decides it: did he say "call", was he all-in, was it
heads-up, was the bet he faced the round's opening bet (pre-flop, the big blind)."""

from __future__ import annotations

from ..readers.phrases import settled_by
from . import Cue, Topic, mentions
from .raise_size import all_in

call_declared = settled_by("call_declared", {"call_declared_yes": "yes", "said_nothing": "no"})
heads_up = settled_by("heads_up", {"heads_up_no": "no", "heads_up_yes": "yes"})
facing_opening_bet = settled_by("facing_opening_bet", {"opening_bet_no": "no", "opening_bet_yes": "yes"})

TOPIC = Topic("undercall", cues=(Cue(103, mentions("undercall")),),
              readers=(call_declared, all_in, heads_up, facing_opening_bet))
