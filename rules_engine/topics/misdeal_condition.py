"""The misdeal items with no rule of their own (misdeal.conditions): the first card to the wrong seat, cards to an
empty seat or a player not in the hand, an entitled player dealt out, the button in the wrong place, a card dealt
out of order; and how far the action had gone (the misdeal cut-off)."""

from __future__ import annotations

import re

from ..readers import seats
from ..readers.negation import happened, nobody_acted
from ..reading import Facts, Reading, group
from . import Cue, Topic
from .misdeal_cutoff import ACTION_SO_FAR, on_the_board

_ERRORS = {"deal_wrong_first_seat": "wrong-first-seat", "deal_empty_seat": "empty-seat", "deal_to_busted": "empty-seat",
           "deal_extra_hand": "empty-seat", "deal_dealt_out": "dealt-out",
           "deal_button_misplaced": "button-misplaced", "deal_out_of_sequence": "out-of-sequence",
           "deal_order_swapped": "out-of-sequence"}


def errors_told(r: Reading) -> list[tuple[int, str]]:
    """The misdeal items told, in the order told (worked out once: the cues, the reader and the redeal's cue ask)."""
    return r.derived("misdeal_errors", lambda: _errors_told(r))


def _errors_told(r: Reading) -> list[tuple[int, str]]:
    told = [(m.start(), error) for concept, error in _ERRORS.items() for m in r.matches(concept)
            if concept != "deal_empty_seat" or _dealt_there(r, m)]
    told += [(m.start(), "empty-seat") for m in _dealt_to_empty_seat(r)]
    told += [(m.start(), "dealt-out") for m in _skipped_in_the_deal(r)]
    if _out_then_dealt_self(r):
        told.append((r.matches("dealt_self_in")[0].start(), "empty-seat"))  # a hand to a player out of the game
    return sorted(told + [(at, "wrong-first-seat") for at, seat in _first_card_recipients(r)
                          if seats.first_player(r, seat) is False])


_RECIPIENT = {"first_card_to": "after", "first_card_by_place": "before", "first_card_to_me": "me",
              "first_card_to_him": "him", "first_card_to_dealer": "dealer"}


def _first_card_recipients(r: Reading) -> list[tuple[int, seats.Seat]]:
    """Who got the deal's first card, as the seat model places him: the place named after the phrase ("the first
    card went to seat 8, the big blind", "l'ha presa l'UTG"), before it ("UTG got the first card"), the teller ("I'm
    on the button; the dealer gave me the first card"), the player "him" points to ("my buddy has the button,
    dealer gives him the first card") or the dealer himself, on the button when he plays. A first card said to be
    exposed is that player's card shown, not the start of the deal ("flipped the first card to seat 6 face up"); a
    verb of turning in another sense is none ("si dà la prima carta e poi gira": the deal goes round)."""
    reach = r.lexicon.windows["first_card_exposed_reach"]
    shown = happened(r, "exposure")
    found = []
    for concept, side in _RECIPIENT.items():
        for told in r.matches(concept):
            if any(m.start() - reach <= at <= m.end() + reach for m in shown for at in (told.start(), told.end())):
                continue
            seat = _recipient(r, told, side)
            if seat is not None:
                found.append((told.start(), seat))
    return found


def _recipient(r: Reading, told: re.Match[str], side: str) -> seats.Seat | None:
    """The place one first-card phrase gives the card to, looked for on the side its wording names."""
    if side == "me":
        return seats.speaker(r)
    if side == "him":
        return seats.referent(r, told.start())
    if side == "dealer":
        return seats.Seat("btn")
    reach = r.lexicon.windows["first_card_recipient_reach"]
    named = seats.places(r)
    if side == "after":
        return next((seat for match, seat in named if told.start() <= match.start() <= told.end() + reach), None)
    return next((seat for match, seat in reversed(named) if told.start() - reach <= match.end() <= told.start() + 1),
                None)


_SEAT_NUMBER = re.compile(r"\b(?:seat|posto) n(\d+)")
_TO_OTHER_SEAT = re.compile(r"\b(?:to|at|al|allo|alla|a)(?: the| il| lo| l)? (?:(?:seat|posto) n\d+|sb|bb|utg|button"
                            r"|small blind|big blind|bottone|piccolo buio|grande buio)\b")
_OTHER_SEAT = re.compile(r"\b(?:seat|posto) n\d+|\b(?:sb|bb|utg|button|small blind|big blind)\b|\b\w+ s first\b")


