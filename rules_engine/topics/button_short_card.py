"""The button dealt one card short (holdem.button-short-card): TDA gives him the missing card unless he has acted
on one card; Robert's applies its general wrong-count rule, so how far the action had gone matters. The button is
named (not "not the button") together with a hand of one card."""

from __future__ import annotations

import re

from ..readers import deal
from ..readers import seats as table_seats
from ..readers.actions import players_acted
from ..readers.cutoff import action_so_far
from ..readers.events import TELLER, Event, events
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
    shorts = r.matches("short_hand") + r.matches("single_card")  # a seat inside the phrase counts too: "il
    # bottone ha una carta" is one match from "il"
    if not shorts:
        return False  # no hand of one card: the table's seats (a slow reader) are not worked out
    reach = r.lexicon.windows["holder_before"]
    seats = _seats_named(r)
    teller_on_button = None
    for short in shorts:
        before = [seat for seat in seats if seat[0] < short.end() and short.start() - seat[0] <= reach]
        if before and max(before)[1]:
            return True
        if _turn_reached_button(r, short):
            return True
        if not before and _subject_kept(r, [seat for seat in seats if seat[0] < short.start()], short.start()):
            return True
        if not before and r.near("teller_holds", short.start(), "teller_holds"):
            if teller_on_button is None:
                teller_on_button = table_seats.speaker(r) == table_seats.Seat("btn")
            if teller_on_button:
                return True  # "I only gave myself one card - I'm the button"
    return False


def _seats_named(r: Reading) -> list[tuple[int, bool]]:
    """Where a seat is named, and whether it is the button: the button's words, any seat named, and the button's
    seat number when the table tells it ("il bottone era al posto 9 … il posto 9")."""
    seats = [(m.start(), True) for m in r.matches("button_word")]
    seats += [(m.start(), False) for m in r.matches("named_seat")]
    button = table_seats.table(r).button
    seats += [(place.start(), seat.kind == _BUTTON or (bool(button) and seat.kind == "seat" and seat.number == button))
              for place, seat in table_seats.places(r)]  # a blind or a position named is another seat
    return seats


def _subject_kept(r: Reading, named: list[tuple[int, bool]], position: int) -> bool:
    """The story keeps to the button as its subject: the last seat named before the hand of one, in this sentence or
    the one before, is the button ("Il ragazzo sul bottone ha pagato il rilancio … Quando scendono le tre carte, alza e
    scopre di averne ricevuta soltanto una"), or further back with every sentence since pointing back to him by a
    pronoun ("The button had a few drinks. Everybody checked to him, he bet. On the turn he found only one card")."""
    if not named:
        return False
    at, is_button = max(named)
    crossed = [start for start in r.sentences if at < start <= position]
    return is_button and (len(crossed) <= 1 or all(_points_back(r, start) for start in crossed))


def _points_back(r: Reading, start: int) -> bool:
    """The sentence starting here names its player by a pronoun ("he bet", "tutti passano fino a lui")."""
    return any(start <= m.start() < r.sentence_end(start) for m in r.matches("story_pronoun"))


def _turn_reached_button(r: Reading, short: re.Match[str]) -> bool:
    """The hand of one told in the sentence where the action reached the button, of a pronoun opening a new clause
    ("Quando è toccato al bottone, avevano già foldato l'UTG e il cutoff, e solo allora lui dice che gli manca una
    carta"): the players named in between acted before him, and the one who then speaks up is the button; not a
    place told as the speaker ("…got to the button, UTG said he had one card")."""
    sentence = r.sentence_start(short.start())
    reached = [m.end() for m in r.matches("turn_reached_button")
               if m.end() <= short.start() and r.sentence_start(m.start()) == sentence]
    if not reached:
        return False
    named = [place.end() for place, _ in table_seats.places(r) if reached[-1] < place.end() <= short.start()]
    after = named[-1] if named else reached[-1]
    return any(after <= m.start() < short.end() for m in r.matches("clause_pronoun"))


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
    moved = [e for e in events(r) if e.happened and e.move != "fold" and e.actor in button
             and not _before_his_turn(r, e.start) and not _yet_to_come(r, e.start)]
    if any(r.uncertain_near(e.start, "doubt_detail") for e in moved):
        return  # "not sure whether the button had checked": asked
    if moved and any(m.start() > moved[-1].start for m in r.matches("holder_not_acted")):
        return  # "the button called - sorry, he hadn't called yet": the later word corrects the move
    moved += _moves_of_the_button_subject(r)
    named = [place.start() for place, seat in table_seats.places(r) if seat.kind != "btn"]
    if moved or any(not any(m.start() < at < m.end() for at in named) and not _before_his_turn(r, m.end())
                    for m in r.matches("button_acted")):
        facts["holder_acted"] = "yes"


