"""The seat model: which card of the deal a player's card was, counted the way a floor counts.

With N players the first card off the deck goes to the first player left of the button (normally the small
blind), the N-th to the button, then a second round (N+1 … 2N) in the same order. Heads-up the button is the
small blind and is dealt last, so the big blind gets the first card. A player's place in that order comes from
what the text says about the table: positions ("the big blind", "UTG+1", "il cutoff"), places relative to the
button ("two seats to the button's left", "il primo a sinistra del mazziere"), seat numbers with the button's
seat and the empty seats ("button in seat 2, seat 5 empty, seat 6's first card"), the speaker's own place ("I'm
the big blind", "io stavo al bottone") and how many were dealt in ("nine-handed", "eravamo in otto",
"heads-up"). When the count is not said every count from three to ten is tried (not heads-up unless the text
says so): the engine rules only when they all give the same answer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..reading import Facts, Reading, group
from .ordinals import ORDINAL_VALUE

HEADS_UP = 2
FULL_RING = (9, 10)
TABLE_SIZES = (9, 10)  # seats at a table when the text does not say (a seat number may wrap round past it)
ANY_COUNT = tuple(range(3, 11))  # not heads-up unless the text says so
_FIRST, _SECOND = 1, 2  # the first and second card off the deck; any later card is "later"
_KINDS = ("utgafter", "bbafter", "notblind", "left", "leftnth", "left1", "utgplus", "sb", "bb", "utg", "mp", "lj",
          "hj", "co", "btn", "blind", "seat")
# the one regex names each form of a kind apart
_SAME_KIND = {"utgafter": "utg", "bbafter": "bb", "leftnth": "left"}
_MASCULINE_ORDINALS = {"primo": 1, "secondo": 2, "terzo": 3, "quarto": 4, "quinto": 5, "sesto": 6, "settimo": 7,
                       "ottavo": 8, "nono": 9, "decimo": 10}
_SEAT_NUMBER = re.compile(r"\d+")
_COUNT_ONLY = {"sei": 6}  # "eravamo in sei": a number only where a count of players is said ("sei" is also "you are")
_IT_WAS = re.compile(
    r"\b(?:it was|it s|that was|that s|era|e stata|was)(?: the| la| quella| del| di| dello| della| dell)* $")
# A card named by whose it is: "the first card OF the UTG player", "la prima carta DEL posto 6", "going to Jen in".
_FILLER = (r"(?:the|il|la|l|lo|i|guy|player|players|giocatore|person|quello|quella|in|on|at|who|s|is|was|sitting|seduto"
           r"|seduta|che|sta|stava|e|my|mio|mia|vicino|neighbour|neighbor|al|nel|sul|a|del|dell|della|di|to|going|went"
           r"|goes|va|his|her|sua|suo|one)")
_LINK_AFTER = re.compile(
    r"^ (?:\w+ ){0,2}?(?:of|to|for|del|della|dello|dell|di|do|al|alla|allo|a|going to|went to|goes to|che va a|in"
    rf"|at|verso|towards?|(?:that )?(?:belongs?|belonged) to)(?: {_FILLER})*(?: \w+)?(?: {_FILLER})* $")
# Between a player and his card: "the big blind['s] first card", "UTG+1 got his first card", "quello … si è visto".
_LINK_BEFORE = re.compile(
    r"^(?: s| s very| got his| got her| had his| had her| has his| gets his| his| her| got| had| ha| si e visto"
    r"| si e vista| players?| player s| guy s| that| who| which| cards?| carta| the| la| il| a| an| una| un| avuto"
    r"| ricevuto| received)* $")


@dataclass(frozen=True, slots=True)
class Seat:
    """A place at the table as the text names it: a kind (sb, bb, utg, utgplus, mp, lj, hj, co, btn, left, blind,
    notblind, seat) and a number for the kinds that take one (UTG+n, n seats left of the button, seat n)."""

    kind: str
    number: int = 0


@dataclass(frozen=True, slots=True)
class Table:
    """What the text says about the table: how many may have been dealt in, the button's seat, empty seats."""

    players: tuple[int, ...]
    button: int | None
    empty: frozenset[int]
    sizes: tuple[int, ...]


