"""A hole card exposed during the deal (holdem.exposed-holecard): who exposed it, how many, which card off the
deck, and how far the action had gone when it was noticed."""

from __future__ import annotations

import itertools
import re

from ..readers import ordinals, seats, streets
from ..readers.actions import players_acted
from ..readers.agents import Agent, named_before
from ..readers.counts import QUANTITY_PLURAL
from ..readers.negation import happened, negated
from ..readers.ownership import dealt_me, owned, someone_elses_card
from ..reading import Facts, Reading, group, inside
from . import Cue, Topic

_HOLE_ORDINAL = 3  # the first three cards off the deck are hole cards whatever the table size
_FIRST_TWO = 2  # the cards off the deck whose exposure can make a misdeal
_FIRST_ROUND_PLACES = ("first", "second", "first-or-second")  # dealt in the first round whatever the table size
_ONE_OF = re.compile(r"\b(?:one of|una delle|uno dei) (?:the |my |his |her |mie |sue )?(?:\w+ )?$")
_FIRST_PERSON = re.compile(r"(?:i|ho|l ho|mi) ")
_MINE_BEFORE = re.compile(r"\b(?:my|mia|mio|mi|m|me|hero s)\b(?: \w+){0,4} $")  # "my very first", "mi ha girato la
# prima", "hero's first" (forum posts tell their own hand as Hero's)
_OWNED_ORDINAL_LEAD = re.compile(r"\b(?:first|second|prima|seconda)\b.*$")  # "my first" → "my "
_OWN_BEFORE = re.compile(r"\b(?:his|her|own|suo|sua)\b(?: \w+){0,2} $")
_DEALT_FINE = re.compile(  # a card told dealt as it should be, then another: not the exposed one ("la prima carta
    # coperta, poi quella del bottone…"; "la prima carta coperta distribuita" is a hole card, the exposed one), with
    # its verb too ("my first one was fine", "la prima era a posto", "la prima va coperta al piccolo buio"); not an
    # exception told after it
    r" (?:(?:was|is|came|went|goes|stayed|e|era|va|e andata|andava|e arrivata|arrivava) (?:out |down |in )?)?"
    r"(?:fine|ok|okay|normally|regolarmente|a posto|face down"
    r"|coperta(?= (?:poi|e poi|then|and then|ma|but|al|allo|alla)\b| ?$))\b"
    r"(?! (?:except|but|save|apart|tranne|eccetto|salvo|a parte)\b)")  # not "…came out fine except seat 3's"
_FIRST_BEFORE = re.compile(r"\b(?:first|prime|primi)\s*$")
_FIRST_TWO_CARDS = re.compile(r"\b(?:first two|prime due)\b")  # the first two off the deck, not his first or second
_QUELLA_JOINED = re.compile(r"\b(?:e|poi|anche|pure)\b(?: \w+)* quella (?:del|dell|della|dello|di|d) $")
_NTH = re.compile(r"\d(?:st|nd|rd|th)\b")  # a deck ordinal said as one ("the 11th card"), not a count dealt
_TO_ME = re.compile(r"\b(?:to me|my card|a me|mi (?:ha|hanno|e|si e) \w+ (?:la|una) carta)\b")


def _exposed(r: Reading, given: Facts) -> Facts | None:
    """A card exposed while dealing, not shown at showdown and not a board card."""
    avoided = r.matches("exposure_avoided")
    exposures = _shown(r)  # "la prima del bottone si vede"
    if not [m for m in exposures if not any(a.start() <= m.start() < a.end() for a in avoided)
            and not r.lexicon.says("board_card_after", r.text[m.end() + 1:])]:
        return None  # "no card was exposed", "nessuna carta scoperta", "how to deal without flashing": nothing
        # happened; "ha bruciato e girato il turn" turns a board card, not a hole card
    return _hole_card_of_the_deal(r)


