"""Money as exact decimals: what a host types ("50", "12.5", "1,000.00", "€ 20") → a validated Decimal.

Floats never touch an amount: 0.1 + 0.2 is not 0.3 in binary, and a ledger that is off by a cent starts
the very argument it exists to settle. The reading itself is `typed_numbers`, shared with the table tools'
chips; money refuses the one reading that could be a thousand times off (`1.000`) and is stored in cents.
"""

from __future__ import annotations

import unicodedata
from decimal import Decimal

from typed_numbers import NumberError, read_number

MAX_AMOUNT = Decimal("1000000")  # a home game's single buy-in or cash-out; more is a typo
CENT = Decimal("0.01")
CENTS = 100
CURRENCY_MAX = 4


class AmountError(ValueError):
    """An amount that can't be recorded; `reason` is a key the bot turns into a sentence."""

    def __init__(self, reason: str, raw: str) -> None:
        super().__init__(f"{reason}: {raw!r}")
        self.reason = reason  # "not_a_number", "ambiguous", "not_positive", "too_precise", "too_large", "currency"
        self.raw = raw


def parse_amount(raw: str) -> Decimal:
    """A positive amount with at most two decimals and at most MAX_AMOUNT, or AmountError saying why.

    Accepts a decimal point or a decimal comma ("12,50"), thousands separators ("1,000", "1.000,50") and
    a currency sign or code around the number.
    """
    try:
        amount = read_number(raw, maximum=MAX_AMOUNT, refuse_ambiguous=True)
    except NumberError as refused:
        raise AmountError(refused.reason, raw) from None
    return amount.quantize(CENT)


def read_currency(typed: str) -> str:
    """A currency to show amounts in: a sign (€, $, R$) or a short code (EUR, CHF, kr), at most CURRENCY_MAX
    characters of letters and currency signs; AmountError("currency") otherwise."""
    mark = typed.strip()
    if not 1 <= len(mark) <= CURRENCY_MAX or not all(ch.isalpha() or unicodedata.category(ch) == "Sc" for ch in mark):
        raise AmountError("currency", typed)
    return mark


def to_cents(amount: Decimal) -> int:
    """An amount of at most two decimals as whole cents (how the store keeps it); ValueError otherwise."""
    cents = amount * CENTS
    if cents != cents.to_integral_value():
        raise ValueError(f"{amount} has more than two decimals")
    return int(cents)


def from_cents(cents: int) -> Decimal:
    return (Decimal(cents) / CENTS).quantize(CENT)


def format_amount(amount: Decimal, currency: str | None = None) -> str:
    """ "50", "12.50", "-10", or with the server's currency: "€50", "50 CHF"; whole amounts without decimals."""
    shown = f"{amount:.0f}" if amount == amount.to_integral_value() else f"{amount:.2f}"
    if not currency:
        return shown
    if len(currency) == 1 and not currency.isalnum():  # a symbol goes before: €50, -€10
        return f"-{currency}{shown[1:]}" if shown.startswith("-") else f"{currency}{shown}"
    return f"{shown} {currency}"
