"""Totals per player and the in/out difference a host must recount."""

from __future__ import annotations

from decimal import Decimal

from ledger import Entry, summarise


def test_night_totals_and_difference() -> None:
    night = summarise(
        [
            Entry("Alice", "buyin", Decimal(50)),
            Entry("Bob", "buyin", Decimal(50)),
            Entry("Carol", "buyin", Decimal(50)),
            Entry("Carol", "buyin", Decimal(20)),
            Entry("Alice", "cashout", Decimal(110)),
            Entry("Bob", "cashout", Decimal(40)),
            Entry("Carol", "cashout", Decimal(30)),
        ]
    )
    assert [p.player for p in night.players] == ["Alice", "Bob", "Carol"]
    carol = night.players[2]
    assert (carol.bought_in, carol.cashed_out, carol.buyins, carol.net) == (Decimal(70), Decimal(30), 2, Decimal(-40))
    assert (night.total_in, night.total_out, night.difference) == (Decimal(170), Decimal(180), Decimal(10))
    assert night.balances() == {"Alice": Decimal(60), "Bob": Decimal(-10), "Carol": Decimal(-40)}