def table(r: Reading) -> Table:
    """The table as the text draws it (worked out once per text)."""
    return r.derived("seats.table", lambda: _table(r))


def _table(r: Reading) -> Table:
    sizes = _numbers(r, "table_players", "size") or _numbers(r, "seat_range", "high")
    players: tuple[int, ...] = ()
    said = _numbers(r, "table_players", "players")
    most = _numbers(r, "table_players", "max")
    if r.has("heads_up"):
        players = (HEADS_UP,)
    elif said:
        players = (said[-1],)
    elif most:
        players = tuple(range(3, most[-1] + 1))
    elif r.has("full_table"):
        players = sizes[-1:] or FULL_RING
    buttons = [int(group(m, "seat") or 0) for m in _apart(r.matches("button_seat"))]
    empty = frozenset(int(group(m, "seat") or 0) for m in r.matches("empty_seat"))
    return Table(players or ANY_COUNT, buttons[-1] if buttons else None, empty, sizes[-1:] or TABLE_SIZES)


def players(r: Reading, facts: Facts) -> None:
    """How many were dealt in, when the text says one number ("nine-handed", "heads-up", "eravamo in otto")."""
    counts = table(r).players
    if len(counts) == 1:
        facts["players"] = counts[0]


def _apart(found: list[re.Match[str]]) -> list[re.Match[str]]:
    """Matches that do not overlap an earlier one ("seat 4 is the button. Seat 6…" is not "button… seat 6")."""
    kept: list[re.Match[str]] = []
    for match in found:
        if not kept or match.start() >= kept[-1].end():
            kept.append(match)
    return kept


def _numbers(r: Reading, concept: str, name: str) -> tuple[int, ...]:
    values = []
    for match in r.matches(concept):
        word = (group(match, name) or "").split(" ")[0]
        value = int(word) if word.isdigit() else r.lexicon.numbers.get(word) or _COUNT_ONLY.get(word)
        if value and 2 <= value <= 10:
            values.append(value)
    return tuple(values)


def places(r: Reading) -> list[tuple[re.Match[str], Seat]]:
    """Every place named as somebody's, in text order; a place inside a longer one ("after the big blind") and
    the statements that only draw the table ("button in seat 5", "seat 4 is empty") are left out."""
    return r.derived("seats.places", lambda: _places(r))


def _places(r: Reading) -> list[tuple[re.Match[str], Seat]]:
    maps = _apart(r.matches("button_seat")) + r.matches("empty_seat") + r.matches("seat_range")
    found = [(m, seat) for m in r.matches("seat_named") if (seat := _seat(r, m))]
    if r.has("button_seat"):
        found += [(m, Seat("seat", int(group(m, "seat") or 0))) for m in r.matches("seat_number")]
    kept = [(m, seat) for m, seat in found
            if not any(_within(m, other) and (m.start(), m.end()) != (other.start(), other.end())
                       for other, _ in found)
            and not any(_within(m, statement) for statement in maps)]
    return sorted(kept, key=lambda pair: pair[0].start())


def _within(inner: re.Match[str], outer: re.Match[str]) -> bool:
    return outer.start() <= inner.start() and inner.end() <= outer.end()


def _seat(r: Reading, match: re.Match[str]) -> Seat | None:
    kind = next((k for k in _KINDS if group(match, k)), None)
    if kind in ("left", "leftnth"):
        count = _count(r, group(match, "k") or group(match, "nth") or "")
        return Seat("left", count) if count else None
    if kind == "left1":
        return Seat("left", 1)
    if kind == "utgplus":
        plus = _count(r, group(match, "plus") or "")
        return Seat("utgplus", plus) if plus else Seat("utg")
    if kind == "seat":
        return Seat("seat", int(_SEAT_NUMBER.findall(match[0])[-1]))
    return Seat(_SAME_KIND.get(kind, kind)) if kind else None


def _count(r: Reading, word: str) -> int | None:
    if word.isdigit():
        return int(word)
    return r.lexicon.numbers.get(word) or ORDINAL_VALUE.get(word) or _MASCULINE_ORDINALS.get(word)


