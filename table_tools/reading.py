"""What was typed in the tools' options, read into values: the hands at a showdown (`Alice As Ks; Bob 7d 7h
says:flush`), what each player put in (`Alice 100 all-in, Bob 250, Dave 40 folded`), the blinds (`1/2`) and
a betting round (`Alice raises to 6, Bob all-in for 9`). English and Italian words (vocabulary.toml).

Entries are separated by `;`, `|` or new lines; a comma separates entries too, except inside an amount
(`1,000`) and between the cards of one hand.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from table_tools.amounts import AMOUNT, amount_of
from table_tools.cards import Card, parse_cards, starts_with_card
from table_tools.hands import Category
from table_tools.pots import Contribution
from table_tools.problems import TableInputError
from table_tools.raising import Action, Blinds, Move
from table_tools.showdown import Claim, Holding
from table_tools.vocabulary import VOCABULARY, alternatives, words_pattern

NAME_MAX = 32
TYPO_MAX = 3  # an unreadable piece this short where a card should be is a mistyped card (Xx, 1d, 11h)
ENTRIES = re.compile(r"[;|\n]+")
COMMA_BEFORE_NAME = re.compile(r",(?!\d)")
THEN = words_pattern(["then", "poi", "e poi"])
CLAIM = re.compile(
    rf"(?<![\w-])(?:{alternatives(VOCABULARY['claim_markers']['words'])})\s*:?\s*(?P<claim>.*)$",
    re.IGNORECASE | re.DOTALL,
)
CLAIMS: dict[str, Claim] = {
    phrase: Claim(Category.STRAIGHT_FLUSH, royal=True) if name == "ROYAL_FLUSH" else Claim(Category[name])
    for phrase, name in VOCABULARY["claims"].items()
}
CLAIM_WORDS = words_pattern(CLAIMS)
FOLDED = words_pattern(VOCABULARY["markers"]["folded"])
ALL_IN = words_pattern(VOCABULARY["markers"]["all_in"])
MOVES = {move: words_pattern(VOCABULARY["moves"][move.value]) for move in Move}
TO_WORDS = words_pattern(VOCABULARY["amount_words"]["to"])
BY_WORDS = words_pattern(VOCABULARY["amount_words"]["by"])
FILLERS = words_pattern(VOCABULARY["fillers"]["words"])
BLIND_WORDS = words_pattern(VOCABULARY["blind_words"]["words"])
LEFTOVER = re.compile(r"[^\s,.:;/\-]")  # anything else left over (a word, a "?") means a misreading


def read_board(text: str) -> tuple[Card, ...]:
    if not text.strip():
        raise TableInputError("board_empty")
    return parse_cards(text)


def read_hands(text: str) -> list[Holding]:
    """`Alice As Ks; Bob 7d 7h says:flush` → one Holding per player, in the order typed."""
    entries = [entry for part in ENTRIES.split(text) for entry in _split_hands(part)]
    if not entries:
        raise TableInputError("hands_empty")
    return [_holding(entry) for entry in entries]


def _split_hands(part: str) -> Iterator[str]:
    """Commas separate players, not cards: `Alice As, Ks, Bob 7d 7h` is two hands."""
    current = ""
    for piece in part.split(","):
        if current and not starts_with_card(piece):
            yield current.strip()
            current = piece
        else:
            current = f"{current},{piece}" if current else piece
    if current.strip():
        yield current.strip()


def _holding(entry: str) -> Holding:
    """Name first, then the cards: the name is the shortest run of leading words after which everything reads
    as cards — unless the word right after the first is a short unreadable piece (`Alice Xx Ks`), which is a
    mistyped card rather than the second word of a name."""
    claim = None
    announced = CLAIM.search(entry)
    if announced:
        claim = read_claim(announced["claim"])
        entry = entry[: announced.start()]
    words = entry.split()
    if len(words) < 2:
        raise TableInputError("no_cards", entry=entry.strip()[:40])
    for split in range(1, len(words)):
        try:
            cards = parse_cards(" ".join(words[split:]))
        except TableInputError as problem:
            if split == 1 and len(problem.fields["piece"]) <= TYPO_MAX:
                raise
            continue
        return Holding(read_name(" ".join(words[:split])), cards, claim)
    raise TableInputError("no_cards", entry=entry.strip()[:40])


def read_claim(text: str) -> Claim:
    """The hand a player announced: the longest known phrase in what they said (`aces full` → full house)."""
    found = [match.group().lower() for match in CLAIM_WORDS.finditer(text)]
    if not found:
        raise TableInputError("unknown_claim", claim=text.strip()[:40])
    return CLAIMS[" ".join(max(found, key=len).split())]


def read_name(text: str) -> str:
    name = " ".join(text.split()).strip(" :-–")
    if not name or not any(ch.isalnum() for ch in name):
        raise TableInputError("no_name", entry=text.strip()[:40])
    if len(name) > NAME_MAX:
        raise TableInputError("name_too_long", name=name[:NAME_MAX], limit=NAME_MAX)
    return name


def read_contributions(text: str) -> list[Contribution]:
    """`Alice 100 all-in, Bob 250, Dave 40 folded` → what each player put in, in the order typed."""
    entries = [e.strip() for part in ENTRIES.split(text) for e in COMMA_BEFORE_NAME.split(part) if e.strip()]
    if not entries:
        raise TableInputError("pots_empty")
    return [_contribution(entry) for entry in entries]


def _contribution(entry: str) -> Contribution:
    amounts = list(AMOUNT.finditer(entry))
    if not amounts:
        raise TableInputError("no_amount", entry=entry[:40])
    if len(amounts) > 1:  # `Alice 100 Bob 200`: a comma left out, else "Alice 100 Bob" put in 200
        raise TableInputError("two_amounts", entry=entry[:60])
    last = amounts[-1]
    before, after = entry[: last.start()], entry[last.end() :]
    folded = bool(FOLDED.search(before) or FOLDED.search(after))
    all_in = bool(ALL_IN.search(before) or ALL_IN.search(after))
    leftover = ALL_IN.sub(" ", FOLDED.sub(" ", after))
    if LEFTOVER.search(leftover):
        raise TableInputError("unreadable_entry", entry=entry[:60])
    name = read_name(ALL_IN.sub(" ", FOLDED.sub(" ", before)))
    return Contribution(name, amount_of(last), folded=folded, all_in=all_in)


def read_blinds(text: str) -> Blinds:
    """`1/2`, `0.5-1`, `25/50`, `1/2/4` (with a straddle), or just the big blind."""
    amounts = [amount_of(match) for match in AMOUNT.finditer(text)]
    if LEFTOVER.search(BLIND_WORDS.sub(" ", AMOUNT.sub(" ", text))) or not 1 <= len(amounts) <= 3:
        raise TableInputError("unreadable_blinds", blinds=text.strip()[:40])
    if len(amounts) == 1:
        return Blinds(amounts[0] / 2, amounts[0])
    return Blinds(*amounts)


def read_bets(text: str) -> list[Action]:
    """`Alice raises to 6, Bob all-in for 9, Carol calls` → the round's actions in order."""
    entries = [
        e.strip()
        for part in ENTRIES.split(text)
        for clause in COMMA_BEFORE_NAME.split(part)
        for e in THEN.split(clause)
        if e.strip()
    ]
    if not entries:
        raise TableInputError("bets_empty")
    return [_action(entry) for entry in entries]


