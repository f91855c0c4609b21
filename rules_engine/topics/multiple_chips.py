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
from ..readers.betting_round import on_digits, words_said
from ..readers.phrases import settled_by
from ..reading import Facts, Reading, group, inside
from . import Cue, Topic
from .raise_size import all_in, half_or_more, pushed_by_total, raise_declared_before

all_chips_needed = settled_by("all_chips_needed", {"chips_not_needed": "no", "chips_needed": "yes"})
_PUSHER = "pusher"


def _pushed(r: Reading, given: Facts) -> Facts | None:
    """Several chips put in ("a stack of chips", "a 100 chip and a 25 chip") with nothing said, or "call or raise?"."""
    if r.has("undercall") or paid_less_than_owed(r):
        return None  # less than the bet: a short call
    after_raise = r.has("pushed_after_raise")
    if not (after_raise or r.has("said_nothing") or r.has("raise_declared_no") or r.has("call_or_raise_question")
            or _all_pushed(r)):
        return None  # no push told in silence: the betting round (a slow reader) is not worked out
    told = betting_round.told(r)
    if told and pushed_by_total(r, told):
        return None  # "silently puts out 15", "says raise and pushes 8k": no chip named, the raise size decides
    if after_raise:
        return {}  # "said raise and pushed two 1,000 chips": a push of chips after the word
    if told and _last_chips_by_total(r, told):
        return None  # "pushes his last 950 into a 600 bet": an all-in, whose size is the raise size's to weigh
    if told and told.short:
        return None  # less than the bet: a short call
    faced = told.push_faced() if told else None
    if faced is not None and faced[0] == faced[1]:
        return None  # exactly the bet ("raised to 300, I put in 300"): a call
    if not (r.has("chips_pushed") or len(chips_told(r)) > 1 or (told and told.pushed)):
        return None
    amounts = push_and_call(r)
    if amounts and amounts[0] <= amounts[1]:
        return None  # exactly the call ("bet 200, I pushed exactly 200"): a call; less is a short call
    return {}


def _all_pushed(r: Reading) -> bool:
    """All his chips pushed, no word said about them ("spinge tutte le sue fiche, erano 730"), and nobody's options
    asked about afterwards (that is the reopening question): what the push is, is this rule's."""
    return r.has("all_in_yes") and not (r.has("round_asker") or r.has("allin_options_question") or words_said(
        r, "raise_declared_yes") or r.has("round_said"))


def _last_chips_by_total(r: Reading, told: betting_round.Told) -> bool:
    """His last chips told by their total above the bet they faced, with neither silence nor a dispute over call or
    raise told and no chip named ("guy pushes his last 950 into a 600 bet, that's his whole stack"): the story is
    an all-in's size, not what a silent push of several chips means."""
    faced = told.push_faced()
    return faced is not None and faced[0] > faced[1] and r.has("all_in_yes") and not any(map(r.has, (
        "said_nothing", "raise_declared_no", "call_or_raise_question", "chip_group", "chip_total_in", "chips_pushed")))


def paid_less_than_owed(r: Reading) -> bool:
    """Chips told against the bet they were meant to call, and less ("200 to call a 350 bet", "solo 40 degli 80")."""
    for match in r.matches("undercall_paid_owed"):
        paid, owed = (betting_round.read_number(r, group(match, name)) for name in ("paid", "owed"))
        if paid is not None and owed is not None and paid < owed:
            return True
    return False


def push_and_call(r: Reading) -> tuple[Decimal, Decimal] | None:
    """The total of the chips pushed and the bet they faced, when the text gives both (worked out once)."""
    if betting_round.told(r) is None and not r.has("call_amount") and betting_round.blinds_only(r) is None:
        return None  # no bet to measure the chips against
    return r.derived("push_and_call", lambda: _push_and_call(r))


