"""A faulty deck (deck.fouled-deck): two cards of the same rank and suit, a card with a different back, a card
missing from the deck (found on the floor, 51 cards); where the odd card turned up, whether the next hand had
begun, and whether someone kept betting knowing of the fault."""

from __future__ import annotations

import re

from ..readers import seats
from ..readers.locations import card_location
from ..readers.negation import denied
from ..reading import Facts, Reading, inside
from . import Cue, Topic

_PROBLEMS = {"deck_duplicate": "duplicate", "double_game_deck": "duplicate", "deck_odd_back": "odd-back",
             "deck_missing_card": "missing-card"}


def _problems(r: Reading) -> list[tuple[int, str]]:
    """The faults told, not the ones ruled out ("52 cards, no duplicates"); worked out once per text."""
    return r.derived("deck_faults", lambda: _faults_told(r))


def checked_ok(r: Reading) -> list[re.Match[str]]:
    """The deck said to be checked or cleared ("52 cards, no duplicates", "jokers pulled out"), not a check said
    not to have been done ("nobody took the jokers out", "nessuno aveva tolto i jolly")."""
    return [m for m in r.matches("deck_checked_ok") if not denied(r, m)]


def _faults_told(r: Reading) -> list[tuple[int, str]]:
    """Each fault at its place, leaving out the deck cleared and a fault said to be absent ("nobody has a duplicate",
    "nessuno ha carte doppie": the gap told beside it decides)."""
    cleared = checked_ok(r)
    told = [(m.start(), problem) for concept, problem in _PROBLEMS.items() for m in r.matches(concept)
            if not any(inside(m, ok) for ok in cleared) and not _said_absent(r, m)]
    told += [(m.start(), "missing-card") for m in _deck_short(r)]
    told += [(m.start(), "duplicate") for m in _copy_by_pronoun(r)]
    return sorted(told + [(at, "duplicate") for at in _named_twice(r)])


def copy_told(r: Reading) -> bool:
    """A second copy of a card told by naming it again or by a pronoun ("he holds the six of clubs, there's already one
    on the board"): the deck's fault, whatever else the story says of a card too many."""
    return bool(_copy_by_pronoun(r) or _named_twice(r))


def _copy_by_pronoun(r: Reading) -> list[re.Match[str]]:
    """A second copy told by a pronoun standing for a card just named ("il 3 di picche esce al turn e il bottone ne
    ha un altro", "the 3 of spades hits the turn and the button shows another one"): without the card named close
    before, "another one" could be anything (a chip, a hand)."""
    copies = r.matches("copy_by_pronoun")
    if not copies:
        return []
    reach = r.lexicon.windows["copy_by_pronoun_reach"]
    cards = r.matches("named_card")
    return [copy for copy in copies if any(0 <= copy.start() - card.end() <= reach for card in cards)]


def _said_absent(r: Reading, fault: re.Match[str]) -> bool:
    """A fault denied where it is told ("nobody holds a duplicate", "nessun doppione"): a check's result, not a
    finding, so another fault told beside it (51 cards) decides."""
    return denied(r, fault) or r.lexicon.says("fault_denied", r.before(fault.start(), "fault_denied_before"))


def _deck_short(r: Reading) -> list[re.Match[str]]:
    """A card short said of the pack: the deck named before the shortage, no player named between ("we counted the
    deck and found it was one card short", "il mazzo aveva una carta in meno"): the deck's fault, not a player's
    count ("the deck was fine, but the BB was one card short", "he shuffled the deck and he was one card short")."""
    shorts = r.matches("card_short")
    if not shorts:
        return []
    reach = r.lexicon.windows["deck_short_reach"]
    persons = [place.start() for place, _ in seats.places(r)]
    persons += [m.start() for concept in ("teller_word", "story_pronoun") for m in r.matches(concept)]
    return [short for short in shorts if any(
        0 <= short.start() - deck.end() <= reach and not any(deck.end() <= at < short.start() for at in persons)
        for deck in r.matches("pack_noun"))]


_HELD_OR_BOARD = ("held_card", "card_on_board")


def _named_twice(r: Reading) -> list[int]:
    """A card named again and said to be already elsewhere ("the river is the 7 of spades, but the 7 of spades is
    already on the flop"): two copies of one card, however the player words it."""
    places: dict[frozenset[str], set[str]] = {}
    twice = []
    for match in r.matches("named_card"):
        card = _card(match)
        here = _place_of(r, match)
        again = any(r.near("second_copy", at, "second_copy_reach") for at in (match.start(), match.end()))
        before = places.get(card)
        pinned = len(here) == 1 or len(before or set()) == 1  # one of the namings in one place only
        elsewhere = pinned and here != before and set(_HELD_OR_BOARD) <= (before or set()) | here
        if before is not None and (again or elsewhere):
            twice.append(match.start())  # already there, or held at one naming and on the board at the other ("I
            # had the 8 of clubs in my hand and the 8 of clubs came on the flop": held, then both near the second)
        places[card] = (before or set()) | here
    return twice


