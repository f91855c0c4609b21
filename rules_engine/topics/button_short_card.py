"""The button dealt one card short (holdem.button-short-card): TDA gives him the missing card unless he has acted
on one card; Robert's applies its general wrong-count rule, so how far the action had gone matters. The button is
named (not "not the button") together with a hand of one card."""

from __future__ import annotations

import re

from ..readers import deal
from ..readers import seats as table_seats
from ..readers.actions import players_acted
from ..readers.cutoff import action_so_far
from ..readers.events import TELLER, events
from ..readers.holder import holder_acted
from ..readers.played_out import past_preflop
from ..reading import Facts, Reading
from . import Cue, Topic

_BUTTON = "btn"  # the seat model's and the event reader's name for the button

def _button_short(r: Reading, given: Facts) -> Facts | None:
    told = r.has("button_short") and any(not _across_sentences(r, m) for m in r.matches("button_short"))
    short = told or (r.has("button_word") and _holder_is_the_button(r))
    return {} if short and not r.has("not_the_button") else None


def _across_sentences(r: Reading, match: re.Match[str]) -> bool:
    """A phrase found across a full stop ("Seat 3 was skipped. The button then raised") says nothing of the button."""
    return any(match.start() < start < match.end() for start in r.sentences)


def _holder_is_the_button(r: Reading) -> bool:
    """A hand of one card whose holder, the seat named last before it, is the button ("the big blind says 'I only
    have one card'" is not, even after "the button 3-bets"), also named by the button's seat number ("il bottone era
    al posto 9 … il posto 9 ne trova una sola"), or the teller's own hand when he says he sits on the button ("gave
    myself one card, I'm the button")."""
    reach = r.lexicon.windows["holder_before"]
    seats = [(m.start(), True) for m in r.matches("button_word")]
    seats += [(m.start(), False) for m in r.matches("named_seat")]
    button = table_seats.table(r).button
    seats += [(place.start(), True) for place, seat in table_seats.places(r)
              if button and seat.kind == "seat" and seat.number == button]
    teller_on_button = None
    for short in r.matches("short_hand") + r.matches("single_card"):  # a seat inside the phrase counts too: "il
        # bottone ha una carta" is one match from "il"
        before = [seat for seat in seats if seat[0] < short.end() and short.start() - seat[0] <= reach]
        if before and max(before)[1]:
            return True
        if not before and _subject_kept(r, [seat for seat in seats if seat[0] < short.start()], short.start()):
            return True
        if not before and r.near("teller_holds", short.start(), "teller_holds"):
            if teller_on_button is None:
                teller_on_button = table_seats.speaker(r) == table_seats.Seat("btn")
            if teller_on_button:
                return True  # "I only gave myself one card - I'm the button"
    return False


def _subject_kept(r: Reading, named: list[tuple[int, bool]], position: int) -> bool:
    """The story keeps to the button as its subject: the last seat named before the hand of one, in this sentence or
    the one before, is the button ("Il ragazzo sul bottone ha pagato il rilancio … Quando scendono le tre carte, alza e
    scopre di averne ricevuta soltanto una")."""
    if not named:
        return False
    at, is_button = max(named)
    return is_button and sum(at < start <= position for start in r.sentences) <= 1


def button_acted(r: Reading, facts: Facts) -> None:
    """"the button raised holding a single card": the button, the holder here, acted on his one card; not when
    another player is named between the button and the move ("gave the button one card and only UTG had called").
    A move the story gives the button himself ("il bottone … non ha detto niente e ha rilanciato a 600", "I'm on
    the button … I checked the flop") outweighs a silence read as not acting: keeping quiet about his missing card
    is not keeping out of the betting; the teller's moves are the button's when he sits there. A fold is no
    acting on the short hand (it leaves the pot)."""
    if facts.get("holder_acted") == "yes":
        return
    button = {_BUTTON, TELLER} if table_seats.speaker(r) == table_seats.Seat(_BUTTON) else {_BUTTON}
    moved = [e for e in events(r) if e.happened and e.move != "fold" and e.actor in button]
    if any(r.near("uncertain", e.start, "doubt_detail") for e in moved):
        return  # "not sure whether the button had checked": asked
    if moved and any(m.start() > moved[-1].start for m in r.matches("holder_not_acted")):
        return  # "the button called - sorry, he hadn't called yet": the later word corrects the move
    named = [place.start() for place, seat in table_seats.places(r) if seat.kind != "btn"]
    if moved or any(not any(m.start() < at < m.end() for at in named) for m in r.matches("button_acted")):
        facts["holder_acted"] = "yes"


def found_at_his_turn(r: Reading, facts: Facts) -> None:
    """"he noticed when it was his turn to act", "action is on him after two calls": the short hand was found when
    the action reached him, so he had not acted on it; not once the story reaches the board (a later street's turn
    comes after he acted preflop)."""
    if "holder_acted" not in facts and r.has("found_at_own_turn") and not deal.board_told(r):
        facts["holder_acted"] = "no"


TOPIC = Topic("button-short-card", cues=(Cue(102, _button_short),),
              readers=(holder_acted, button_acted, found_at_his_turn, players_acted, action_so_far, past_preflop))
