"""A hole card exposed during the deal (holdem.exposed-holecard): who exposed it, how many, which card off the
deck, and how far the action had gone when it was noticed."""

from __future__ import annotations

import re

from ..readers import ordinals, seats, streets
from ..readers.actions import players_acted
from ..readers.counts import QUANTITY_PLURAL
from ..readers.negation import happened, negated
from ..readers.ownership import owned, someone_elses_card
from ..reading import Facts, Reading, group
from . import Cue, Topic

_HOLE_ORDINAL = 3  # the first three cards off the deck are hole cards whatever the table size
_ANOTHER_CARD = re.compile(r"\b(?:another|un altra|altra) (?:hole |down )?(?:card|carta|holecard|downcard)")
_LATER_ROUND = re.compile(
    r"\b(?:(?:second|seconda|secondo|third|terzo|terza|last|final|ultimo)"
    r" (?:round|giro|pass|passata|lap|orbit|go round)"
    r"|(?:second|third|2nd) time (?:around|round)|(?:giro|round) (?:finale|final|last))\b")
_FIRST_PLAYER_OWNER = re.compile(r"\b(?:sb|small blind|small|first player)(?: s)? (?:very )?$")
_TOO_ALSO = re.compile(r"\b(?:too|as well|also|anche|pure)\b")
_BOTH = re.compile(r"\b(?:both|entrambe|tutte e due)\b")
_OF_THE_BOARD = re.compile(r" (?:del|of the|on the|sul|dal|from the) (?:flop|board|turn|river)\b")
_ONE_OF = re.compile(r"\b(?:one of|una delle|uno dei) (?:the |my |his |her |mie |sue )?(?:\w+ )?$")
_FIRST_PERSON = re.compile(r"(?:i|ho|l ho|mi) ")
_MINE_BEFORE = re.compile(r"\b(?:my|mia|mio|mi|m|me)\b(?: \w+){0,4} $")  # "my very first", "mi ha girato la prima"
_OWN_BEFORE = re.compile(r"\b(?:his|her|own|suo|sua)\b(?: \w+){0,2} $")
_FIRST_ROUND = re.compile(r"\b(?:first|primo) (?:round|giro|pass|passata|lap|time around|go round|go around)\b")
_TO_ME = re.compile(r"\b(?:to me|my card|a me|mi (?:ha|hanno|e|si e) \w+ (?:la|una) carta)\b")


def _exposed(r: Reading, given: Facts) -> Facts | None:
    """A card exposed while dealing, not shown at showdown and not a board card."""
    if not happened(r, "exposure"):
        return None  # "no card was exposed", "nessuna carta scoperta": nothing to rule on
    if r.has("showdown") or (r.has("board_words") and not (
            r.has("hole") or r.has("player_exposed") or someone_elses_card(r))):
        return None  # showing cards at showdown is the game, not an exposed hole card
    dealing_context = r.has("hole") or r.has("dealer") or r.has("player_exposed") or r.has("exposed_mine")
    hole_ordinal = any((ordinals.value(m) or ordinals.LAST) <= _HOLE_ORDINAL and not _OF_THE_BOARD.match(
        r.after(m.end(), "owner_after")) for m in r.matches("ordinal_card"))  # not "la prima carta del flop"
    if streets.board_street(r) and not (r.has("hole") or hole_ordinal):
        return None
    return {"street": "deal"} if dealing_context or hole_ordinal or r.has("card") else None


def exposed_by(r: Reading, facts: Facts) -> None:
    claims = r.matches("player_exposed") + r.matches("exposed_mine")
    if r.has("uncertain_who") or any(r.near("uncertain", m.start(), "doubt_who") for m in claims):
        r.doubt("exposed_by")  # "I don't know whether I flipped it or the dealer did", "not sure by who"
        return
    first_person = any(_FIRST_PERSON.match(m[0]) for m in r.matches("player_exposed"))
    if r.has("own_card_shown") and not r.has("dealer_on_button"):
        facts["exposed_by"] = "player"  # "the guy on my left flipped his own card, I'm the dealer"
    elif r.has("dealer_self") or (first_person and someone_elses_card(r)) or r.has("dealer_on_button"):
        facts["exposed_by"] = "dealer"  # "I was dealing and flipped the cutoff's card", "he deals and his own flips"
    elif r.has("player_exposed") or (r.has("exposed_mine") and not r.has("dealer")):
        facts["exposed_by"] = "player"
    elif r.has("dealer"):
        facts["exposed_by"] = "dealer"


def exposed_count(r: Reading, facts: Facts) -> None:
    if any(group(m, "pair") for m in r.matches("exposed_number")):
        facts["exposed_count"] = QUANTITY_PLURAL  # "the 1st and 3rd cards"
        return
    if r.has("more_than_one") or r.has("several_recipients") or _several_owners(r):
        facts["exposed_count"] = QUANTITY_PLURAL  # "UTG's first card, then the hijack's too": one card each
        return
    for match in r.matches("quantity_card") + r.matches("exposed_number"):
        if _ONE_OF.search(r.before(match.start(), "one_of_before")):
            facts["exposed_count"] = 1  # "one of the first two cards"
            return
        count = r.number(match)
        if count:
            facts["exposed_count"] = count
            return
    if any(_TOO_ALSO.search(r.after(m.end(), "too_after")) for m in r.matches("exposure")):
        facts["exposed_count"] = QUANTITY_PLURAL


