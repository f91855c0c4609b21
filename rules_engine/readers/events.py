"""The story as events: every move told, in order, with who made it, the amount if said, and whether it was only
said, denied ("hadn't acted") or only asked about ("can he still raise?"). Worked out once per text; the action
topics read their facts from it (who acted out of turn, what the skipped player did next, who acted behind him)
instead of each matching its own actor and move phrases.

Who made a move is read back from the move, in its own clause: a seat ("seat 4", "posto 4", "the 4", "il 4", a bare
"4" in a list of moves), a position (the seat model's places), the teller ("I", "io", an Italian first-person verb),
a pronoun (the player named last), or a name (a word before the move that is no filler). A relative clause between
the player and his move ("the 7, who had been skipped, checks") is read apart, and what it says marks him."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from ..reading import Reading, group
from .negation import denied
from .ordinals import ORDINAL_VALUE
from .seats import Seat, places
from .streets import marks

TELLER = "me"
MOVES = ("check", "raise", "allin", "bet", "call", "fold", "act")
CHANGING = frozenset({"raise", "allin", "bet"})  # a move that changes the action to the players before it
_KIND = {"check": "check", "call": "call", "fold": "fold", "bet": "bet-raise", "raise": "bet-raise",
         "allin": "bet-raise"}
_NO_CHIPS = frozenset({"check", "fold", "act"})  # moves with no amount: "before the 6 seat acted. 6 seat checked"
SKIPPED = "skipped"  # the player named only as the skipped one ("the skipped player then raised")
_MAX_SEAT = 10


@dataclass(frozen=True, slots=True)
class Event:
    """One move of the story: where it is told, who made it, what it was, and how it is told."""

    start: int
    end: int
    actor: str | None  # "seat 4", a position ("bb", "utg+1"), "me", a name; None when the text names nobody
    move: str  # one of MOVES
    amount: str | None = None
    verbal: bool = False  # said only ("says raise", "dice punto")
    denied: bool = False  # "hadn't acted", "non aveva ancora parlato", "never called"
    hypothetical: bool = False  # "can he still raise?", "if I call", "before he could act"
    skipped: bool = False  # the actor is told as passed over where the move is told ("who had been skipped")
    described: bool = False  # the move describes a player named before ("the guy on his right who folded preflop")
    joined: int = 1  # players named together as its subject ("the cutoff and the button both called": two)
    subject: int = -1  # where those players are named, when more than one

    @property
    def happened(self) -> bool:
        return not self.denied and not self.hypothetical and self.move != "act"

    @property
    def told(self) -> bool:
        """Told as done, whatever the move ("three players acted"): not denied, not only asked about."""
        return not self.denied and not self.hypothetical

    @property
    def players(self) -> int:
        """How many players made it: "seats 6, 7 and 8 called" is three, "the cutoff and the button called" two."""
        return len(self.actor.split()) - 1 if self.actor and self.actor.startswith("seats ") else self.joined

    @property
    def kind(self) -> str:
        """The move as the out-of-turn rule reads it: check, call, fold or bet-raise."""
        return _KIND[self.move]


def events(r: Reading) -> list[Event]:
    """Every move the text tells, in order (worked out once per text)."""
    return r.derived("events", lambda: _events(r))


@dataclass(frozen=True, slots=True)
class Mark:
    """A player said to have been passed over: where, who, and whether it is his own claim ("says he was never
    asked": an objection, said once the others had acted)."""

    at: int
    who: str
    claimed: bool
    before: bool = False  # "before seat 3 acted", "while seat 3 still hadn't acted": the move past him is told just
    # before the mark


def skipped_players(r: Reading) -> list[Mark]:
    """Where a player is said to have been passed over, and who ("4 says he was never asked", "il 7 che era stato
    saltato", "luca, who hadn't acted"): each mark goes to the player named just before it."""
    return r.derived("events.skipped", lambda: _skipped(r))


def passed_over(r: Reading) -> tuple[str, Event] | None:
    """A player said to have been passed over and the move made past him, read from the events: by the seats'
    order where seat numbers tell it ("seat 3 bets, 6 calls, then 4 says he was never asked": 6 called past 4),
    else the first move another player made after the mark, in its sentence or the next ("UTG was still thinking when
    the hijack shoved")."""
    return r.derived("events.passed_over", lambda: _passed_over(r))


def _passed_over(r: Reading) -> tuple[str, Event] | None:
    marks = skipped_players(r)
    if not marks:
        return None  # nobody said to be passed over: the moves (a slow reader) are not worked out
    marked = {mark.who for mark in marks}
    moves = [e for e in events(r) if e.happened and e.actor and e.actor not in marked and not e.described]
    for mark in marks:
        past = _past_by_seat(mark.who, moves)
        if past:
            return mark.who, past
        if mark.before:  # "seat 4 knocked the table before seat 3 acted": the move just before the mark, whoever
            opening = r.sentence_start(mark.at)  # made it ("… tosses in a call of 400 before I've done anything")
            earlier = [e for e in events(r) if opening <= e.start < mark.at and e.happened and e.actor not in marked
                       and not e.described]
            if earlier:
                return mark.who, earlier[-1]
        after = [e for e in moves if e.start > mark.at and _nearby(r, mark.at, e.start)]
        after = after or _past_but(r, mark, marked)  # "toccava a me, ma quello ha buttato dentro trenta"
        if after:  # "UTG was still thinking when the hijack shoved": the first move told after the mark
            return mark.who, after[0]
    return None


def _past_but(r: Reading, mark: Mark, marked: set[str]) -> list[Event]:
    """A move told right after a player's turn and a "but", in the mark's sentence, by nobody named ("toccava a me,
    ma quello ha buttato dentro trenta", "it was on me but somebody called"): another player's move past him."""
    ending = r.sentence_end(mark.at)
    moves = [e for e in events(r) if mark.at < e.start <= ending and e.happened and e.actor not in marked]
    if not moves or moves[0].actor is not None:
        return []
    return moves[:1] if r.lexicon.find("contrast_turn", r.text[mark.at:moves[0].start]) else []


def _nearby(r: Reading, mark: int, move: int) -> bool:
    """A move in the mark's sentence or the one after it."""
    sentence = r.sentence_start(mark)
    return r.sentence_start(move) == sentence or r.sentence_start(move) == r.sentence_end(mark) + 1


def _past_by_seat(who: str, moves: list[Event]) -> Event | None:
    """The first move by a seat that comes after the skipped seat in the order of play, from a seat before it."""
    skipped = _seat_number(who)
    seats = [(e, number) for e in moves if (number := _seat_number(e.actor or ""))]
    if not skipped:
        return None
    for (_, before), (event, after) in itertools.pairwise(seats):
        if before < skipped < after or after < before < skipped or skipped < after < before:
            return event
    return None


# The places round the table, clockwise: the order of play before the flop and after it is this one cycle, started
# at UTG or at the small blind.
_ROUND = {"sb": 1, "bb": 2, "utg": 3, "mp": 6, "lj": 7, "hj": 8, "co": 9, "btn": 10}
_UTG_PLUS = "utg+"
_CYCLE = 10  # places in the cycle, and seats at a table when the text does not say


def _place(actor: str) -> tuple[str, int]:
    """Where a player sits in the cycle of play, and in which terms (seats by number, or places): 0 if unknown."""
    if actor.startswith(_UTG_PLUS) and actor[len(_UTG_PLUS):].isdigit():
        return "place", _ROUND["utg"] + int(actor[len(_UTG_PLUS):])
    if actor in _ROUND:
        return "place", _ROUND[actor]
    kind, _, number = actor.partition(" ")
    return ("seat", int(number)) if kind == "seat" and number.isdigit() else ("", 0)


def came_back(r: Reading, move: Event) -> list[Event]:
    """The moves told after a move made out of turn, on the same street, by players it passed over ("the button bet
    out of turn … the cutoff checked", "UTG+1 raised before UTG acted; UTG called"): the action went back to them,
    so each is the passed-over player's own move, not one made behind him. Passed over are the places between the
    last move told before it and its maker, in the order of play (with no move before it, from the street's first
    to act: UTG before the flop, the small blind after it; seats by number need a move before it)."""
    terms, at = _place(move.actor or "")
    if not at:
        return []
    told = events(r)
    before = [where[1] for e in told if e.start < move.start and e.happened
              and (where := _place(e.actor or ""))[0] == terms and where[1]]
    if before:
        last = before[-1]
    elif terms == "place":
        last = _ROUND["btn"] if any(at < move.start for at in marks(r)) else _ROUND["bb"]
    else:
        return []
    end = min((at for at in marks(r) if at > move.end), default=len(r.text))
    gap = (at - last) % _CYCLE
    return [e for e in told if move.end <= e.start < end and e.happened
            and (where := _place(e.actor or ""))[0] == terms and 0 < (where[1] - last) % _CYCLE < gap]


def sits_behind(first: str | None, second: str | None) -> bool:
    """Whether the second player sits within half a table after the first in the order of play, both told in one
    terms (seat numbers or places): "seat 4 raised out of turn and seat 5 folded" is a move behind seat 4, not one
    the action met before reaching him."""
    terms, at = _place(first or "")
    other, where = _place(second or "")
    return bool(at and where) and terms == other and 0 < (where - at) % _CYCLE <= _CYCLE // 2


_FIRST_TO_ACT = (_ROUND["utg"], _ROUND["sb"])  # where the order of play starts before the flop, and after it


def acts_after(first: str | None, second: str | None) -> bool:
    """Whether the second player acts after the first on his street, whichever street it is: told by places, after
    him both before the flop and after it (the cutoff after the hijack; not UTG, nor the small blind, whose turn
    before the hijack's depends on the street); told by seat numbers, within half a table after him
    (`sits_behind`)."""
    terms, at = _place(first or "")
    other, where = _place(second or "")
    if terms != "place" or other != "place":
        return sits_behind(first, second)
    return all((where - start) % _CYCLE > (at - start) % _CYCLE for start in _FIRST_TO_ACT)


def _seat_number(actor: str) -> int:
    """A seat's number, or a place in the order of play ("order 2": "il secondo"), which the same order reads."""
    kind, _, number = actor.partition(" ")
    return int(number) if kind in ("seat", "order") and number.isdigit() else 0


def named_at(r: Reading, match: re.Match[str], name: str) -> str | None:
    """The player a named group of a match names, in the events' terms ("posto n5" → "seat 5", "il cut off" → "co",
    "me" → the teller)."""
    end = match.end(name)
    if end < 0:
        return None
    start = match.start(name)
    return TELLER if r.lexicon.says("event_teller_object", match[name]) else _named(r, r.text[start:end], end,
                                                                                     _mentions(r))


def _events(r: Reading) -> list[Event]:
    mentions = _mentions(r)
    moves = sorted(r.matches("event_move") + _calls_at_stop(r), key=lambda m: m.start())
    starts = {m.start() for m in moves}
    found: list[Event] = []
    ends = [0, 0]  # where the two moves before this one end (an amount included)
    for match in moves:
        kind = next(kind for kind in MOVES if group(match, kind))
        opening = r.sentence_start(match.start())
        after = match.end() + 1  # the words after the move, past the space before them
        amount = r.lexicon.find("event_amount", r.after(after, "event_after")) if kind not in _NO_CHIPS else None
        if amount and after + amount.end() + 1 in starts:
            amount = None  # "seat 3 bets, 6 calls": the 6 is the next actor, not an amount
        actor, skipped, verbal = _actor(r, (max(ends[-1], opening), max(ends[-2], opening)), match, found, mentions)
        if amount and actor is None and (group(amount, "me") or group(amount, "pronoun")):
            # "rilancio io a 6", "punta lui 300": the subject put between the move and its amount
            actor = TELLER if group(amount, "me") else _last_actor(found, match.start(), mentions)
        described = r.lexicon.says("event_relative_pronoun", _unfilled(r, r.text[opening:match.start()]))
        # what frames a move is in its own sentence: "am I allowed to raise? I had raised to 300" asks nothing of
        # the second raise
        framing = r.text[max(opening, match.start() - r.lexicon.windows["event_frame"]):match.start()].rstrip()
        hypothetical = r.lexicon.says("event_hypothetical", framing) and not _believed_turn(r, framing)
        if hypothetical and actor is None:  # "UTG wants to re-raise", "can UTG make it 2000?"
            actor = _asked_of(r, max(ends[-1], opening), match.start(), found, mentions)
        joined = _joined(r, max(ends[-1], opening), match.start(), mentions) if actor else (1, -1)
        if actor is None or _word_taken_for_a_name(actor, mentions):
            # "avevano già foldato UTG e UTG+1": the players named after a move told first, rather than a word the
            # sentence opens with ("Robert classico: foldano UTG e UTG+1", "stasera foldano UTG e UTG+1")
            subject, joined_after = _subjects_after(r, match, starts, mentions)
            if subject is not None or actor is None:
                actor, joined = subject, joined_after
        found.append(Event(match.start(), match.end(), actor, kind, amount["amount"] if amount else None, verbal,
                           denied(r, match), hypothetical, skipped, described, *joined))
        ends.append(after + amount.end() if amount else match.end())
    return found


def _calls_at_stop(r: Reading) -> list[re.Match[str]]:
    """A call verb the move patterns leave out because what follows reads as its object ("called | the floor"), where
    the sentence ends right after the verb: "the hijack called. Misdeal?" is a call, the misdeal the next sentence's."""
    return [m for m in r.matches("event_call_at_stop") if r.sentence_end(m.start()) <= m.end()]


def _players_named(r: Reading, start: int, end: int, mentions: list[tuple[int, int, str]]) -> list[tuple[int, int]]:
    """Where each player is named between two positions, once: by seat or place (the seat model and a seat number
    may both find him), or by where he sits from the one before ("quello dopo di lui", "the guy after him")."""
    spans = sorted([(at, till) for at, till, _ in mentions]
                   + [(m.start(), m.end()) for m in r.matches("event_next_player")],
                   key=lambda span: (span[0], -span[1]))  # the longest of those named at one place
    named: list[tuple[int, int]] = []
    for at, till in spans:
        if start <= at and till <= end and not (named and at < named[-1][1]):
            named.append((at, till))
    return named


def _word_taken_for_a_name(actor: str, mentions: list[tuple[int, int, str]]) -> bool:
    """An actor read only from the word before a move (`_opening_name`'s guess): no place, seat or player the story
    names."""
    return actor.isalpha() and actor not in (TELLER, SKIPPED) and all(key != actor for _, _, key in mentions)


def _subjects_after(r: Reading, move: re.Match[str], starts: set[int],
                    mentions: list[tuple[int, int, str]]) -> tuple[str | None, tuple[int, int]]:
    """The players named together right after a move told first, with no subject before it ("avevano già foldato |
    UTG e UTG+1", "hanno passato | sia l'UTG sia quello dopo di lui"): the first of them and how many, when two or
    more are named that way and no move of their own follows them; else nobody."""
    named = _players_named(r, move.end(), r.sentence_end(move.start()), mentions)
    if len(named) < 2 or not r.lexicon.says("event_subjects_after", r.text[move.end():named[0][0]]):
        return None, (1, -1)
    last = 0
    while last + 1 < len(named) and r.lexicon.find("event_subject_link", r.text[named[last][1]:named[last + 1][0]]):
        last += 1
    end = named[last][1]
    following = min((at for at in starts if at > end), default=len(r.text))
    if last == 0 or (following <= r.sentence_end(end) and not _unfilled(r, r.text[end:following])):
        return None, (1, -1)  # "…e UTG+1 ha chiamato": the players are the next move's subject
    first = named[0][0]
    who = next((key for at, _, key in mentions if at == first), r.text[first:named[0][1]])
    return who, (last + 1, first)


def _joined(r: Reading, start: int, end: int, mentions: list[tuple[int, int, str]]) -> tuple[int, int]:
    """How many players are named together as the subject of a move, and where the first of them is named: read
    back from the last one named before it through the words that join them ("the cutoff and the button | both
    called", "il posto 4, il 5 e il 6 | hanno agito", "l'UTG e quello dopo di lui | hanno passato"); one when another
    word stands between two."""
    named = _players_named(r, start, end, mentions)
    if not named or _unfilled(r, r.text[named[-1][1]:end]):  # "the button had both | called"
        return 1, -1
    first = len(named) - 1
    while first and r.lexicon.find("event_subject_link", r.text[named[first - 1][1]:named[first][0]]) \
            and not r.lexicon.says("event_preposition", r.text[:named[first - 1][0]].rstrip()):
        first -= 1  # not a player a preposition governs ("toccava al BB, il bottone ha rilanciato": one subject)
    return (len(named) - first, named[first][0]) if first < len(named) - 1 else (1, -1)


def named_between(r: Reading, start: int, end: int) -> bool:
    """Whether a player is named (a seat, a place) between two positions: a move told after it with no actor of its
    own may be his ("seat 4 says raise; before he finishes, seat 6 blurts out call")."""
    return any(start <= at < end for at, _, _ in _mentions(r))


def moved_before(r: Reading, position: int) -> bool:
    """Some player's move told as done before a position of the story."""
    return any(event.happened and event.start < position for event in events(r))


def _mentions(r: Reading) -> list[tuple[int, int, str]]:
    """The players the seat model places (positions, seats) and the seats said by number ("the 4", "il 4"), where
    each is named: what a pronoun or a clause's subject points back to."""
    return r.derived("events.mentions", lambda: sorted(
        [(m.start(), m.end(), _place_key(seat)) for m, seat in places(r)]
        + [(m.start(), m.end(), f"seat {m['seat']}") for m in r.matches("event_seat_mention")]))


def _place_key(seat: Seat) -> str:
    if seat.kind == "seat":
        return f"seat {seat.number}"
    if seat.kind == "utgplus":
        return f"utg+{seat.number}"
    if seat.kind == "left":
        return f"left {seat.number}"
    return seat.kind


def _actor(r: Reading, starts: tuple[int, int], move: re.Match[str], found: list[Event],
           mentions: list[tuple[int, int, str]]) -> tuple[str | None, bool, bool]:
    """Who made the move (read back from it in its clause, from the end of the move before; from the one before
    that when a relative clause holds it: "luca, who hadn't acted, raised"), whether a relative clause marks him
    skipped, and whether the move was only said."""
    start, earlier = starts
    before = _unfilled(r, r.text[start:move.start()])
    frame = r.lexicon.windows["event_frame"]
    framing = r.text[max(start, move.start() - frame):move.start()].rstrip()
    verbal = r.lexicon.says("event_said", framing) or \
        r.lexicon.says("event_said", move[0].rsplit(" ", 1)[0])  # "announces a raise", "dice allin"
    quoted = r.lexicon.find("event_quoted_teller", before) if verbal else None
    if quoted:  # "Rob goes 'I call'": the "I" is the quoted word's, the speaker is named before the verb
        before = before[:quoted.start()].rstrip()
    skipped = r.lexicon.says("event_skipped_player", before)  # "the guy he skipped in seat 2 just folded"
    told = r.text[earlier:move.start()].rstrip()
    wider = _unfilled(r, told)
    relative = r.lexicon.find("event_relative", wider)
    if relative is None and r.lexicon.says("event_clause_close", told):
        # "the cutoff, who'd been skipped when the button bet, then just called", "seat 3, who had been skipped
        # all along, then raised": a clause closed by "then" may run on past its verb; the move is its subject's
        relative = r.lexicon.find("event_relative_closed", wider)
    relative = relative or r.lexicon.find("event_appositive", wider)  # "Liz, sitting to his left, checked"
    if relative:  # "io, che ero stato saltato, ho poi chiamato": the actor before the clause, marked by it
        skipped = skipped or _skip_told(r, wider[:relative.end("clause")], relative.start("clause"))
        before = _unfilled(r, wider[:relative.start()])
        start = earlier
    offset = start + len(before)
    antecedent = r.lexicon.find("event_relative_pronoun", before)
    if antecedent:  # "luca who hadn't acted": the one named before "who"
        return _named(r, before[:antecedent.start()].rstrip(), start + antecedent.start() - 1, mentions), \
            skipped, verbal
    named = _named(r, before, offset, mentions)
    if named or skipped:  # "the guy who'd been skipped then led": the skipped one, however he is called
        return named or SKIPPED, skipped, verbal
    if r.lexicon.find("event_pronoun", before):
        return _last_actor(found, offset, mentions), skipped, verbal
    if verbal and not before and r.lexicon.says("event_teller_said", framing):  # "ho detto vedo": the teller's word
        return TELLER, skipped, verbal
    if r.lexicon.says("event_teller_verb", " " + r.text[start:move.end()]) and not verbal:
        return TELLER, skipped, verbal
    if not before:  # an elided subject: the one player named last, unless the verb is plural ("avevano già agito")
        plural = r.lexicon.says("event_plural_verb", r.text[start:move.start()].rstrip())
        return (None if plural else _last_actor(found, offset)), skipped, verbal
    # "seat 3 was skipped and now folds", "l'UTG protesta subito e poi fa solo call": the subject of the clause
    # before the conjunction
    clause = [key for at, _, key in mentions if start <= at < offset]
    joined = r.lexicon.says("event_joined", r.text[start:move.start()].rstrip()) or \
        r.lexicon.says("event_joined_inside", r.text[start:move.start()])
    if not joined:
        return None, skipped, verbal
    if clause:
        return clause[-1], skipped, verbal
    if found and r.lexicon.says("event_join_word", before) and start >= found[-1].end \
            and start > r.sentence_start(move.start()):
        # "says 'raise' and puts 1,200 out", "dice rilancio e mette 1200": a second verb joined to a move with no
        # subject of its own is the same player's
        return found[-1].actor, skipped, verbal
    opens = start == r.sentence_start(move.start())  # not the words after another move ("i call… wow")
    return (_opening_name(r, start, offset) if opens else None), skipped, verbal


def _opening_name(r: Reading, start: int, offset: int) -> str | None:
    """The name a sentence opens with, when no place is named in it: the subject of the move joined to it ("kevin
    came back and | bet 50", "franco è rientrato e | ha fatto check", "ruth put the phone down and | bet"), a player
    the story has named before ("Sara doveva parlare … Sara è tornata e ha chiamato"), not an exclamation ("wow this
    is a tough spot and then | says he's folding")."""
    words = r.text[start:offset].split()
    if not words or words[0] not in r.text[:start].split():
        return None
    return _named(r, words[0], len(words[0]), [])


def _asked_of(r: Reading, start: int, end: int, found: list[Event],
              mentions: list[tuple[int, int, str]]) -> str | None:
    """Who a move only asked about or wanted is asked of: the player named before the words that frame it ("UTG
    wants to | re-raise", "Marco vorrebbe | rilanciare"), or the one inside them ("can | UTG | make it 2000?", "can
    he still raise?")."""
    before = r.text[start:end].rstrip()
    frame = r.lexicon.find("event_hypothetical", before)
    if frame is None:
        return None
    head = _unfilled(r, before[:frame.start()])
    named = _named(r, head, start + len(head), mentions) if head else None
    if named:
        return named
    words = frame[0].split(" ", 1)
    inner = _unfilled(r, words[1]) if len(words) > 1 else ""
    if not inner:
        return None
    if r.lexicon.find("event_pronoun", inner):
        return _last_actor(found, end, mentions)
    return _named(r, inner, start + frame.start() + len(words[0]) + 1 + len(inner), mentions)


def _unfilled(r: Reading, before: str) -> str:
    """The words before a move without the fillers that open it ("then just", "ha gia", "says")."""
    before = before.rstrip()
    filler = r.lexicon.concepts["event_filler"][0].search(before)
    return before[:filler.start()].rstrip() if filler else before


def _named(r: Reading, before: str, offset: int, mentions: list[tuple[int, int, str]]) -> str | None:
    """The player named at the end of `before` (which ends at `offset` in the text); several seats named together
    are one actor ("seats 6, 7 and 8", "i posti 3 e 4")."""
    spelled = r.lexicon.find("event_seat_spelled", before)  # "il tipo al posto sette", "quello al sei"
    number = r.lexicon.number_words.get(spelled["word"], 0) if spelled else 0
    if 1 < number <= _MAX_SEAT:
        return f"seat {number}"
    ordinal = r.lexicon.find("event_ordinal", before)  # "il secondo … il terzo": places in order
    word = ordinal["word"] if ordinal else ""
    place = ORDINAL_VALUE.get(word[:-1] + "a" if word.endswith("o") else word, 0)  # "secondo": "seconda"
    if 0 < place <= _MAX_SEAT:
        return f"order {place}"
    group_ = r.lexicon.find("event_seats", before)
    if group_:
        return "seats " + " ".join(re.findall(r"\d+", group_[0]))
    seat = r.lexicon.find("event_seat_word", before) or r.lexicon.find("event_bare_number", before)
    number = int(seat["seat"]) if seat else 0
    if 0 < number <= _MAX_SEAT:
        return f"seat {number}"
    if r.lexicon.says("event_skipped_player", before) and not r.lexicon.says("event_seat_word", before):
        return SKIPPED
    last = len(before.rsplit(" ", 1)[-1]) + 1  # "l'UTG+1, Andrea, dice all-in": a name put after the place
    placed = [key for start, end, key in mentions if end in (offset, offset - last) and start >= offset - len(before)]
    if placed:
        return placed[-1]
    if r.lexicon.says("event_teller_word", before):
        return TELLER
    words = before.split()
    half = r.lexicon.find("event_blind_half", words[-1]) if words else None  # "lo small", "the big"
    if half:
        return next(name for name, found in half.groupdict().items() if found)
    word = words[-1] if words else ""
    opening = len(words) < 2 or r.lexicon.says("event_no_actor", words[-2])  # "then Luca", "e Marco", not "un po"
    # a word after a preposition is its object, not the move's subject ("a kid with sunglasses | says raise")
    governed = len(words) > 1 and r.lexicon.says("event_preposition", words[-2])
    # nor a verb after a modal: the modal's subject is the one named ("il bottone doveva ancora | parlare | e poi ha
    # fatto check", "il cutoff, che doveva ancora parlare, | ha messo 300": the button's check, the cutoff's raise)
    modal = r.lexicon.find("event_modal_before", before[:len(before) - len(word)].rstrip())
    if modal and word.isalpha():
        subject = before[:modal.start()].rstrip()
        relative = r.lexicon.find("event_relative_pronoun", subject)
        subject = subject[:relative.start()].rstrip() if relative else subject
        return _named(r, subject, offset - len(before) + len(subject), mentions) if subject else None
    thing = len(words) > 1 and r.lexicon.says("event_article", words[-2])  # "il telefono", "the phone": no name
    if word.isalpha() and len(word) > 1 and opening and not (governed or thing) \
            and not r.lexicon.says("event_no_actor", word):
        return word
    return None


def _last_actor(found: list[Event], position: int,
                mentions: list[tuple[int, int, str]] | None = None) -> str | None:
    """Whom a pronoun or an elided subject points to: the one player named last before it (not the teller, not
    several players named together)."""
    named = [(e.start, e.actor) for e in found if e.actor and e.players == 1 and e.actor != TELLER
             and e.start < position]
    together = [(e.subject, e.start) for e in found if e.joined > 1]  # "the cutoff and the button": not "he"
    named += [(start, key) for start, _, key in mentions or () if start < position
              and not any(first <= start < move for first, move in together)]
    return max(named)[1] if named else None


def _skip_told(r: Reading, text: str, start: int) -> bool:
    """A player said passed over in a piece of text from a position, not as someone's belief, however far before
    ("luca, who thought it was his turn,", "il bottone, credendo che fosse il suo turno,": they acted out of turn)."""
    mark = r.lexicon.find("event_skipped", text, start)
    return mark is not None and not r.lexicon.says("belief_before", text[:mark.start()].rstrip())


def _believed_turn(r: Reading, framing: str) -> bool:
    """The words framing a move end in a belief about whose turn it was ("seat 7, who clearly thought it was on him,
    | bets", "il 6, convinto che toccasse a lui, | punta"): the move was made, out of turn, not wished or asked."""
    mark = r.lexicon.find("event_skipped", framing) or r.lexicon.find("turn_subjunctive", framing)
    return mark is not None and r.lexicon.says("belief_before", framing[:mark.start()].rstrip()) \
        and not r.lexicon.says("event_hypothetical", framing[mark.end():])


def _skipped(r: Reading) -> list[Mark]:
    if not r.has("event_skipped"):
        return []  # no mark told: the players named (the seat model) are not worked out
    marks = []
    mentions = _mentions(r)
    for mark in r.matches("event_skipped"):
        if denied(r, mark) and r.lexicon.says("event_skipped_me", mark[0]):
            continue  # "check, ma non era il mio turno": the teller acted out of turn, he was not passed over
        if r.lexicon.says("belief_before", r.text[r.sentence_start(mark.start()):mark.start()].rstrip()):
            continue  # "convinto che toccasse a lui, punta": his belief; he acted out of turn, nobody passed him
        start = max([r.sentence_start(mark.start())] + [e.end for e in events(r) if e.end <= mark.start()])
        before = r.text[start:mark.start()].rstrip()
        speech = r.lexicon.concepts["event_claim"][0].search(before)
        if speech:  # "4 says he was never asked", "dice che era il suo turno": his objection
            before = before[:speech.start()].rstrip()
        relative = r.lexicon.find("event_relative_open", before)
        if relative and not _named(r, before, start + len(before), mentions):  # "the 7 who had been", not
            before = before[:relative.start()].rstrip()  # "senza accorgersi che Simone"
        who = _marked(r, mark, before, start, mentions)
        if who:
            # "before seat 3 acted", "folda prima che il posto 2 (che doveva parlare) abbia agito": told after the move
            told_after = r.lexicon.says("event_before", mark[0]) or r.lexicon.says("event_before", before.lstrip()) \
                or r.lexicon.says("event_while", before)
            marks.append(Mark(mark.start(), who, bool(speech), told_after))
    return marks


def _marked(r: Reading, mark: re.Match[str], before: str, start: int,
            mentions: list[tuple[int, int, str]]) -> str | None:
    """Who a mark is said of: the teller ("mi hanno saltato", "skipped me"), the one after an active "skipped" or
    an Italian verb put first ("doveva ancora parlare il posto 5"), the player named just before it, a pronoun's,
    or the subject of the clause it ends ("il posto 4 era distratto e non ha parlato")."""
    if r.lexicon.says("event_skipped_me", mark[0]) or r.lexicon.says("event_teller_word", before):
        return TELLER
    who = group(mark, "who")
    if who:  # "before seat 3 could say anything", "the action was on him": the one named in it
        if r.lexicon.says("event_teller_object", who):
            return TELLER
        if r.lexicon.says("event_pronoun", who) or r.lexicon.says("event_object_pronoun", who):
            return _last_actor(events(r), mark.start(), mentions)
        return _named(r, ("il " if who.isdigit() else "") + who, mark.end("who"), mentions)
    after = r.lexicon.find("event_object", r.after(mark.end() + 1, "event_after"))
    # a verb put first only when no relative pronoun opens it ("il posto 2, che doveva parlare, | abbia agito": the
    # one before "che" is its subject, not the word after it)
    inverted = r.lexicon.says("event_inverted", mark[0]) and not r.lexicon.says("event_relative_pronoun", before)
    if after and (r.lexicon.says("event_active_skip", mark[0]) or inverted):
        object_ = TELLER if after["me"] else _named(r, after["who"] or "", mark.end() + 1 + after.end(), mentions)
        if object_ or not inverted:
            return object_  # "Sara doveva parlare, ma…": no player after the verb, so its subject is before it
    offset = start + len(before)
    if r.lexicon.find("event_pronoun", before):
        return _last_actor(events(r), offset, mentions)
    named = _named(r, before, offset, mentions)
    if named or not r.lexicon.says("event_joined", before):
        return named
    clause = [key for at, _, key in mentions if start <= at < offset]  # "X … e": the clause's subject
    return clause[0] if clause else _last_actor(events(r), offset, mentions)


def may_tell(r: Reading, move: str) -> bool:
    """Whether the text's words allow a move of this kind (one of MOVES) at all, found without a search
    (`Reading.may_find`): a cue that needs one asks it before working out the events, a slow reader."""
    return r.may_find("event_move", move)


def actor_name(seat: Seat) -> str:
    """The name a move's actor has when the seat model places him there (`Event.actor`): lets a reader tell whether
    a player it found by place is one who moved (added by deck-13 for the foreign card's finder)."""
    return _place_key(seat)
