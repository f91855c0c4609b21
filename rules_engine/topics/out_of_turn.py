"""Acting out of turn (action.out-of-turn): a check, call, bet, raise or fold before the player's turn, or a player
skipped. What decides it: what he did out of turn, whether a skipped player then bet or raised (the action to him
changed), and how many players acted behind the skipped player before anyone objected."""

from __future__ import annotations

import re

from ..readers.actions import elliptic_actors, told_moves
from ..readers.events import (
    CHANGING,
    SKIPPED,
    TELLER,
    Event,
    acts_after,
    came_back,
    events,
    named_at,
    passed_over,
    sits_behind,
    skipped_players,
)
from ..readers.negation import denied
from ..readers.phrases import said_outright
from ..readers.seats import places
from ..readers.streets import BOARD_STREETS, marks
from ..reading import Facts, Reading, inside
from . import Cue, Topic
from .missed_blind import owes_blind

_ASKED = {"raise": "bet-raise", "bet": "bet-raise", "rilancio": "bet-raise", "puntata": "bet-raise", "call": "call",
          "chiamata": "call", "check": "check", "fold": "fold"}
_SUBSTANTIAL = 3
_CHIPS = frozenset({"bet", "raise", "allin", "call"})  # the moves that put chips in
_DEALT = (*BOARD_STREETS, "card")  # what a dealing word deals
_COUNT = {"two": 2, "2": 2, "due": 2, "three": 3, "3": 3, "tre": 3, "four": 4, "4": 4, "quattro": 4}


def oot_action(r: Reading, facts: Facts) -> None:
    """The move the question names ("take his raise back"), else the move made out of turn (`out_of_turn_move`)."""
    asked = r.matches("oot_asked_action")
    if asked:  # "seat 2 wants to take his raise back": the move the question is about
        facts["oot_action"] = _ASKED[asked[-1]["act"]]
        return
    move = out_of_turn_move(r)
    if move is not None:
        facts["oot_action"] = move.kind


def out_of_turn_move(r: Reading) -> Event | None:
    """The move made out of turn: the move inside the out-of-turn phrase, or else the nearest one before or just
    after it (only after it when the phrase says he "acted": what came before is someone else's action), or the
    move made past a player said to have been passed over."""
    return r.derived("out_of_turn.move", lambda: _out_of_turn_move(r))


def _out_of_turn_move(r: Reading) -> Event | None:
    past = passed_over(r)  # "seat 3 bets, 6 calls, then 4 says he was never asked": the move past him
    if not r.has("out_of_turn"):
        return past[1] if past else None
    phrase = r.matches("out_of_turn")[0]
    said_only_acted = any(phrase.start() <= m.start() < phrase.end() for m in r.matches("oot_generic_act"))
    says = [m.end() for m in r.matches("oot_says") if phrase.start() <= m.start() < phrase.end()
            and not r.lexicon.says("oot_nothing_said", r.after(m.end(), "oot_said_object"))]  # his silence
    nearest: tuple[int, Event] | None = None
    passed = _named_skipped(r)
    for event in events(r):
        if not event.happened or event.actor in passed or (says and event.end <= says[0]):
            continue  # "while it's on seat 5, seat 6 says 'raise'": what he said, not what came before; nor the
            # skipped player's own move ("UTG was still thinking when the hijack shoved; UTG then folded")
        inside = phrase.start() <= event.start < phrase.end()
        around = r.near("out_of_turn", event.start, "oot_action_reach") and (
            not said_only_acted or event.start >= phrase.end())  # "he acted before me: he bet 50"
        if inside or around:
            distance = 0 if inside else min(abs(event.end - phrase.start()), abs(event.start - phrase.end()))
            if nearest is None or distance < nearest[0]:
                nearest = (distance, event)
    if nearest is None:  # "B says 'I fold' and starts to throw his cards, and we tell him it's not his turn"
        nearest = _told_in_sentence(r, phrase)
    if nearest is None and past:  # "io dovevo parlare … il cutoff ha buttato dentro 800": the move past him
        return past[1]
    return nearest[1] if nearest else None


def _told_in_sentence(r: Reading, phrase: re.Match[str]) -> tuple[int, Event] | None:
    """The last move told before the out-of-turn phrase in the same sentence: the one it calls out of turn."""
    told = [e for e in events(r) if e.start < phrase.start() and e.happened
            and r.sentence_end(e.start) >= phrase.start()]
    return (0, told[-1]) if told else None


