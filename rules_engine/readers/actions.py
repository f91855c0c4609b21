"""How many players had acted when an irregularity was noticed, and whether any of them put chips in: the
action cut-off of the misdeal rules (two players after the blinds; TDA's substantial action)."""

from __future__ import annotations

import re

from ..reading import Facts, Reading, group, inside
from .events import Event, actor_name, events
from .negation import denied, negated, no_action
from .seats import places

SUBSTANTIAL = 3  # "substantial action": enough players acted for every rulebook's cut-off
_CHIP_NOUN = re.compile(r"\b(?:raises?|rilanci[oi]?|bets?|puntat[ae]|calls?|callers|limpers|chiamate|open)$")
_ONLY_ACTED = re.compile(r"\b(?:acted|agito|parlato|made (?:their |a |his )?(?:decisions?|moves?)|spoken)\b")
_ONE = ("only one", "just one", "one", "1", "solo uno", "uno")
_TWO = ("two", "2", "both", "due", "a few", "some", "people", "players", "alcuni")
_TALKING = frozenset({"utg", "utgplus", "mp", "lj", "hj", "co", "btn", "seat"})  # the places a bare amount is a move
# after: not a blind's (its post), nor a place told by where it sits ("the first player", "not in either blind")


def players_acted(r: Reading, facts: Facts) -> None:
    """Players who had acted when it was noticed: the most that one way of telling gives, a number said outright
    ("two players folded"), or the players told acting one by one (by their verbs, named together, a second
    one without a verb, or their moves' nouns: "an UTG raise and a call behind him" is two); nobody said to have
    acted yet ("ancora nessuno ha agito") is none."""
    denials = no_action(r)
    taken = [m for m in r.matches("action_taken") if m.end() <= r.sentence_end(m.start())  # within a sentence:
             # "…a third card to the SB and the BB. Nobody's acted" names no two players who acted
             and not any(inside(m, denial) or inside(denial, m) for denial in denials) and _counts_players(r, m)
             and not (group(m, "substantial") and negated(r, m))]  # "two folds isn't substantial action"
    said = [_said_count(match) for match in taken if not group(match, "single_action")]
    moves = [e for e in events(r) if e.told]
    if any(_doubted(r, at) for at in [m.start() for m in taken + r.matches("some_action")] + [e.start for e in moves]):
        r.doubt("players_acted")  # "some betting had happened but I don't remember who did what"
        r.doubt("chips_in")
        return
    nouns = noun_moves(r)
    counted = [m for m in taken if group(m, "players")]
    verbs = [e for e in moves if not any(e.start <= at < e.end for at, _ in nouns)  # "two folds": the list's
             and not any(m.start() <= e.start < m.end() for m in counted)]  # "UTG e UTG+1 hanno foldato … due fold
    # bastano?": the players a count says are that count's, not more
    named = {e.actor for e in moves}
    amounts = [name for name in amounts_by_place(r) if name not in named]
    told = actors(verbs) + len(elliptic_actors(r, [(e.start, e.end) for e in moves])) + len(nouns) + len(amounts)
    acted = 1 if any(group(match, "only_one") for match in taken) else max([told, *said])  # "only UTG had acted -
    # he folded"
    if acted == 0:
        if denials:
            facts["players_acted"] = 0
        return
    facts["players_acted"] = acted
    if acted < SUBSTANTIAL:
        chips = [m for m in r.matches("chips_action") if not denied(r, m)]
        chip_nouns = any(_CHIP_NOUN.search(m[0]) for m in taken)  # "a raise and two calls"
        kinds = [e.move for e in moves if e.move != "act"] + [kind for _, kind in nouns] + ["bet"] * len(amounts)
        if chips or chip_nouns or not set(kinds) <= FREE:
            facts["chips_in"] = "yes"
        elif kinds or not (any(_ONLY_ACTED.search(m[0]) for m in taken) or any(e.move == "act" for e in moves)):
            facts["chips_in"] = "no"  # unless only "had both acted" (or "avevano già giocato") is said: what they
            # did stays unknown


def _doubted(r: Reading, at: int) -> bool:
    """A doubt said near a move: not one a "but" then turns away from ("something was off with the deal, dunno
    exactly, but only UTG had folded": what was off is unknown, not the fold), though a doubt after the "but" is about
    the moves before it ("some betting, but nobody remembers who did what")."""
    reach = r.lexicon.windows["doubt_action"]
    return any(m.start() - reach <= at <= m.end() + reach
               and not any(m.end() <= turn.start() < at for turn in r.matches("contrast_turn"))
               and not (m.end() <= at and r.sentence_start(m.start()) < r.sentence_start(at))  # a doubt told in an
               # earlier sentence ("dunno what, the dealer wants to redo it. UTG folded") is not about a later move
               and not r.lexicon.says("doubt_about_the_mistake", r.after(m.end(), "doubt_object_after"))
               for m in r.matches("uncertain"))


