"""Whether it is too late to call a misdeal (misdeal.action-cutoff), the mistake itself left unnamed ("the deal got
messed up", "can we still call a misdeal?"): Robert's closes the window once two players after the blinds have
acted, TDA at substantial action. A named mistake (an exposed card, a wrong card count…) has its own topic, which
applies the cut-off itself and outranks this one."""

from __future__ import annotations

import re

from ..readers.actions import FREE, SUBSTANTIAL, any_chips_move_told, players_acted, told_moves
from ..readers.cutoff import action_so_far
from ..readers.events import CHANGING, Event, events, moved_before
from ..readers.negation import denied, happened, nobody_acted
from ..readers.played_out import played_out
from ..reading import Facts, Reading, group, inside
from . import Cue, Topic


def _too_late(r: Reading, given: Facts) -> Facts | None:
    """Asked outright, or a deal that went wrong somehow, or a mistake found and a misdeal named or players told
    moving before it with no street dealt ("Error noticed after three players had folded"), or a misdeal called once
    some players had acted. A move told before the mistake found is the mistake itself ("UTG min-raised to 200
    instead of 300; the mistake was noticed after two calls", "the dealer took only 400 into the pot; the error
    was noticed…"): a betting or chip error, not the deal's."""
    if r.has("cutoff_question") or (r.has("error_noticed") and r.has("misdeal_named")):
        return {}
    found = r.matches("error_noticed")
    if (found and not moved_before(r, found[0].start()) and moved_before(r, r.sentence_end(found[0].start()))
            and not on_the_board(r)):
        return {}
    if r.has("deal_went_wrong"):  # the mistake unnamed and nobody acted: whether it is a misdeal at all is asked
        return None if nobody_acted(r) else {}  # (misdeal_condition's `_mistake_unnamed`), not the cut-off
    acted = r.has("action_verb") or r.has("action_taken") or r.has("acted_around")
    return {} if r.has("misdeal_called") and acted and not on_the_board(r) else None  # a redeal wanted over the
    # flop is the board's


def _asked_unnamed(r: Reading, given: Facts) -> Facts | None:
    """A deal that went wrong, the mistake unnamed, nothing exposed but the mistake itself being uncovered, and the
    cut-off the only thing left to decide: asked outright ("si scopre un errore di distribuzione: è ancora in tempo
    per il misdeal?"), or the mistake found only after players had moved before any street ("UTG rilancia, il 4
    chiama, poi si scopre l'errore del dealer. Si gioca?", "two folds, then a dealing mistake was found": whether
    those moves close the misdeal is the question, whatever words ask it). Above the exposed card, whose words
    ("scopre") only tell the finding here."""
    wrong = r.matches("deal_went_wrong")
    if not wrong:
        return None
    if not r.has("cutoff_question") and not (moved_before(r, wrong[0].start()) and not on_the_board(r)):
        return None
    finding = wrong + r.matches("found_impersonal")
    exposed = [m for m in happened(r, "exposure") if not any(inside(m, told) for told in finding)]
    return None if exposed else {}


def on_the_board(r: Reading) -> bool:
    """A street named: the mistake may be the board's, and the cut-off is about the deal."""
    return r.has("flop") or r.has("turn") or r.has("river")


def misdeal_call_no_chips(r: Reading, facts: Facts) -> None:
    """Calling a misdeal or the floor is no action and puts no chips in: "qualcuno ha chiamato misdeal dopo che UTG e
    UTG+1 avevano foldato" is two folds, "he calls misdeals more than anyone" no call at all, "both folded … the floor
    was called" two folds. Chips are in only when a chip action lies outside every such call; players counted from
    bare verbs alone are recounted without those calls. A call is one only within its sentence: "il cutoff chiama.
    Misdeal?" is the cutoff's call, the misdeal the next sentence's question."""
    calls = [m for m in r.matches("misdeal_called") + r.matches("floor_called") if m.end() <= r.sentence_end(m.start())]
    if "players_acted" not in facts or not calls:
        return
    if facts.get("chips_in") == "yes" and not _outside(r, "chips_action", calls) and not any_chips_move_told(r):
        facts["chips_in"] = "no"
    said = [m for m in r.matches("action_verb") if not denied(r, m)]
    if not r.has("action_taken") and facts["players_acted"] == len(said) > 0:  # counted from the verbs themselves
        verbs = len(_outside(r, "action_verb", calls))
        if verbs == 0:
            facts.pop("players_acted")
            facts.pop("chips_in", None)
        elif isinstance(facts["players_acted"], int):
            facts["players_acted"] = min(facts["players_acted"], verbs)


