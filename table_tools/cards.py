"""Cards as people type them: `Ah Kd 7c`, `AhKd7c`, `A♥ K♦`, `10h`/`Th`, any case, `ace of spades`,
`asso di picche`, `10 di cuori`. Anything else is an error that quotes the piece that couldn't be read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from table_tools.problems import TableInputError
from table_tools.vocabulary import VOCABULARY, alternatives

RANK_SYMBOLS = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "10", **{n: str(n) for n in range(2, 10)}}
SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
PLAIN_RANKS = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "T", **{n: str(n) for n in range(2, 10)}}

RANK_WORDS: dict[str, int] = VOCABULARY["ranks"]
SUIT_WORDS: dict[str, str] = VOCABULARY["suits"]
CARD = re.compile(
    rf"(?P<rank>{alternatives(RANK_WORDS)})\s*(?:(?:{alternatives(VOCABULARY['card_connectors']['words'])})\s+)?"
    rf"(?P<suit>{alternatives(SUIT_WORDS)})",
    re.IGNORECASE,
)
SEPARATORS = re.compile(r"[\s,;/|()\[\]+·.\-]+")
WORD = re.compile(r"\S+")
PIECE_MAX = 20
EMOJI_VARIATION = "\ufe0f"  # ♥️ is ♥ plus this selector


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A card: rank 2–14 (ace high), suit one of s h d c."""

    rank: int
    suit: str

    def __str__(self) -> str:
        """How replies show it: A♠, 10♥."""
        return RANK_SYMBOLS[self.rank] + SUIT_SYMBOLS[self.suit]

    @property
    def code(self) -> str:
        """The two-character form poker software reads: As, Th."""
        return PLAIN_RANKS[self.rank] + self.suit


def parse_cards(text: str) -> tuple[Card, ...]:
    """Every card in `text`, in order. Raises TableInputError naming the first piece that isn't a card."""
    cards, position, text = [], 0, text.replace(EMOJI_VARIATION, "")
    while position < len(text):
        gap = SEPARATORS.match(text, position)
        if gap:
            position = gap.end()
            continue
        match = CARD.match(text, position)
        if match is None:
            raise TableInputError("not_a_card", piece=_piece(text, position))
        cards.append(Card(RANK_WORDS[match["rank"].lower()], SUIT_WORDS[match["suit"].lower()]))
        position = match.end()
    return tuple(cards)


def starts_with_card(text: str) -> bool:
    """Whether `text` begins with a whole card (`Ks`, `AhKd`, `asso di picche`) rather than a word that only
    starts like one (`Ace`, `Kevin`): tells a hand's cards from the next player's name."""
    text = text.lstrip().replace(EMOJI_VARIATION, "")
    match = CARD.match(text)
    if match is None:
        return False
    rest = text[match.end() :]
    return not rest or SEPARATORS.match(rest) is not None or CARD.match(rest) is not None


def _piece(text: str, position: int) -> str:
    """The whole word the unreadable character is in (`Ace`, not `e`), as the user typed it."""
    for word in WORD.finditer(text):
        if word.start() <= position < word.end():
            return word.group()[:PIECE_MAX]
    return text[position : position + PIECE_MAX]


def show(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(str(card) for card in cards)
