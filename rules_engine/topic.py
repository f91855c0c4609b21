"""What a situation is about: which of the seven situations, and on which street."""

from __future__ import annotations

import re

from .reading import (
    DECK_ORDER_AFTER,
    ORDINAL_VALUE,
    Facts,
    Reading,
    ordinal,
    owned,
    received,
    said_not,
    someone_elses_card,
)

_STREET_ORDER = {"flop": 1, "turn": 2, "river": 3}
_BETTING_ORDER = ("preflop", "flop", "turn")
_NEXT_STREET = {"preflop": "flop", "flop": "turn", "turn": "river"}
EXTRA_WORD = re.compile(r"\b(?:extra|additional|more|(?:in |di |e )?piu|di troppo|in eccesso|aggiuntiv\w*)\b")
_EXTRA_AFTER = re.compile(r"^ (?:extra|in piu|e piu|di piu|di troppo|in eccesso|more|too many)\b")  # "due carte in più"
_MORE_BEFORE = re.compile(r"\b(?:altre|altri)\s*$")  # "arrivano altre due carte"
QUANTITY_PLURAL = 2
_HAND_SIZES = (3, 9)  # a hand someone was dealt; "the deck only had 51 cards" is not one
# Situations that belong to rules these seven are not: boxed cards, burn errors, other games, acting out of
# turn, and questions asking what a word means.
_OTHER_RULES = ("boxed", "burn_error", "other_game", "out_of_turn", "definition")
# Timing cues, strongest first: all-in means nothing was left to bet; a named player still to act beats
# "after X checked"; a bare "early" only counts when nothing more specific is said.
TIMING = {"all_allin": "yes", "premature": "no", "complete": "yes", "premature_weak": "no"}


def topic_of(r: Reading, given: Facts) -> tuple[str | None, str | None]:
    """The situation's topic and street, or (None, None) when it is none of the seven."""
    if any(r.has(concept) for concept in _OTHER_RULES):
        return None, None  # governed by other rules of the catalogue, not by these seven
    if r.has("board_claim"):
        return "board-claim", None
    too_many = _too_many_street(r)
    if too_many:
        return "too-many-cards", too_many
    street = _board_street(r)
    if _hole_card_exposed(r, street):
        return "exposed-holecard", "deal"
    timing = any(r.has(cue) for cue in TIMING) or "betting_complete" in given
    if street and (timing or (r.has("board_dealing") and (r.has("dispute") or r.has("uncertain")))):
        return "board-card-dealt", _street_after_betting(r) or street
    return None, None


def flop_card_count(r: Reading) -> int | None:
    """How many cards the flop had, when the text says (a number, named cards, or "a fourth stuck to the third")."""
    for match in r.matches("flop_count"):
        count = r.number(match)
        if count and not said_not(r, match):
            return count
    if r.has("flop") and r.has("stuck") and any(ORDINAL_VALUE.get(ordinal(m)) == 4 for m in r.matches("ordinal_card")):
        return 4  # "a fourth card was stuck to the third"
    if r.has("flop"):
        for match in r.matches("card_codes"):
            if r.near("flop", match.start(), 6):
                return len(match[0].split())
        for match in r.matches("card_names"):
            if r.near("flop", match.start(), 8):
                return sum(match.start() <= rank.start() < match.end() for rank in r.matches("card_rank"))
        for match in r.matches("quantity_card"):
            count = r.number(match)
            if count and count >= 4 and not EXTRA_WORD.search(match[0]) and not said_not(r, match) and (
                    r.near("flop", match.start(), 6) or not (r.has("hole") or received(r, match))):
                return count
    return None


def _too_many_street(r: Reading) -> str | None:
    """"flop" when the flop has too many cards, "deal" when a player has extra hole cards, else None."""
    count = flop_card_count(r)
    if count and count > 3:
        return "flop"
    if r.has("flop_extra"):
        return "flop"
    extra_hole = extra_hole_cards(r)
    if extra_hole is not None:
        return "deal"
    if r.has("flop") and r.has("extra") and not r.has("hole"):
        return "flop"  # "si rifà il flop anche se sappiamo quale era la carta in più?"
    return None


