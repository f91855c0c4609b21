"""The hole-card deal as the story tells it: how many cards too many reached the players, which players got them,
whether one of them is the first player dealt, and whether they came during the deal or after every hand was
full. Worked out once per text (`Reading.derived`); the extra-hole-card and the card-count topics both decide on it.

Why one reader: the catalogue tells the two rules apart by HOW the extra card came, not by the words used (§1.6 and
its edge cases, §3.4): ONE card that reaches the first player as a continuation of the deal after everyone has two
is the extra-hole-card rule; a card that lands with a player during the deal, or with a player who is not dealt
first, is the general wrong-number item. Each card is counted per player ("a third card to both blinds" is two).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..reading import Reading, group, inside
from . import ordinals, seats
from .counts import EXTRA_WORD, QUANTITY_PLURAL
from .negation import happened, said_not, undone
from .ownership import received

HOLE_CARDS = 2
_HAND_SIZES = (3, 9)  # a hand someone was dealt; "the deck only had 51 cards" is not one
_THIRD_CARD = 3
_EXTRA_AFTER = re.compile(r"^ (?:extra|in piu|e piu|di piu|di troppo|in eccesso|more|too many)\b")  # "due carte in più"
_MORE_BEFORE = re.compile(r"\b(?:altre|altri)\s*$")  # "arrivano altre due carte"
_HOLE_WORD = re.compile(r"\bhole|\bcopert")
_NOT_A_CARD = r"(?! (?:of|player|players|person|guy|man|seat|giocatore|persona)\b)"  # "a third of my stack", "a third
# player at the table"
_A_THIRD = re.compile(r"\b(?:a third|una terza|una third)\b" + _NOT_A_CARD)
_EXTRA_CARDS = re.compile(r"\bextra cards\b")
_BOARD_BEFORE = re.compile(r"\b(?:flop|board|tavolo|turn|river)(?: \w+)? $")  # "the flop (always) had three"
_OF_THEM = re.compile(r"\b(\w+) (?:of them|di loro|in tutto)\b")


@dataclass(frozen=True, slots=True)
class Extra:
    """Cards too many in the hole-card deal: how many over all players (None: the text tells of none), whether one
    of the players who got one is dealt first (None: the text does not place them), and whether they came after
    every hand was full ("yes"), during the deal ("no") or the text does not say (None); whether the text tells them as
