"""The undealt cards dropped, spilled or mixed up during a hand (deck.disordered-stub): whether their order can be
rebuilt with certainty, and whether they got mixed with the discards or burns. A deck dropped before the deal is
no irregularity (it is simply shuffled), so it is not this topic."""

from __future__ import annotations

from ..reading import Facts, Reading
from . import Cue, Topic


def _dropped(r: Reading, given: Facts) -> Facts | None:
    return {} if r.has("stub_dropped") and not r.has("stub_before_deal") else None


def order_recoverable(r: Reading, facts: Facts) -> None:
    """Said certain ("it fell as a block") beats any word of disorder; scattered or mixed cards have lost it."""
    if r.has("order_certain"):
        facts["order_recoverable"] = "yes"
    elif r.has("order_lost"):
        facts["order_recoverable"] = "no"


def mixed_with_discards(r: Reading, facts: Facts) -> None:
    if r.has("stub_apart_from_discards"):
        facts["mixed_with_discards"] = "no"
    elif r.has("stub_into_discards"):
        facts["mixed_with_discards"] = "yes"


TOPIC = Topic("disordered-stub", cues=(Cue(105, _dropped),), readers=(order_recoverable, mixed_with_discards))
