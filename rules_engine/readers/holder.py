"""Whether the player holding the wrong cards (a short button, a joker in his hand) had already acted on them:
checked, called, bet or raised before it was pointed out. TDA kills a short button's hand once he has; Robert's
kills a hand holding a joker once its holder has acted on it."""

from __future__ import annotations

from ..reading import Facts, Reading
from .negation import nobody_acted


def holder_acted(r: Reading, facts: Facts) -> None:
    """Unless the text doubts it ("not sure if he'd already called")."""
    said = r.matches("holder_not_acted") + r.matches("holder_acted_on")
    if any(r.near("uncertain", m.start(), "doubt_detail") for m in said):
        return
    if r.has("holder_not_acted") or (nobody_acted(r) and not r.has("holder_acted_on")):  # nobody: not he either
        facts["holder_acted"] = "no"
    elif r.has("holder_acted_on"):
        facts["holder_acted"] = "yes"