def _dealt_to_empty_seat(r: Reading) -> list[re.Match[str]]:
    """Cards dealt to a numbered seat the table is told to have empty, however the emptiness is said ("seats 1 and 2
    were empty … the dealer pitched cards to seat 1 anyway", "posti 2 e 5 vuoti … ha dato le carte al posto 5"): the
    seat model's empty seats against the seat the cards went to."""
    dealt = r.matches("dealt_to_seat")
    if not dealt:
        return []
    empty = seats.table(r).empty
    return [m for m in dealt if (group(m, "seat") or "").isdigit() and int(group(m, "seat") or 0) in empty]


def _skipped_in_the_deal(r: Reading) -> list[re.Match[str]]:
    """The skips in the deal (worked out once: the misdeal items and the betting's skip both ask)."""
    return r.derived("skipped_in_the_deal", lambda: _skips_in_the_deal(r))


def _skips_in_the_deal(r: Reading) -> list[re.Match[str]]:
    """A player passed over in the deal, told as the skip's object, a place ("skipped the guy in seat 1", "ha saltato
    il posto 4"), in a sentence that tells the deal itself or the skip as total ("ha dato a giro ma ha saltato…",
    "…entirely", "he never got a card"), no round of the deal and no street named there (one card short, or a turn
    passed over on the board)."""
    skips = r.matches("skip_verb")
    if not skips:
        return []
    reach = r.lexicon.windows["skip_object_reach"]
    found = []
    for skip in skips:
        start, end = r.sentence_start(skip.start()), r.sentence_end(skip.start())
        sentence = r.text[start:end]
        if not r.lexicon.says("skip_in_dealing", sentence) or r.lexicon.says("one_round_named", sentence) or any(
                start <= m.start() < end for street in ("flop", "turn", "river") for m in r.matches(street)):
            continue
        if any(skip.end() <= place.start() <= skip.end() + reach for place, _ in seats.places(r)):
            found.append(skip)
    return found


def _dealt_there(r: Reading, empty: re.Match[str]) -> bool:
    """An empty seat is a misdeal item when cards went to it, not when it only tells how the table was seated
    ("seat 3 is empty tonight; the dealer gave seat 4 his first card face up": the cards went to another seat)."""
    reach = r.lexicon.windows["empty_seat_reach"]
    empty_seats = set(_SEAT_NUMBER.findall(empty[0]))
    if any(group(deal, "seat") in empty_seats for deal in r.matches("dealt_to_seat")):
        return True  # "seat 4 is empty tonight … the dealer pitched two cards to seat 4 anyway"
    there = r.lexicon.windows["empty_seat_there_reach"]
    if any(0 <= deal.start() - empty.end() <= there for deal in r.matches("dealt_there")):
        return True  # "seat 6 has been empty since Franco went home … the dealer dealt there too"
    for deal in r.matches("empty_seat_dealt"):
        if empty.start() - reach <= deal.start() and deal.end() <= empty.start():
            return True  # "dealt to … the empty seat"
        if deal.start() < empty.end() and empty.start() < deal.end():
            return True  # the words overlap: "dealt in the guy who had left"
        elsewhere = _OTHER_SEAT.search(r.text, empty.end(), deal.end() + r.lexicon.windows["dealt_seat_next"]) or \
            _TO_OTHER_SEAT.search(r.text, deal.end(), deal.end() + r.lexicon.windows["dealt_to_reach"])
        if 0 <= deal.start() - empty.end() <= reach and not elsewhere:
            return True  # "seat 6 was empty but the dealer still dealt two cards in front of it"
    return False


def _deal_error(r: Reading, given: Facts) -> Facts | None:
    """A misdeal item, unless the question is who posts which blind after a button mistake (the blinds' rules)."""
    return {"street": "deal"} if errors_told(r) and not r.has("deal_blinds_question") else None


def _dealt_to_busted(r: Reading, given: Facts) -> Facts | None:
    """A player out of the game dealt in: tried before the counts of cards ("I busted… pitched myself a hand too"),
    said in one phrase or in two parts, the dealer out first, then dealing himself in ("got knocked out two hands
    ago, but kept dealing for us … tossed two cards to his own spot")."""
    told = r.has("deal_to_busted") or _out_then_dealt_self(r)
    return {"street": "deal"} if told and not r.has("deal_blinds_question") else None


def _out_then_dealt_self(r: Reading) -> bool:
    reach = r.lexicon.windows["out_then_self_dealt_reach"]
    return any(0 < dealt.start() - out.end() <= reach for out in r.matches("out_of_game")
               for dealt in r.matches("dealt_self_in"))


_TOLD_OUTRIGHT = {"wrong-first-seat", "empty-seat", "dealt-out", "button-misplaced"}
_WHO_GOT_CARDS = {"empty-seat", "dealt-out"}