def action_changed(r: Reading, facts: Facts) -> None:
    """What the skipped player did once the action came back: a bet or raise changes it, anything else doesn't;
    or the change said outright ("nobody in between bet or raised", "l'azione è cambiata"); open when the story
    doubts what his move was."""
    for concept, change in (("oot_unchanged_said", "no"), ("oot_changed_said", "yes")):
        if said_outright(r, concept):
            facts["action_changed"] = change
            return
    after = _incident(r)
    if any(m.start() > after for m in r.matches("oot_unsure_move")):  # "nobody is sure if he meant a call or a raise"
        r.doubt("action_changed")
        return
    # a move told wholly inside the out-of-turn phrase is that action ("I thought Sam had checked, so I checked")
    # nor is one whose first words are the phrase's own ("he acted before me, he bet 60": not "the one before me bet";
    # "m'ha saltato, ha puntato": not "the skipped one bet")
    phrases = r.matches("out_of_turn")
    # the first told wins; of two told from one place, the shorter ("poi UTG rilancia", not "poi UTG rilancia, quello
    # che aveva chiamato": a flat move reached past the raise); not one denied ("poi non ha rilanciato")
    later = [(m.start(), m.end(), change) for concept, change in (("oot_later_raise", "yes"), ("oot_later_flat", "no"))
             for m in r.matches(concept)
             if m.start() > after and not _negated(r, m) and not any((p.start() <= m.start() and m.end() <= p.end())
                                                                   or _own_words(r, m, p) for p in phrases)]
    own = _skipped_moves(r, after)
    if own:  # his own move told: not a phrase whose move another player made ("then Omar checked too")
        who = skipped(r)
        later = [m for m in later if not any(e.end == m[1] and e.actor and e.actor not in who for e in events(r))]
    later += [(e.start, e.end, "yes" if e.move in CHANGING else "no") for e in own]
    if later:
        facts["action_changed"] = min(later)[2]
        return
    between = _moves_in_between(r)  # "il 4 fa check fuori turno. Il 3 punta 100": told by the moves alone
    if between:
        facts["action_changed"] = "yes" if any(e.move in CHANGING for e in between) else "no"


def _moves_in_between(r: Reading) -> list[Event]:
    """The moves other players made after the move out of turn and before his own next one, not by players behind him:
    the action that reached him when it came back ("seat 7 checks out of turn; 5 checks, 6 bets": it changed)."""
    move = out_of_turn_move(r)
    if move is None:
        return []
    between = []
    for event in events(r):
        if event.start < move.end or not event.happened:
            continue
        if _same_player(move.actor, event.actor):
            break  # his own turn came back: what follows is behind him
        if _other_player(move.actor, event.actor) and not sits_behind(move.actor, event.actor):
            between.append(event)
    return between


def _same_player(first: str | None, second: str | None) -> bool:
    """Two moves named as made by one player."""
    return first is not None and first == second


def _other_player(first: str | None, second: str | None) -> bool:
    """Two moves named as made by different players: two names, or the teller and a player he does not name ("I
    checked out of turn, the other guy bets")."""
    if first is None or second is None:
        return TELLER in (first, second)
    return first != second


def _negated(r: Reading, move: re.Match[str]) -> bool:
    """A move phrase denied before it or inside it ("il cutoff poi non ha rilanciato")."""
    return denied(r, move) or any(move.start() <= d.start() < move.end() for d in r.matches("cue_denial"))


def _incident(r: Reading) -> int:
    """Where the out-of-turn act or the skip is told: the phrase, the silent player, the player said to be still to
    act ("io dovevo parlare"), or the move past him."""
    told = [m.start() for concept in ("out_of_turn", "oot_silent") for m in r.matches(concept)]
    told += [mark.at for mark in skipped_players(r) if not mark.claimed]
    past = passed_over(r)
    return min(told) if told else past[1].start if past else 0


def _own_words(r: Reading, later: re.Match[str], phrase: re.Match[str]) -> bool:
    """A later move read from the out-of-turn phrase's own last words: "before me" ("he acted before me, he bet") or
    the verb of "m'ha saltato, ha puntato" (he skipped me), not "the one before me" nor "the skipped one"."""
    overlap = r.text[later.start():phrase.end()]
    return r.lexicon.says("oot_before_whom", overlap) or (
        r.lexicon.says("oot_skip_participle", overlap) and r.lexicon.says("event_skipped_me", phrase[0]))