def only_one_told(r: Reading, facts: Facts) -> None:
    """"Only the first had acted", "se ha agito solo UTG? Ha foldato": one player, however many verbs tell what he
    did (the fold is his, not a second player's)."""
    known = facts.get("players_acted")
    if isinstance(known, int) and known > 1 and r.has("only_first_acted") and not r.has("acted_around"):
        facts["players_acted"] = 1


def moved_counted(r: Reading, facts: Facts) -> None:
    """Players told by how many, with the move in everyday words ("two people already put money in", "the first two
    players after the big blind had already mucked", "hanno già foldato i due giocatori dopo i bui"; two players
    named: "UTG e UTG+1 hanno buttato le carte"), when nothing else counted more: money put in is chips, cards
    thrown away a fold. A second player told without a verb ("UTG ha chiamato e UTG+1 pure") is
    `actions.elliptic_actors`'s, which `players_acted` counts."""
    for told in r.matches("players_moved_counted"):
        count = 2 if group(told, "pair") else r.number(told)
        known = facts.get("players_acted")
        if count and not (isinstance(known, int) and known >= count):
            facts["players_acted"] = min(count, SUBSTANTIAL)
            chips = group(told, "chips") or group(told, "chips2")
            if chips or group(told, "free"):
                facts["chips_in"] = "yes" if chips else "no"
            return


def moves_listed(r: Reading, facts: Facts) -> None:
    """The moves told as a list ("dopo rilancio, call e fold", "it went check, bet, call") or counted ("after one
    fold", "dopo due fold"), when nothing else counted as many: each move is a player who acted, and any but a check
    or a fold put chips in. A list counts past the verbs read one by one ("dopo un rilancio e una chiamata": the
    raise read as a verb, the call only as a noun of the list)."""
    known = facts.get("players_acted")
    moves = told_moves(r)
    if not moves or (known is not None and not (isinstance(known, int) and known < len(moves))):
        return
    facts["players_acted"] = min(len(moves), SUBSTANTIAL)
    chips = facts.get("chips_in") == "yes" or not {kind for _, kind in moves} <= FREE
    facts["chips_in"] = "yes" if chips else "no"


def moves_totalled(r: Reading, facts: Facts) -> None:
    """Folds or checks summed up as the whole of the action ("…ha checkato, no aspetta, anche lui ha foldato. due fold e
    basta", "so just two folds"): the total the teller settles on is what happened, a move taken back on the way
    included, and none put chips in; not a total denied ("not just two folds") nor one a chip move told before or
    after it outgrows ("UTG called 200, then just two folds": the folds after his call; "solo due fold, poi il cutoff
    rilancia")."""
    for total in r.matches("free_moves_total"):
        count = r.number(total)
        later = any(m.start() > total.end() and not denied(r, m) for m in r.matches("chips_action"))
        if count and not denied(r, total) and not later and not _chips_before(r, total):
            facts["players_acted"] = min(count, SUBSTANTIAL)
            facts["chips_in"] = "no"


def _chips_before(r: Reading, total: re.Match[str]) -> bool:
    """A move putting chips in told before the total and not taken back by its player's later move ("UTG raised… no
    sorry, UTG folded… only two folds": his fold is what he did)."""
    told = [e for e in events(r) if e.happened and e.end <= total.start()]
    return any(e.kind not in FREE and not any(o.actor == e.actor and o.start > e.start for o in told) for e in told)


def _outside(r: Reading, concept: str, calls: list[re.Match[str]]) -> list[re.Match[str]]:
    return [m for m in r.matches(concept) if not denied(r, m) and not any(inside(m, c) for c in calls)]


ACTION_SO_FAR = (players_acted, misdeal_call_no_chips, only_one_told, moved_counted, action_so_far, moves_listed,
                 moves_totalled, played_out)
"""How far the action had gone when the mistake was noticed: the readers every misdeal-item topic runs. The call for
a misdeal is taken out of the verbs counted before the other ways of telling the action are tried ("solo il primo
aveva passato quando il dealer ha chiamato misdeal": the call counted nothing, "only the first" is one)."""

def told_again(r: Reading, facts: Facts) -> None:
    """One player told making a second, different move with nothing changing the action in between ("UTG checking…
    sorry, UTG calling"): the later word is what he did, so a call or a bet told last puts chips in."""
    if facts.get("chips_in") != "no":
        return
    last: dict[str, Event] = {}
    for event in events(r):
        actor = event.actor
        if not (event.happened and actor):
            continue
        before = last.get(actor)
        between = [e for e in events(r) if before and before.start < e.start < event.start and e.move in CHANGING]
        if before and before.kind != event.kind and not between and event.kind not in FREE:
            facts["chips_in"] = "yes"
            return
        last[actor] = event


TOPIC = Topic("misdeal-cutoff", cues=(Cue(52, _asked_unnamed), Cue(25, _too_late)),
              readers=(*ACTION_SO_FAR, told_again))