def amounts_by_place(r: Reading) -> list[str]:
    """The players told by their place followed straight by a bare amount, the way the table talks ("UTG 400, MP
    400", "UTG 1200, il bottone 1200", "UTG 20 and then we noticed"), by their names as the events give them: each
    put chips in. Only a player's own place talks so (not "the first player 2 extra cards"); a blind's bare amount
    is its post, never a move."""
    return [actor_name(seat) for place, seat in places(r) if seat.kind in _TALKING
            and r.lexicon.find("place_bare_amount", r.after(place.end(), "place_amount_after"))]


def any_chips_move_told(r: Reading) -> bool:
    """Whether a move told as made put chips in (a call, a bet, a raise, an all-in), by its verb or its noun: the
    events never read calling the floor or a misdeal as a call."""
    return any(e.told and e.move not in FREE and e.move != "act" for e in events(r)) or any(
        kind not in FREE for _, kind in noun_moves(r))


def _counts_players(r: Reading, count: re.Match[str]) -> bool:
    """Whether a count of players said outright counts players who moved: not a seat's number ("seats 4 and | 5
    folded" names two seats), nor a count ending in calling someone ("before anyone acted one guy called | misdeal":
    a call verb the moves read as calling the floor or a misdeal)."""
    number = count.start("players") if group(count, "players") else -1
    if number > 0 and r.lexicon.says("event_seat_number_before", r.text[r.sentence_start(number):number].rstrip()):
        return False
    return not any(m.end() == count.end() and r.sentence_end(m.start()) > m.end()
                   for m in r.matches("event_call_at_stop"))


def noun_moves(r: Reading) -> list[tuple[int, str]]:
    """The moves told by their nouns or as a list, one player each ("an open from the lojack and a call from the
    button", "dopo due fold e un limp", "it went check, bet, call"), as (where, which move: check, fold, or a move
    putting chips in); a move told by its verb as well ("two | folds") is the list's."""
    found = told_moves(r)
    listed = {at for at, _ in found}
    found += [(noun.start("move"), next((free for free in FREE if noun["move"].startswith(free)), "call"))
              for noun in r.matches("noun_move") if noun.start("move") not in listed]
    return sorted(found)


def actors(moves: list[Event]) -> int:
    """The players who made the moves: each named player once ("UTG raised … then UTG called" is one), each
    unnamed move one more; `players_acted` and the unfinished round (readers/unfinished_round.py) count with it."""
    named = {e.actor: e.players for e in moves if e.actor}
    return sum(named.values()) + sum(1 for e in moves if not e.actor)


def elliptic_actors(r: Reading, actions: list[tuple[int, int]]) -> list[re.Match[str]]:
    """Second actors told without a verb of their own just after an action, in the same sentence ("UTG ha chiamato
    e UTG+1 pure", "UTG calls, UTG+1 too"): each is one more player who did the same. The one reader of this form:
    `players_acted` (the count every misdeal topic reads) and the out-of-turn count call it, with where each
    action is told."""
    reach = r.lexicon.windows["elliptic_after_action"]
    return [m for m in r.matches("elliptic_actor") if not denied(r, m) and any(
        end <= m.start() <= end + reach and r.sentence_end(start) == r.sentence_end(m.start())
        for start, end in actions) and not any(start <= m.start("who") < end for start, end in actions)]
    # ("passa pure lui": the move itself, said again of its own actor, is no second actor)


def _said_count(match: re.Match[str]) -> int:
    """How many players had acted, as the text puts it: a number, two names, or "substantial action"."""
    if group(match, "only_one"):
        return 1
    if group(match, "substantial"):
        return SUBSTANTIAL
    if group(match, "two_players") or group(match, "action_started"):
        return 2
    word = group(match, "players") or ""
    if word in _ONE:
        return 1
    if word in _TWO:
        return 2
    return SUBSTANTIAL


MOVE = re.compile(r"\b(?:check|call|raise|reraise|bet|fold|limp|open|shove|allin|3bet|rilancio|puntata|chiamata|"
                  r"apertura|controrilancio)\b")
"""One move of a betting round told as a bare list: "check, bet, call", "dopo rilancio, call e fold"."""

FREE = frozenset({"check", "fold"})
"""The moves that put no chips in."""

_RUNS = ("action_run", "moves_listed")  # "it went call, call, raise"; "dopo rilancio, call e fold"


def told_moves(r: Reading, start: int = 0, end: int | None = None) -> list[tuple[int, str]]:
    """Each move of a betting round told as a list rather than one player at a time, as (where, which move): the
    words of a bare list ("it went check, bet, call, fold" is four moves, "dopo rilancio, call e fold" three) and
    moves counted by number ("after two folds" is two folds, "dopo una chiamata" one call), so the list counts as
    the players who acted, not as one phrase. A list two phrasings both find counts once."""
    stop = len(r.text) if end is None else end
    listed = {run.start("run") + move.start(): move[0] for concept in _RUNS for run in r.matches(concept)
              for move in MOVE.finditer(run["run"])}
    moves = sorted(listed.items())
    for counted in r.matches("moves_counted"):
        kind = next((free for free in FREE if counted["move"].startswith(free)), "call")  # "folds": fold
        moves += [(counted.start("move"), kind)] * (r.number(counted) or 0)
    return [(at, kind) for at, kind in moves if start <= at < stop]