def _wrong_players_dealt(r: Reading, given: Facts) -> Facts | None:
    """A hand dealt where nobody sits, or a player in the hand skipped: who got cards at all, told outright. Narrow
    enough to outrank the betting told around it ("player 1 opens, player 2 raises, player 3 all in, then a tenth
    hand dealt to the empty seat") and a skipped player's turn to act ("posted the big blind, the dealer skipped
    him")."""
    errors = {error for _, error in errors_told(r)}
    if "dealt-out" in errors and _skipped_in_the_betting(r):
        errors.discard("dealt-out")
    told = bool(errors & _WHO_GOT_CARDS) and r.has("dealing_context")
    return {"street": "deal"} if told and not (r.has("deal_blinds_question") or r.has("other_game")) else None


def _skipped_in_the_betting(r: Reading) -> bool:
    """Players acting past a player who had not spoken, with no word of the deal ("the dealer skipped me: UTG+1
    called, the cutoff raised, all before I said a word"): the skip is in the betting, the out-of-turn rule's; not a
    place passed over in a sentence telling the deal ("skipped the guy in seat 1 entirely; three players had acted")."""
    return r.has("action_taken") and r.has("oot_silent") and not r.has("oot_not_action") \
        and not r.has("skip_in_the_deal") and not _skipped_in_the_deal(r)


def _deal_error_told(r: Reading, given: Facts) -> Facts | None:
    """A misdeal item told outright (the deal started at the wrong seat, cards to an empty seat, a player dealt out,
    the button misplaced): tried before the wrong card count and the extra hole card, so "una mano in più data al
    posto vuoto" is a hand dealt where nobody sits, "noticed after everybody had one card" is when the wrong first
    seat was seen, and a three-card story told as background does not hide it. A card dealt out of order is left to
    the weak cue: "skipped him, then gave him two" is a count."""
    told = any(error in _TOLD_OUTRIGHT for _, error in errors_told(r))
    return {"street": "deal"} if told and not r.has("deal_blinds_question") else None


_DEAL_START = re.compile(r"\b(?:first|prima|start\w*|began|begun|dealt|dealing|partit\w*|iniziat\w*|cominciat\w*"
                         r"|initial)\b")


def _wrong_seat_said(r: Reading, given: Facts) -> Facts | None:
    """The deal said in so many words to have started at the wrong seat ("the first card went to the wrong seat"):
    narrow enough to outrank whose turn it was when it was noticed ("we noticed when it was UTG+1's turn, UTG had
    folded" tells how far the action had gone, not an action out of turn)."""
    told = any(_DEAL_START.search(m[0]) for m in r.matches("deal_wrong_first_seat"))  # not "sat in the wrong seat"
    return {"street": "deal"} if told and not r.has("deal_blinds_question") else None


def _order_broken(r: Reading, given: Facts) -> Facts | None:
    """The deal's own order said broken, a seat's card to another seat ("I dealt the last card of the round out of
    order, the cutoff got the card meant for the button", "went to seat 3 before seat 2 on the second round"): told
    in the deal's words, so above a player acting out of turn whose words ("out of order") it shares, and above the
    cards counted, since every hand still holds two. Not a board card dealt out of order (a street named)."""
    if not r.has("deal_order_swapped") or r.has("deal_blinds_question"):
        return None
    return None if on_the_board(r) else {"street": "deal"}


def _mistake_unnamed(r: Reading, given: Facts) -> Facts | None:
    """A deal said to have gone wrong, the mistake unnamed, caught before anyone acted ("il dealer ha fatto un
    pasticcio nel dare le carte… nessuno aveva ancora agito. È misdeal per forza?"): the cut-off is no question, so
    whether the mistake is on the misdeal list is, and what went wrong is asked."""
    return {"street": "deal"} if r.has("deal_went_wrong") and nobody_acted(r) else None


def deal_error(r: Reading, facts: Facts) -> None:
    """The first mistake the text tells; when the only one is where the first card went and two tellers put it in
    different places, one right and one wrong ("three of us swear it went to the button, the dealer swears it went
    to the small blind"), what went wrong is asked."""
    errors = errors_told(r)
    if not errors:  # recognised by a cue that names no mistake the reader knows: the mistake is asked
        return
    told_where = {seats.first_player(r, seat) for _, seat in _first_card_recipients(r)}
    if {error for _, error in errors} == {"wrong-first-seat"} and {True, False} <= told_where:
        r.doubt("deal_error")
        return
    facts["deal_error"] = errors[0][1]


TOPIC = Topic("misdeal-condition",
              cues=(Cue(185, _dealt_to_busted), Cue(134, _wrong_players_dealt), Cue(122, _order_broken),
                    Cue(101, _wrong_seat_said),
                    Cue(76, _deal_error_told),
                    Cue(55, _deal_error), Cue(26, _mistake_unnamed)),
              readers=(deal_error, *ACTION_SO_FAR))
