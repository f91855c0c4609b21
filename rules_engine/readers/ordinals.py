"""Which card of the deal or of the board an ordinal names: "the first card off the deck", "la quinta carta"."""

from __future__ import annotations

import re

from ..reading import Reading

ORDINAL_VALUE = {
    "first": 1, "prima": 1, "primissima": 1, "second": 2, "seconda": 2, "third": 3, "terza": 3,
    "fourth": 4, "quarta": 4, "fifth": 5, "quinta": 5, "sixth": 6, "sesta": 6, "seventh": 7, "settima": 7,
    "opening": 1, "eighth": 8, "ottava": 8, "ninth": 9, "nona": 9, "tenth": 10, "decima": 10,
    "last": 99, "final": 99, "ultima": 99,
}
LAST = ORDINAL_VALUE["last"]
_DECK_ORDER_AFTER = re.compile(
    r"^ (?:off the deck|out of the deck|out off the deck|from the deck|of (?:all )?the deal|del mazzo|dal mazzo|uscita"
    r"|distribuita|della distribuzione|che (?:esce|usciva|e uscita) dal mazzo"
    r"|out(?! (?:on|onto) (?:the )?(?:board|flop|table))"  # "the fifth card out", not "out on the board"
    # the round's own count is the deck's: "la seconda carta del giro, quella del BB", "second card of the (first)
    # round" (not "of the second round": that round's own count)
    r"|(?:del|of the) (?:primo |first )?(?:giro|round)"
    # "the fifth one dealt", not "his first card dealt face up"
    r"|dealt(?! (?:on|onto) (?:the )?(?:board|flop|table)| (?:face ?up|faceup|up|exposed|open|wrong|upside)\b)"
    r"|(?:he|she|the dealer|il mazziere|il dealer) (?:dealt|deals|pitched|pitches|gave|gives)(?! me\b))\b")


# "the first card he dealt to the big blind", "…the dealer gave the button": that player's first card
_DEALT_TO = re.compile(r"^ (?:(?:he|she|the dealer|il mazziere|il dealer) )?(?:dealt|deals|pitched|pitches|gave|gives"
                       r"|dato|data|diede) (?:to|al|allo|alla|a)\b"
                       r"|^ (?:he|she|the dealer) (?:dealt|deals|pitched|pitches|gave|gives) (?:the )?"
                       r"(?:button|small blind|big blind|sb|bb|utg|under the gun|cutoff|hijack|lojack|co|hj|lj|mp|seat"
                       r"|player|guy|him|her)\b")


def ordinal(match: re.Match[str]) -> str:
    """The ordinal word of an `ordinal_card`-like match ("first" in "first card off the deck")."""
    word = match["ordinal"] or ""
    return word.split()[0] if word else ""


def value(match: re.Match[str]) -> int | None:
    """1 for "first", 4 for "quarta", 99 for "last"; None for a word that is no ordinal."""
    return ORDINAL_VALUE.get(ordinal(match))


def off_the_deck(r: Reading, match: re.Match[str]) -> bool:
    """Counted from the deck ("off the deck", "la seconda carta distribuita"), not a player's card ("the first
    card he dealt to the big blind")."""
    after = r.after(match.end(), "deck_order_after")
    return bool(_DECK_ORDER_AFTER.search(after)) and not _DEALT_TO.search(after)


def from_the_deck(r: Reading, match: re.Match[str]) -> bool:
    """"the second card off the deck", "la prima uscita dal mazzo": counted from the deck, not a player's cards."""
    return bool(_DECK_ORDER_AFTER.search(r.after(match.end(), "deck_order_after")))
