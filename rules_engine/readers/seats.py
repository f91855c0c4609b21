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

import itertools
import re
from dataclasses import dataclass

from ..reading import Facts, Reading, group
from .ordinals import ORDINAL_VALUE

HEADS_UP = 2
FULL_RING = (9, 10)
TABLE_SIZES = (9, 10)  # seats at a table when the text does not say (a seat number may wrap round past it)
ANY_COUNT = tuple(range(3, 11))  # not heads-up unless the text says so
_FIRST, _SECOND = 1, 2  # the first and second card off the deck; any later card is "later"
_KINDS = ("utgafter", "bbafter", "notblind", "left", "leftnth", "left1", "nextto", "utgplus", "sb", "bb", "utg", "mp",
          "lj", "hj", "co", "btn", "blind", "seat", "buio")
# the one regex names each form of a kind apart
_SAME_KIND = {"utgafter": "utg", "bbafter": "bb", "leftnth": "left", "buio": "sb"}  # "il buio e il controbuio"
_MASCULINE_ORDINALS = {"primo": 1, "secondo": 2, "terzo": 3, "quarto": 4, "quinto": 5, "sesto": 6, "settimo": 7,
                       "ottavo": 8, "nono": 9, "decimo": 10}
_SEAT_NUMBER = re.compile(r"\d+")
_COUNT_ONLY = {"sei": 6}  # "eravamo in sei": a number only where a count of players is said ("sei" is also "you are")
_IT_WAS = re.compile(
    r"\b(?:it was|it s|that was|that s|era|e stata|was)(?: the| la| quella| del| di| dello| della| dell)* $")
# A card named by whose it is: "the first card OF the UTG player", "la prima carta DEL posto 6", "going to Jen in",
# "the first card the dealer GAVE the button" (the button's first card, not the deck's).
_FILLER = (r"(?:the|il|la|l|lo|i|guy|player|players|giocatore|person|quello|quella|in|on|at|who|s|is|was|sitting|seduto"
           r"|seduta|che|sta|stava|e|my|mio|mia|vicino|neighbour|neighbor|al|nel|sul|a|del|dell|della|di|to|going|went"
           r"|goes|va|his|her|sua|suo|one)")
_LINK_AFTER = re.compile(
    r"^ (?:\w+ ){0,2}?(?:of|to|for|del|della|dello|dell|di|do|al|alla|allo|all|a|going to|went to|goes to|in"
    r"|at|verso|towards?|onto|in front of|davanti a"
    r"|(?:he|she|dealer|mazziere|croupier|lui) (?:gave|gives|dealt|deals|pitched|pitches|ha dato|aveva dato)"
    rf"|(?:that )?(?:belongs?|belonged) to)(?: {_FILLER})*(?: \w+)?(?: {_FILLER})* $")
_LINK_TAIL = re.compile(rf"(?: {_FILLER})*(?: \w+)?(?: {_FILLER})* $")  # after `card_goes_to`
# Between a player and his card: "the big blind['s] first card", "UTG+1 got his first card", "quello … si è visto".
_LINK_BEFORE = re.compile(
    r"^(?: s| s very| got his| got her| had his| had her| has his| gets his| his| her| got| had| ha| si e visto"
    r"| si e vista| si ritrova| si e ritrovato| si e ritrovata| finds| found| ends up with| ended up with"
    r"| players?| player s| guy s| that| who| which| cards?| carta| the| la| il| a| an| una| un| avuto"
    r"| ricevuto| received)* $")


_ME_AFTER = re.compile(r" (?:me|hero|io|that s me|thats me|sarei io)\b")  # "seat 3 (me)", "Hero (BB)": the teller
_FIRST_PERSON_PLACE = re.compile(r"non (?:sono|ero|stavo|sto)\b")
_OPINION = re.compile(r"\b(?:says?|said|think|thinks|thought|claims?|insists?|swears?|dice|dicono|diceva|pensa|pensano"
                      r"|sostiene|sostengono|secondo)\b(?: \w+){0,2} $")
