"""How far the action had gone, where `readers/actions.py` counts nothing: blinds that were only posted (never
action, under either book), action told as having gone round the table (past any cut-off), and Italian folds told
as "passa" one player at a time ("UTG passa, UTG+1 passa")."""

from __future__ import annotations

from ..reading import Facts, Reading
from .actions import SUBSTANTIAL


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
