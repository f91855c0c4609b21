"""Settlement: money is conserved, only losers pay and only winners receive, and the count is the minimum."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger import Transfer, settle
from ledger.settle import EXACT_LIMIT, balance_out


def tables(max_players: int) -> st.SearchStrategy[dict[str, Decimal]]:
    """Balances in whole cents that sum to zero; small values so zero-sum subgroups actually occur."""

    def close(values: list[int]) -> dict[str, Decimal]:
        balances = [*values, -sum(values)]
        return {f"p{i}": Decimal(v) / 100 for i, v in enumerate(balances)}

    cents = st.one_of(st.integers(-5, 5).map(lambda v: v * 100), st.integers(-50_000, 50_000))
    return st.lists(cents, min_size=1, max_size=max_players - 1).map(close)


def applied(balances: Mapping[str, Decimal], transfers: list[Transfer]) -> dict[str, Decimal]:
    left = dict(balances)
    for t in transfers:
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    return left


def set_partitions(items: list[str]) -> Iterator[list[list[str]]]:
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for partition in set_partitions(rest):
        yield [[first], *partition]
        for i in range(len(partition)):
            yield [*partition[:i], [first, *partition[i]], *partition[i + 1 :]]


def brute_force_minimum(balances: Mapping[str, Decimal]) -> int:
    """Independent of the dynamic programme: every set partition, the most blocks that each sum to zero."""
    players = [p for p, b in balances.items() if b]
    best = max(
        (len(p) for p in set_partitions(players) if all(sum(balances[x] for x in block) == 0 for block in p)),
        default=0,
    )
    return len(players) - best


@given(tables(EXACT_LIMIT + 10))
@settings(max_examples=200, deadline=None)
def test_transfers_settle_everyone_from_losers_to_winners(balances: dict[str, Decimal]) -> None:
    transfers = settle(balances)
    assert all(v == 0 for v in applied(balances, transfers).values())
    for t in transfers:
        assert balances[t.payer] < 0 < balances[t.payee]
        assert t.amount > 0
    nonzero = sum(1 for b in balances.values() if b)
    assert len(transfers) <= max(nonzero - 1, 0)


@given(tables(7))
@settings(max_examples=300, deadline=None)
def test_count_is_the_brute_force_minimum_on_small_tables(balances: dict[str, Decimal]) -> None:
    assert len(settle(balances)) == brute_force_minimum(balances)


def test_two_independent_pairs_take_two_transfers_not_three() -> None:
    balances = {"a": Decimal(10), "b": Decimal(-10), "c": Decimal(25), "d": Decimal(-25)}
    assert len(settle(balances)) == 2


def test_the_issue_night_is_two_transfers() -> None:
    """Buy-ins Alice 50, Bob 50, Carol 50 + 20; cash-outs Alice 110, Bob 40, Carol 20."""
    transfers = settle({"Alice": Decimal(60), "Bob": Decimal(-10), "Carol": Decimal(-50)})
    assert transfers == [Transfer("Carol", "Alice", Decimal(50)), Transfer("Bob", "Alice", Decimal(10))]


def test_unbalanced_table_is_refused() -> None:
    with pytest.raises(ValueError, match="differ"):
        settle({"a": Decimal(10), "b": Decimal(-5)})


@given(st.dictionaries(st.sampled_from("abcdefgh"), st.integers(-10_000, 10_000), min_size=2))
def test_balance_out_scales_the_larger_side_without_flipping_anyone(raw: dict[str, int]) -> None:
    balances = {p: Decimal(c) / 100 for p, c in raw.items()}
    adjusted = balance_out(balances)
    assert sum(adjusted.values()) == 0
    won = sum(b for b in balances.values() if b > 0)
    lost = -sum(b for b in balances.values() if b < 0)
    for player, before in balances.items():
        after = adjusted[player]
        assert abs(after) <= abs(before)
        assert after == 0 or (after > 0) == (before > 0)
        on_smaller_side = (before > 0 and won <= lost) or (before < 0 and lost <= won)
        assert not on_smaller_side or after == before
