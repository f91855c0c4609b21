"""Amounts: exact decimals from what hosts type; everything else refused with a reason the bot can say."""

from __future__ import annotations

from decimal import Decimal

import pytest

from ledger import AmountError, format_amount, parse_amount
from ledger.amounts import from_cents, read_currency, to_cents


@pytest.mark.parametrize(
    ("raw", "value"),
    [
        ("50", "50"),
        ("12.5", "12.50"),
        ("12,50", "12.50"),
        ("0.01", "0.01"),
        ("1,000", "1000"),
        ("1.000,50", "1000.50"),
        ("1.000.000", "1000000"),
        ("€ 20", "20"),
        ("20€", "20"),
        ("$7.25", "7.25"),
        ("30 eur", "30"),
        (" 1000000 ", "1000000"),
        ("1.5k", "1500"),
        ("1'000", "1000"),
    ],
)
def test_accepted(raw: str, value: str) -> None:
    assert parse_amount(raw) == Decimal(value)


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("-10", "not_positive"),
        ("0", "not_positive"),
        ("fifty", "not_a_number"),
        ("1e309", "not_a_number"),
        ("nan", "not_a_number"),
        ("inf", "not_a_number"),
        ("", "not_a_number"),
        ("0.001", "too_precise"),
        ("1000000.01", "too_large"),
        ("9" * 400, "too_large"),
        ("1.2.3", "not_a_number"),
        ("1.000", "ambiguous"),
        ("@everyone", "not_a_number"),
        ("−5", "not_positive"),
        ("1 000", "not_a_number"),
        ("0x10", "not_a_number"),
        ("٣", "not_a_number"),
        ("50 bananas", "not_a_number"),
    ],
)
def test_refused_with_reason(raw: str, reason: str) -> None:
    with pytest.raises(AmountError) as refused:
        parse_amount(raw)
    assert refused.value.reason == reason


def test_format_drops_zero_cents_and_names_the_currency() -> None:
    assert format_amount(Decimal("50.00")) == "50"
    assert format_amount(Decimal("12.5")) == "12.50"
    assert format_amount(Decimal("50"), "€") == "€50"
    assert format_amount(Decimal("-10"), "€") == "-€10"
    assert format_amount(Decimal("7.25"), "CHF") == "7.25 CHF"


@pytest.mark.parametrize("amount", ["0.01", "12.50", "1000000", "999999.99"])
def test_cents_round_trip_exactly(amount: str) -> None:
    assert from_cents(to_cents(Decimal(amount))) == Decimal(amount)


def test_cents_refuse_a_fraction_of_a_cent() -> None:
    with pytest.raises(ValueError, match="two decimals"):
        to_cents(Decimal("0.001"))


@pytest.mark.parametrize(("typed", "mark"), [("€", "€"), (" CHF ", "CHF"), ("R$", "R$"), ("kr", "kr")])
def test_a_currency_is_a_sign_or_a_short_code(typed: str, mark: str) -> None:
    assert read_currency(typed) == mark


@pytest.mark.parametrize("typed", ["", "euros", "1€", "<@1>", "**", "€ $", "@everyone"])
def test_anything_else_is_not_a_currency(typed: str) -> None:
    with pytest.raises(AmountError) as refused:
        read_currency(typed)
    assert refused.value.reason == "currency"