def skipped(r: Reading) -> frozenset[str]:
    """Who the story says was passed over (`_named_skipped`), and the players the action went back to after the
    move out of turn, by the order of play ("the button bet out of turn, skipping the cutoff. Cutoff checked": the
    cutoff's check is his own move, not one behind him)."""
    move = out_of_turn_move(r)
    return r.derived("out_of_turn.skipped", lambda: _named_skipped(r) | frozenset(
        e.actor for e in (came_back(r, move) if move else ()) if e.actor))


def _named_skipped(r: Reading) -> frozenset[str]:
    """Who the story names as passed over: named where the skip is told ("mentre il cut-off ci pensava", "it was on
    seat 3"), the teller ("I was skipped", "toccava a me"), or marked by the events ("the 7, who had been
    skipped", "4 says he was never asked")."""
    return r.derived("out_of_turn.named_skipped", lambda: frozenset(
        {who for m in r.matches("oot_skipped_named") if (who := named_at(r, m, "who"))}
        | ({TELLER} if r.has("oot_teller_skipped") else set())
        | {mark.who for mark in skipped_players(r)} | {e.actor for e in events(r) if e.skipped and e.actor}
        | {SKIPPED}))


def _skipped_moves(r: Reading, after: int) -> list[Event]:
    """The skipped player's own moves told after a position ("he acted before me, I just called", "il cut-off ha
    rilanciato", "the 7, who had been skipped, checks"); the teller's not inside the out-of-turn phrase, where his
    move is the one made out of turn ("ho rilanciato prima che lui parlasse")."""
    who = skipped(r)
    phrases = r.matches("out_of_turn")
    return [e for e in events(r) if e.actor in who and e.start > after and e.happened
            and not (e.actor == TELLER and any(p.start() <= e.start < p.end() for p in phrases))]


def acted_behind(r: Reading, facts: Facts) -> None:
    """Players who acted after the skipped one before anyone objected: counted when the text says so ("three
    players acted behind him"), or told one by one when the skipped player stayed silent ("UTG was on his phone.
    UTG+1 called, UTG+2 called, the hijack raised. Only then…"): the moves between the skip and the objection."""
    for match in r.matches("oot_acted_behind"):
        facts["acted_behind"] = _COUNT.get(match["count"], _SUBSTANTIAL)
        chips = [m for m in r.matches("chips_action") if m.start() > match.start() and not denied(r, m)]
        facts["chips_in"] = "yes" if chips else "no"
        return
    skipped_phrase = [m for m in r.matches("out_of_turn") if _skip(r, m)]  # "mi hanno saltato: dopo di me…"
    # "il posto 3 non aveva ancora agito"; not "bet before seat 3 acted": told after the move out of turn, what
    # follows it is no count of players who acted behind him
    marks = [mark.at for mark in skipped_players(r) if not mark.claimed and not mark.before]
    if not r.has("oot_silent") and not skipped_phrase and not marks:
        _acted_before_mark(r, facts)
        return
    start = min([m.start() for concept in ("oot_silent", "out_of_turn") for m in r.matches(concept)] + marks)
    # the count stops at the objection, or at the skipped player's own move told by a pronoun once the action came
    # back to him ("he hadn't acted and I shoved; he then raised": his raise is not behind him)
    stops = [m.start() for m in r.matches("oot_objection")]
    stops += [mark.at for mark in skipped_players(r) if mark.claimed]  # "then 4 says he was never asked"
    stops += [m.start() for concept in ("oot_later_raise", "oot_later_flat") for m in r.matches(concept)
              if r.lexicon.says("oot_pronoun", r.before(m.start(), "same_phrase") + m[0])]
    own = [(e.start, e.end) for e in _skipped_moves(r, start)]  # the skipped player's own move once backed up is
    # not behind him ("I was skipped … then I raised")
    stops += [at for at, _ in own]
    end = min((at for at in stops if at > start), default=len(r.text))
    listed = [move for move in told_moves(r, start, end) if not any(at <= move[0] < till for at, till in own)]
    passed = skipped(r)
    told = {at for at, _ in listed}  # a move of a bare list ("call, call, raise") is counted there
    moves = [e for e in events(r) if start <= e.start < end and e.told and e.actor not in passed
             and e.start not in told and not any(at <= e.start < till for at, till in own)
             and not any(acts_after(e.actor, who) for who in passed)]  # "lo SB aveva puntato": before the BB
    spans = [(e.start, e.end) for e in moves]
    others = [m for m in elliptic_actors(r, spans) if m.start() < end]  # "UTG+1 calls, UTG+2 too"
    if spans or listed:
        acted = _actions(moves) + len(others) + len(listed)  # "seats 6, 7 and 8 called": three
        facts["acted_behind"] = min(acted, _SUBSTANTIAL)
        paid = any(e.move in _CHIPS for e in moves)
        facts["chips_in"] = "yes" if paid or len(listed) >= _SUBSTANTIAL else "no"
    else:
        _acted_before_mark(r, facts)