def _hole_card_of_the_deal(r: Reading) -> Facts | None:
    """The card is a hole card of the deal: not the button puck, not a scene on a later street or at showdown."""
    if r.has("dealer_puck") and not (r.has("card") or r.has("ordinal_card")):
        return None  # the dealer button fell on the floor: no card in it
    if not r.has("during_deal") and any(m.start() in r.sentences for m in r.matches("later_street_scene")):
        return None  # "On the river a player drops a card", "On a board of A-7-7-A-K he shows a 7": not the deal
    if r.has("showdown") or (r.has("board_words") and not (
            r.has("hole") or r.has("player_exposed") or r.has("own_act_stressed") or someone_elses_card(r)
            or _placed_card(r))):
        return None  # showing cards at showdown is the game, not an exposed hole card
    dealing_context = (r.has("hole") or r.has("dealer") or r.has("player_exposed") or r.has("own_act_stressed")
                       or r.has("exposed_mine") or _turned_own(r))
    hole_ordinal = any((ordinals.value(m) or ordinals.LAST) <= _HOLE_ORDINAL and not r.lexicon.says(
        "of_the_board", r.after(m.end(), "owner_after").lstrip())
        for m in r.matches("ordinal_card"))  # not "la prima carta del flop"
    if streets.board_street(r) and not (r.has("hole") or hole_ordinal):
        return None
    if r.has("shown_thing_not_card") and not r.has("card"):
        return None  # something shown that is no card ("show my coupon on my phone to the dealer")
    return {"street": "deal"} if dealing_context or hole_ordinal or r.has("card") else None


def exposed_by(r: Reading, facts: Facts) -> None:
    claims = r.matches("player_exposed") + r.matches("own_act_stressed") + r.matches("exposed_mine")
    if r.has("uncertain_who") or any(r.uncertain_near(m.start(), "doubt_who") for m in claims):
        r.doubt("exposed_by")  # "I don't know whether I flipped it or the dealer did", "not sure by who"
        return
    first_person = any(_FIRST_PERSON.match(m[0]) for m in r.matches("player_exposed"))
    if r.has("own_card_shown") and not r.has("dealer_on_button"):
        facts["exposed_by"] = "player"  # "the guy on my left flipped his own card, I'm the dealer"
    elif _handled_own(r):
        facts["exposed_by"] = "player"  # "seat 4 lifted his first card to peek and the whole table saw the king"
    elif _dealer_self(r) or (first_person and (someone_elses_card(r) or _given_to_another(r))) \
            or r.has("dealer_on_button"):
        facts["exposed_by"] = "dealer"  # "I was dealing and flipped the cutoff's card", "he deals and his own flips"
    elif (_player_claimed(r) or (r.has("exposed_mine") and not r.has("dealer")) or _turned_own(r)
          or _own_act(r)):
        facts["exposed_by"] = "player"
    elif r.has("dealer"):
        facts["exposed_by"] = "dealer"


def _player_claimed(r: Reading) -> bool:
    """A word that the player exposed his card, not the card the dealer, the verb's subject, showed its owner ("the
    dealer showed the UTG his own second card": the dealer's act, "his own" only whose card; "the UTG showed the MP
    his own card" is the UTG's)."""
    by_dealer = [s for s in r.matches("own_shown_to_owner") if _subject(r, s.start()) == "dealer"]
    return any(not any(inside(m, s) for s in by_dealer) for m in r.matches("player_exposed"))


def _subject(r: Reading, verb: int) -> str | None:
    """Who did what the verb at `verb` tells: the nearest one named before it in its sentence (a pronoun stands for
    the one named before it)."""
    start = r.sentence_start(verb)
    return next((kind for at, kind in reversed(_actors_before(r, verb)) if at >= start and kind != "pronoun"), None)


def _actors_before(r: Reading, position: int) -> list[tuple[int, Agent]]:
    """Everyone named before a position who can be the subject of a verb after it: not the dealer named only as the
    time of the act ("seat 3 peeks at his card while the dealer's still pitching and flashes an ace": seat 3's)."""
    aside = r.matches("dealer_still_dealing")
    return [(at, kind) for at, kind in named_before(r, position)
            if not (kind == "dealer" and any(m.start() <= at < m.end() for m in aside))]