_ELLIPTIC_AFTER = re.compile(r" s\b(?! (?:very |own )?(?:first|second|third|cards?|hole|hand|holecards?|downcards?)\b)")
_TOO = re.compile(r" (?:too|as well|also|anche|pure)\b")
_JOINED_BEFORE = re.compile(r"\b(?:and|then|plus|as well as|e|poi)(?: then| also| the| poi| anche| pure)* $")
_TO_BEFORE = re.compile(r"\b(?:to|a|al|allo|alla|all|ai|agli)(?: the| il| lo)? $")  # "all'UTG": all
_AND_TO_BEFORE = re.compile(r"\b(?:and|e|ed|plus)(?: then| also| poi| anche| pure| one| another| una| uno| un"
                            r"| un altra)* (?:to|a|al|allo|alla|ai|agli)"
                            r"(?: the| il| lo)? $")
_AND_BEFORE = re.compile(r"\b(?:and|e|ed|plus)(?: the| il| lo| l)? $")
# "al giocatore in quarta posizione … la prima carta": the player to whom it happened, unless where someone sits
# ("ero al bottone", "Marco è al posto 3")
_DATIVE = re.compile(r"(?:\b(?P<lead>\w+) )?(?:a|al|all|allo|alla|ai|agli)(?: giocatore| tizio| ragazzo)?"
                     r"(?: in| al| del)? $")
_SITTING = frozenset({"ero", "sono", "stavo", "sto", "sta", "stava", "era", "e", "siede", "sedeva", "seduto", "seduta",
                      "stai", "eri", "sei"})
_AND = re.compile(r"\b(?:and|e|ed|plus)\b")
_LIST_JOIN = re.compile(r" (?:(?:and|e|ed|plus|the|il|lo|al|allo|a|to) )*")
_TWO_NUMBERS = re.compile(r"\d\D+\d")
_OF = re.compile(r"(?:of|del|dal|dello|della|di|al|to)\b")
_ARTICLES = re.compile(r" (?:(?:the|il|lo|la|l|i|player|giocatore|guy) )*")
# "he's UTG", "she was the cutoff", "che era il bottone": who "his" is
_HE_WAS = re.compile(r"\b(?:he s|he is|he was|she s|she is|she was|who s|who is|who was|lui e|lui era|che era|che e)"
                     r"(?: the| il| l| lo| on the| al| in the| sul| di| da| in| on)* $")
# "the BB goes hold on, my…", "il BB dice che la mia…": the place speaks, "my" is his
_SPEECH = re.compile(r"^ (?:\w+ ){0,2}(?:says|said|goes|went|yells|yelled|shouts|shouted|screams|asks|asked|tells us"
                     r"|points out|dice|diceva|urla|fa|protesta|chiede)\b(?: \w+){0,6} $")


@dataclass(frozen=True, slots=True)
class Seat:
    """A place at the table as the text names it: a kind (sb, bb, utg, utgplus, mp, lj, hj, co, btn, left, blind,
    notblind, seat, any) and a number for the kinds that take one (UTG+n, n seats left of the button, seat n)."""

    kind: str
    number: int = 0


ANYONE = Seat("any")
"""A player the text does not place ("my first card", nothing said of where I sit): any seat at all."""


@dataclass(frozen=True, slots=True)
class Table:
    """What the text says about the table: how many may have been dealt in, the button's seat, empty seats."""

    players: tuple[int, ...]
    button: int | None
    empty: frozenset[int]
    sizes: tuple[int, ...]
    names: dict[str, int]  # a seating list's names, by seat ("1 Ana, 2 empty, 3 Bill, 4 me")


def table(r: Reading) -> Table:
    """The table as the text draws it (worked out once per text)."""
    return r.derived("seats.table", lambda: _table(r))