def _actions(moves: list[Event]) -> int:
    """How many players the moves are made by: "seats 6, 7 and 8 called" is three, but one player named again is one
    ("UTG+1 says 'raise' and puts 1,200 out": his word and his chips; the same raise told again after a correction)."""
    named = {e.actor for e in moves if e.actor and e.players == 1}
    return len(named) + sum(e.players for e in moves if not (e.actor and e.players == 1))


def _acted_before_mark(r: Reading, facts: Facts) -> None:
    """The moves told in a sentence before the player they passed over is said not to have acted yet, made by players
    sitting behind him ("UTG+1 raised, UTG+2 called and the lojack three-bet, all before UTG looked up"): they acted
    behind him. Not a move from his right ("UTG folded and the hijack raised before the lojack acted": only one)."""
    for mark in skipped_players(r):
        if mark.claimed or not mark.before:
            continue
        moves = [e for e in events(r) if r.sentence_start(mark.at) <= e.start < mark.at and e.told
                 and _all_behind(mark.who, e.actor)]
        if moves:
            facts["acted_behind"] = min(sum(e.players for e in moves), _SUBSTANTIAL)
            facts["chips_in"] = "yes" if any(e.move in _CHIPS for e in moves) else "no"
            return


def _all_behind(who: str, actor: str | None) -> bool:
    """Whether a move's maker sits behind a player, each of several seats named together ("seats 5, 6 and 7")."""
    if actor and actor.startswith("seats "):
        return all(sits_behind(who, f"seat {number}") for number in actor.split()[1:])
    return acts_after(who, actor)


def acted_out_of_turn(r: Reading) -> bool:
    """Whether the story is about someone acting out of turn: a word said out of turn is this topic's, not the
    verbal-declaration topic's (catalogue C10: the out-of-turn rule is the one written for it)."""
    return r.derived("out_of_turn.acted", lambda: _told_out_of_turn(r))


def _out_of_turn(r: Reading, given: Facts) -> Facts | None:
    return {} if acted_out_of_turn(r) else None


def _told_out_of_turn(r: Reading) -> bool:
    """Acting before one's turn, or a player skipped in the betting (not one the dealer skipped while dealing); a
    dealing word inside the out-of-turn phrase is the move itself ("ha messo 200 prima che il 5 parlasse": chips)."""
    if r.has("asks_count"):
        return False  # "may I ask how much he has when it's not my turn?" is about the count, not the turn
    if not said_outright(r, "out_of_turn") or r.has("oot_not_action"):
        return False
    if all(r.sentence_end(m.start()) < m.end() for m in r.matches("out_of_turn")):
        return False  # "… big blind folds. Before UTG+2 acts, the hijack says": two sentences, no move out of turn
    phrases = r.matches("out_of_turn")
    dealt = [d for d in r.matches("board_dealing") if not any(inside(d, m) for m in phrases) and (
        d.start() < phrases[0].start() or any(r.near(card, d.start(), "oot_action_reach") for card in _DEALT))]
    # told after the out-of-turn words, a dealing word deals a card only with one near it ("come viene trattato?")
    if dealt and all(_still_to_act(r, m) for m in r.matches("out_of_turn")):
        return False  # "the flop came out … the dealer skipped him": a card dealt too soon, the premature card's story
    # "the dealer skipped the button, nobody had acted yet": skipped in the deal, not in the betting; "his big blind
    # came round while he was gone: do we skip him?": skipped for his blind
    skips_only = all(_skip(r, m) for m in r.matches("out_of_turn"))
    return not (skips_only and (r.has("no_action") or owes_blind(r)))


