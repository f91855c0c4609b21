"""The minimum raise and reopening (catalogue 3.18, 3.19): the catalogue's own examples, the limit half-bet
rule, under-raises, impossible actions — and pokerkit's minimum raise on random no-limit preflops."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import Automation, NoLimitTexasHoldem

from table_tools.problems import TableInputError
from table_tools.raising import Action, Blinds, Kind, Move, Street, Structure, check_raise


def act(player: str, move: str, to: int | None = None) -> Action:
    return Action(player, Move(move), to)


def option(check, player):
    return next(o for o in check.options if o.player == player)


def test_the_increment_not_the_total_sets_the_next_raise() -> None:
    """Catalogue 3.18: bet 600, raise to 1,600, re-raise to 3,600 → the next raise goes to at least 5,600."""
    check = check_raise(
        Blinds(50, 100),
        [act("A", "bet", 600), act("B", "raise", 1600), act("C", "raise", 3600)],
        street=Street.FLOP,
    )
    assert (check.bet, check.full_raise, check.min_raise_to) == (3600, 2000, 5600)
    assert [r.kind for r in check.readings] == [Kind.BET, Kind.RAISE, Kind.RAISE]


def test_no_completing_in_big_bet_games() -> None:
    """Bet 100, all-in for 140: a raise must still add 100, to 240 (RRoP §14)."""
    check = check_raise(Blinds(25, 50), [act("A", "bet", 100), act("B", "all-in", 140)], street=Street.TURN)
    assert check.min_raise_to == 240
    assert check.readings[-1].kind is Kind.ALL_IN_SHORT


def test_the_issue_question_blinds_1_2_raise_to_6_all_in_for_9() -> None:
    check = check_raise(Blinds(1, 2), [act("A", "raise", 6), act("B", "all-in", 9)])
    assert (check.bet, check.full_raise, check.min_raise_to) == (9, 4, 13)
    a = option(check, "A")
    assert (a.to_call, a.facing, a.may_raise) == (3, 3, False)


def test_rrop_worked_example_the_short_all_in_reopens_for_nobody_fully_raised() -> None:
    """A bets 100, B raises to 200, C all-in for 250, A calls: B can't re-raise; A could have (he faced a full
    raise from B)."""
    before_a = check_raise(
        Blinds(25, 50), [act("A", "bet", 100), act("B", "raise", 200), act("C", "all-in", 250)], street=Street.FLOP
    )
    assert option(before_a, "A").may_raise is True
    after_a = check_raise(
        Blinds(25, 50),
        [act("A", "bet", 100), act("B", "raise", 200), act("C", "all-in", 250), act("A", "call")],
        street=Street.FLOP,
    )
    b = option(after_a, "B")
    assert (b.to_call, b.may_raise) == (50, False)


def test_short_all_ins_that_add_up_to_a_full_raise_reopen_for_whoever_faces_the_whole_of_it() -> None:
    """TDA 47: A raises to 300 (a 200 raise), B all-in 400, C calls 400, D all-in 500. A now faces 200 since
    acting, a full raise: A may raise. C faces only 100: C may not."""
    check = check_raise(
        Blinds(50, 100),
        [act("A", "raise", 300), act("B", "all-in", 400), act("C", "call"), act("D", "all-in", 500)],
    )
    assert option(check, "A").may_raise is True
    assert option(check, "C").may_raise is False
    assert check.min_raise_to == 700


def test_a_full_all_in_raise_reopens() -> None:
    check = check_raise(Blinds(1, 2), [act("A", "raise", 6), act("B", "all-in", 10)])
    assert check.readings[-1].kind is Kind.ALL_IN_FULL
    assert option(check, "A").may_raise is True
    assert check.min_raise_to == 14


@pytest.mark.parametrize(
    ("all_in", "reopens", "min_to"),
    [(14, False, 20), (15, True, 25), (16, True, 26)],
)
def test_limit_half_a_bet_or_more_counts_as_a_full_bet(all_in, reopens, min_to) -> None:
    """Limit 10/20 on the flop: A bets 10, B all-in. Less than half a bet (5) doesn't reopen and the next raise
    completes to 20; half a bet or more counts as a full bet and the next raise is a bet above it."""
    check = check_raise(
        Blinds(5, 10), [act("A", "bet", 10), act("B", "all-in", all_in)], structure=Structure.LIMIT, street=Street.FLOP
    )
    assert option(check, "A").may_raise is reopens
    assert check.min_raise_to == min_to


def test_limit_turn_bets_are_double() -> None:
    check = check_raise(Blinds(5, 10), [act("A", "bet", 20)], structure=Structure.LIMIT, street=Street.TURN)
    assert check.min_raise_to == 40


def test_a_straddle_is_the_bet_to_call_and_the_minimum_raise() -> None:
    check = check_raise(Blinds(1, 2, 4), [])
    assert (check.bet, check.min_raise_to) == (4, 8)


def test_an_under_raise_is_a_finding_with_the_tda_half_way_mark() -> None:
    check = check_raise(Blinds(1, 2), [act("A", "raise", 6), act("B", "raise", 7)])
    assert check.under_raise is not None
    assert (check.under_raise.to, check.under_raise.min_to, check.under_raise.half_to) == (7, 10, 8)
    assert [r.action.player for r in check.readings] == ["A"]  # read up to the illegal raise


def test_a_raise_by_an_amount_adds_it_to_the_bet() -> None:
    check = check_raise(Blinds(1, 2), [Action("A", Move.RAISE, by=4)])
    assert check.bet == 6


def test_a_bare_amount_equal_to_the_bet_is_a_call_and_the_big_blind_may_check_its_option() -> None:
    check = check_raise(Blinds(1, 2), [act("A", "bet", 2), act("BB", "check")])
    assert [r.kind for r in check.readings] == [Kind.CALL, Kind.CHECK]
    assert check.min_raise_to == 4


@pytest.mark.parametrize(
    ("actions", "key"),
    [
        ([act("A", "raise", 6), act("B", "check")], "check_facing_bet"),
        ([act("A", "fold"), act("A", "call")], "acted_after_folded"),
        ([act("A", "all-in", 9), act("A", "raise", 30)], "acted_after_all_in"),
        ([act("A", "raise", 2)], "raise_not_above"),
        ([act("A", "raise")], "amount_missing"),
    ],
)
def test_impossible_actions_are_refused(actions, key) -> None:
    with pytest.raises(TableInputError) as refused:
        check_raise(Blinds(1, 2), actions)
    assert refused.value.key == key


def test_limit_raises_are_one_bet_exactly() -> None:
    with pytest.raises(TableInputError) as refused:
        check_raise(Blinds(5, 10), [act("A", "raise", 35)], structure=Structure.LIMIT)
    assert refused.value.key == "limit_raise_size"


@pytest.mark.parametrize("blinds", [Blinds(2, 1), Blinds(0, 2), Blinds(1, 2, 2)])
def test_blinds_out_of_order_are_refused(blinds) -> None:
    with pytest.raises(TableInputError) as refused:
        check_raise(blinds, [])
    assert refused.value.key == "blinds_order"


def test_amounts_may_be_decimals() -> None:
    check = check_raise(Blinds(Decimal("0.5"), 1), [act("A", "raise", 3)])
    assert check.min_raise_to == Decimal(5)


# --- pokerkit --------------------------------------------------------------------------------------------

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
)
MOVES = st.sampled_from(["fold", "call", "min", "double", "shove"])
STACKS = st.one_of(st.integers(3, 200), st.sampled_from([5, 7, 9, 11]))  # short stacks make short all-ins


@settings(max_examples=200, deadline=None)
@given(st.lists(STACKS, min_size=2, max_size=6), st.lists(MOVES, min_size=1, max_size=12))
def test_the_minimum_raise_matches_pokerkit_at_every_decision_of_a_preflop(stacks, plan) -> None:
    """pokerkit plays a no-limit preflop (blinds 1/2) from random choices; before each decision where it lets
    the player raise, its minimum raise-to is ours from the actions so far (when the stack covers it), and a
    player who already acted may raise exactly when we say the betting is open to them.

    pokerkit counts reopening from the first voluntary raise only (a limper facing a short all-in above the big
    blind may raise there; TDA 47 treats the big blind as the opening bet, and so do we) and lumps consecutive
    short all-ins together for everyone: the reopening check is compared after a full raise and one short
    all-in at most, where the two rules agree."""
    state = NoLimitTexasHoldem.create_state(AUTOMATIONS, True, 0, (1, 2), 2, stacks, len(stacks))
    actions: list[Action] = []
    for choice in plan:
        actor = state.actor_index
        if actor is None or state.street_index != 0:
            break
        ours = check_raise(Blinds(1, 2), actions)
        theirs = state.min_completion_betting_or_raising_to_amount
        covers = state.stacks[actor] + state.bets[actor] > ours.min_raise_to
        if theirs is not None and covers:
            assert theirs == ours.min_raise_to
        acted = {o.player: o for o in ours.options}
        shorts = len(ours.short_all_ins)
        raised = any(r.kind in (Kind.RAISE, Kind.BET, Kind.ALL_IN_FULL) for r in ours.readings)
        others_can_call = any(
            i != actor and state.statuses[i] and state.stacks[i] + state.bets[i] > max(state.bets)
            for i in range(len(stacks))
        )
        if str(actor) in acted and covers and others_can_call and raised and shorts <= 1:
            assert (theirs is not None) == acted[str(actor)].may_raise
        actions.append(play(state, actor, choice))


def play(state, actor: int, choice: str) -> Action:
    """Make pokerkit do `choice` (or the nearest legal move) and say what it was in our terms."""
    top = state.max_completion_betting_or_raising_to_amount
    low = state.min_completion_betting_or_raising_to_amount
    if choice == "fold" and state.can_fold() and max(state.bets) > state.bets[actor]:
        state.fold()
        return Action(str(actor), Move.FOLD)
    if choice in ("min", "double", "shove") and low is not None and top is not None:
        to = {"min": low, "double": min(top, 2 * low), "shove": top}[choice]
        state.complete_bet_or_raise_to(to)
    else:
        state.check_or_call()
    to = state.bets[actor]
    if state.stacks[actor] == 0:
        return Action(str(actor), Move.ALL_IN, to)
    if choice in ("min", "double", "shove") and low is not None and top is not None:
        return Action(str(actor), Move.RAISE, to)
    return Action(str(actor), Move.CALL if to > 2 or actor != 1 else Move.CHECK)


@settings(max_examples=100, deadline=None)
@given(st.integers(4, 30), st.integers(1, 60))
def test_an_all_in_over_a_raise_reopens_exactly_when_pokerkit_says_so(raise_to, over) -> None:
    """Blinds 1/2: A raises to `raise_to`, B is all-in for `over` more, C calls, the blinds fold; back to A.
    A may re-raise exactly when B's all-in was a full raise — for pokerkit and for us."""
    shove = raise_to + over
    state = NoLimitTexasHoldem.create_state(AUTOMATIONS, True, 0, (1, 2), 2, [500, 500, 500, shove, 500], 5)
    state.complete_bet_or_raise_to(raise_to)  # A (first to act after the blinds)
    state.complete_bet_or_raise_to(shove)  # B, all-in
    state.check_or_call()  # C
    state.fold()  # small blind
    state.fold()  # big blind
    assert state.actor_index == 2
    actions = [act("A", "raise", raise_to), act("B", "all-in", shove), act("C", "call")]
    actions += [act("SB", "fold"), act("BB", "fold")]

    ours = option(check_raise(Blinds(1, 2), actions), "A")

    assert ours.may_raise == state.can_complete_bet_or_raise_to() == (over >= raise_to - 2)