def _table(r: Reading) -> Table:
    names, listed_empty, listed_button = _roster(r)
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
    entries = listing(r)  # "posto 1: Anna (bottone), posto 2: …" is no "bottone, posto 2"
    buttons = [int(group(m, "seat") or 0) for m in _apart(r.matches("button_seat"))
               if not any(m.start() < e.end() and e.start() < m.end() for e in entries)]
    if names:
        buttons += [names[who] for m in r.matches("button_named") if (who := group(m, "who") or "") in names]
    button = buttons[-1] if buttons else listed_button
    empty = frozenset(int(n) for m in r.matches("empty_seat") for n in _SEAT_NUMBER.findall(group(m, "seat") or ""))
    empty |= listed_empty
    if not sizes and names:
        sizes = (max((*names.values(), *listed_empty, button or 0)),)  # the seating list is the table
    elif not sizes and len(players) == 1 and players[0] > HEADS_UP and (
            not buttons or max(_seat_numbers(r), default=0) <= players[0]):
        sizes = players  # "9 handed, button in 9": nine seats, all taken
    return Table(players or ANY_COUNT, button, empty, sizes[-1:] or TABLE_SIZES, names)


def _roster(r: Reading) -> tuple[dict[str, int], frozenset[int], int | None]:
    """A seating list ("1 Ana, 2 empty, 3 Bill, 4 me, 5 Carl", "posto 1 Marco, posto 2 Luca"): each name's seat, the
    empty seats and the button marked in it. Two entries in a row at least, so "9 handed" is no list."""
    names: dict[str, int] = {}
    empty: set[int] = set()
    button = None
    for match in listing(r):
        seat, who = int(group(match, "seat") or 0), group(match, "who") or ""
        if who in _EMPTY:
            empty.add(seat)
        else:
            names[who] = seat
        if group(match, "button"):
            button = seat
    for match in r.matches("seat_of_name"):
        who = group(match, "who") or ""
        if not r.lexicon.speller.knows(who):  # "Mike is seat 5", not "button this hand was seat 1"
            names.setdefault(who, int(group(match, "seat") or 0))
    return names, frozenset(empty), button


def listing(r: Reading) -> list[re.Match[str]]:
    """The entries of a seating list: two or more "seat, who" entries in a row."""
    if not _TWO_NUMBERS.search(r.text):
        return []  # a list numbers two seats at least
    entries = r.matches("seat_listing")
    return [m for i, m in enumerate(entries) if (i and entries[i - 1].end() + 1 == m.start())
            or (i + 1 < len(entries) and m.end() + 1 == entries[i + 1].start())]


_EMPTY = frozenset({"empty", "vuoto", "vuota", "libero", "libera", "free", "open", "nobody", "nessuno"})
_FIRST_PERSON_NAMES = ("me", "io", "i", "myself")


def _seat_numbers(r: Reading) -> list[int]:
    """Every seat number the text says ("seat 6", "posto 3", "button in 9")."""
    return [int(n) for m in r.matches("button_seat") + r.matches("seat_number") + r.matches("seat_named")
            for n in _SEAT_NUMBER.findall(m[0])]


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
    kept = _named(r)
    if not any(seat.kind == "seat" for _, seat in kept):
        return kept
    said = roles(r)
    return [(m, said.get(seat.number, seat) if seat.kind == "seat" else seat) for m, seat in kept]


def roles(r: Reading) -> dict[int, Seat]:
    """The positions the text gives seat numbers ("seat 2 is the small blind"), worked out once per text."""
    return r.derived("seats.roles", lambda: _roles(r, _named(r)))


def _named(r: Reading) -> list[tuple[re.Match[str], Seat]]:
    """Every place named, in text order, before seat numbers are read as the positions the text gives them."""
    return r.derived("seats.named", lambda: _named_places(r))


def _named_places(r: Reading) -> list[tuple[re.Match[str], Seat]]:
    said = listing(r) + (r.matches("button_named") if table(r).names else [])
    maps = _apart(r.matches("button_seat")) + r.matches("empty_seat") + r.matches("seat_range") + said
    found = [(m, seat) for m in r.matches("seat_named") if (seat := _seat(r, m))]
    if r.has("button_seat") or table(r).names:
        found += [(m, Seat("seat", int(group(m, "seat") or 0))) for m in r.matches("seat_number")]
    names = table(r).names
    if names:  # "Rick's first card", Rick being seat 4 in the seating list
        found += [(m, Seat("seat", names[m[0]])) for m in _name_words(names).finditer(r.text)]
    kept = [(m, seat) for m, seat in found
            if not any(_within(m, other) and (m.start(), m.end()) != (other.start(), other.end())
                       for other, _ in found)
            and not any(_within(m, statement) for statement in maps) and not _counted(r, m)]
    kept.sort(key=lambda pair: pair[0].start())
    return _next_to(r, kept)


