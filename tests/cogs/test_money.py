"""The ledger's glue: a game's entries (undone ones left out) to totals and to who pays whom."""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC, datetime
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from cogs.money import Night, settlement
from store import LedgerEntry, LedgerPlayer

NOW = datetime(2025, 1, 1, tzinfo=UTC)
PLAYERS = [LedgerPlayer(n, f"g:p{n}", None, f"P{n}") for n in range(8)]


def entry(number: int, player: int, kind: str, cents: int, removed: bool) -> LedgerEntry:
    return LedgerEntry(
        id=number,
        number=number,
        guild_id=1,
        game_id=1,
        game_number=1,
        channel_id=1,
        player=PLAYERS[player],
        kind=kind,  # type: ignore[arg-type]
        cents=cents,
        recorded_by=1,
        recorded_at=NOW,
        removed_by=1 if removed else None,
        removed_at=NOW if removed else None,
    )


ENTRIES = st.lists(
    st.tuples(st.integers(0, 7), st.sampled_from(["buyin", "cashout"]), st.integers(1, 20_000), st.booleans()),
    max_size=30,
).map(lambda rows: [entry(n, *row) for n, row in enumerate(rows, 1)])


def nets(entries: list[LedgerEntry]) -> dict[str, Decimal]:
    """Each player's result from the entries that count, summed here independently of the ledger package."""
    result: dict[str, Decimal] = defaultdict(Decimal)
    for e in entries:
        if not e.removed:
            result[e.player.key] += e.amount if e.kind == "cashout" else -e.amount
    return dict(result)


@given(ENTRIES)
@settings(max_examples=300, deadline=None)
def test_settling_anyway_pays_from_losers_to_winners_no_more_than_each_result(entries: list[LedgerEntry]) -> None:
    night = Night.of(entries)
    expected = nets(entries)
    assert night.summary.balances() == expected

    result = settlement(night, anyway=True)

    assert result is not None
    received: dict[str, Decimal] = defaultdict(Decimal)
    for t in result.transfers:
        assert expected[t.payer] < 0 < expected[t.payee]
        received[t.payee] += t.amount
        received[t.payer] -= t.amount
    for key, net in expected.items():
        assert abs(received[key]) <= abs(net)
        assert (key in result.adjusted) == (received[key] != net)
    if sum(expected.values()) == 0:
        assert {k: v for k, v in received.items() if v} == {k: v for k, v in expected.items() if v}
        assert settlement(night, anyway=False) == result
    else:
        assert settlement(night, anyway=False) is None


def balanced(entries: list[LedgerEntry]) -> list[LedgerEntry]:
    """The night with one more entry for P0 that makes chips in and out agree."""
    difference = sum(nets(entries).values(), Decimal(0))
    if not difference:
        return entries
    kind = "buyin" if difference > 0 else "cashout"
    return [*entries, entry(len(entries) + 1, 0, kind, int(abs(difference) * 100), False)]


@given(ENTRIES.map(balanced))
@settings(max_examples=300, deadline=None)
def test_a_balanced_night_settles_every_result_exactly(entries: list[LedgerEntry]) -> None:
    night = Night.of(entries)
    result = settlement(night, anyway=False)

    assert result is not None and result.adjusted == {}
    received: dict[str, Decimal] = defaultdict(Decimal)
    for t in result.transfers:
        received[t.payee] += t.amount
        received[t.payer] -= t.amount
    assert {k: v for k, v in received.items() if v} == {k: v for k, v in nets(entries).items() if v}
    assert len(result.transfers) <= max(len([v for v in nets(entries).values() if v]) - 1, 0)
