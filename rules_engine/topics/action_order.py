"""The order of action asked about, with no dispute (not covered: no rule applies, so the engine answers
no-match and names the topic): a general question ("who acts first after the flop?", "chi parla per primo?")
or a story that says nobody acted out of turn ("everybody went in order, I just want to know…"). Claimed here so
that "nobody acted" in it never reads as a player still to act when a card came (the premature card topics)."""

from __future__ import annotations

from ..readers.phrases import said_outright
from ..reading import Facts, Reading
from . import Cue, Topic


def _order_only(r: Reading, given: Facts) -> Facts | None:
    """No out-of-turn action said outright, and either denied or a question about who acts when."""
    if said_outright(r, "out_of_turn"):
        return None  # "he bet out of turn, who acts first now?": a dispute
    if r.has("heads_up_blinds") and r.has("button_question"):
        return None  # "who posts the small blind heads-up, who acts first?": the button rule answers both
    return {} if r.has("order_denied_oot") or r.has("order_question") else None


TOPIC = Topic("action-order", cues=(Cue(43, _order_only),))