def _counted(r: Reading, place: re.Match[str]) -> bool:
    """A place counted as an amount, not a player: "raised to 3 big blinds", "tre grandi bui"."""
    before = r.text[:place.start()].split()[-1:]
    return place[0].endswith(("s", "bui")) and bool(before) and (before[0].isdigit() or before[0] in r.lexicon.numbers)


_ONE_ON = {"sb": Seat("bb"), "bb": Seat("utg"), "utg": Seat("utgplus", 1), "lj": Seat("hj"), "hj": Seat("co"),
           "co": Seat("btn"), "btn": Seat("left", 1)}


def _next_to(r: Reading, kept: list[tuple[re.Match[str], Seat]]) -> list[tuple[re.Match[str], Seat]]:
    """"UTG folded, then the next player…, and the guy on his left…": each is dealt right after the place named
    before it in the same sentence; with none there ("the dealer flicked a card to the player on his left") it is
    the first seat left of the button."""
    placed: list[tuple[re.Match[str], Seat]] = []
    for match, seat in kept:
        if seat.kind == "nextto":
            before = placed[-1] if placed and r.sentence_end(placed[-1][0].start()) >= match.start() else None
            seat = _one_on(before[1]) if before else Seat("left", 1)
        placed.append((match, seat))
    return placed


def _one_on(seat: Seat) -> Seat:
    if seat.kind in ("left", "utgplus", "seat"):
        return Seat(seat.kind, seat.number + 1)
    return _ONE_ON.get(seat.kind, ANYONE)


def _name_words(names: dict[str, int]) -> re.Pattern[str]:
    """The seating list's names as a pattern of whole words."""
    return re.compile(r"\b(?:" + "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True)) + r")\b")


def _roles(r: Reading, named: list[tuple[re.Match[str], Seat]]) -> dict[int, Seat]:
    """Seat numbers said to be a position: "seat 4 is the big blind", "he's seat 7 in the BB", "il BB al posto 7"."""
    roles = {}
    for (first, one), (second, other) in itertools.pairwise(named):
        bound = r.lexicon.says("seat_role_link", r.text[first.end():second.start()])
        if not bound or _OPINION.search(r.before(first.start(), "owner_before")):
            continue  # "half say seat 5 is the big blind": what someone claims is not the table
        if one.kind == "seat" and other.kind not in ("seat", "any"):
            roles[one.number] = other
        elif other.kind == "seat" and one.kind not in ("seat", "any"):
            roles[other.number] = one
    return roles


def _within(inner: re.Match[str], outer: re.Match[str]) -> bool:
    return outer.start() <= inner.start() and inner.end() <= outer.end()


def _seat(r: Reading, match: re.Match[str]) -> Seat | None:
    kind = next((k for k in _KINDS if group(match, k)), None)
    if kind in ("left", "leftnth"):
        count = _count(r, group(match, "k") or group(match, "nth") or "")
        return Seat("left", count) if count else None
    if kind == "left1":
        return Seat("left", 1)
    if kind == "nextto":
        return Seat("nextto")  # "the next player", "the guy on his left": placed by the seat named before it
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


_EITHER = re.compile(r"\b(?:or|o|oppure|or maybe|o forse)\b")


def speaker(r: Reading) -> Seat | None:
    """Where the one telling the story sits ("I'm the big blind", "io stavo al bottone"), if he says."""
    reach = r.lexicon.windows["speaker_before"]
    for said in reversed(r.matches("speaker")):  # the place right after "I'm": "io sono il grande buio, lui bottone"
        after = [(match, seat) for match, seat in places(r) if 0 <= match.start() - said.end() <= reach]
        if len(after) > 1 and _EITHER.search(r.text, after[0][0].end(), after[1][0].start()):
            return None  # "non ricordo se ero di bottone o di grande buio": he does not say
        if after:
            return after[0][1]
    for match, seat in reversed(places(r)):
        if _ME_AFTER.match(r.text, match.end()):
            return seat
        if seat.kind == "notblind" and (match.start() == 0 or _FIRST_PERSON_PLACE.match(match[0])):
            return seat  # "not in the blinds, nine handed, my first card…", "non sono sui bui"
    mine = [seat for name, seat in table(r).names.items() if name in _FIRST_PERSON_NAMES]
    return Seat("seat", mine[0]) if mine else None


