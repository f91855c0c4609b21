"""Several chips pushed out without a word (betting.multiple-chip): a call if every chip was needed for it,
otherwise the 50% test; all his chips make an all-in. Recognised when the push was silent or the question is
"call or raise?"; a push with words is the verbal topic, several trips to the stack the string-bet topic.
With the chips and the call told ("facing 150, two 100 chips"), the test is worked out: the 50% part by
table_tools.raising (the push read as a raise to its total), the every-chip-needed part here (TDA Rule 45)."""

from __future__ import annotations

from decimal import Decimal

from table_tools.problems import TableInputError
from table_tools.raising import Action, Blinds, Move, Street, check_raise

from ..readers import betting_round
from ..readers.phrases import settled_by
from ..reading import Facts, Reading, group
from . import Cue, Topic
from .raise_size import all_in, half_or_more, raise_declared

all_chips_needed = settled_by("all_chips_needed", {"chips_not_needed": "no", "chips_needed": "yes"})
_PUSHER = "pusher"


def _pushed(r: Reading, given: Facts) -> Facts | None:
    """Several chips put in ("a stack of chips", "a 100 chip and a 25 chip") with nothing said, or "call or raise?"."""
    pushed = r.has("chips_pushed") or len(chips_told(r)) > 1
    if pushed and (r.has("said_nothing") or r.has("raise_declared_no") or r.has("call_or_raise_question")):
        return {}
    return None


def chip_amounts(r: Reading, facts: Facts) -> None:
    """From the call and the chips pushed: was every chip needed, and is the extra at least half a raise."""
    chips = chips_told(r)
    call = next((betting_round.number(group(m, "amount")) for m in r.matches("call_amount")), None)
    if not chips or call is None or call <= 0:
        return
    total, smallest = sum(chips), min(chips)
    facts["all_chips_needed"] = "yes" if total - smallest < call else "no"
    if total <= call:
        return
    told = betting_round.told(r)
    blinds, street, actions = (told.blinds, told.street, list(told.actions)) if told else (
        Blinds(Decimal(1), Decimal(1)), Street.FLOP, [Action("bettor", Move.BET, call)])
    try:
        check = check_raise(blinds, [*actions, Action(_PUSHER, Move.BET, total)], street=street)
    except TableInputError:
        return
    short = check.under_raise
    facts["half_or_more"] = "yes" if short is None or total >= short.half_to else "no"


def chips_told(r: Reading) -> list[Decimal]:
    """The chips pushed, when the text names them ("two 100 chips", "quattro fiches da 25")."""
    chips: list[Decimal] = []
    for match in r.matches("chip_group"):
        count, value = group(match, "count") or "", betting_round.number(group(match, "value"))
        number = int(count) if count.isdigit() else r.lexicon.numbers.get(count)
        if value is not None and number:
            chips += [value] * number
    return chips


TOPIC = Topic("multiple-chips", cues=(Cue(113, _pushed),),
              readers=(raise_declared, all_in, all_chips_needed, half_or_more, chip_amounts))
