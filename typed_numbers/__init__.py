"""One reading of the numbers people type, for money (the ledger) and chips (the table tools).

`250`, `1,000`, `1.000,50`, `2.5`, `0,50`, `1'000`, `1.5k`, `€20`, `20 eur`, `50eur`: a separator followed by exactly
three digits groups thousands (the same separator throughout); a lone `.` or `,` otherwise marks decimals;
with both, the last one is the decimal mark (`1,000.000` is a thousand, `1.999,999` is 1999.999).
Exact decimals, never floats: no exponents (`1e309`), no `nan` or `inf`, ASCII digits only.

A single dot group (`1.000`) is a thousand to an Italian and one to an English reader. Chips take it as a
thousand (a stack is never 1.000 chips); money can ask for `refuse_ambiguous`, because a buy-in recorded a
thousand times too big is worse than being asked to write it again.

Each caller keeps its own error type and words: this module says why with a `NumberError.reason`.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

SMALLEST = Decimal("0.01")  # cents: the finest amount a home game uses, in money or in chips
SYMBOLS = "€$£¥₹"
CODES = ("eur", "euro", "euros", "usd", "gbp", "chf")
NUMBER = re.compile(  # a number standing on its own (not the 1 of Player1, not 1e99), maybe signed, k, €
    rf"(?:(?<![\w.,])(?P<sign>[-−+]))?(?:[{SYMBOLS}]\s*)?"
    r"(?<![\w.,])(?P<digits>[0-9][0-9.,']*)(?:\s*(?P<thousands>[kK]))?"
    rf"(?:\s*(?:[{SYMBOLS}]|(?i:{'|'.join(CODES)})(?!\w))|(?!\w))"  # a currency (`50eur`) or a word end
)
# Thousands grouped with one separator throughout: `1,000,000`, `1.000.000`, never `1,000.000` (a thousand with a
# decimal mark, which read as groups would be a million: a thousand times what was meant).
GROUPED = re.compile(r"[1-9][0-9]{0,2}(?P<mark>[.,'])[0-9]{3}(?:(?P=mark)[0-9]{3})*")
ONE_DOT_GROUP = re.compile(r"[1-9][0-9]{0,2}\.[0-9]{3}")

# Why a number was refused: "not_a_number", "ambiguous", "not_positive", "too_large", "too_precise".
REASONS = ("not_a_number", "ambiguous", "not_positive", "too_large", "too_precise")


class NumberError(ValueError):
    """A typed number that can't be used; `reason` is one of REASONS, `typed` what was read (stripped)."""

    def __init__(self, reason: str, typed: str) -> None:
        super().__init__(f"{reason}: {typed!r}")
        self.reason = reason
        self.typed = typed


def read_number(typed: str, *, maximum: Decimal, refuse_ambiguous: bool = False) -> Decimal:
    """`typed` (the whole of it) as a positive amount of at most two decimals and at most `maximum`."""
    match = NUMBER.fullmatch(typed.strip())
    if match is None:
        raise NumberError("not_a_number", typed.strip())
    return number_of(match, maximum=maximum, refuse_ambiguous=refuse_ambiguous)


def number_of(match: re.Match[str], *, maximum: Decimal, refuse_ambiguous: bool = False) -> Decimal:
    """The value of a NUMBER match found in longer text (`Alice 100 all-in`), checked as `read_number` does."""
    typed = match.group().strip()
    if match["sign"] in ("-", "−"):
        raise NumberError("not_positive", typed)
    number = _value(match["digits"], typed, refuse_ambiguous)
    if match["thousands"]:
        number *= 1000
    if number <= 0:
        raise NumberError("not_positive", typed)
    if number > maximum:
        raise NumberError("too_large", typed)
    if number % SMALLEST:
        raise NumberError("too_precise", typed)
    return number


def _value(digits: str, typed: str, refuse_ambiguous: bool) -> Decimal:
    digits = digits.rstrip(".,'")
    if GROUPED.fullmatch(digits):
        if refuse_ambiguous and ONE_DOT_GROUP.fullmatch(digits):
            raise NumberError("ambiguous", typed)
        plain = re.sub(r"[.,']", "", digits)
    else:
        last = max(digits.rfind("."), digits.rfind(","))
        whole, fraction = (digits[:last], digits[last + 1 :]) if last >= 0 else (digits, "")
        if not (whole.isdigit() or GROUPED.fullmatch(whole)) or not (fraction == "" or fraction.isdigit()):
            raise NumberError("not_a_number", typed)
        plain = re.sub(r"[.,']", "", whole) + ("." + fraction if fraction else "")
    try:
        return Decimal(plain)
    except InvalidOperation:
        raise NumberError("not_a_number", typed) from None