def owner(r: Reading, card: re.Match[str]) -> Seat | None:
    """Whose card a card phrase names: the place said right after it ("of the UTG player", "del posto 6") or
    right before it ("the big blind's", "UTG+1 got his")."""
    found = _owner(r, card)
    return found[1] if found else None


def owners(r: Reading, card: re.Match[str]) -> list[Seat]:
    """Every player a card phrase is given to: the owner and the places listed with him ("gave both the SB and the
    BB a third card", "a SB, BB e UTG la terza carta")."""
    found = _owner(r, card)
    if not found:
        return []
    named = places(r)
    at = named.index(found)
    first, last = at, at
    while first > 0 and _listed(r, named[first - 1][0], named[first][0]):
        first -= 1
    while last + 1 < len(named) and _listed(r, named[last][0], named[last + 1][0]):
        last += 1
    run = named[first:last + 1]
    if len(run) > 1 and not _AND.search(r.text[run[0][0].end():run[-1][0].start()]):
        return [found[1]]  # "the sb the bb": no list without an "and"
    return [seat for _, seat in run]


def _listed(r: Reading, before: re.Match[str], after: re.Match[str]) -> bool:
    """Two places in one list ("the SB, the BB and UTG"): only list words between them, and no full stop ("…to the
    guy left of the button. UTG and UTG+1 had called" lists the callers, not more players given the card)."""
    return bool(_LIST_JOIN.fullmatch(r.text[before.end():after.start()])) and not any(
        before.end() <= start <= after.start() for start in r.sentences)


def _goes_to(r: Reading, between: str) -> bool:
    """The card and its place joined by whom it goes to ("quella che va al | piccolo buio"): the lexicon's link, then
    only what may stand before a place."""
    link = r.lexicon.find("card_goes_to", between)
    return link is not None and _LINK_TAIL.fullmatch(between, link.end()) is not None


def _owner(r: Reading, card: re.Match[str]) -> tuple[re.Match[str], Seat] | None:
    named = places(r)
    for match, seat in named:
        if _within(match, card):
            return match, seat  # "the button's first" said as one phrase
    for match, seat in named:
        between = r.text[card.end():match.start()]
        if card.end() <= match.start() <= card.end() + r.lexicon.windows["owner_after"] and (
                _LINK_AFTER.search(between) or _goes_to(r, between) or (between == " " and _OF.match(match[0]))):
            return match, seat  # "la prima carta del posto 6", "…del 3" (the preposition read with the seat)
        if card.end() <= match.start() and _ARTICLES.fullmatch(between) and _ELLIPTIC_AFTER.match(r.text, match.end()):
            return match, seat  # "one card, the hijack's": the card named again by whose it is
    for match, seat in reversed(named):
        if match.end() <= card.start() and _LINK_BEFORE.search(r.text[match.end():card.start()]):
            return match, seat
    return _dative(r, card, named)


def _dative(r: Reading, card: re.Match[str],
            named: list[tuple[re.Match[str], Seat]]) -> tuple[re.Match[str], Seat] | None:
    """The player a clause opens on as the one it happened to, the card named later in it: "al terzo giocatore alla
    sinistra del mazziere è uscita scoperta la prima carta", "al posto 5 il dealer gira la prima carta"."""
    before = [(match, seat) for match, seat in named if match.end() <= card.start()]
    if not before:
        return None
    match, seat = before[-1]
    dative = _DATIVE.search(r.before(match.start(), "owner_before"))
    if (dative and dative["lead"] not in _SITTING and r.sentence_end(match.start()) >= card.end()
            and card.start() - match.end() <= r.lexicon.windows["owner_after"]):
        return match, seat
    return None


