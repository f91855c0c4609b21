"""Who is named before a move: the players (a place at the table, a player's noun), the dealer, and the third-person
pronouns that point back to one of them. Whether a card was turned by the dealer or by a player decides between the
deal's exposed card and a player's own showing, so both topics read it here, from the same words."""

from __future__ import annotations

from typing import Literal

from ..reading import Reading
from .seats import places

Agent = Literal["player", "dealer", "pronoun"]


def named_before(r: Reading, position: int) -> list[tuple[int, Agent]]:
    """Everyone named before a position, in the order told: where, and as what."""
    named: list[tuple[int, Agent]] = [(m.start(), "player") for m in r.matches("player_named")]
    named += [(m.start(), "player") for m, _ in places(r)]
    named += [(m.start(), "dealer") for m in r.matches("dealer_named")]
    named += [(m.start(), "pronoun") for m in r.matches("third_person")]
    return sorted(at_agent for at_agent in named if at_agent[0] < position)