def _the_push(r: Reading) -> tuple[Decimal, Blinds, Street, list[Action]] | None:
    """The total of the chips pushed and the round before them, when the text gives both."""
    told = betting_round.told(r)
    chips = chips_told(r)
    pushed = told.pushed if told else None
    total = sum(chips) if chips else (pushed.to if pushed and pushed.to is not None else None)
    round_before = _before_the_push(r, told)
    if total is None or round_before is None:
        return None
    return Decimal(total), *round_before


def _push_and_call(r: Reading) -> tuple[Decimal, Decimal] | None:
    push = _the_push(r)
    if push is None:
        return None
    total, blinds, street, before = push
    try:
        call = check_raise(blinds, before, street=street).bet
    except TableInputError:
        return None
    return Decimal(total), call


def raise_not_said(r: Reading, facts: Facts) -> None:
    """"Call or raise?" about chips pushed, with no word of a raise: had "raise" been said, there would be
    nothing to ask (the words, not the chips, would decide), so none was."""
    if "raise_declared" not in facts and r.has("call_or_raise_question"):
        facts["raise_declared"] = "no"


def chip_amounts(r: Reading, facts: Facts) -> None:
    """From the bet to call and the chips put out: was every chip needed (TDA 45), and is the extra at least half
    a raise (TDA 43, worked out by table_tools.raising: the push read as a raise to its total)."""
    push = _the_push(r)
    if push is None:
        return
    total, blinds, street, before = push
    chips = chips_told(r)
    try:
        call = check_raise(blinds, before, street=street).bet
        after = check_raise(blinds, [*before, Action(_PUSHER, Move.BET, total)], street=street)
    except TableInputError:
        return
    if call <= 0:
        return
    if chips:
        facts["all_chips_needed"] = "yes" if total - min(chips) < call else "no"
    if total > call:
        short = after.under_raise
        facts["half_or_more"] = "yes" if short is None or total >= short.half_to else "no"


def _before_the_push(r: Reading, told: betting_round.Told | None) -> tuple[Blinds, Street, list[Action]] | None:
    """The round up to the chips in dispute: the moves told before them, or just the bet named ("facing 150")."""
    if told is not None and told.actions and not told.guessed:  # guessed blinds leave the raise size unknown
        before = list(told.actions)
        if told.pushed is not None and not told.short:
            before = before[:-1]
        if before or told.street is Street.PREFLOP:
            return told.blinds, told.street, before
    named = betting_round.blinds_only(r) if told is None else None
    if named is not None and named[1] is Street.PREFLOP:
        return named[0], Street.PREFLOP, []  # only the blinds told: the big blind is the bet faced
    call = next((betting_round.read_number(r, group(m, "amount")) for m in r.matches("call_amount")), None)
    if call is None:
        return None
    return Blinds(Decimal(1), Decimal(1)), Street.FLOP, [Action("bettor", Move.BET, call)]


def chips_told(r: Reading) -> list[Decimal]:
    """The chips pushed, when the text names them ("two 100 chips", "quattro fiches da 25"); not chips already out
    before the move (the blind posted: "he has two 25s out and throws a 100 chip on top")."""
    chips: list[Decimal] = []
    out = r.matches("chips_already_out")
    for match in r.matches("chip_total_in"):  # "1,400 in 100s"
        total, value = (betting_round.read_number(r, group(match, name)) for name in ("total", "value"))
        if total and value and total % value == 0:
            chips += [value] * int(total / value)
    for match in r.matches("chip_group"):
        if any(inside(match, o) for o in out):
            continue
        count, value = group(match, "count") or "", betting_round.read_number(r, group(match, "value"))
        # the shared number words, then the amounts' own ("sei fiche da 50": elsewhere "sei" is "you are")
        number = r.lexicon.numbers.get(count) or betting_round.read_number(r, count)
        if value is not None and number:
            chips += [value] * int(number)
    return chips


TOPIC = Topic("multiple-chips", cues=(Cue(113, on_digits(_pushed)),),
              readers=tuple(map(on_digits, (raise_declared_before("chips_pushed", "round_push"), raise_not_said, all_in,
                                            all_chips_needed, half_or_more, chip_amounts))))
