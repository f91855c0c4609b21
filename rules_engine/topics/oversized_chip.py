"""A single chip bigger than the call (betting.oversized-chip). What decides it: was there a bet to call, had he
said "raise" before the chip landed, and did he say how much."""

from __future__ import annotations

from ..readers import betting_round
from ..readers.phrases import settled_by
from ..reading import Facts, Reading, group
from . import Cue, Topic
from .multiple_chips import chips_told
from .non_standard_fold import facing_bet
from .raise_size import raise_declared

amount_named = settled_by("amount_named", {"amount_not_named": "no", "raise_chip_named": "yes"})

def _one_chip(r: Reading, given: Facts) -> Facts | None:
    """One chip put in as a bet or call (not a chip someone owns, or one on his cards)."""
    if not (r.has("single_chip") and r.has("chip_put_in")) or len(chips_told(r)) > 1 or r.has("undercall") or (
            r.has("allin_one_chip")):
        return None  # "a 100 chip and a 25 chip" are several chips; "all in for a single chip" is his last
    value = next((betting_round.number(group(m, "value")) for m in r.matches("single_chip_value")), None)
    call = next((betting_round.number(group(m, "amount")) for m in r.matches("call_amount")), None)
    if value is not None and value == call:
        return None  # a chip worth exactly the call: a call, nothing to rule
    return {}


TOPIC = Topic("oversized-chip", cues=(Cue(123, _one_chip),),
              readers=(facing_bet, raise_declared, amount_named))
