"""The minimum legal raise, and whether an all-in reopened the betting — one betting round's arithmetic.

Pure and standard-library only, so the rules engine can reuse it ("blinds 1/2, A raises to 6, B all-in for 9:
can A re-raise?" is `check_raise(Blinds(1, 2), [Action("A", Move.RAISE, 6), Action("B", Move.ALL_IN, 9)])`).

The rules (catalogue 3.18 and 3.19; RRoP §3 Betting and Raising r.5–6 and §14, TDA 43, 47, 52-A):
- a raise must add at least the largest bet or raise of this round (the increment, not the total);
- big-bet games have no "completing": after a short all-in the next raise still adds a full increment on top;
- an all-in short of a full raise doesn't reopen the betting for players who already acted — unless what they
  now face since they acted adds up to a full raise (several short all-ins together);
- limit: an all-in of half a bet or more counts as a full bet (reopens, and the next raise goes a bet above
  it); less than half doesn't reopen, and the next raise completes to a bet above the last full one.

Amounts are each player's total in front of them in this round ("to"), blinds included.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from enum import Enum

from table_tools.problems import TableInputError

Amount = Decimal | int


class Structure(Enum):
    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    LIMIT = "limit"


class Street(Enum):
    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"


class Move(Enum):
    CHECK = "check"
    CALL = "call"
    BET = "bet"  # a bet or a raise: `to` is the new total
    RAISE = "raise"
    ALL_IN = "all-in"  # `to` is the player's whole total this round
    FOLD = "fold"


class Kind(Enum):
    """What an action turned out to be."""

    CHECK = "check"
    CALL = "call"
    FOLD = "fold"
    BET = "bet"  # opened the betting (after the flop)
    RAISE = "raise"  # a full raise
    ALL_IN_CALL = "all-in-call"  # all-in for the current bet or less
    ALL_IN_FULL = "all-in-full"  # all-in for a full bet or raise: reopens
    ALL_IN_SHORT = "all-in-short"  # all-in for more, but short of a full raise: doesn't reopen by itself


@dataclass(frozen=True, slots=True)
class Blinds:
    """The forced bets; `straddle` (if any) is the bet to call preflop and sets the minimum raise (RRoP §14)."""

    small: Amount
    big: Amount
    straddle: Amount | None = None


@dataclass(frozen=True, slots=True)
class Action:
    """A player's move; a bet, raise or all-in gives the new total `to` (or, for a raise, what it adds: `by`)."""

    player: str
    move: Move
    to: Amount | None = None
    by: Amount | None = None


@dataclass(frozen=True, slots=True)
class Reading:
    """One action as the rules see it; `increment` is how much it raised the bet (0 for calls)."""

    action: Action
    kind: Kind
    increment: Decimal
    bet: Decimal  # the bet to call after it


@dataclass(frozen=True, slots=True)
class Option:
    """What a player who already acted may do now: call `to_call` more (0: check) and, if `may_raise`, raise.
    `facing` is how much the bet grew since they last acted."""

    player: str
    to_call: Decimal
    facing: Decimal
    may_raise: bool


@dataclass(frozen=True, slots=True)
class UnderRaise:
    """A raise (not all-in) short of the minimum; TDA 43: at least `half_to` must be completed to `min_to`,
    less is a call. The reading stops before it."""

    action: Action
    to: Decimal
    bet: Decimal  # the bet it faced: 0 for an opening bet below the minimum
    min_to: Decimal
    half_to: Decimal


@dataclass(frozen=True, slots=True)
class RaiseCheck:
    """The round after the actions: the bet to call, the last full raise, the minimum raise to, every action
    read, and the options of each player who acted and can still act."""

    structure: Structure
    street: Street
    bet: Decimal
    full_raise: Decimal
    min_raise_to: Decimal
    readings: tuple[Reading, ...]
    options: tuple[Option, ...]
    under_raise: UnderRaise | None = None

    @property
    def short_all_ins(self) -> tuple[Reading, ...]:
        return tuple(r for r in self.readings if r.kind is Kind.ALL_IN_SHORT)


@dataclass(slots=True)
class _Round:
    """The round as it goes: the bet, the last full increment, the level of the last full bet (limit), and
    each player's total and the bet they had matched when they last acted."""

    structure: Structure
    bet: Decimal
    full_raise: Decimal
    last_full: Decimal
    opened: bool  # someone has bet or raised (preflop: the blinds count as the opening bet)
    raised: bool = False  # someone bet or raised beyond the blinds in this round
    put_in: dict[str, Decimal] = field(default_factory=dict)
    level_when_acted: dict[str, Decimal] = field(default_factory=dict)
    folded: set[str] = field(default_factory=set)
    all_in: set[str] = field(default_factory=set)

    @property
    def limit(self) -> bool:
        return self.structure is Structure.LIMIT

    def min_raise_to(self) -> Decimal:
        if self.limit:
            return self.last_full + self.full_raise
        return self.bet + self.full_raise

    def counts_as_full(self, to: Decimal) -> bool:
        """Big bet: at least a full increment over the bet. Limit: at least half a bet over the last full one."""
        if self.limit:
            return 2 * (to - self.last_full) >= self.full_raise
        return to - self.bet >= self.full_raise


