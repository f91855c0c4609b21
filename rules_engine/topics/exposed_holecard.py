"""A hole card exposed during the deal (holdem.exposed-holecard): who exposed it, how many, which card off the
deck, and how far the action had gone when it was noticed."""

from __future__ import annotations

import re

from ..readers import ordinals, streets
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
    r"|(?:giro|round) (?:finale|final|last))\b")
_FIRST_PLAYER_OWNER = re.compile(r"\b(?:sb|small blind|small|first player)(?: s)? (?:very )?$")
_TOO_ALSO = re.compile(r"\b(?:too|as well|also|anche|pure)\b")
_ONE_OF = re.compile(r"\bone of (?:the |my |his |her )?(?:\w+ )?$")
_FIRST_PERSON = re.compile(r"(?:i|ho|l ho|mi) ")


def _exposed(r: Reading, given: Facts) -> Facts | None:
    """A card exposed while dealing, not shown at showdown and not a board card."""
    if not happened(r, "exposure"):
        return None  # "no card was exposed", "nessuna carta scoperta": nothing to rule on
    if r.has("showdown") or (r.has("board_words") and not (
            r.has("hole") or r.has("player_exposed") or someone_elses_card(r))):
        return None  # showing cards at showdown is the game, not an exposed hole card
    dealing_context = r.has("hole") or r.has("dealer") or r.has("player_exposed") or r.has("exposed_mine")
    hole_ordinal = any((ordinals.value(m) or ordinals.LAST) <= _HOLE_ORDINAL for m in r.matches("ordinal_card"))
    if streets.board_street(r) and not (r.has("hole") or hole_ordinal):
        return None
    return {"street": "deal"} if dealing_context or hole_ordinal or r.has("card") else None


def exposed_by(r: Reading, facts: Facts) -> None:
    claims = r.matches("player_exposed") + r.matches("exposed_mine")
    if any(r.near("uncertain", m.start(), "doubt_who") for m in claims):
        return  # "I don't know whether I flipped it or the dealer did"
    first_person = any(_FIRST_PERSON.match(m[0]) for m in r.matches("player_exposed"))
    if r.has("dealer_self") or (first_person and someone_elses_card(r)):
        facts["exposed_by"] = "dealer"  # "I was dealing and flipped the cutoff's card"
    elif r.has("player_exposed") or (r.has("exposed_mine") and not r.has("dealer")):
        facts["exposed_by"] = "player"
    elif r.has("dealer"):
        facts["exposed_by"] = "dealer"


def exposed_count(r: Reading, facts: Facts) -> None:
    if any(group(m, "pair") for m in r.matches("exposed_number")):
        facts["exposed_count"] = QUANTITY_PLURAL  # "the 1st and 3rd cards"
        return
    if r.has("more_than_one"):
        facts["exposed_count"] = QUANTITY_PLURAL
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
        if value is None or r.near("uncertain", match.start(), "doubt_detail") or r.near(
                "first_two", match.start(), "same_phrase"):
            continue  # "can't remember if it was the first or the last"
        if negated(r, match):
            if value == 1:
                readings.append((1, "not-first"))  # "a card other than the first": second or later
            continue
        deck_order = ordinals.from_the_deck(r, match)
        if deck_order or not owned(r, match):
            readings.append((2 if deck_order else 1, {1: "first", 2: "second"}.get(value, "later")))
        elif value >= 2:
            readings.append((1, "later"))  # a player's second card is never the first or second off the deck
        elif _FIRST_PLAYER_OWNER.search(r.before(match.start(), "owner_before")):
            readings.append((1, "first"))
        else:
            readings.append((0, None))  # "my first card": maybe, maybe not the first off the deck
    for match in r.matches("owned_ordinal"):  # "la sua seconda", "his first"
        readings.append((1, "later") if ordinals.value(match) == 2 else (0, None))
    if readings:
        strongest = max(reading[0] for reading in readings)
        position = [reading for reading in readings if reading[0] == strongest][-1][1]  # "…no wait, the second"
        if position:
            facts["deal_position"] = position
    elif _LATER_ROUND.search(r.text) or _ANOTHER_CARD.search(r.text):
        facts["deal_position"] = "later" if _LATER_ROUND.search(r.text) else "not-first"  # "un'altra carta"


TOPIC = Topic("exposed-holecard", cues=(Cue(50, _exposed),),
              readers=(exposed_by, exposed_count, deal_position, players_acted))
