"""A joker or another card that does not belong to the game (deck.joker-or-foreign-card): where it turned up,
whether the player holding it had acted on his hand, and how far the action had gone (TDA: a misdeal before
substantial action)."""

from __future__ import annotations

import re

from ..readers.actions import SUBSTANTIAL
from ..readers.events import TELLER, Event, actor_name, events
from ..readers.holder import holder_acted
from ..readers.locations import card_location
from ..readers.seats import places
from ..reading import Facts, Reading, inside
from . import Cue, Topic
from .fouled_deck import checked_ok, copy_told
from .misdeal_cutoff import ACTION_SO_FAR


def _foreign(r: Reading, given: Facts) -> Facts | None:
    """A card that doesn't belong (a 2-5 in short deck among them), unless the deck's fault is a duplicate or a
    different back told any way ("53 cards, two sevens of hearts", "he holds the six of clubs, there's already one on
    the board, 53 cards": the extra card is the copy, a fouled deck), the game uses jokers on purpose (another
    game), the jokers are said to be out ("jokers pulled out") or "joker" names no card ("the joker tattoo"),
    or the deck's make-up is asked as general knowledge ("quante carte ci sono in un mazzo, 52 o 54 coi jolly?")."""
    if r.has("foreign_card"):
        cleared = checked_ok(r) + r.matches("joker_not_card")  # a joker tattoo, shirt or costume is no card
        told = [m for m in r.matches("foreign_card") if not any(inside(m, ok) for ok in cleared)]
        faulty = r.has("deck_duplicate") or r.has("deck_odd_back") or copy_told(r)
        if told and not faulty and not _other_game_played(r) and not r.has("joker_by_choice") \
                and not r.has("terms_asked") and not r.has("deck_size_asked"):
            return {}
    return {} if r.has("short_deck_card") else None


def _other_game_played(r: Reading) -> bool:
    """Another game named as the one played, not only as where the deck came from ("un mazzo da burraco") or in a
    simile ("says he has the joker like it's a wild card")."""
    origins = r.matches("deck_of_other_game") + r.matches("game_simile")
    return any(not any(inside(m, deck) for deck in origins) for m in r.matches("other_game"))


def later_street(r: Reading, facts: Facts) -> None:
    """A foreign card found while the turn or the river was dealt, or once someone acted on the flop: the betting of
    the streets before was over, so the action had gone past any cut-off, however it is told ("rilancio, call e call;
    flop check, puntata e call"), even when fewer players are counted ("me ne sono accorto dopo aver rilanciato al
    flop": one raise told)."""
    known = facts.get("players_acted")
    if not (isinstance(known, int) and known >= SUBSTANTIAL) and any(
            r.near("later_street_reached", m.start(), "later_street_reach") for m in r.matches("foreign_card")):
        facts["players_acted"] = SUBSTANTIAL


def shown_down(r: Reading, facts: Facts) -> None:
    """A joker in a hand that was played to the showdown: its holder had acted on that hand."""
    if "holder_acted" not in facts and facts.get("card_location") == "hand" and r.has("hand_played_out"):
        facts["holder_acted"] = "yes"


def acted_then_found(r: Reading, facts: Facts) -> None:
    """A player who checked, called, bet or raised and only then found the odd card among his own ("seat 9 called a
    raise and then noticed one of his cards is the joker", "uno rilancia e solo dopo scopre che una e il jolly"): he
    had acted on that hand. The finder is the last player named making a move before it in the sentence, the subject
    carried over ("Luca limpa, Marco rilancia, Luca chiama e solo al flop si accorge"): the teller for a finding in the
    first person, another for one in the third; a player named between the moves and the finding ("seat 2 raised,
    then seat 5 noticed a joker") leaves it asked, unless he is one who moved ("UTG called, UTG+1 raised, then UTG
    found a joker"). With no place told, a finder who had moved found it among his own cards."""
    if facts.get("holder_acted") == "no" or facts.get("card_location", "hand") != "hand":
        return
    reach = r.lexicon.windows["found_reach"]
    for concept, by_teller in (("found_later", False), ("teller_found_later", True)):
        for found in r.matches(concept):
            start = _finding_subject_from(r, found)
            carried = start < r.sentence_start(found.start())
            if not any(0 <= odd.start() - found.start() <= reach or (carried and odd.start() < found.start())
                       for odd in r.matches("foreign_card")):
                continue  # the odd card told after the finding, or before a finding that carries the story on
            moves = [e for e in events(r) if e.happened and e.kind != "fold" and start <= e.start < found.start()]
            finder = next(filter(None, (_mover(r, e) for e in reversed(moves))), None)  # the subject carries over
            named_between = moves and any(moves[-1].end <= place.start() < found.end() for place, _ in places(r))
            if moves and (((finder == TELLER) == by_teller and not named_between) or _finder_moved(r, moves, found)):
                facts.update(holder_acted="yes", card_location="hand")
                return


def _mover(r: Reading, move: Event) -> str | None:
    """Who made a move: the teller when its verb is a first-person form ("guardo la prima carta, rilancio a 300": the
    events reader may take the word before it for a name), else the actor the events reader gives."""
    verb = r.text[move.start:move.end].split()[:1]
    return TELLER if verb and r.lexicon.says("event_teller_verb", " " + verb[0]) else move.actor


def _finding_subject_from(r: Reading, found: re.Match[str]) -> int:
    """Where the moves of the finder may be told: his sentence, or the one before when the finding opens a sentence of
    its own with its subject carried over, the odd card then told anywhere before it ("a Paolo è arrivato il jolly …
    lui … ha rilanciato. Poi al flop lo vede", "he called the raise. Then on the flop he sees it")."""
    start = r.sentence_start(found.start())
    if found.start() == start and start > 0:
        return r.sentence_start(start - 1)
    return start


def _finder_moved(r: Reading, moves: list[Event], found: re.Match[str]) -> bool:
    """The player named as the finder is one told making a move before it ("UTG called, UTG+1 raised, the hijack
    called, and then UTG took a second look and found a joker"): he acted on that hand, whoever moved last."""
    finders = [seat for place, seat in places(r) if moves[-1].end <= place.start() < found.end()]
    return bool(finders) and actor_name(finders[-1]) in {e.actor for e in moves}


TOPIC = Topic("foreign-card", cues=(Cue(135, _foreign),),
              readers=(card_location, holder_acted, acted_then_found, shown_down, *ACTION_SO_FAR, later_street))