def _action(entry: str) -> Action:
    moves = sorted(
        ((match.start(), match.end(), move) for move, pattern in MOVES.items() for match in pattern.finditer(entry)),
        key=lambda found: (found[0], -found[1]),
    )
    amounts = list(AMOUNT.finditer(entry))
    if len(amounts) > 1:
        raise TableInputError("unreadable_action", entry=entry[:60])
    amount = amounts[0] if amounts else None
    starts = [moves[0][0]] if moves else []
    if amount:
        starts.append(amount.start())
    if not starts:
        raise TableInputError("unreadable_action", entry=entry[:60])
    name = read_name(entry[: min(starts)])
    move = moves[0][2] if moves else Move.BET  # a bare amount: the player's total this round
    rest = entry[min(starts) :]
    by = bool(amount and BY_WORDS.search(entry[: amount.start()]))
    for pattern in (*(MOVES[m] for m in Move), TO_WORDS, BY_WORDS, FILLERS, AMOUNT):
        rest = pattern.sub(" ", rest)
    if LEFTOVER.search(rest):
        raise TableInputError("unreadable_action", entry=entry[:60])
    value = amount_of(amount) if amount else None
    if move in (Move.BET, Move.RAISE, Move.ALL_IN) and value is None:
        raise TableInputError("amount_missing", name=name)
    return Action(name, move, None if by else value, value if by else None)


def match_name(typed: str, names: Sequence[str]) -> str | None:
    """The listed player `typed` means (case and spacing ignored), if any."""
    wanted = " ".join(typed.split()).casefold()
    return next((name for name in names if name.casefold() == wanted), None)
