"""A single chip bigger than the call (betting.oversized-chip). What decides it: was there a bet to call, had he
said "raise" before the chip landed, and did he say how much."""

from __future__ import annotations

from decimal import Decimal

from table_tools.raising import Street

from ..readers import betting_round
from ..readers.betting_round import on_digits, words_said
from ..readers.phrases import settled_by
from ..reading import Facts, Reading, group
from . import Cue, Topic
from .multiple_chips import chips_told
from .non_standard_fold import facing_bet
from .raise_size import raise_declared_before

_BETS_TOLD = ("round_bet", "round_raise", "round_allin", "round_faced", "round_faced_su", "call_amount")
amount_named = settled_by("amount_named", {"amount_not_named": "no", "raise_chip_named": "yes"})

def _one_chip(r: Reading, given: Facts) -> Facts | None:
    """One chip put in as a bet or call (not a chip someone owns, or one on his cards)."""
    if not (r.has("single_chip") and r.has("chip_put_in")) or len(chips_told(r)) > 1 or r.has("undercall") or (
            r.has("allin_one_chip") or r.has("chip_with_others")):
        return None  # "a 100 chip and a 25 chip" are several chips; "all in for a single chip" is his last
    value = _chip_value(r)
    call = next((betting_round.read_number(r, group(m, "amount")) for m in r.matches("call_amount")), None)
    if value is not None and value == call:
        return None  # a chip worth exactly the call: a call, nothing to rule
    return None if _below_the_bet(r, value) else {}


def _chip_value(r: Reading) -> Decimal | None:
    """The value of the one chip put in ("a single 500 chip", "una fiche da 100"), when the text gives it."""
    return next((betting_round.read_number(r, group(m, "value")) for m in r.matches("single_chip_value")), None)


def undersized(r: Reading) -> bool:
    """One chip worth less than the bet told in the round ("he bets 300, I put in a single 100 chip"), or than the
    big blind before the flop with no bet told ("blinds 100/200, UTG puts out a single 100 chip"): a short call,
    the undercall rule's, not an oversized chip."""
    return _below_the_bet(r, _chip_value(r))


def _below_the_bet(r: Reading, value: Decimal | None) -> bool:
    if value is None:
        return False
    told = betting_round.told(r)
    if told is not None:
        return value < told.check.bet
    blinds = betting_round.blinds_only(r)
    return blinds is not None and blinds[1] is Street.PREFLOP and value < blinds[0].big


def small_blind_faces_the_big(r: Reading, facts: Facts) -> None:
    """The small blind's chip before the flop faces the big blind, raised pot or not ("pot unraised, the small
    blind pushes a single 500 chip")."""
    if r.has("small_blind_acts") and not r.has("round_postflop"):
        facts["facing_bet"] = "yes"


def faces_the_blind(r: Reading, facts: Facts) -> None:
    """The chip put in on the big blind, or before the flop by anyone but the big blind (blinds told and no later
    street named is before the flop): the blind is a bet to call (the big blind's own option in an unraised pot is
    not)."""
    if "facing_bet" in facts or r.has("chip_first_to_act") or r.has("round_postflop") or r.has("big_blind_acts"):
        return
    if r.has("chip_on_the_blind") or betting_round.blinds_only(r) is not None:  # "blinds 100/200, UTG throws…"
        facts["facing_bet"] = "yes"


def bet_told_before(r: Reading, facts: Facts) -> None:
    """A bet or raise told with its amount before the chip ("il posto 3 apre a 300 e il posto 5 mette una fiche da
    1.000"), or named as the bet faced wherever it is told ("one big chip over a call of 400"): the chip faced it."""
    if "facing_bet" in facts:
        return
    chip = next((m.start() for m in r.matches("single_chip_value")), None)
    bets = [m.start() for concept in _BETS_TOLD for m in r.matches(concept)]
    if (chip is not None and any(start < chip for start in bets)) or betting_round.faced_named(r):
        facts["facing_bet"] = "yes"


def first_to_act(r: Reading, facts: Facts) -> None:
    """"Il primo a parlare butta una fiche da 500", "it's checked to me": nobody had bet, so no bet to call."""
    if "facing_bet" not in facts and r.has("chip_first_to_act"):
        facts["facing_bet"] = "no"


def amount_with_the_raise(r: Reading, facts: Facts) -> None:
    """"He said raise and threw one black chip": no amount follows the word, so none was named ("the cutoff
    raises to 150" is someone else's raise); "dico 'rilancio a 900'" names it in the words he said."""
    if facts.get("raise_declared") != "yes" or "amount_named" in facts:
        return
    said = words_said(r, "raise_declared_yes")
    named = any(m.start() <= a.start() <= m.end() for m in said for a in r.matches("raise_amount_said"))
    facts["amount_named"] = "yes" if named else "no"


def amount_said_before(r: Reading, facts: Facts) -> None:
    """An amount said before the chip went in, more than the bet it faced ("dice 'seicento' e butta una fiche da
    mille sopra una puntata di 300", "says 'eight hundred' and drops a 1,000 chip on a 500 bet"): a raise declared,
    and its amount named (an amount equal to the bet is a call, nothing more)."""
    chip = next((m.start() for m in r.matches("single_chip_value")), None)
    if chip is None or facts.get("raise_declared") == "yes":
        return
    said = [m for m in r.matches("amount_said") if m.end() <= chip]
    bets = [betting_round.read_number(r, group(m, "to") or group(m, "amount")) for concept in (*_BETS_TOLD,
            "bet_under_chip") for m in r.matches(concept) if not any(s.start() <= m.start() < s.end() for s in said)]
    faced = max((bet for bet in bets if bet is not None), default=None)
    amounts = [betting_round.read_number(r, m["amount"]) for m in said]
    if faced is not None and any(amount is not None and amount > faced for amount in amounts):
        facts["raise_declared"] = "yes"
        facts["amount_named"] = "yes"


TOPIC = Topic("oversized-chip", cues=(Cue(123, on_digits(_one_chip)),),
              readers=tuple(map(on_digits, (facing_bet, small_blind_faces_the_big, faces_the_blind, first_to_act,
                                            bet_told_before, raise_declared_before("single_chip_value"),
                                            amount_said_before, amount_named,
                                            amount_with_the_raise))))
