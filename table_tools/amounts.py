"""Chip amounts as people type them: `250`, `1,000`, `1.000` (Italian thousands), `2.5`, `0,50`, `1.5k`,
`€20`. Read by `typed_numbers`, the one reader of typed numbers (the ledger's money uses it too); here its
refusals become the tools' own TableInputError. Exact decimals, never floats: pots are split to the chip.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from table_tools.problems import TableInputError
from typed_numbers import NUMBER, SMALLEST, NumberError, number_of, read_number

MAX_AMOUNT = Decimal(1_000_000_000)  # more than any home game's chips; beyond it the input is a typo
AMOUNT = NUMBER  # a number standing on its own in the tools' text (`Alice 100 all-in`)
_PROBLEMS = {  # typed_numbers' reason -> the sentence in words.toml (`problem.<key>`)
    "not_a_number": "not_an_amount",
    "not_positive": "amount_not_positive",
    "too_large": "amount_too_big",
    "too_precise": "amount_too_precise",
}


def parse_amount(raw: str) -> Decimal:
    """`raw` as an exact amount. Raises TableInputError for anything that isn't a sensible positive amount."""
    try:
        return read_number(raw, maximum=MAX_AMOUNT)
    except NumberError as refused:
        raise _problem(refused) from None


def amount_of(match: re.Match[str]) -> Decimal:
    """The amount an AMOUNT match found in longer text stands for."""
    try:
        return number_of(match, maximum=MAX_AMOUNT)
    except NumberError as refused:
        raise _problem(refused) from None


def _problem(refused: NumberError) -> TableInputError:
    return TableInputError(_PROBLEMS[refused.reason], amount=refused.typed[:20], limit=MAX_AMOUNT)


def smallest_chip(amounts: Sequence[Decimal]) -> Decimal:
    """The smallest chip the amounts imply when nobody said: 1 for whole numbers, else 0.1 or 0.01."""
    for unit in (Decimal(1), Decimal("0.1")):
        if all(amount % unit == 0 for amount in amounts):
            return unit
    return SMALLEST
