"""A mistake found only once the hand was played out ("after the hand we realised…", "a fine mano"): the misdeal
cut-off had long passed, so the text counts as saying enough players had acted, unless it says how many did."""

from __future__ import annotations

from ..reading import Facts, Reading
from .actions import SUBSTANTIAL


def played_out(r: Reading, facts: Facts) -> None:
    _cut_off_passed(r, facts, "hand_played_out")


def past_preflop(r: Reading, facts: Facts) -> None:
    """Betting told on a later street ("two players all in on the flop", "he'd already bet the flop"): the pre-flop
    round, and any misdeal cut-off, had passed; the moves counted may be that street's own ("after he checked the
    turn" is one move, made after the whole pre-flop round)."""
    if r.has("past_preflop"):
        facts["players_acted"] = max(int(facts.get("players_acted", 0)), SUBSTANTIAL)


def _cut_off_passed(r: Reading, facts: Facts, concept: str) -> None:
    if "players_acted" not in facts and r.has(concept):
        facts["players_acted"] = SUBSTANTIAL
