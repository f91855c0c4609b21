"""One reading of typed numbers: the ledger's money and the table tools' chips read every input alike."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger import AmountError
from ledger import parse_amount as money
from table_tools.amounts import parse_amount as chips
from table_tools.problems import TableInputError
from typed_numbers import NumberError, read_number

TYPED = st.text(alphabet="0123456789.,'-k€ eur", max_size=12)


def reading(parse, typed: str) -> Decimal | str:
    try:
        return parse(typed)
    except AmountError as refused:
        return refused.reason
    except TableInputError as refused:
        return refused.key


@given(TYPED)
def test_money_and_chips_agree_on_everything_both_accept(typed: str) -> None:
    as_money, as_chips = reading(money, typed), reading(chips, typed)
    if isinstance(as_money, Decimal) and isinstance(as_chips, Decimal):
        assert as_money == as_chips
    if isinstance(as_chips, Decimal) and as_chips <= 1_000_000:
        assert as_money == as_chips or as_money == "ambiguous"  # money asks about `1.000`, chips read 1000


@pytest.mark.parametrize(
    ("typed", "money_reason", "chips_key"),
    [
        ("-5", "not_positive", "amount_not_positive"),
        ("1e309", "not_a_number", "not_an_amount"),
        ("0.001", "too_precise", "amount_too_precise"),
        ("text", "not_a_number", "not_an_amount"),
    ],
)
def test_each_package_keeps_its_own_error_for_the_same_reason(typed, money_reason, chips_key) -> None:
    assert reading(money, typed) == money_reason
    assert reading(chips, typed) == chips_key


def test_the_ambiguous_thousand_is_the_only_difference() -> None:
    assert chips("1.000") == 1000
    with pytest.raises(NumberError) as refused:
        read_number("1.000", maximum=Decimal(10**6), refuse_ambiguous=True)
    assert refused.value.reason == "ambiguous"


@pytest.mark.parametrize(
    ("typed", "value"),
    [("1,000.000", "1000"), ("1.000,000", "1000"), ("1'000.000", "1000"), ("1,000,000.00", "1000000")],
)
def test_thousands_are_grouped_with_one_separator_throughout(typed: str, value: str) -> None:
    assert money(typed) == chips(typed) == Decimal(value)


def test_mixed_separators_never_make_a_bigger_number() -> None:
    assert reading(money, "1.999,999") == "too_precise" and reading(chips, "1,000.001") == "amount_too_precise"


@pytest.mark.parametrize(("typed", "value"), [("50eur", "50"), ("50 EUR", "50"), ("1.5keur", "1500"), ("20€", "20")])
def test_a_currency_code_may_follow_the_digits_without_a_space(typed: str, value: str) -> None:
    assert money(typed) == chips(typed) == Decimal(value)


@pytest.mark.parametrize("typed", ["50eurx", "1e309", "5kg"])
def test_letters_after_the_digits_that_are_no_currency_are_not_a_number(typed: str) -> None:
    assert reading(money, typed) == "not_a_number"