def _dealer_self(r: Reading) -> bool:
    """The teller is the dealer: said so, or his own exposing verb after the deal's gerund, that gerund not another's
    ongoing deal ("the dealer started dealing and I flipped my own card", "was still dealing")."""
    return r.has("dealer_self") or any(
        not r.lexicon.says("aspect_before_gerund", r.before(m.start(), "gerund_aspect_before").rstrip())
        for m in r.matches("dealer_self_gerund"))


def _given_to_another(r: Reading) -> bool:
    """The card the teller exposed went to another place ("one of them was the very first one, to the SB", "i exposed
    a card pitching to seat 4"): he was dealing it, not showing his own."""
    cards = r.matches("card") + r.matches("ordinal_card")
    if any(_MINE_BEFORE.search(r.before(m.start(), "owner_before")) for m in cards):
        return False  # "I showed my second card to the SB": his own card, shown to the SB
    seat = _card_owner(r)
    return seat is not None and seat != seats.ANYONE and seat != seats.speaker(r)


def _handled_own(r: Reading) -> bool:
    """A player handling his own cards (peeking, lifting, fanning them) and the card seen in that sentence after it:
    the nearest one named before the handling is no dealer (a dealer pitches cards, he does not peek at them)."""
    seen = _shown(r)
    dealers = [at for at, kind in _actors_before(r, len(r.text)) if kind == "dealer"]
    for handled in r.matches("own_cards_handled"):
        end = r.sentence_end(handled.start())
        after = [m.start() for m in seen if handled.start() <= m.start() <= end]
        if not after or any(handled.start() < at < after[0] for at in dealers):
            continue  # "I looked at my cards and the dealer had flipped one": the dealer's
        if _subject(r, handled.start()) != "dealer":
            return True
    return False


def _own_act(r: Reading) -> bool:
    """An act stressed as its subject's own ("la gira lui stesso", "di sua mano") by a player: the nearest one named
    before it, not as a card's owner, is no dealer ("il mazziere ha girato di sua mano…", "il mazziere prende la prima
    carta del piccolo buio e la gira lui stesso": the seat is the card's owner, not the subject)."""
    for act in r.matches("own_act_stressed"):
        subjects = [kind for at, kind in named_before(r, act.start())
                    if kind != "pronoun" and not _owner_word_before(r, at)]
        if not subjects or subjects[-1] != "dealer":
            return True
    return False


def _owner_word_before(r: Reading, at: int) -> bool:
    """The one named at `at` is a card's owner, not a subject: the words just before him say whose ("carta del
    piccolo buio", "the card of the button"), read by the `owner_possessive` concept on the last one or two words."""
    words = r.before(at, "owner_before").split()
    return any(r.lexicon.says("owner_possessive", " ".join(words[-count:])) for count in (1, 2) if len(words) >= count)


def _turned_own(r: Reading) -> bool:
    """A player turned his own cards: the exposing verb's object is "his"/"le sue" cards, and its subject, the
    nearest actor before it in the sentence (a pronoun stands for the actor named before it), is a player (a place at
    the table, a player's noun), not the dealer: "il bottone, gasato, gira le sue due carte", "seat 3 turns both his
    cards face up", "the dealer flipped his card" (the dealer)."""
    for exposure in happened(r, "exposure"):
        if not r.lexicon.says("own_cards_after", r.text[exposure.end() + 1:]):
            continue
        start = r.sentence_start(exposure.start())
        actors = named_before(r, exposure.start())
        nearest = next((kind for _, kind in reversed(actors) if kind != "pronoun"), None)
        if nearest == "player" and any(at >= start for at, _ in actors):
            return True
    return False