def _board_street(r: Reading) -> str | None:
    """The latest board street the text talks about: the card that came out, not the round bet before it."""
    remedy = r.matches("remedy_mention")  # "the card that would have been the river is dealt as the turn"
    streets = [name for name in _STREET_ORDER
               if any(not any(x.start() <= m.start() < x.end() for x in remedy) for m in r.matches(name))]
    if not r.has("hole"):
        for match in r.matches("ordinal_card"):
            if owned(r.text, match) or DECK_ORDER_AFTER.search(r.text[match.end():match.end() + 30]):
                continue
            value = ORDINAL_VALUE.get(ordinal(match), 0)
            if value == 4:
                streets.append("turn")
            elif value in (5, 99):
                streets.append("river")
    if not streets and r.has("preflop") and (r.has("board_words") or re.search(r"\bboard\b", r.text)):
        streets.append("flop")  # "the board came while the BB still had his option"
    return max(streets, key=_STREET_ORDER.__getitem__) if streets else None


def _street_after_betting(r: Reading) -> str | None:
    """"before the flop betting was done": the card in question is the one after the street named for betting."""
    named = [next(v for v in m.groupdict().values() if v) for m in r.matches("betting_on")]
    if not named:
        return None
    return _NEXT_STREET[max(named, key=lambda street: _BETTING_ORDER.index(street))]


def _hole_card_exposed(r: Reading, street: str | None) -> bool:
    if not r.has("exposure"):
        return False
    if r.has("showdown") or (r.has("board_words") and not (
            r.has("hole") or r.has("player_exposed") or someone_elses_card(r))):
        return False  # showing cards at showdown is the game, not an exposed hole card
    dealing_context = r.has("hole") or r.has("dealer") or r.has("player_exposed") or r.has("exposed_mine")
    hole_ordinal = any(ORDINAL_VALUE.get(ordinal(m), 9) <= 3 for m in r.matches("ordinal_card"))
    if street and not (r.has("hole") or hole_ordinal):
        return False
    return dealing_context or hole_ordinal or r.has("card")


def extra_hole_cards(r: Reading) -> int | None:
    """How many cards too many a player got, when the text says so about hole cards."""
    if r.has("flop") and not r.has("hole") and not r.has("recipient"):
        return None
    count = _extra_count(r)
    if count is not None and (r.has("more_than_one") or r.has("several_recipients")):
        return max(count, QUANTITY_PLURAL)
    return count


def _extra_count(r: Reading) -> int | None:
    if r.has("board_words") and not r.has("hole"):
        return None  # "the board had four cards after the turn" is the board, not a hand
    for match in r.matches("quantity_card"):
        count = r.number(match)
        if not count:
            continue
        before, after = r.text[max(0, match.start() - 10):match.start()], r.text[match.end():match.end() + 12]
        if EXTRA_WORD.search(match[0]) or _EXTRA_AFTER.search(after) or _MORE_BEFORE.search(before):
            return count
        exposed = any(0 <= match.start() - m.end() <= 20 for m in r.matches("exposure"))  # "turned over three…"
        hand = not exposed and (received(r, match) or re.search(r"\bhole|\bcopert", match[0]))
        if _HAND_SIZES[0] <= count <= _HAND_SIZES[1] and hand and not r.near("flop", match.start(), 4):
            return count - 2
    third = [m for m in r.matches("ordinal_card") if ORDINAL_VALUE.get(ordinal(m)) == 3
             and not DECK_ORDER_AFTER.search(r.text[m.end():m.end() + 30])]
    if (third and not r.has("exposure")) or re.search(r"\b(?:a third|una terza|una third)\b", r.text):
        return 1  # "gave the SB a third card"; "exposed the third card" is about which card, not how many
    if r.has("extra") and (r.has("recipient") or r.has("hole")):
        plural = r.has("more_than_one") or re.search(r"\bextra cards\b", r.text)
        return QUANTITY_PLURAL if plural else 1
    return None
