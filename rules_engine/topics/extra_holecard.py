"""An extra hole card (holdem.extra-holecard): a player got three cards, or more, and whether it came after
everyone had a full hand (the start of a third round to the first player) or during the deal."""

from __future__ import annotations

import re

from ..readers import ordinals, seats
from ..readers.actions import players_acted
from ..readers.counts import EXTRA_WORD, QUANTITY_PLURAL
from ..readers.negation import happened, said_not, undone
from ..readers.ownership import received
from ..readers.played_out import past_preflop
from ..reading import Facts, Reading, group, inside
from . import Cue, Topic

HOLE_CARDS = 2
_HAND_SIZES = (3, 9)  # a hand someone was dealt; "the deck only had 51 cards" is not one
_THIRD_CARD = 3
_EXTRA_AFTER = re.compile(r"^ (?:extra|in piu|e piu|di piu|di troppo|in eccesso|more|too many)\b")  # "due carte in più"
_MORE_BEFORE = re.compile(r"\b(?:altre|altri)\s*$")  # "arrivano altre due carte"
_HOLE_WORD = re.compile(r"\bhole|\bcopert")
_A_THIRD = re.compile(r"\b(?:a third|una terza|una third)\b(?! of\b)")  # not "a third of my stack"
_EXTRA_CARDS = re.compile(r"\bextra cards\b")
_BOARD_BEFORE = re.compile(r"\b(?:flop|board|tavolo|turn|river)(?: \w+)? $")  # "the flop (always) had three"
_OF_THEM = re.compile(r"\b(\w+) (?:of them|di loro|in tutto)\b")


def extra_hole_cards(r: Reading) -> int | None:
    """How many cards too many a player got, when the text says so about hole cards (worked out once per text: two
    cues, a reader and the card-count topic ask it)."""
    return r.derived("extra_holecard.extra", lambda: _extra_hole_cards(r))


def _extra_hole_cards(r: Reading) -> int | None:
    if r.has("flop") and not (r.has("hole") or r.has("recipient") or _held(r)):
        return None  # "the flop had three cards", not "al flop si accorge che c'ha tre carte"
    count = _extra_count(r)
    if count is not None and (r.has("more_than_one") or r.has("several_recipients") or seats.recipients(r) > 1):
        return max(count, QUANTITY_PLURAL)
    return count


def _extra_count(r: Reading) -> int | None:
    if r.has("board_words") and not r.has("hole"):
        return None  # "the board had four cards after the turn" is the board, not a hand
    for match in r.matches("quantity_card"):
        count = r.number(match)
        if not count:
            continue
        if undone(r, match) or said_not(r, match):
            continue  # "the SB didn't get an extra card"
        before, after = r.before(match.start(), "more_before"), r.after(match.end(), "extra_after")
        if EXTRA_WORD.search(match[0]) or _EXTRA_AFTER.search(after) or _MORE_BEFORE.search(before):
            return count
        exposed = any(r.follows(m, match, "exposure_gap") for m in r.matches("exposure"))  # "turned over three…"
        held = any(inside(match, h) for h in _held(r))  # "si accorge che c'ha tre carte", "found three cards"
        hand = not exposed and (held or received(r, match) or _HOLE_WORD.search(match[0]))
        if _HAND_SIZES[0] <= count <= _HAND_SIZES[1] and hand and (
                held or not r.near("flop", match.start(), "hand_not_flop")):
            return count - HOLE_CARDS
    if _past_a_full_deal(r) or (r.has("after_deal") and r.has("next_card_to")):
        return 1  # "eight of us… 16 cards fine and then a 17th"; "after the deal the next card slid onto the SB's"
    rounds = [m for m in r.matches("third_round") if not undone(r, m)]
    if rounds:
        return r.number(rounds[0]) or max(seats.recipients(r), 1)  # a third round reached each player one card
    third = [m for m in r.matches("ordinal_card") if ordinals.value(m) == _THIRD_CARD
             and not ordinals.from_the_deck(r, m)]
    if (third and not r.has("exposure")) or _A_THIRD.search(r.text):
        return 1  # "gave the SB a third card"; "exposed the third card" is about which card, not how many
    if happened(r, "extra") and (r.has("recipient") or r.has("hole") or seats.places(r)):
        said = next((n for m in happened(r, "extra") if (n := r.number(m) or _counted_after(r, m))), None)
        plural = r.has("more_than_one") or _EXTRA_CARDS.search(r.text)
        return said or (QUANTITY_PLURAL if plural else 1)
    return None