def _skip(r: Reading, phrase: re.Match[str]) -> bool:
    """The out-of-turn phrase tells a player skipped (lexicon `oot_skip_word`: "got jumped", "è stato scavalcato"):
    a skip in the betting only if someone then acted past him."""
    return r.lexicon.says("oot_skip_word", phrase[0])


def _still_to_act(r: Reading, phrase: re.Match[str]) -> bool:
    """The out-of-turn phrase is itself words for a player who had not acted yet ("the dealer skipped him")."""
    return any(phrase.start() < b.end() and b.start() < phrase.end() for b in r.matches("betting_open"))


def _passed_over(r: Reading, given: Facts) -> Facts | None:
    """A player said to have been passed over and another's move past him, told in no out-of-turn words ("UTG was
    still thinking when the hijack shoved", "seat 3 bets, 6 calls, then 4 says he was never asked"); not one
    skipped in the deal, nor one still to act when a card came (a street named once the moves began: the premature
    card's story)."""
    past = passed_over(r)
    if not past or r.has("oot_not_action") or _deals(r):
        return None
    began = min(e.start for e in events(r) if e.happened)
    return None if any(at > began for at in marks(r)) else {}  # a street named once the moves began: a card came
    # while he still had to act


def _deals(r: Reading) -> bool:
    """A dealing word told outside every move ("ha messo dentro cinquanta" is a bet, not a card put out)."""
    moves = [(e.start, e.end) for e in events(r)]
    return any(not any(start <= m.start() < end for start, end in moves) for m in r.matches("board_dealing"))


def _silent_skip(r: Reading, given: Facts) -> Facts | None:
    """A player to act who stayed silent while others acted, and spoke up only then ("the small blind was on his
    phone; the big blind bet, the cutoff called and the button called too. Only then the small blind looked up"):
    a skip told without the words, weaker than any topic that names what happened."""
    span = _silence(r)
    return {} if span and any(span[0] < e.start < span[1] and e.told for e in events(r)) else None


def _silence_counted(r: Reading, given: Facts) -> Facts | None:
    """The silent skip with the players who acted meanwhile counted ("UTG was texting. The next three players all
    acted. Only then did he look up") or told one by one, two moves or more ("utg se ne stava zitto mentre utg+1
    rilanciava, mp chiamava e co foldava. solo a quel punto…"): the whole story of a skip, above the topics its
    words could also suggest ("didn't notice it was his turn" is no misread hand, "le carte coperte dalle mani" no
    exposed card)."""
    span = _silence(r)
    if span is None:
        return None
    counted = any(span[0] < m.start() < span[1] for m in r.matches("oot_acted_behind"))
    return {} if counted or _moved_meanwhile(r, span) else None


def _moved_meanwhile(r: Reading, span: tuple[int, int]) -> bool:
    """Two moves or more told as made between the silence and the objection, no street dealt among them (a card
    that came while he was silent is the premature card's story)."""
    if any(span[0] < at < span[1] for at in marks(r)):
        return False
    return sum(1 for e in events(r) if span[0] < e.start < span[1] and e.happened) >= 2


def _silence(r: Reading) -> tuple[int, int] | None:
    """Where a player to act is told silent, and where he then objects; the dealer's silence is no player's ("è
    uscita scoperta dal dealer, ma lui non ha detto nulla")."""
    silent = [m for m in r.matches("oot_silent") if not _said_of_dealer(r, m.start())]
    if not silent:
        return None
    start = silent[0].start()
    objection = next((m.start() for m in r.matches("oot_objection") if m.start() > start), None)
    return None if objection is None else (start, objection)


def _said_of_dealer(r: Reading, at: int) -> bool:
    """The dealer is the one named last before a position in its sentence: what is told there is his."""
    start = r.sentence_start(at)
    dealer = [m.start() for m in r.matches("dealer_named") if start <= m.start() < at]
    players = [m.start() for m, _ in places(r) if start <= m.start() < at]
    return bool(dealer) and max(dealer) > max(players, default=-1)


TOPIC = Topic("out-of-turn", cues=(Cue(100, _out_of_turn), Cue(78, _silence_counted), Cue(72, _passed_over),
                                   Cue(44, _silent_skip)),
              readers=(oot_action, action_changed, acted_behind))