def exposed_count(r: Reading, facts: Facts) -> None:
    if any(group(m, "pair") for m in r.matches("exposed_number")):
        facts["exposed_count"] = QUANTITY_PLURAL  # "the 1st and 3rd cards"
        return
    if _several_past_the_first_named(r) or r.has("several_recipients") or _several_owners(r) \
            or seats.recipients(r) > 1 \
            or any(r.lexicon.says("another_after", r.after(m.end(), "too_after")[1:])
                   for m in r.matches("exposure")[1:]) or _second_exposure(r):
        facts["exposed_count"] = QUANTITY_PLURAL  # "UTG's first card, then the hijack's too", "cards to UTG and
        # UTG+1": one card each; "one card exposed, then the dealer exposed another" (a first "un'altra carta" is
        # only "a card other than the first")
        return
    held = [m for m in r.matches("quantity_card")
            if r.lexicon.says("cards_held_before", r.before(m.start(), "hand_verb_gap").rstrip()) and not _seen(r, m)]
    for match in r.matches("quantity_card") + r.matches("exposed_number"):
        if match in held:
            continue  # "tutti hanno già due carte tranne lui": the cards held, not the ones seen
        if _ONE_OF.search(r.before(match.start(), "one_of_before")):
            facts["exposed_count"] = 1  # "one of the first two cards"
            return
        if _FIRST_BEFORE.search(r.before(match.start(), "one_of_before")) and not _seen(r, match) \
                and r.sentence_start(match.start()) < match.start():
            continue  # "the rule is only the first two cards": which cards the rule names, not how many were seen
            # ("…and the MP's first. Both flipped": a sentence's first word counts what was seen)
        count = r.number(match)
        if count:
            facts["exposed_count"] = count
            return
    afters = [r.after(m.end(), "too_after") for m in r.matches("exposure")]
    if any(r.lexicon.says("too_also", after) and not r.lexicon.says("rank_too", after) for after in afters):
        facts["exposed_count"] = QUANTITY_PLURAL


def _several_past_the_first_named(r: Reading) -> bool:
    """More than one card said (`more_than_one`) past the first card named; "and the second card" counts another only
    after a card was named before it ("the first card to UTG and the second one…"): opening the story ("Dale is
    dealing and the second card he throws…") it names the one card exposed; nor does a replacement followed by the
    exposed card named again."""
    cards = r.matches("card") + r.matches("ordinal_card")
    named = r.matches("exposed_card_named")  # "gave him a replacement and used the flipped one as the burn": the
    # first card named by its exposure, not the replacement exposed too
    return any((not any(inside(card, m) for card in r.matches("ordinal_card"))
                or any(card.end() <= m.start() for card in cards))
               and not any(n.start() < m.end() <= n.end() for n in named) for m in r.matches("more_than_one"))


def _second_exposure(r: Reading) -> bool:
    """A second card told exposed after the first: "flipped the ace to seat 2 and then another card to seat 6", "then
    he exposed the replacement too", "ha girato anche la sostitutiva"."""
    exposures = happened(r, "exposure")
    return bool(exposures) and any(m.start() > exposures[0].start() for m in r.matches("second_exposure"))


def _seen(r: Reading, cards: re.Match[str]) -> bool:
    """The cards are what was exposed: "flipped the first two cards", "the first two cards were exposed"."""
    passive = r.lexicon.says("passive_after", r.after(cards.end(), "exposure_gap")[1:])
    return any(r.follows(m, cards, "exposure_gap") or (passive and r.follows(cards, m, "exposure_gap"))
               for m in r.matches("exposure"))