def speaker(r: Reading) -> Seat | None:
    """Where the one telling the story sits ("I'm the big blind", "io stavo al bottone"), if he says."""
    for match, seat in reversed(places(r)):
        if any(0 <= match.start() - s.end() <= r.lexicon.windows["speaker_before"] for s in r.matches("speaker")):
            return seat
    return None


def owner(r: Reading, card: re.Match[str]) -> Seat | None:
    """Whose card a card phrase names: the place said right after it ("of the UTG player", "del posto 6") or
    right before it ("the big blind's", "UTG+1 got his")."""
    named = places(r)
    for match, seat in named:
        if _within(match, card):
            return seat  # "the button's first" said as one phrase
    for match, seat in named:
        if card.end() <= match.start() <= card.end() + r.lexicon.windows["owner_after"] \
                and _LINK_AFTER.search(r.text[card.end():match.start()]):
            return seat
    for match, seat in reversed(named):
        if match.end() <= card.start() and _LINK_BEFORE.search(r.text[match.end():card.start()]):
            return seat
    return None


def said_to_own(r: Reading) -> Seat | None:
    """A place said to be the card's owner without naming the card: "it was the SB's", "era quella del bottone"."""
    for match, seat in reversed(places(r)):
        if _IT_WAS.search(r.before(match.start(), "owner_before")):
            return seat
    return None


def orders(seat: Seat, players: int, board: Table) -> tuple[int, ...]:
    """The seat's possible places in the dealing order (1 = dealt first) with this many players."""
    heads_up = players == HEADS_UP
    named = {"sb": HEADS_UP if heads_up else 1, "bb": 1 if heads_up else 2, "btn": players,
             "co": players - 1, "hj": players - 2, "lj": players - 3}
    if seat.kind in named:
        place = named[seat.kind]
        least = {"co": 4, "hj": 5, "lj": 6}.get(seat.kind, HEADS_UP)
        return (place,) if players >= least else ()
    if seat.kind == "utg":
        return (3,) if players >= 3 else ()
    if seat.kind == "utgplus":
        return (3 + seat.number,) if players >= 3 + seat.number else ()
    if seat.kind == "left":
        return (seat.number,) if seat.number <= players else ()
    if seat.kind in ("mp", "notblind"):
        return tuple(range(3, players + 1))
    if seat.kind == "blind":
        return (1, 2)
    return _seat_order(seat.number, board)


def _seat_order(number: int, board: Table) -> tuple[int, ...]:
    """Seat n with the button in seat b: the occupied seats from b+1 round to n, empty ones skipped."""
    if board.button is None or number == board.button:
        return ()
    found = set()
    for size in board.sizes:
        if max(number, board.button) > size:
            continue
        steps = [(board.button + i - 1) % size + 1 for i in range(1, size + 1)]
        seated = [s for s in steps[:steps.index(number) + 1] if s not in board.empty]
        found.add(len(seated))
    return tuple(sorted(found))


def deck_places(r: Reading, seat: Seat, round_: int | None) -> set[int]:
    """Where that player's first (round 1), second (round 2) or either card came off the deck, over every count
    of players the text allows."""
    board = table(r)
    places_: set[int] = set()
    for players in board.players:
        for place in orders(seat, players, board):
            rounds = (round_,) if round_ else (1, 2)
            places_ |= {place + (turn - 1) * players for turn in rounds}
    return places_


def position(places_: set[int]) -> str | None:
    """The deal_position fact for a set of places off the deck: "first", "second", "later", or what it narrows to."""
    values = {"first" if p == _FIRST else "second" if p == _SECOND else "later" for p in places_}
    return {frozenset({"first"}): "first", frozenset({"second"}): "second", frozenset({"later"}): "later",
            frozenset({"first", "second"}): "first-or-second",
            frozenset({"second", "later"}): "not-first"}.get(frozenset(values))


def first_player(r: Reading, seat: Seat) -> bool | None:
    """Whether that seat is dealt first (the one an extra card after the deal goes to): None when it depends."""
    board = table(r)
    firsts = {place == 1 for players in board.players for place in orders(seat, players, board)}
    return firsts.pop() if len(firsts) == 1 else None