def deal_position(r: Reading, facts: Facts) -> None:
    """Which card off the deck: said outright beats a player's own card, which only settles "second or later"."""
    readings: list[tuple[int, str | None]] = []  # (how sure, position)
    if r.has("first_two"):
        readings.append((3, "first-or-second"))
    if r.has("not_first"):
        readings.append((1, "not-first"))  # "una carta che non è la prima": second or later
    for match in r.matches("ordinal_card"):
        value = ordinals.value(match)
        if value is None or _doubted_detail(r, match) or r.near(
                "first_two", match.start(), "same_phrase"):
            continue  # "can't remember if it was the first or the last"
        if negated(r, match):
            if value == 1:
                readings.append((1, "not-first"))  # "a card other than the first": second or later
            continue
        deck_order = ordinals.from_the_deck(r, match)
        placed = None if ordinals.off_the_deck(r, match) else _from_the_seats(r, match, value)  # "the first card
        # he dealt to the big blind" is the big blind's first card; "the first card off the deck" is the first
        if placed:
            readings.append((3, placed))  # "the big blind's first card": the 2nd off the deck
        elif deck_order or not owned(r, match):
            readings.append((2 if deck_order else 1, {1: "first", 2: "second"}.get(value, "later")))
        elif value >= 2:
            readings.append((1, "later"))  # a player's second card is never the first or second off the deck
        elif _FIRST_PLAYER_OWNER.search(r.before(match.start(), "owner_before")):
            readings.append((1, "first"))
        else:
            readings.append((0, None))  # "my first card": maybe, maybe not the first off the deck
    for match in r.matches("owned_ordinal"):  # "la sua seconda", "his first"
        placed = _from_the_seats(r, match, ordinals.value(match) or 0)
        readings.append((3, placed) if placed else (1, "later") if ordinals.value(match) == 2 else (0, None))
    if not any(reading[0] >= 2 and reading[1] != "first-or-second" for reading in readings):
        readings += _whose_card(r)  # unless said outright ("the second card off the deck") or placed already
    if readings:
        strongest = max(reading[0] for reading in readings)
        position = [reading for reading in readings if reading[0] == strongest][-1][1]  # "…no wait, the second"
        if position:
            facts["deal_position"] = position
    elif _LATER_ROUND.search(r.text) or _ANOTHER_CARD.search(r.text):
        facts["deal_position"] = "later" if _LATER_ROUND.search(r.text) else "not-first"  # "un'altra carta"


def _several_owners(r: Reading) -> bool:
    """Cards of two different players named, or two cards each turned up, joined as more than one ("UTG's second
    card and the button's first card were both face up", "la prima di UTG, poi pure quella dell'hijack")."""
    if not (_TOO_ALSO.search(r.text) or _BOTH.search(r.text)):
        return False
    owners = {seat for m in r.matches("card") + r.matches("ordinal_card") + r.matches("card_pronoun")
              if (seat := seats.owner(r, m))}
    gap = r.lexicon.windows["exposure_gap"]  # "revealed my second card … flipped the first card … too"
    exposed = [card for card in r.matches("ordinal_card")
               if any(0 <= card.start() - m.end() <= gap for m in happened(r, "exposure"))]
    return len(owners) >= QUANTITY_PLURAL or len(exposed) >= QUANTITY_PLURAL


def _doubted_detail(r: Reading, match: re.Match[str]) -> bool:
    """A doubt near the card about which card it was, not about who turned it ("no idea who did it")."""
    who = r.matches("uncertain_who")
    return any(abs(m.start() - match.start()) <= r.lexicon.windows["doubt_detail"] and not any(
        w.start() <= m.start() < w.end() for w in who) for m in r.matches("uncertain"))


def _from_the_seats(r: Reading, card: re.Match[str], value: int) -> str | None:
    """Which card off the deck a player's first or second card was, from where he sits ("the big blind's first
    card" is the 2nd; "seat 6's first card, button in seat 5" the 1st); None when no seat is said."""
    if value not in (1, 2):
        return None
    before = r.before(card.start(), "owner_before")
    seat = seats.owner(r, card) or (seats.speaker(r) if _MINE_BEFORE.search(before) else None)
    if seat is None and r.has("dealer_on_button") and _OWN_BEFORE.search(before):
        seat = seats.Seat("btn")  # the dealer on the button flipped "his own first card"
    return seats.position(seats.deck_places(r, seat, value)) if seat else None


def _whose_card(r: Reading) -> list[tuple[int, str | None]]:
    """The exposed card named by its owner, not by its ordinal: with the round ("first round of the deal, the card
    coming to me in middle position"), with "one of the first two", or said to be his ("it was the hijack's")."""
    round_ = 2 if _LATER_ROUND.search(r.text) else 1 if _FIRST_ROUND.search(r.text) else None
    seat = next((s for m in r.matches("card") + r.matches("card_pronoun") if (s := seats.owner(r, m))), None)
    if seat is None and _TO_ME.search(r.text):
        seat = seats.speaker(r)
    if seat is None or (round_ is None and not r.has("first_two")):
        seat, round_ = seats.said_to_own(r), None  # whichever of his two cards it was
    if seat is None:
        return []
    placed = seats.deck_places(r, seat, round_)
    if r.has("first_two"):
        placed &= {1, 2}
    position = seats.position(placed)
    return [(3, position)] if position else []


TOPIC = Topic("exposed-holecard", cues=(Cue(50, _exposed),),
              readers=(exposed_by, exposed_count, deal_position, players_acted, seats.players))