def deal_position(r: Reading, facts: Facts) -> None:
    """Which card off the deck: said outright beats a player's own card, which only settles "second or later"."""
    readings: list[tuple[int, str | None]] = []  # (how sure, position)
    owner = _card_owner(r)
    deck_two = r.has("first_two") and (owner is None or _first_two_off_the_deck(r))
    if deck_two and r.has("uncertain") and r.has("or_a_later_card"):
        r.doubt("deal_position")  # "non so dire se era la prima o la seconda o una più avanti": any of them
        return
    if deck_two:
        readings.append((3, "first-or-second"))  # "one of the first two cards off the deck"
    if r.has("not_first"):
        readings.append((1, "not-first"))  # "una carta che non è la prima": second or later
    denied_two = r.matches("not_first_two")
    if denied_two:
        readings.append((3, "later"))  # "not the first or second card", "né la prima né la seconda uscita"
    round_done = r.matches("first_round_done")
    for match in r.matches("ordinal_card") + r.matches("ordinal_pitched"):
        value = ordinals.value(match)
        if any(inside(match, done) for done in round_done):
            continue  # "tutti avevano già la prima carta": everyone's first card, not the one exposed
        if value is None or _dealt_before_exposure(r, match) or _doubted_detail(r, match) or r.near(
                "first_two", match.start(), "same_phrase") or _told_fine(r, match) or any(
                denied.start() <= match.start() < denied.end() for denied in denied_two) or _replacement(r, match):
            continue  # "can't remember if it was the first or the last"; "mi dà la prima carta coperta"; "poi gli dà
            # la prima del mazzo" (his replacement)
        if negated(r, match):
            if value == 1:
                readings.append((1, "not-first"))  # "a card other than the first": second or later
            continue
        deck_order = ordinals.from_the_deck(r, match) or _in_sequence(r, match, value)
        if value <= _HOLE_ORDINAL and _owner_after_fits(r, match, value):
            readings.append((3, seats.position({value})))  # "la seconda carta, quella del bb": the deck's second
            continue
        if deck_order and _deck_place_fits(r, match, value) and not _dealt_to_a_player(r, match):
            readings.append((3, {1: "first", 2: "second"}.get(value, "later")))  # "la prima al piccolo buio, la
            continue  # seconda al grande buio": the deck's count, which the place it went to confirms
        placed = None if ordinals.off_the_deck(r, match) and _deck_place_fits(r, match, value) else _from_the_seats(
            r, match, value)  # "the first card he dealt to the big blind" is the big blind's first card; "the first
        # card off the deck" is the first; "la seconda carta del giro, quella del cutoff" the cutoff's own second
        if placed:
            readings.append((3, placed))  # "the big blind's first card": the 2nd off the deck
        elif value >= 2 and _dealt_to_a_player(r, match):
            readings.append((3, "later"))  # "the second card dealt to seat 2": his own second
        elif deck_order or not (owned(r, match) or seats.owner(r, match)):  # "il posto 3 si ritrova la prima"
            readings.append((2 if deck_order else 1, {1: "first", 2: "second"}.get(value, "later")))
        elif value >= 2:
            readings.append((1, "later"))  # a player's second card is never the first or second off the deck
        elif r.lexicon.says("first_player_owner", r.before(match.start(), "owner_before").rstrip()):
            readings.append((1, "first"))
        else:
            readings.append((0, None))  # "my first card": maybe, maybe not the first off the deck
    for match in r.matches("owned_ordinal"):  # "la sua seconda", "his first"
        if _doubted_detail(r, match) or r.near("first_two", match.start(), "same_phrase"):
            continue  # "can't remember if it was his first or second"
        placed = _from_the_seats(r, match, ordinals.value(match) or 0)
        readings.append((3, placed) if placed else (1, "later") if ordinals.value(match) == 2 else (0, None))
    if any(_NTH.search(m[0]) for m in r.matches("deck_ordinal")) or any(
            (r.number(m) or 0) >= _FIRST_TWO for m in r.matches("cards_dealt_before")):
        readings.append((2, "later"))  # "the 11th card of the deal", "dopo almeno cinque altre": past the first two
    if not any(reading[0] >= 2 and reading[1] != "first-or-second" for reading in readings):
        said = any(reading[0] and reading[1] for reading in readings)  # "the second card, going to the BB"
        readings += _whose_card(r, owner, deck_two, said)  # unless said outright or placed already
    if readings:
        strongest = max(reading[0] for reading in readings)
        position = [reading for reading in readings if reading[0] == strongest][-1][1]  # "…no wait, the second"
        if position:
            facts["deal_position"] = "later" if position in _FIRST_ROUND_PLACES and _exposed_in_later_round(r) \
                else position  # "la seconda carta già girata, al secondo giro": his own second card
            return
    if r.has("later_round") or round_done:  # also after "everybody's first card" dealt
        facts["deal_position"] = "later"
    elif any(not any(inside(m, asked) for asked in r.matches("remedy_card_asked")) for m in r.matches("another_card")):
        facts["deal_position"] = "not-first"  # "un'altra carta", not the remedy asked ("do I just get another card?")


