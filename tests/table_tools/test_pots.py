"""Pots: layers into main and side pots, uncalled chips back, odd chips by seat — against a brute-force
chip-by-chip splitter on random contributions, and against pokerkit's own side pots for hands it plays out."""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from pokerkit import Automation, NoLimitTexasHoldem

from table_tools.pots import Contribution, Pots, award, build_pots
from table_tools.problems import TableInputError

D = Decimal


def contributions(*entries: tuple[str, int] | tuple[str, int, str]) -> list[Contribution]:
    return [
        Contribution(name, D(amount), folded="folded" in flags, all_in="all-in" in flags)
        for name, amount, *flags in entries
    ]


def test_the_issue_example_main_pot_side_pot_and_who_can_win_each() -> None:
    pots = build_pots(contributions(("Alice", 100, "all-in"), ("Bob", 250), ("Carol", 250), ("Dave", 40, "folded")))

    assert [(p.chips, p.eligible) for p in pots.pots] == [(340, ("Alice", "Bob", "Carol")), (300, ("Bob", "Carol"))]
    assert pots.returned == ()
    assert pots.assumed_all_in == ()


def test_chips_nobody_called_go_back_and_a_short_live_player_is_taken_as_all_in() -> None:
    pots = build_pots(contributions(("Alice", 100), ("Bob", 300)))

    assert [(p.chips, p.eligible) for p in pots.pots] == [(200, ("Alice", "Bob"))]
    assert pots.returned == (("Bob", 200),)
    assert pots.assumed_all_in == ("Alice",)


def test_a_folded_players_chips_stay_in_the_pot_for_those_still_in() -> None:
    pots = build_pots(contributions(("Alice", 50, "all-in"), ("Bob", 300, "folded"), ("Carol", 1000)))

    assert [(p.chips, p.eligible) for p in pots.pots] == [(150, ("Alice", "Carol")), (500, ("Carol",))]
    assert pots.returned == (("Carol", 700),)


@pytest.mark.parametrize(
    ("entries", "key"),
    [
        ((), "no_contributions"),
        ((("Alice", 10, "folded"), ("Bob", 10, "folded")), "everyone_folded"),
        ((("Alice", 10, "all-in"), ("Bob", 30, "folded"), ("Carol", 30, "folded")), "pot_without_players"),
        (tuple((f"P{n}", 10) for n in range(11)), "too_many_players"),
        ((("Alice", 0), ("Bob", 10)), "amount_not_positive"),
    ],
)
def test_impossible_contributions_are_refused(entries, key) -> None:
    with pytest.raises(TableInputError) as refused:
        build_pots(contributions(*entries))
    assert refused.value.key == key


def test_amounts_must_be_whole_chips_of_the_unit() -> None:
    with pytest.raises(TableInputError) as refused:
        build_pots(contributions(("Alice", 25), ("Bob", 23)), unit=D(5))
    assert refused.value.key == "not_whole_chips"


def test_a_split_gives_one_odd_chip_each_in_seat_order_from_the_button() -> None:
    pots = build_pots(contributions(("Alice", 5), ("Bob", 5), ("Carol", 5), ("Dave", 5, "folded")))
    [pot] = award(pots, {"Alice": 5, "Bob": 5, "Carol": 5}, seats=["Carol", "Dave", "Alice", "Bob"])

    assert pot.pot.chips == 20  # three ways: 6 each and two odd chips
    assert [(s.name, s.chips, s.odd_chip) for s in pot.shares] == [
        ("Carol", 7, True),
        ("Alice", 7, True),
        ("Bob", 6, False),
    ]


def test_each_pot_is_split_on_its_own_with_its_own_odd_chip() -> None:
    entries = contributions(("Alice", 5, "all-in"), ("Bob", 20), ("Carol", 20), ("Dave", 12, "folded"))
    pots = build_pots(entries)
    strength = {"Alice": 9, "Bob": 3, "Carol": 3}  # Alice wins the main pot; Bob and Carol split the side pot

    main, side = award(pots, strength, seats=["Carol", "Dave", "Alice", "Bob"])

    assert [(s.name, s.chips) for s in main.shares] == [("Alice", 20)]
    assert side.pot.chips == 37
    assert [(s.name, s.chips, s.odd_chip) for s in side.shares] == [("Carol", 19, True), ("Bob", 18, False)]


def test_a_pot_with_one_player_left_is_theirs_whatever_they_hold() -> None:
    pots = build_pots(contributions(("Alice", 50, "all-in"), ("Bob", 300, "folded"), ("Carol", 300)))
    main, side = award(pots, {"Alice": 9, "Carol": 1}, seats=["Alice", "Bob", "Carol"])
    assert main.winners == ("Alice",) and side.winners == ("Carol",) and side.uncontested