def _card(named: re.Match[str]) -> frozenset[str]:
    """The card a naming names: the rank and suit groups it fills, the same whichever way it is written ("6c", "six
    of clubs")."""
    return frozenset(name for name, said in named.groupdict().items() if said and name != "card")


def _place_of(r: Reading, card: re.Match[str]) -> set[str]:
    """Where a naming puts the card: the held or board phrase that contains it ("ha il 7 di picche in mano"), else
    every such phrase near it."""
    around = {place for place in _HELD_OR_BOARD if any(inside(card, m) for m in r.matches(place))}
    return around or {place for place in _HELD_OR_BOARD
                      if any(r.near(place, at, "second_copy_reach") for at in (card.start(), card.end()))}


def fault_told(r: Reading, kinds: frozenset[str] = frozenset(_PROBLEMS.values())) -> bool:
    """Whether the text tells a fault of the deck (not one it rules out), of the kinds asked."""
    return any(problem in kinds for _, problem in _problems(r))


def _fouled(r: Reading, given: Facts) -> Facts | None:
    """A duplicate, a different back, a missing card, or a deck said to be faulty without saying how."""
    if r.has("terms_asked") or r.has("seen_in_media"):
        return None  # "what's the difference between a fouled deck and a misdeal?": words, not a situation; "a
        # magazine cover with two nines of spades": cards in a picture, not at a table
    return {} if _problems(r) or r.has("deck_faulty") else None


def _pack_short(r: Reading, given: Facts) -> Facts | None:
    """A card short said of the pack: above a player's wrong card count, whose words ("one card short") it shares."""
    return {} if _deck_short(r) and not r.has("terms_asked") else None


def _duplicate(r: Reading, given: Facts) -> Facts | None:
    """Two copies of one card: narrow enough to outrank where the cards were shown ("due assi di picche: uno al
    river, l'altro in mano a chi ha chiamato" is the deck's fault, not a question of tabling) and a complaint about
    a pot already pushed (the deck's own time limit decides it)."""
    told = any(problem == "duplicate" for _, problem in _problems(r))
    return {} if told and not r.has("terms_asked") and not r.has("seen_in_media") else None


def _odd_back_in_play(r: Reading, given: Facts) -> Facts | None:
    """A card with another back told in a hand or on the board ("dealt the river off the red deck", "a red-backed card
    landed in front of seat 4"): the hand is void whatever else went wrong with the deal, so this outranks a street
    dealt too soon or a dropped stub the same story tells. Only in the undealt cards it changes nothing, and the
    other fault decides."""
    if r.has("terms_asked") or r.has("seen_in_media") or not fault_told(r, frozenset({"odd-back"})):
        return None
    where: Facts = {}
    card_location(r, where)
    return {} if where.get("card_location") in ("hand", "board") else None


def _other_games_deck(r: Reading, given: Facts) -> Facts | None:
    """The poker game dealt from a deck made for a game that holds two of every card ("realised it was a pinochle
    deck", "giocavamo con un mazzo da burraco"), the result of its hands asked: a fouled deck, above the other game
    its name also suggests, unless that game is the one played ("a pinochle night") or the story is about a joker
    from such a deck (the foreign card's)."""
    decks = r.matches("double_game_deck")
    if not decks or not r.has("result_asked") or r.has("foreign_card") or r.has("terms_asked"):
        return None
    played = [m for m in r.matches("other_game") if not any(deck.start() <= m.end() <= deck.end() for deck in decks)]
    return None if played else {}


def deck_problem(r: Reading, facts: Facts) -> None:
    problems = {problem for _, problem in _problems(r)}
    for problem in _PROBLEMS.values():  # a duplicate decides before a different back, which decides before a gap
        if problem in problems:
            facts["deck_problem"] = problem
            return


def place_in_doubt(r: Reading, facts: Facts) -> None:
    """Where the card turned up, told as alternatives ("nel mazzo o in mano a qualcuno", "on the board or in his
    hand") or as what the teller cannot say ("not sure whether it was in someone's hand"): the place is asked, never
    taken from the nearest words. Places denied together are no alternative ("never dealt to anyone or the board")."""
    if "card_location" not in facts:
        return
    reach = r.lexicon.windows["doubt_detail"]
    for place in (m for concept in _PLACE_CONCEPTS for m in r.matches(concept)):
        start, end = r.sentence_start(place.start()), r.sentence_end(place.start())
        alternative = not r.lexicon.says("places_denied", r.text[start:end]) and (
            r.lexicon.says("place_alternative", r.text[start:place.start()])
            or r.lexicon.says("place_alternative", r.text[place.end():end]))
        asked = any(0 <= place.start() - doubt.end() <= reach
                    and r.lexicon.says("place_asked", r.text[doubt.end():place.start()])
                    for doubt in r.matches("uncertain"))
        if alternative or asked:
            del facts["card_location"]
            r.doubt("card_location")
            return