a hand a player holds."""

    count: int | None
    first: bool | None
    after_deal: str | None
    held: bool  # told as a player's hand ("finds three cards", "si ritrova con tre carte"), no board in the story


def extra(r: Reading) -> Extra:
    """The deal's extra cards (worked out once per text: both topics' cues and readers ask it)."""
    return r.derived("deal.extra", lambda: _extra(r))


def _extra(r: Reading) -> Extra:
    count, in_hand = _extra_hole_cards(r)
    first = _recipient_first(r) if count is not None else None
    return Extra(count, first, _after_deal(r, first), in_hand)


def _extra_hole_cards(r: Reading) -> tuple[int | None, bool]:
    if (_flop_dealt(r) or r.has("turn") or r.has("river")) and not (r.has("hole") or r.has("recipient") or held(r)):
        return None, False  # "the flop had three cards", "dealt the turn and the river and then one more card", not
        # "al flop si accorge che c'ha tre carte"
    count, in_hand = _extra_count(r)
    if count is not None and (_several_beyond_another_given(r) or r.has("several_recipients")
                              or seats.recipients(r) > 1):
        return max(count, QUANTITY_PLURAL, _recipients_counted(r)), in_hand
    if count == 1 and _recipients_counted(r) > 1:
        return _recipients_counted(r), in_hand  # "una carta in più a due giocatori": one each, two too many
    return (None if count is None else max(count, _players_given(r))), in_hand


def _several_beyond_another_given(r: Reading) -> bool:
    """More than one card said (`more_than_one`), other than by "another one" that tells the one card given ("puts
    another one in front of the SB")."""
    given = r.matches("another_given")
    return any(not any(inside(m, g) or inside(g, m) for g in given) for m in r.matches("more_than_one"))


def _flop_dealt(r: Reading) -> bool:
    """A flop in the story, not only named as the street the burn is for ("diventa la bruciata del flop?")."""
    burns = r.matches("flop_burn_named")
    return any(not any(inside(m, b) for b in burns) for m in r.matches("flop"))


def _recipients_counted(r: Reading) -> int:
    """How many players the text counts as getting a card too many ("an extra card to two players"); 0 unsaid."""
    return max((r.number(m) or 0 for m in r.matches("recipients_counted")), default=0)


def _told(r: Reading) -> list[re.Match[str]]:
    """The phrases that tell a card too many reaching a player: "an extra card", "three cards", "a third card", "the
    next card to"."""
    return _dealt_extra(r) + r.matches("quantity_card") + r.matches("ordinal_card") + r.matches("next_card_to")


def _dealt_extra(r: Reading) -> list[re.Match[str]]:
    """"Another card" told as dealt, not asked about as the remedy ("gli si dà un'altra carta alla fine?")."""
    asked = r.matches("remedy_card_asked")
    return [m for m in _extra_told(r) if not any(m.start() < a.end() and a.start() < m.end() for a in asked)]


def _extra_told(r: Reading) -> list[re.Match[str]]:
    """A card too many, said as such ("an extra card", "una in più") or as one more given ("ne mette un'altra"), not
    the one given after an exposed card (its replacement: "flashed the SB's card, then gave the SB another card")."""
    exposed = [m.end() for m in happened(r, "exposure")]
    return r.matches("extra") + [m for m in r.matches("another_given") if not any(at <= m.start() for at in exposed)]


def _players_given(r: Reading) -> int:
    """How many different players the text gives a card too many, each in a phrase of its own ("gave the small
    blind a third card and the big blind a third card": two cards too many). Two places count as two players only
    when the seat model sets them apart whatever the table ("the SB … the player left of the button" may be one)."""
    given: list[seats.Seat] = []
    for match in _told(r):
        if undone(r, match) or (match in r.matches("ordinal_card") and (ordinals.value(match) or 0) < _THIRD_CARD):
            continue  # "after the button got his second card" gives him none too many
        for seat in seats.owners(r, match):
            if all(_apart(r, seat, other) for other in given):
                given.append(seat)
    return len(given)


def _apart(r: Reading, one: seats.Seat, other: seats.Seat) -> bool:
    """Surely two players: two seat numbers, or places dealt at different turns with every count of players."""
    if one.kind == other.kind == "seat":
        return one.number != other.number
    board = seats.table(r)
    for players in board.players:
        first, second = seats.orders(one, players, board), seats.orders(other, players, board)
        if not first or not second or set(first) & set(second):
            return False
    return True


def _extra_count(r: Reading) -> tuple[int | None, bool]:
    """How many cards too many, and whether told as a hand a player holds."""
    if _board_counted(r) and not (r.has("hole") or held(r)):
        return None, False  # "the board had four cards after the turn" is the board, not a hand; "si ritrova con tre
        # carte" is a player's hand, whatever else lies "sul tavolo"
    for match in r.matches("quantity_card"):
        count = r.number(match)
        if not count:
            continue
        if undone(r, match) or said_not(r, match) or any(inside(match, gap) for gap in r.matches("cards_apart")):
            continue  # "the SB didn't get an extra card"; "the CO's and the button's, like 3 cards apart": a
            # distance in the deal, no hand
        before, after = r.before(match.start(), "more_before"), r.after(match.end(), "extra_after")
        if EXTRA_WORD.search(match[0]) or _EXTRA_AFTER.search(after) or _MORE_BEFORE.search(before):
            return count, False
        exposed = any(r.follows(m, match, "exposure_gap") for m in r.matches("exposure"))  # "turned over three…"
        is_held = any(inside(match, h) for h in held(r))  # "si accorge che c'ha tre carte", "found three cards"
        several = any(s.start() <= match.start() <= s.end() for s in r.matches("several_recipients"))  # "gave
        # everyone three cards": each player's hand
        hand = not exposed and (is_held or several or received(r, match) or _to_a_place(r, match)
                                or _HOLE_WORD.search(match[0]))
        if _HAND_SIZES[0] <= count <= _HAND_SIZES[1] and hand and (
                is_held or not r.near("flop", match.start(), "hand_not_flop")):
            return count - HOLE_CARDS, is_held and not board_told(r)  # "it had four cards instead of three"
            # after "the flop" may be the flop's
    sizes = [size for match in held(r)
             if not (undone(r, match) or said_not(r, match)) and (size := _hand_size(r, match))]
    if sizes:
        return sizes[0] - HOLE_CARDS, not board_told(r)  # the cards left unsaid: "ne ha tre", "finds three"
    return _extra_dealt(r), False


def _to_a_place(r: Reading, count: re.Match[str]) -> bool:
    """The cards counted told going to a player ("tre carte al piccolo buio"): a hand given, not the board's."""
    return any(count.start() < came.start() < count.end() for came in r.matches("card_came"))


def _board_counted(r: Reading) -> bool:
    """The board told with a count of cards or a card too many ("the board had four cards", "una carta in più sul
    tavolo"), not the table named elsewhere in the story ("il gatto era saltato sul tavolo"), nor a card given to a
    place at the table ("…sul tavolo, ne dà un'altra al primo a sinistra del bottone")."""
    counts = [m for m in r.matches("quantity_card") if (r.number(m) or 0) != HOLE_CARDS]  # "avevano le loro due
    # carte" is every hand, whatever lies "sul tavolo" next to it
    return any(r.near("board_words", m.start(), "hand_not_flop") and seats.owner(r, m) is None
               for m in counts + _extra_told(r))


def _hand_size(r: Reading, held_hand: re.Match[str]) -> int | None:
    """How many cards a hand told held says, the card word left out or not ("guarda e ne ha tre"); not the ranks of
    a hand shown ("he had 2-3 and I had 4-5": two cards each)."""
    following = r.text[held_hand.end():].split()[:1]
    if following and following[0].isdigit():
        return None
    words = [int(word) if word.isdigit() else r.lexicon.numbers.get(word) for word in held_hand[0].split()]
    sizes = [size for size in words if size and _HAND_SIZES[0] <= size <= _HAND_SIZES[1]]
    return sizes[-1] if sizes else None


def _extra_dealt(r: Reading) -> int | None:
    """Cards too many told as dealt rather than held: past a full deal, a third round, a third card, an extra one."""
    if _past_a_full_deal(r) or (r.has("next_card_to") and deal_over(r)):
        return 1  # "eight of us… 16 cards fine and then a 17th"; "after the deal the next card slid onto the SB's"
    rounds = [m for m in r.matches("third_round") if not undone(r, m)]
    if rounds:
        return r.number(rounds[0]) or max(seats.recipients(r), 1)  # a third round reached each player one card
    third = [m for m in r.matches("ordinal_card") if ordinals.value(m) == _THIRD_CARD
             and not ordinals.from_the_deck(r, m)]
    if (third and not r.has("exposure")) or _A_THIRD.search(r.text):
        return 1  # "gave the SB a third card"; "exposed the third card" is about which card, not how many
    dealt = [m for m in happened(r, "extra") + happened(r, "another_given") if m in _dealt_extra(r)]
    if dealt and (r.has("recipient") or r.has("hole") or seats.places(r)):
        said = next((n for m in dealt if (n := r.number(m) or _counted_after(r, m))), None)
        plural = _several_beyond_another_given(r) or _EXTRA_CARDS.search(r.text)
        return said or (QUANTITY_PLURAL if plural else 1)
    return None


def board_told(r: Reading) -> bool:
    """The story reaches the board (a flop, turn or river, the board's cards): a count of cards in it may be the
    board's, or a later street's, not the deal's."""
    return any(r.has(street) for street in ("flop", "turn", "river", "board_words"))


def held(r: Reading) -> list[re.Match[str]]:
    """A player's hand of three ("c'ha tre carte", "finds three cards"), not the flop's ("the flop had three cards");
    worked out once per text (asked for every count told)."""
    return r.derived("deal.held", lambda: [
        m for m in r.matches("hand_of_three") if not _BOARD_BEFORE.search(r.before(m.start(), "owner_before"))])


def _counted_after(r: Reading, told: re.Match[str]) -> int | None:
    """How many extra cards, said after them: "extra cards to the small blind, two of them" (or, corrected, "one of
    them")."""
    said = _OF_THEM.search(r.after(told.end(), "counted_after"))
    if not said:
        return None
    return int(said[1]) if said[1].isdigit() else r.lexicon.numbers.get(said[1])


def _after_deal(r: Reading, first: bool | None) -> str | None:
    """After everyone had two, to the first player: the start of a third round. Said outright, or told by who got
    it ("a 17th card to the small blind", eight-handed). The phrase nearest the extra card decides ("talks while
    dealing… after everyone had their two he flicked one more"); after the deal but not to the first player is not
    the third round's card."""
    timing = deal_over(r) + r.matches("during_deal")
    if any(r.uncertain_near(m.start(), "doubt_detail") for m in timing):
        return None  # "non so se la terza mi è arrivata a distribuzione finita o durante"
    told = r.matches("extra") + r.matches("quantity_card") + r.matches("ordinal_card")
    said = None
    if timing and told:
        nearest = min(timing, key=lambda m: min(abs(m.start() - e.start()) for e in told))
        said = "no" if nearest in r.matches("during_deal") else "yes"
    elif r.has("during_deal"):
        said = "no"
    elif deal_over(r) or _past_a_full_deal(r):
        said = "yes"
    if said == "yes" and (first if first is not None else _recipient_first(r)) is False:
        return "no"
    return said


def deal_over(r: Reading) -> list[re.Match[str]]:
    """The deal's end told (`after_deal`), not a betting round's ("the betting round complete", "the flop round
    done"): the round's owner read before it (`betting_round`). Worked out once per text."""
    return r.derived("deal.over", lambda: [m for m in r.matches("after_deal") if not betting_round(r, m.start())])


def betting_round(r: Reading, at: int) -> bool:
    """A round said just before `at` to be the betting's ("the betting | round wasn't over"): one concept for every
    phrase that tells a round over or unfinished."""
    return r.lexicon.says("betting_round_named", r.before(at, "round_named_before").rstrip())


def _recipient_first(r: Reading) -> bool | None:
    """Whether a player who got an extra card is the first one dealt ("a third card to both the SB and the BB": the
    third round began); None when the text does not place any of them."""
    placed = [seats.first_player(r, seat) for match in _told(r) for seat in seats.owners(r, match)]
    return True if True in placed else (False if False in placed else None)


def _past_a_full_deal(r: Reading) -> bool:
    """"a 19th card slides over", nine-handed: a card beyond two for everyone."""
    if not r.has("deck_ordinal"):
        return False
    players = seats.table(r).players
    return len(players) == 1 and any(n > 2 * max(players) for n in _deck_numbers(r))


def _deck_numbers(r: Reading) -> list[int]:
    return [int(group(m, "nth") or 0) for m in r.matches("deck_ordinal")]


def past_the_deal(r: Reading) -> bool:
    """The extra hole card's own story told (§1.6), the project's three-cards convention (coordinator, stop 26): the
    card told as coming (dealt, given, received, the deal going on) once every hand was full ("after everyone had two
    he flicked one more to the SB"), to the first player or as a third round begun; or several cards too many told as
    dealt, never said to come mid-deal (the rule's "more than one extra card"). A hand only found or held with a card
    too many ("the SB finds three cards right after the deal": when it was found, not how it came), or everyone dealt
    three (the deal itself dealt for another game), is the general wrong-number item (§3.4), whoever holds it. Worked
    out once per text: both topics' cues ask it, with the extra cards it reads."""
    return r.derived("deal.past_the_deal", lambda: _past_the_deal(r))


def _past_the_deal(r: Reading) -> bool:
    if not (r.has("card_came") or r.has("another_given")) or r.has("all_dealt_three"):
        return False  # tested before the extra cards: most stories tell no card coming, and are not read for them
    told = extra(r)
    if told.count is None or in_the_deal(r):
        return False
    if told.after_deal is None and deal_over(r) and not r.has("during_deal"):
        return True  # the deal's end told, a doubt about something else near it ("non ricordo se solo allo SB")
    return told.after_deal == "yes" or (told.after_deal is None and told.count > 1)


def in_the_deal(r: Reading, answered: str | None = None) -> bool:
    """Cards too many that came in the deal itself, not as the start of a third round to the first player: shown
    down or five in one hand, held by a placed player who is not dealt first, or told during the deal or by how it
    happened (stuck together, a card grabbed). `answered`: whether it came after the deal, as the player answered."""
    if r.has("three_at_showdown") or r.has("hand_of_many") or r.has("short_hand"):
        return True  # five cards in one hand: more than the start of a third round; one too many and one too few
    told = extra(r)
    if not (r.has("hand_of_three") or (told.count or 0) >= 1):
        return False
    if _holder_not_first(r) and ((told.count or 1) == 1 or not _first_player_named(r)):
        return True  # "seat 5 … finds three cards", button on 9, "the cutoff has three": it came in the deal; several
        # extra cards too unless the first player got one ("the SB and the BB each had three": a third round begun)
    if answered is not None:
        return answered == "no"
    return told.after_deal == "no" or r.has("dealing_accident")


def _holder_not_first(r: Reading) -> bool:
    """The player holding three cards is placed, and not where the first card goes: the extra hole card's own rule
    (a third round begun to the first player) cannot be his."""
    seat = holder(r, "hand_of_three")
    return seat is not None and seats.first_player(r, seat) is False


def holder(r: Reading, hand: str) -> seats.Seat | None:
    """The player a hand of the wrong size is told of ("the cutoff has three cards", "Hijack only got one card"):
    the place the phrase names as its owner, or the one named just before it; None when no player is placed ("il
    mazzo ha una carta col dorso diverso" is the deck's card)."""
    reach = r.lexicon.windows["holder_before"]
    groups = r.matches("several_recipients")
    for match in r.matches(hand):
        before = [seat for place, seat in seats.places(r) if 0 <= match.start() - place.end() <= reach
                  and not any(place.end() <= g.start() < match.start() for g in groups)]  # "after the button both
        # blinds ended up with 3 cards": the hand is the players named last, not the place before them
        seat = seats.owner(r, match) or (before[-1] if before else None)
        if seat:
            return seat
    return None


def _first_player_named(r: Reading) -> bool:
    """Some place the text names is the first player dealt."""
    return any(seats.first_player(r, seat) for _, seat in seats.places(r))