def _shown(r: Reading) -> list[re.Match[str]]:
    """Where the card is told exposed: the exposure's words, or the card told seen by the table ("al secondo giro mi
    scivola e si vede quella del posto 6"), which says it as well."""
    return happened(r, "exposure") + happened(r, "card_seen")


def _exposed_in_later_round(r: Reading) -> bool:
    """The exposure told in the same sentence as a round past the first ("si è visto arrivare la seconda carta già
    girata, al secondo giro"): the first and second cards off the deck are the first round's, so not this one."""
    rounds = {r.sentence_start(m.start()) for m in r.matches("later_round")}
    return bool(rounds) and any(r.sentence_start(m.start()) in rounds for m in _shown(r))


def _replacement(r: Reading, card: re.Match[str]) -> bool:
    """The card counted is the one given to the player after the exposure ("alla fine del deal gli dà la prima del
    mazzo", "then gave him the first card off the deck"): his replacement, not the exposed card."""
    return any(m.end() <= card.start() for m in _shown(r)) and r.lexicon.says(
        "replacement_given", r.before(card.start(), "owner_before").rstrip())


def _told_fine(r: Reading, card: re.Match[str]) -> bool:
    """The card told dealt as it should be ("mi dà la prima carta coperta"), or so told in its own clause before
    another card is named by its count ("first card goes to the small blind fine, second card off the deck … flips"):
    not the exposed one. With no other card counted after it, the fine words may be another card's ("the second card
    off the deck, everything else went out face down")."""
    if _DEALT_FINE.match(r.text, card.end()):
        return True
    later = [m.start() for m in r.matches("ordinal_card") if m.start() >= card.end()]
    if not later or any(card.end() <= m.start() < later[0] for m in happened(r, "exposure")):
        return False
    clause = r.text[card.end():later[0]]
    return any(_DEALT_FINE.match(clause, at.start()) for at in re.finditer(" ", clause))


def _deck_place_fits(r: Reading, card: re.Match[str], value: int) -> bool:
    """The deck's count fits the player named as the card's owner: the 2nd card of the round can be the big blind's,
    not the cutoff's (then it is the cutoff's own second card). True when no owner is named after the card in its
    sentence, or his place is unknown."""
    owner = seats.owner(r, card)
    named_after = owner is not None and any(
        seat == owner and card.end() <= m.start() < r.sentence_end(card.start()) for m, seat in seats.places(r))
    places = seats.deck_places(r, owner, None) if owner and named_after else set()  # "…, quella del cutoff"
    return not places or value in places


def _owner_after_fits(r: Reading, card: re.Match[str], value: int) -> bool:
    """A card counted with its owner named only after it ("the second card he throws, to me in the big blind", "la
    seconda carta, quella del bb"), where that count off the deck is a place the owner is dealt: the deck's count,
    since his own second card would be told as his ("the big blind's second card"). A place the count does not fit
    ("la seconda carta, quella del cutoff") leaves it that player's own count."""
    found = seats.owner(r, card)
    if found is not None:
        named = [m for m, seat in seats.places(r) if seat == found]
        after = next((m for m in named if m.start() >= card.end()), None)
        if after is None or any(m.end() <= card.start() for m in named) or r.lexicon.says(
                "owner_possessive", r.text[card.end() + 1:after.start() - 1]):
            return False  # "the big blind's second card", "la seconda carta del grande buio": his own
    elif dealt_me(r, card):
        found = seats.speaker(r)  # "the second card he throws me, I'm the big blind"
    if found is None:
        return False
    return value in seats.deck_places(r, found, round_=1)


def _dealt_to_a_player(r: Reading, card: re.Match[str]) -> bool:
    """Counted as dealt to a place at the table ("the second card dealt to seat 2"), not off the deck: that
    player's own count."""
    return ordinals.from_the_deck(r, card) and not ordinals.off_the_deck(r, card) and seats.owner(r, card) is not None