_PLACE_CONCEPTS = ("card_in_hand", "card_on_board", "card_in_stub")


def next_hand_started(r: Reading, facts: Facts) -> None:
    """The next hand had begun when the fault was found, unless the words only describe a deck readied for it ("the
    flop came off the other deck, the one he'd been shuffling for the next hand") or say when a player who then bet
    on had first seen the fault ("he spotted two jacks of hearts a few hands ago and kept betting this hand": the hand
    disputed is the one he bet on, not one long over)."""
    readied = r.matches("deck_for_next_hand")
    seen = r.lexicon.windows["seen_fault_reach"]
    seeings = [m.end() for m in r.matches("knew_fault") if _then_bet(r, m)]
    if any(not any(inside(m, deck) for deck in readied) and not any(0 <= m.start() - at <= seen for at in seeings)
           and not _odd_card_dealt_in_it(r, m) for m in r.matches("next_hand_began") + _later_hand_under_way(r)):
        facts["next_hand_started"] = "yes"


def _odd_card_dealt_in_it(r: Reading, later: re.Match[str]) -> bool:
    """The odd card told dealt in the later hand named ("alla mano dopo gliel'hanno distribuita"): that hand is the one
    in play, not one begun after the fault was found."""
    after = r.text[later.end():min(r.sentence_end(later.start()), later.end() + r.lexicon.windows["dealt_in_it_reach"])]
    return r.lexicon.says("odd_card_dealt_in_it", after.lstrip())


def _later_hand_under_way(r: Reading) -> list[re.Match[str]]:
    """A hand after the disputed one, however it is named, told as under way by the words on either side of it in its
    sentence ("we were already a hand further on", "la mano nuova era gia partita", "si giocava la mano successiva"),
    not as one still to come ("before the next hand began")."""
    reach = r.lexicon.windows["under_way_reach"]
    found = []
    for later in r.matches("later_hand"):
        start, end = r.sentence_start(later.start()), r.sentence_end(later.start())
        before = r.text[max(start, later.start() - reach):later.start()]
        after = r.text[later.end():min(end, later.end() + reach)]
        if r.lexicon.says("hand_still_to_come", before.rstrip()):
            continue
        if r.lexicon.says("hand_under_way", before) or r.lexicon.says("hand_under_way", after):
            found.append(later)
    return found


def knew_and_bet(r: Reading, facts: Facts) -> None:
    """Someone saw the fault and kept betting: said in one phrase ("he knew and kept betting"), or in two parts, the
    seeing first ("avevo visto i due assi di fiori … ma ho fatto finta di niente e ho puntato")."""
    if r.has("knew_deck_faulty") or any(_then_bet(r, saw) for saw in r.matches("knew_fault")) or _held_then_bet(r):
        facts["knew_and_bet"] = "yes"


def _then_bet(r: Reading, saw: re.Match[str]) -> bool:
    """What was seen is the fault (told right after the seeing, or before it when the seeing's object is a pronoun:
    "two 7 of hearts … un giocatore lo aveva visto già al flop"), and betting on is told after it: "I saw the flop,
    kept betting, then two kings of hearts at showdown" is no one betting on a fault he knew."""
    seen, reach = r.lexicon.windows["seen_fault_reach"], r.lexicon.windows["knew_then_bet_reach"]
    pronoun = any(inside(saw, it) for it in r.matches("seen_it"))
    faults = [at for at, _ in _problems(r) if 0 <= at - saw.end() <= seen or (pronoun and at < saw.start())]
    return bool(faults) and any(0 < bet.start() - saw.end() <= reach and bet.start() > faults[0]
                                for bet in r.matches("kept_betting"))


def _held_then_bet(r: Reading) -> bool:
    """A player who held one copy of a duplicated card and kept betting once the other was out in front of him ("I
    held the jack of hearts and the flop had the jack of hearts too; I kept betting"): he saw the fault, whoever
    tells it, as long as the one betting on is the one holding (the teller for both, or neither)."""
    reach = r.lexicon.windows["knew_then_bet_reach"]
    faults = [at for at, problem in _problems(r) if problem == "duplicate"]
    for held in r.matches("held_card"):
        told = [at for at in faults if 0 <= at - held.end() <= reach]
        if told and any(0 < bet.start() - told[-1] <= reach and _teller(r, held.start(), held.end()) ==
                        _teller(r, bet.start() - len(r.before(bet.start(), "bettor_before")), bet.end())
                        for bet in r.matches("kept_betting")):
            return True
    return False


def _teller(r: Reading, start: int, end: int) -> bool:
    return r.lexicon.says("teller_word", r.text[start:end])


TOPIC = Topic("fouled-deck", cues=(Cue(152, _odd_back_in_play), Cue(146, _other_games_deck), Cue(128, _duplicate),
                                   Cue(116, _pack_short), Cue(95, _fouled)),
              readers=(deck_problem, card_location, place_in_doubt, next_hand_started, knew_and_bet))