def check_raise(
    blinds: Blinds,
    actions: Sequence[Action],
    *,
    structure: Structure = Structure.NO_LIMIT,
    street: Street = Street.PREFLOP,
) -> RaiseCheck:
    """Read the round's actions in order. Raises TableInputError for actions that can't happen (a check
    facing a bet, acting after folding, a raise that isn't above the bet); an under-raise is a finding."""
    small, big = Decimal(blinds.small), Decimal(blinds.big)
    if not 0 < small <= big or (blinds.straddle is not None and Decimal(blinds.straddle) <= big):
        raise TableInputError("blinds_order", small=small, big=big)
    step = big * 2 if structure is Structure.LIMIT and street in (Street.TURN, Street.RIVER) else big
    preflop = street is Street.PREFLOP
    opening = Decimal(blinds.straddle) if preflop and blinds.straddle is not None else big
    state = _Round(
        structure,
        bet=opening if preflop else Decimal(0),
        full_raise=step if structure is Structure.LIMIT else opening,
        last_full=opening if preflop else Decimal(0),
        opened=preflop,
    )
    readings: list[Reading] = []
    for action in actions:
        if action.player in state.folded or action.player in state.all_in:
            gone = "folded" if action.player in state.folded else "all_in"
            raise TableInputError(f"acted_after_{gone}", name=action.player)
        try:
            kind, increment = _apply(state, action, preflop)
        except _Illegal as illegal:
            return _result(state, street, readings, illegal.under_raise)
        state.level_when_acted[action.player] = state.bet  # what they have matched, or raised to
        readings.append(Reading(action, kind, increment, state.bet))
    return _result(state, street, readings, None)


class _Illegal(Exception):
    def __init__(self, under_raise: UnderRaise) -> None:
        self.under_raise = under_raise


def _apply(state: _Round, action: Action, preflop: bool) -> tuple[Kind, Decimal]:
    """Update the round for one action; what it was and how much it raised."""
    name = action.player
    before = state.put_in.get(name, Decimal(0))
    if action.move is Move.FOLD:
        state.folded.add(name)
        return Kind.FOLD, Decimal(0)
    if action.move is Move.CHECK:
        blind_option = preflop and not state.raised  # the names don't say who the big blind is: trust it
        if state.bet > before and not blind_option:
            raise TableInputError("check_facing_bet", name=name, bet=state.bet)
        state.put_in[name] = state.bet if blind_option else before
        return Kind.CHECK, Decimal(0)
    if action.move is Move.CALL:
        if state.bet == 0:
            return Kind.CHECK, Decimal(0)
        state.put_in[name] = state.bet
        return Kind.CALL, Decimal(0)
    if action.to is None and action.by is None:
        raise TableInputError("amount_missing", name=name)
    to = Decimal(action.to) if action.to is not None else state.bet + Decimal(action.by or 0)
    if action.move is Move.ALL_IN:
        return _all_in(state, name, to)
    return _raise(state, action, to)


def _all_in(state: _Round, name: str, to: Decimal) -> tuple[Kind, Decimal]:
    state.put_in[name] = to
    state.all_in.add(name)
    if to <= state.bet:
        return Kind.ALL_IN_CALL, Decimal(0)
    increment = to - state.bet
    full = state.counts_as_full(to)
    if full:
        state.last_full = to
        if not state.limit:
            state.full_raise = increment
    state.bet = to
    state.opened = state.raised = True
    return (Kind.ALL_IN_FULL if full else Kind.ALL_IN_SHORT), increment


def _raise(state: _Round, action: Action, to: Decimal) -> tuple[Kind, Decimal]:
    if to == state.bet and action.move is Move.BET and action.by is None:
        state.put_in[action.player] = to  # "Alice 6" facing 6: she put in the call
        return Kind.CALL, Decimal(0)
    if to <= state.bet:
        raise TableInputError("raise_not_above", name=action.player, to=to, bet=state.bet)
    increment = to - state.bet
    minimum = state.min_raise_to()
    if state.limit and to != minimum:
        raise TableInputError("limit_raise_size", name=action.player, to=to, size=minimum)
    if to < minimum:
        half = state.bet + (minimum - state.bet) / 2
        raise _Illegal(UnderRaise(action, to, state.bet, minimum, half))
    kind = Kind.RAISE if state.opened else Kind.BET
    state.put_in[action.player] = to
    state.full_raise = state.full_raise if state.limit else increment
    state.bet = state.last_full = to
    state.opened = state.raised = True
    return kind, increment


def _result(state: _Round, street: Street, readings: list[Reading], under: UnderRaise | None) -> RaiseCheck:
    options = []
    for name, level in state.level_when_acted.items():
        if name in state.folded or name in state.all_in:
            continue
        facing = state.bet - level
        may_raise = 2 * facing >= state.full_raise if state.limit else facing >= state.full_raise
        options.append(Option(name, state.bet - state.put_in.get(name, Decimal(0)), facing, may_raise))
    return RaiseCheck(
        state.structure,
        street,
        state.bet,
        state.full_raise,
        state.min_raise_to(),
        tuple(readings),
        tuple(options),
        under,
    )