# --- brute force ------------------------------------------------------------------------------------------


def brute_force(entries: list[Contribution], strength: dict[str, int], seats: list[str]) -> dict[str, int]:
    """Chip by chip: the n-th chip of every player who put in at least n chips forms level n; a level only its
    payer reached goes back to them; consecutive levels open to the same players are one pot, split evenly
    with the leftover chips one each from the first winner in seat order."""
    paid = {c.name: int(c.amount) for c in entries}
    live = {c.name for c in entries if not c.folded}
    won: dict[str, int] = defaultdict(int)
    groups: list[tuple[frozenset[str], int]] = []
    for level in range(1, max(paid.values()) + 1):
        payers = [name for name in paid if paid[name] >= level]
        if len(payers) == 1:
            won[payers[0]] += 1
            continue
        open_to = frozenset(name for name in payers if name in live)
        if groups and groups[-1][0] == open_to:
            groups[-1] = (open_to, groups[-1][1] + len(payers))
        else:
            groups.append((open_to, len(payers)))
    for open_to, chips in groups:
        best = max(strength[name] for name in open_to)
        winners = [name for name in seats if name in open_to and strength[name] == best]
        for place, name in enumerate(winners):
            won[name] += chips // len(winners) + (1 if place < chips % len(winners) else 0)
    return dict(won)


def settled(pots: Pots, strength: dict[str, int], seats: list[str]) -> dict[str, int]:
    won: dict[str, int] = defaultdict(int)
    for name, chips in pots.returned:
        won[name] += chips
    for shared in award(pots, strength, seats):
        for share in shared.shares:
            won[share.name] += share.chips
    return dict(won)


players = st.lists(st.tuples(st.integers(1, 400), st.booleans(), st.integers(0, 3)), min_size=2, max_size=10).filter(
    lambda rows: not all(folded for _, folded, _ in rows)
)


@settings(max_examples=400, deadline=None)
@given(players, st.randoms(use_true_random=False))
def test_pots_match_a_brute_force_chip_by_chip_split(rows, random) -> None:
    entries = [Contribution(f"P{i}", D(amount), folded=folded) for i, (amount, folded, _) in enumerate(rows)]
    strength = {f"P{i}": hand for i, (_, _, hand) in enumerate(rows)}
    seats = [c.name for c in entries]
    random.shuffle(seats)
    try:
        pots = build_pots(entries)
    except TableInputError as refused:
        assert refused.key == "pot_without_players"  # folded players above everyone still in: can't happen
        return

    outcome = settled(pots, strength, seats)

    assert outcome == {k: v for k, v in brute_force(entries, strength, seats).items() if v}
    assert sum(outcome.values()) == sum(int(c.amount) for c in entries)
    returned = dict(pots.returned)
    for folded in (c.name for c in entries if c.folded):
        assert outcome.get(folded, 0) == returned.get(folded, 0)  # a folded player wins nothing
    for shared in award(pots, strength, seats):
        chips = [share.chips for share in shared.shares]
        assert max(chips) - min(chips) <= 1  # nobody gets more than one odd chip


# --- pokerkit's side pots ----------------------------------------------------------------------------------

BETTING_ONLY = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(3, 300), st.sampled_from(["shove", "call", "fold"])), min_size=2, max_size=7))
def test_pots_agree_with_pokerkit_on_hands_it_plays_out(rows) -> None:
    """pokerkit plays a preflop where each player shoves, calls or folds; at the showdown its pots must be ours
    from what each player ended up putting in. (A hand won by folds has no showdown, and pokerkit leaves the
    last bets uncollected there.)"""
    state = NoLimitTexasHoldem.create_state(BETTING_ONLY, True, 0, (1, 2), 2, [s for s, _ in rows], len(rows))
    while state.actor_index is not None:
        plan = rows[state.actor_index][1]
        if plan == "fold" and state.can_fold():
            state.fold()
        elif plan == "shove" and state.can_complete_bet_or_raise_to():
            state.complete_bet_or_raise_to(state.max_completion_betting_or_raising_to_amount)
        else:
            state.check_or_call()
    assume(sum(state.statuses) >= 2)
    paid = [start - left for start, left in zip(state.starting_stacks, state.stacks, strict=True)]
    entries = [Contribution(str(i), D(amount), folded=not state.statuses[i]) for i, amount in enumerate(paid) if amount]

    ours = build_pots(entries)

    theirs = [(pot.amount, tuple(str(i) for i in pot.player_indices)) for pot in state.pots]
    assert [(pot.chips, pot.eligible) for pot in ours.pots] == theirs