def _dealt_before_exposure(r: Reading, card: re.Match[str]) -> bool:
    """The card was dealt, then another one named flipped: "dà la prima al posto 8 e poi quella del posto 9 si gira".
    Not when the exposure is told first, nor when "it" takes the same card up again ("the first, then it flipped")."""
    exposures = happened(r, "exposure")
    if any(e.end() <= card.start() and r.sentence_end(e.start()) >= card.start() for e in exposures):
        return False
    after = next((e for e in exposures if e.start() >= card.end()), None)
    if after is None:
        return False
    joint = next((j for j in r.matches("deal_then") if card.end() <= j.start() < after.start()), None)
    return joint is not None and any(joint.end() <= m.start() < after.start() for m in r.matches("card_named_again"))


def _in_sequence(r: Reading, card: re.Match[str], value: int) -> bool:
    """The deal told card by card to different players: "la prima al bb coperta, la seconda al bottone esce girata",
    "the first card to seat 3, the second to seat 4": each ordinal counts the deck, not that player's own cards."""
    owner = seats.owner(r, card) or (seats.speaker(r) if dealt_me(r, card) else None)
    return owner is not None and any(
        ordinals.value(m) == value - 1 and seats.owner(r, m) != owner
        for m in r.matches("ordinal_card") if m.end() <= card.start())


def _first_two_off_the_deck(r: Reading) -> bool:
    """"One of the first two cards (off the deck)", not "his first or second" (which of that player's two)."""
    return any(_FIRST_TWO_CARDS.search(m[0]) or ordinals.from_the_deck(r, m) for m in r.matches("first_two"))


def _several_owners(r: Reading) -> bool:
    """Cards of two different players named, or two cards each turned up, joined as more than one ("UTG's second
    card and the button's first card were both face up", "la prima di UTG, poi pure quella dell'hijack")."""
    elliptic = seats.elliptic_owners(r) + _exposed_one_then_another(r)  # "…then the hijack's too"
    cards = sorted(r.matches("card") + r.matches("ordinal_card") + r.matches("owned_ordinal"), key=lambda m: m.start())
    owned = [(m, seat) for m in cards if (seat := seats.owner(r, m))]
    joined = any(one != other and r.lexicon.says("and_then_owner", r.text[first.end():second.start()].strip())
                 for (first, one), (second, other) in itertools.pairwise(owned))  # "the LJ's first card and then…",
    # "seat 3's card and later seat 8's card", "the CO's second card as well as the button's second"
    if not (_too_said(r) or r.has("both_named") or elliptic or joined):
        return False
    owners = {seat for m in cards + r.matches("card_pronoun") if (seat := seats.owner(r, m))} | set(elliptic)
    gap = r.lexicon.windows["exposure_gap"]  # "revealed my second card … flipped the first card … too"
    exposed = [card for card in r.matches("ordinal_card")
               if any(0 <= card.start() - m.end() <= gap for m in happened(r, "exposure"))]
    return len(owners) >= QUANTITY_PLURAL or len(exposed) >= QUANTITY_PLURAL


def _too_said(r: Reading) -> bool:
    """"Too", "anche", "pure" said of something more, not of the card's rank stressed ("un asso pure")."""
    stressed = r.matches("rank_too")
    return any(not any(inside(m, rank) for rank in stressed) for m in r.matches("too_also"))


def _exposed_one_then_another(r: Reading) -> list[seats.Seat]:
    """Players named by "quella di" after the exposure's verb, as its second object ("scopre prima la carta dell'UTG
    e poi, al secondo giro, quella dell'hijack"); not one told with its own exposure ("dà la prima al posto 8 e poi
    quella del posto 9 si gira": the one card that turned)."""
    exposures = happened(r, "exposure")
    return [seat for match, seat in seats.places(r)
            if _QUELLA_JOINED.search(r.before(match.start(), "elliptic_before"))
            and any(m.end() <= match.start() and r.sentence_start(m.start()) == r.sentence_start(match.start())
                    for m in exposures)
            and not any(match.end() <= m.start() <= r.sentence_end(match.start()) for m in exposures)]


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
    mine = _MINE_BEFORE.search(r.before(card.start(), "owner_before") + " " + _OWNED_ORDINAL_LEAD.sub("", card[0]))
    seat: seats.Seat | None
    if dealt_me(r, card):  # "the first card he pitches me"
        seat = seats.speaker(r) or seats.ANYONE
    else:
        seat = _possessor(r, card.end()) if mine else seats.owner(r, card) or _possessor(r, card.start())
    return seats.position(seats.deck_places(r, seat, value)) if seat else None  # "my first, the guy in the BB":
    # my card, whoever is named after it