def _moves_of_the_button_subject(r: Reading) -> list[Event]:
    """Moves told with no actor of their own while the button is the story's subject: in the sentence that names him
    ("Button had one card, didnt notice, opened to 2.5k"), or in the next one opened by a pronoun ("Al bottone è
    arrivata una carta sola. Lui … ha pagato i 600"): his own, the subject carried over. Not a fold (it leaves the
    pot), not a move of others ("two players had already called") or a move named as a noun ("during the preflop
    betting"), not one told once the action reached him (the players before him made it)."""
    moves = [e for e in events(r) if e.happened and e.move != "fold" and e.actor is None
             and not r.lexicon.says("move_not_the_subjects", r.before(e.start, "subject_before_move").rstrip())]
    if not moves:
        return []
    seats = _seats_named(r)
    return [e for e in moves if _subject_kept(r, [seat for seat in seats if seat[0] < e.start], e.start)
            and not _before_his_turn(r, e.start) and not _yet_to_come(r, e.start)]


def _yet_to_come(r: Reading, move: int) -> bool:
    """A move named only as one still to come ("he says so before checking or betting"): not made."""
    return any(m.start() <= move < m.end() for m in r.matches("move_not_made_yet"))


def _before_his_turn(r: Reading, move: int) -> bool:
    """A move told right after the action reached the button, with no pronoun giving it to him ("quando è toccato
    al bottone, avevano già chiamato UTG e l'hijack"): the players before him made it, not the button ("when it got
    to the button he raised" is his)."""
    return any(m.end() <= move and r.sentence_start(m.start()) == r.sentence_start(move)
               and not any(m.end() <= p.start() < move for p in r.matches("story_pronoun"))
               for m in r.matches("turn_reached_button"))


def holder_acted_at_his_turn(r: Reading, facts: Facts) -> None:
    """The holder's own move (`readers/holder.py`), unless every move it read was told right after the action reached
    the button, the moves of the players before him ("quando è toccato al bottone avevano già chiamato UTG e
    l'hijack")."""
    read: Facts = {}
    holder_acted(r, read)
    if read.get("holder_acted") == "yes" and all(_before_his_turn(r, m.start()) for m in r.matches("holder_acted_on")):
        return
    facts.update(read)


def found_at_his_turn(r: Reading, facts: Facts) -> None:
    """"he noticed when it was his turn to act", "action is on him after two calls", "says so before calling or
    folding": the short hand was found when the action reached him or before his move, so he had not acted on it; not
    once the story reaches the board (a later street's turn comes after he acted preflop)."""
    if "holder_acted" not in facts and (r.has("found_at_own_turn") or _his_move_to_come(r)) \
            and not deal.board_told(r):
        facts["holder_acted"] = "no"


def _his_move_to_come(r: Reading) -> bool:
    """A move still to come told of the button, the last place named before it ("button says he has one card before
    calling or folding"), not of another player ("UTG raised before calling…")."""
    named = table_seats.places(r)
    for clause in r.matches("move_not_made_yet"):
        before = [seat for place, seat in named if place.end() <= clause.start()]
        if before and before[-1].kind == _BUTTON:
            return True
    return False


def first_to_act_heads_up(r: Reading, facts: Facts) -> None:
    """Heads-up the button is the small blind and acts first before the flop: a button who had not acted yet on his
    one card ("heads-up, I'm on the button with one card, I haven't acted yet") means nobody had."""
    if "players_acted" not in facts and facts.get("holder_acted") == "no" and \
            table_seats.table(r).players == (table_seats.HEADS_UP,) and not deal.board_told(r):
        facts["players_acted"] = 0


TOPIC = Topic("button-short-card", cues=(Cue(102, _button_short),),
              readers=(holder_acted_at_his_turn, button_acted, found_at_his_turn, players_acted, action_so_far,
                       past_preflop, first_to_act_heads_up))
