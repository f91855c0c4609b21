"""A call for less than the bet (betting.undercall). What decides it: did he say "call", was he all-in, was it
heads-up, was the bet he faced the round's opening bet (pre-flop, the big blind). Recognised by its words, or by a
betting round told with amounts whose last chips put out were less than the bet ("bet 60, he slides out 40"):
then whether that bet was the opening one is read from the round."""

from __future__ import annotations

from table_tools.raising import Kind, Move, Street

from ..readers import betting_round
from ..readers.betting_round import on_digits, words_said
from ..readers.phrases import settled_by
from ..reading import Facts, Reading
from . import Cue, Topic
from .multiple_chips import paid_less_than_owed, push_and_call
from .oversized_chip import undersized
from .raise_size import all_in


def _call_said(r: Reading) -> bool:
    """"Call" said, unless its verb of saying is denied ("nobody said call", "non dice vedo")."""
    return bool(words_said(r, "call_declared_yes"))


call_declared = settled_by("call_declared", {"call_declared_yes": "yes", "said_nothing": "no"},
                           read_with={"call_declared_yes": _call_said})
heads_up = settled_by("heads_up", {"heads_up_no": "no", "heads_up_yes": "yes"})
facing_opening_bet = settled_by("facing_opening_bet", {"opening_bet_no": "no", "opening_bet_yes": "yes"})
_NOT_HEADS_UP = 3  # players told still in the round: more than the two of a heads-up hand
_RAISED = (Kind.RAISE, Kind.ALL_IN_FULL, Kind.ALL_IN_SHORT)
# Chips told put out: pushed ("slides out 40", "calls 3000", "300 on top"), one chip's value, or chips counted
_CHIPS_PUT_OUT = ("round_push", "round_push_total", "round_call_amount", "round_on_top", "single_chip_value",
                  "chip_total_in", "chip_group")


def _short(r: Reading, given: Facts) -> Facts | None:
    return {} if short_call(r) else None


def short_call(r: Reading) -> bool:
    """Words for a short call, or for calling the bet he thought it was after missing the one in front of him
    ("didn't see the raise … throws in chips to call 300"), or chips put out that are less than the bet."""
    if r.has("undercall") or (r.has("undercall_missed_bet") and r.has("undercall_called_what_he_thought")):
        return True
    if paid_less_than_owed(r):  # "slid out 200 to call a 350 bet", "only 60 of the 100"
        return True
    if not any(map(r.has, _CHIPS_PUT_OUT)):
        return False  # no chips told put out, so none less than the bet: the betting round (a slow reader) not needed
    told = betting_round.told(r)
    if (told and told.short) or undersized(r):
        return True
    amounts = push_and_call(r)  # "he puts in 50 facing my 80 bet"
    return amounts is not None and amounts[0] < amounts[1]


def heads_up_from_the_round(r: Reading, facts: Facts) -> None:
    """Three players or more told still in the round of the short call ("il primo punta 600, il secondo rilancia a
    1800, lo small blind spinge 1200"): the hand was not heads-up, when no phrase said how many were in it. A player
    whose last move was a fold is out of it ("UTG raises, everyone folds to the big blind" is heads-up); the posted
    blinds are no moves of the round, so a blind counts only by what he did after posting."""
    told = betting_round.told(r)
    if "heads_up" in facts or told is None or not told.short or told.pushed is None:
        return
    last = {action.player: action.move for action in (*told.actions, told.pushed)}
    if sum(move is not Move.FOLD for move in last.values()) >= _NOT_HEADS_UP:
        facts["heads_up"] = "no"


def opening_bet_from_the_round(r: Reading, facts: Facts) -> None:
    """Whether the bet faced was the round's first: nothing but the blinds (pre-flop) or one bet (after it). A
    single chip below the big blind with no bet told ("blinds 100/200, UTG puts out a single 100 chip") faced the
    blind, the pre-flop opening bet."""
    told = betting_round.told(r)
    if told is None and undersized(r):
        facts["facing_opening_bet"] = "yes"
    if told is None or not told.short:
        return
    kinds = [reading.kind for reading in told.check.readings]
    bets = sum(kind is Kind.BET for kind in kinds)
    raised = any(kind in _RAISED for kind in kinds) if told.street is Street.PREFLOP else (
        bets > 1 or any(kind in _RAISED for kind in kinds))
    facts["facing_opening_bet"] = "no" if raised else "yes"


TOPIC = Topic("undercall", cues=(Cue(103, on_digits(_short)),),
              readers=tuple(map(on_digits, (call_declared, all_in, heads_up, heads_up_from_the_round,
                                            facing_opening_bet, opening_bet_from_the_round))))
