"""How far the action had gone, where `readers/actions.py` counts nothing: blinds that were only posted (never
action, under either book), action told as having gone round the table (past any cut-off), and Italian folds told
as "passa" one player at a time ("UTG passa, UTG+1 passa")."""

from __future__ import annotations

import re

from ..reading import Facts, Reading, group
from . import seats
from .actions import SUBSTANTIAL
from .events import actor_name

_BLINDS = frozenset({"sb", "bb", "blind"})  # a blind's bare amount is its post, never a move


def action_so_far(r: Reading, facts: Facts) -> None:
    """Round the table beats the actions counted one by one ("UTG folded … it folded all the way round"); action
    said to have started with no count ("there'd been some betting") leaves how far it went in doubt: asked."""
    if "players_acted" not in facts and r.has("vague_action") and not r.has("acted_around"):
        r.doubt("players_acted")
        r.doubt("chips_in")
        return
    if r.has("acted_around"):
        facts["players_acted"] = SUBSTANTIAL
        facts.pop("chips_in", None)
    elif "players_acted" not in facts and r.has("only_blinds_posted"):
        facts["players_acted"] = 0
    elif "players_acted" not in facts and r.has("only_first_acted"):
        facts["players_acted"] = 1  # "ha parlato solo il primo"
    elif "players_acted" not in facts and r.has("both_passed"):
        facts["players_acted"] = 2  # "utg n utg1 both foldd already"
        facts["chips_in"] = "no"
    elif "players_acted" not in facts and r.has("told_pass"):
        facts["players_acted"] = min(len(r.matches("told_pass")), SUBSTANTIAL)
        facts["chips_in"] = "no"


def seat_talk_moves(r: Reading, facts: Facts) -> None:
    """Players told by their place, each followed straight by his move or its bare amount, the way the table talks
    ("UTG 300, MP chiama 300", "UTG raised to 2,400 and the hijack called. Misdeal?", "UTG 6, UTG+1 6"): each place one
    player who acted, when they tell more players than read so far; chips are in when any of them bet, called or put
    out an amount. A blind's bare amount is its post, and a call said of the floor or a misdeal in its own sentence
    ("called the floor") is no move; across a full stop ("the hijack called. Misdeal?") it is his call."""
    moved: dict[str, bool] = {}
    for place, seat in seats.places(r):
        told = r.lexicon.find("seat_talk_move", r.after(place.end(), "seat_talk_after"))
        if told is None or (group(told, "amount") and seat.kind in _BLINDS) or _called_for_other(r, place.end(), told):
            continue
        name = actor_name(seat)
        moved[name] = moved.get(name, False) or not group(told, "free")
    known = facts.get("players_acted")
    if not moved or (isinstance(known, int) and known >= len(moved)):
        return
    facts["players_acted"] = min(len(moved), SUBSTANTIAL)
    facts["chips_in"] = "yes" if any(moved.values()) or facts.get("chips_in") == "yes" else "no"


def _called_for_other(r: Reading, start: int, told: re.Match[str]) -> bool:
    """"called the floor", "called misdeal": a call said of something else in the same sentence."""
    end = start + told.end()
    if not group(told, "chips") or r.sentence_start(end + 1) > r.sentence_start(start):
        return False
    return r.lexicon.says("called_for_other", r.after(end, "seat_talk_after"))
