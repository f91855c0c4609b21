"""Money as exact decimals: what a host types ("50", "12.5", "1,000.00", "€ 20") → a validated Decimal.

Floats never touch an amount: 0.1 + 0.2 is not 0.3 in binary, and a ledger that is off by a cent starts
the very argument it exists to settle.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

MAX_AMOUNT = Decimal("1000000")  # a home game's single buy-in or cash-out; more is a typo
CENT = Decimal("0.01")
_CURRENCY_MARKS = re.compile(r"^[\s€$£¥₹]+|[\s€$£¥₹]+$|\b(?:eur|euro|euros|usd|gbp|chf)\b", re.IGNORECASE)
_THOUSANDS = re.compile(r"^\d{1,3}(?:[,' ]\d{3})+(?:\.\d+)?$")
_ITALIAN_THOUSANDS = re.compile(r"^[1-9]\d{0,2}(?:(?:\.\d{3}){2,}(?:,\d+)?|\.\d{3},\d+)$")  # "1.000,50", "1.000.000"
_AMBIGUOUS = re.compile(r"^[1-9]\d{0,2}\.\d{3}$")  # "1.000": a thousand in Italian, one in English


class AmountError(ValueError):
    """An amount that can't be recorded; `reason` is a key the bot turns into a sentence."""

    def __init__(self, reason: str, raw: str) -> None:
        super().__init__(f"{reason}: {raw!r}")
        self.reason = reason  # "not_a_number", "ambiguous", "not_positive", "too_precise", "too_large"
        self.raw = raw


def parse_amount(raw: str) -> Decimal:
    """A positive amount with at most two decimals and at most MAX_AMOUNT, or AmountError saying why.

    Accepts a decimal point or a decimal comma ("12,50"), thousands separators ("1,000", "1.000,50") and
    a currency sign or code around the number.
    """
    text = _CURRENCY_MARKS.sub("", raw.strip()).strip()
    if _AMBIGUOUS.match(text):
        raise AmountError("ambiguous", raw)
    if _ITALIAN_THOUSANDS.match(text):
        text = text.replace(".", "").replace(",", ".")
    elif _THOUSANDS.match(text):
        text = re.sub(r"[,' ]", "", text)
    elif re.fullmatch(r"\d+,\d{1,2}", text):
        text = text.replace(",", ".")
    if not re.fullmatch(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)", text):  # no exponents, "nan", "inf" or words
        raise AmountError("not_a_number", raw)
    try:
        amount = Decimal(text)
    except InvalidOperation:
        raise AmountError("not_a_number", raw) from None
    if amount <= 0:
        raise AmountError("not_positive", raw)
    if amount > MAX_AMOUNT:
        raise AmountError("too_large", raw)
    if amount != amount.quantize(CENT):
        raise AmountError("too_precise", raw)
    return amount.quantize(CENT)


def format_amount(amount: Decimal, currency: str | None = None) -> str:
    """ "50", "12.50", "-10", or with the server's currency: "€ 50"; whole amounts without decimals."""
    shown = f"{amount:.0f}" if amount == amount.to_integral_value() else f"{amount:.2f}"
    return f"{currency} {shown}" if currency else shown