def _possessor(r: Reading, position: int) -> seats.Seat | None:
    """Whose "my", "his", "la sua" card it is, when no place is said with it: the teller's seat (anyone's, if he
    does not say where he sits), the place that speaks ("the BB goes: my first card…"), the player "his" points
    to ("he's UTG", "the big blind says his first card"), the dealer on the button's own card."""
    before = r.before(position, "owner_before")
    if _MINE_BEFORE.search(before):
        return seats.speech_subject(r, position) or seats.speaker(r) or seats.ANYONE
    if _OWN_BEFORE.search(before):
        if r.has("dealer_on_button"):
            return seats.Seat("btn")  # the dealer on the button flipped "his own first card"
        return seats.referent(r, position)
    return None


def _placed_card(r: Reading) -> bool:
    """A card given to a place at the table ("la prima carta al buiante … sul tavolo"): a hole card, whatever table
    or board words the story also uses."""
    return any(seats.owner(r, m) for m in r.matches("card") + r.matches("ordinal_card"))


def _card_owner(r: Reading) -> seats.Seat | None:
    """Whose card was exposed, however the text says it: "the cutoff's card", "una carta del bottone", "while he
    was pitching to UTG+1", "it was the hijack's", "one of my cards"."""
    cards = sorted(r.matches("card") + r.matches("card_pronoun") + r.matches("ordinal_card"),
                   key=lambda card: _from_exposure(r, card))  # the card that flipped, not one dealt fine before it
    seat = next((s for m in cards if (s := seats.owner(r, m))), None) or seats.dealt_to(r)
    if seat is None and _TO_ME.search(r.text):
        seat = seats.speaker(r) or seats.ANYONE
    return seat or seats.said_to_own(r) or next((s for m in cards if (s := _possessor(r, m.start()))), None)


def _from_exposure(r: Reading, card: re.Match[str]) -> int:
    """How far a card is told from the nearest word of its exposure ("seat 1 his card fine, then seat 2's card flips
    face up": seat 2's); the order told when nothing is exposed."""
    return min((abs(m.start() - card.end()) for m in r.matches("exposure")), default=card.start())


def _whose_card(r: Reading, seat: seats.Seat | None, deck_two: bool,
                said: bool) -> list[tuple[int, str | None]]:
    """The exposed card named by its owner, not by its ordinal: with the round ("first round of the deal, the card
    coming to me in middle position"), or whichever of his two cards it was ("the cutoff's card", "una carta del
    bottone, non so se la prima o la seconda"): ruled when every possibility agrees."""
    if seat is None:
        return []
    round_ = 2 if r.has("later_round") else 1 if r.has("first_round") else None
    if round_ is None and said and not deck_two:
        return []  # which card was said ("the second card"): his two cards are not both in question
    placed = seats.deck_places(r, seat, round_)
    if deck_two:
        placed &= {1, 2}  # "one of the first two cards", his
    position = seats.position(placed)
    return [(3, position)] if position else []


def _dealt_off_the_table(r: Reading, given: Facts) -> Facts | None:
    """A hole card of the deal sent off the table or to the floor ("dropped the small blind's first card on the floor",
    "la prima carta del posto 5 è finita a terra"): exposed, however face down it landed, before the fouled deck's
    card found on the floor (one missing from the deck) can take it."""
    if happened(r, "dealt_off_table") and (r.has("ordinal_card") or r.has("during_deal") or r.has("while_dealing")):
        return _hole_card_of_the_deal(r)  # off the table is the exposure, whatever word tells it
    return None


TOPIC = Topic("exposed-holecard", cues=(Cue(96, _dealt_off_the_table), Cue(50, _exposed)),
              readers=(exposed_by, exposed_count, deal_position, players_acted, seats.players))