def _held(r: Reading) -> list[re.Match[str]]:
    """A player's hand of three ("c'ha tre carte", "finds three cards"), not the flop's ("the flop had three cards");
    worked out once per text (asked for every count told)."""
    return r.derived("extra_holecard.held", lambda: [
        m for m in r.matches("hand_of_three") if not _BOARD_BEFORE.search(r.before(m.start(), "owner_before"))])


def _counted_after(r: Reading, extra: re.Match[str]) -> int | None:
    """How many extra cards, said after them: "extra cards to the small blind, two of them" (or, corrected, "one of
    them")."""
    said = _OF_THEM.search(r.after(extra.end(), "counted_after"))
    if not said:
        return None
    return int(said[1]) if said[1].isdigit() else r.lexicon.numbers.get(said[1])


def _extra(r: Reading, given: Facts) -> Facts | None:
    return {"street": "deal"} if extra_hole_cards(r) is not None else None


def _third_round(r: Reading, given: Facts) -> Facts | None:
    """The rule's own story, told outright: the deal over, then an extra card to the first player dealt ("kept
    going and flicked one more to the small blind", heads-up "a third one to the BB"). Specific enough to go before
    the stub, misdeal and card-count topics, whose words ("slipped", "three cards", "misdeal") such stories use."""
    if extra_hole_cards(r) is None or _recipient_first(r) is not True:
        return None
    timing: Facts = {}
    after_deal(r, timing)
    return {"street": "deal"} if timing.get("after_deal") == "yes" else None


def extra_cards(r: Reading, facts: Facts) -> None:
    count = extra_hole_cards(r)
    if count is not None and any(r.near("uncertain", m.start(), "doubt_detail") for m in r.matches("extra")):
        r.doubt("extra_cards")  # "not sure if it was one or two", "or maybe the BB got one too"
    elif count is not None:
        facts["extra_cards"] = count


def after_deal(r: Reading, facts: Facts) -> None:
    """After everyone had two, to the first player: the start of a third round. Said outright, or told by who got
    it ("a 17th card to the small blind", eight-handed). The phrase nearest the extra card decides ("talks while
    dealing… after everyone had their two he flicked one more")."""
    timing = r.matches("after_deal") + r.matches("during_deal")
    if any(r.near("uncertain", m.start(), "doubt_detail") for m in timing):
        return  # "non so se la terza mi è arrivata a distribuzione finita o durante"
    extra = r.matches("extra") + r.matches("quantity_card") + r.matches("ordinal_card")
    if timing and extra:
        nearest = min(timing, key=lambda m: min(abs(m.start() - e.start()) for e in extra))
        facts["after_deal"] = "no" if nearest in r.matches("during_deal") else "yes"
    elif r.has("during_deal"):
        facts["after_deal"] = "no"
    elif r.has("after_deal") or _past_a_full_deal(r):
        facts["after_deal"] = "yes"
    if facts.get("after_deal") == "yes" and _recipient_first(r) is False:
        facts["after_deal"] = "no"  # after the deal, but not to the first player: not the third round's card


def _recipient_first(r: Reading) -> bool | None:
    """Whether a player who got an extra card is the first one dealt ("a third card to both the SB and the BB": the
    third round began); None when the text does not place any of them."""
    placed = [seats.first_player(r, seat) for match in r.matches("extra") + r.matches("quantity_card")
              + r.matches("ordinal_card") + r.matches("next_card_to") for seat in seats.owners(r, match)]
    return True if True in placed else (False if False in placed else None)


def _past_a_full_deal(r: Reading) -> bool:
    """"a 19th card slides over", nine-handed: a card beyond two for everyone."""
    if not r.has("deck_ordinal"):
        return False
    players = seats.table(r).players
    return any(n > 2 * max(players) for n in _deck_numbers(r)) if len(players) == 1 else False


def _deck_numbers(r: Reading) -> list[int]:
    return [int(group(m, "nth") or 0) for m in r.matches("deck_ordinal")]


TOPIC = Topic("extra-holecard", cues=(Cue(106, _third_round), Cue(70, _extra)),
              readers=(extra_cards, after_deal, players_acted, past_preflop, seats.players))
