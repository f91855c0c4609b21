"""The home-game ledger's arithmetic: exact amounts, a night's totals, and who pays whom.

Pure and synchronous (no Discord, no SQL): the store keeps the entries, the cog shows them, and this
package does the sums, so the money logic can be tested on its own.
"""

from .amounts import MAX_AMOUNT, AmountError, format_amount, parse_amount
from .settle import Transfer, settle
from .summary import Entry, PlayerTotals, Summary, summarise

__all__ = [
    "MAX_AMOUNT",
    "AmountError",
    "Entry",
    "PlayerTotals",
    "Summary",
    "Transfer",
    "format_amount",
    "parse_amount",
    "settle",
    "summarise",
]
