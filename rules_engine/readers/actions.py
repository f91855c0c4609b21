"""How many players had acted when an irregularity was noticed, and whether any of them put chips in: the
action cut-off of the misdeal rules (two players after the blinds; TDA's substantial action)."""

from __future__ import annotations

import re

from ..reading import Facts, Reading, group
from .events import Event, events
from .negation import denied

SUBSTANTIAL = 3  # "substantial action": enough players acted for every rulebook's cut-off
_CHIP_NOUN = re.compile(r"\b(?:raises?|rilanci[oi]?|bets?|puntat[ae]|calls?|callers|limpers|chiamate|open)$")
_ONLY_ACTED = re.compile(r"\b(?:acted|agito|parlato|made (?:their |a |his )?(?:decisions?|moves?)|spoken)\b")
_ONE = ("only one", "just one", "one", "1", "solo uno", "uno")
_TWO = ("two", "2", "both", "due", "a few", "some", "people", "players", "alcuni")


def players_acted(r: Reading, facts: Facts) -> None:
    """Players who had acted when it was noticed: a number said outright, or the actions told one by one."""
    taken = [m for m in r.matches("action_taken") if m.end() <= r.sentence_end(m.start())]  # within a sentence:
    # "…a third card to the SB and the BB. Nobody's acted" names no two players who acted
    said = [_said_count(match) for match in taken if not group(match, "single_action")]
    singles = sum(1 for match in taken if group(match, "single_action"))  # "a raise and…"
    moves = [e for e in events(r) if not e.denied and not e.hypothetical]
    if any(r.near("uncertain", at, "doubt_action") for at in [m.start() for m in taken + r.matches("some_action")]
           + [e.start for e in moves]):
        r.doubt("players_acted")  # "some betting had happened but I don't remember who did what"
        r.doubt("chips_in")
        return
    acted = max(said, default=0) + singles if said or singles else actors(moves) + len(
        elliptic_actors(r, [(e.start, e.end) for e in moves]))
    if any(group(match, "only_one") for match in taken):
        acted = 1  # "only UTG had acted - he folded"
    if acted == 0:
        if r.has("no_action"):
            facts["players_acted"] = 0
        return
    facts["players_acted"] = acted
    if acted < SUBSTANTIAL:
        chips = [m for m in r.matches("chips_action") if not denied(r, m)]
        chip_nouns = any(_CHIP_NOUN.search(m[0]) for m in taken)  # "a raise and two calls"
        told = [e for e in moves if e.move != "act"]  # "folded", "checked": what they did
        if chips or chip_nouns:
            facts["chips_in"] = "yes"
        elif told or not any(_ONLY_ACTED.search(m[0]) for m in taken):
            facts["chips_in"] = "no"  # unless only "had both acted" is said: what they did stays unknown


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