def dealt_to(r: Reading) -> Seat | None:
    """The player the dealer was pitching to when it happened: "while he was pitching to UTG+1", "as the dealer
    dealt it to the cutoff", "mentre dava le carte al bottone"."""
    for lead in r.matches("dealing_to"):
        for match, seat in places(r):
            if 0 <= match.start() - lead.end() <= r.lexicon.windows["recipient_after"] \
                    and _ARTICLES.fullmatch(r.text[lead.end():match.start()]):
                return seat
    return None


def referent(r: Reading, position: int) -> Seat | None:
    """Whom "his" or "la sua" at a position points to: the place said to be his ("he's UTG", "che era il bottone"),
    else the place named last before it ("the big blind says his first card")."""
    for match, seat in places(r):
        if _HE_WAS.search(r.before(match.start(), "owner_before")):
            return seat
    return next((seat for match, seat in reversed(places(r)) if match.end() <= position), None)


def speech_subject(r: Reading, position: int) -> Seat | None:
    """The place that tells it in the story, when "my" at a position is his, not the teller's: "the BB goes hold
    on, my first card came face up", "il BB dice: la mia prima carta"."""
    for match, seat in reversed(places(r)):
        if match.end() <= position and _SPEECH.match(r.text[match.end():position]):
            return seat
    return None


def elliptic_owners(r: Reading) -> list[Seat]:
    """Players whose card is named by the possessive alone: "UTG's first card, then the hijack's too", "the lojack's
    second card and the hijack's"."""
    return [seat for match, seat in places(r) if _ELLIPTIC_AFTER.match(r.text, match.end())
            and (_TOO.match(r.text, match.end() + 2) or _JOINED_BEFORE.search(r.before(match.start(), "owner_before"))
                 or match.end() + 2 >= len(r.text))]


def recipients(r: Reading) -> int:
    """How many players a list after "to" names ("a third round to the SB, BB and UTG", "a SB, BB e UTG"); an
    apposition ("to the small blind, the first player on his left") is one player."""
    most = 0
    named = places(r)
    for i, (match, _) in enumerate(named):
        if not _TO_BEFORE.search(r.before(match.start(), "owner_before")):
            continue
        run = [named[i]]
        for (before, _), (after, seat) in itertools.pairwise(named[i:]):
            if not _listed(r, before, after):
                break
            run.append((after, seat))
        joined = _AND.search(r.text[run[0][0].end():run[-1][0].start()])
        if joined and len({seat for _, seat in run}) == len(run):
            most = max(most, len(run))
    return max(most, 2) if _elliptic_second(r, named) else most


def _elliptic_second(r: Reading, named: list[tuple[re.Match[str], Seat]]) -> bool:
    """A second player given the same thing with its words left out: "al piccolo buio tre carte, e pure al grande
    buio", "three cards to the SB and to the BB as well", "to the SB, and the BB too", "e una anche al grande buio"."""
    for j, (match, seat) in enumerate(named):
        before = r.before(match.start(), "owner_before")
        second = _AND_TO_BEFORE.search(before) or (
            _AND_BEFORE.search(before) and _TOO.match(r.text, match.end()))
        if second and any(_TO_BEFORE.search(r.before(m.start(), "owner_before")) and s != seat
                          for m, s in named[:j]):
            return True
    return False


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
    if seat.kind == "any":
        return tuple(range(1, players + 1))
    if heads_up and board.button is not None:
        return (1,) if seat.number != board.button else (HEADS_UP,)  # the one who is not the button: the BB
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
    """Whether that seat is dealt first (the one an extra card after the deal goes to): None when it depends. A seat
    number with the button's seat unknown is placed by the seat the text names as the small blind, who is dealt
    first ("the first card went to seat 3 but the small blind is seat 2")."""
    board = table(r)
    if seat.kind == "seat" and board.button is None and HEADS_UP not in board.players:
        small = [number for number, role in roles(r).items() if role.kind == "sb"]
        if len(small) == 1:
            return seat.number == small[0]
    firsts = {place == 1 for players in board.players for place in orders(seat, players, board)}
    return firsts.pop() if len(firsts) == 1 else None
