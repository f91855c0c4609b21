"""Chip amounts as people type them: `250`, `1,000`, `1.000` (Italian thousands), `2.5`, `0,50`, `1.5k`,
`€20`. Exact decimals, never floats: pots are split to the chip.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation

from table_tools.problems import TableInputError

MAX_AMOUNT = Decimal(1_000_000_000)  # more than any home game's chips; beyond it the input is a typo
SMALLEST = Decimal("0.01")  # cents: the finest chip a home game uses
AMOUNT = re.compile(  # a number standing on its own (not the 1 of Player1 or 1e99), maybe signed, k, €
    r"(?:(?<![\w.,])(?P<sign>[-−]))?[€$£]?\s*(?<![\w.,])(?P<number>\d[\d.,']*)\s*(?P<thousands>[kK])?(?![\w])"
    r"\s*[€$£]?"
)
THOUSANDS_GROUP = re.compile(r"^[1-9]\d{0,2}([.,']\d{3})+$")


def parse_amount(raw: str) -> Decimal:
    """`raw` as an exact amount. Raises TableInputError for anything that isn't a sensible positive amount."""
    match = AMOUNT.fullmatch(raw.strip())
    if match is None:
        raise TableInputError("not_an_amount", amount=raw.strip()[:20])
    return amount_of(match)


def amount_of(match: re.Match[str]) -> Decimal:
    if match["sign"]:
        raise TableInputError("amount_not_positive", amount=match.group().strip())
    number = _decimal(match["number"])
    if match["thousands"]:
        number *= 1000
    if number <= 0:
        raise TableInputError("amount_not_positive", amount=match.group().strip())
    if number > MAX_AMOUNT:
        raise TableInputError("amount_too_big", amount=match.group().strip(), limit=MAX_AMOUNT)
    if number % SMALLEST:
        raise TableInputError("amount_too_precise", amount=match.group().strip())
    return number


def _decimal(digits: str) -> Decimal:
    """A separator followed by exactly three digits groups thousands (1,000 · 1.000 · 1'000); a lone `.` or
    `,` otherwise marks decimals (2.5 · 0,50); with both, the last one is the decimal mark (1,234.50)."""
    digits = digits.rstrip(".,'")
    if THOUSANDS_GROUP.match(digits):
        plain = re.sub(r"[.,']", "", digits)
    else:
        last = max(digits.rfind("."), digits.rfind(","))
        whole, fraction = (digits[:last], digits[last + 1 :]) if last >= 0 else (digits, "")
        if not whole.isdigit() and not THOUSANDS_GROUP.match(whole):
            raise TableInputError("not_an_amount", amount=digits[:20])
        plain = re.sub(r"[.,']", "", whole) + ("." + fraction if fraction else "")
    try:
        return Decimal(plain)
    except InvalidOperation:
        raise TableInputError("not_an_amount", amount=digits[:20]) from None


def smallest_chip(amounts: Sequence[Decimal]) -> Decimal:
    """The smallest chip the amounts imply when nobody said: 1 for whole numbers, else 0.1 or 0.01."""
    for unit in (Decimal(1), Decimal("0.1")):
        if all(amount % unit == 0 for amount in amounts):
            return unit
    return SMALLEST
