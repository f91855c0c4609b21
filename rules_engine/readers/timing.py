"""Whether the betting round before a card was complete when the card came: "while the BB still had his
option" (no), "after everyone checked" (yes), "we were all in" (yes: nothing was left to bet)."""

from __future__ import annotations

from ..reading import Facts, Reading

# Timing cues, strongest first: all-in means nothing was left to bet; a named player still to act beats
# "after X checked"; a bare "early" only counts when nothing more specific is said.
TIMING = {"everyone_allin": "yes", "betting_open": "no", "betting_closed": "yes", "early": "no"}


def said(r: Reading) -> bool:
    """Whether the text says anything about when the card came relative to the betting."""
    return any(r.has(cue) for cue in TIMING)


def betting_complete(r: Reading, facts: Facts) -> None:
    """The strongest timing cue decides, unless the text doubts it ("not sure if the BB had acted")."""
    timing = r.matches("betting_open") + r.matches("betting_closed")
    if r.has("conflicting_accounts"):
        return  # "the SB says he'd already called, the raiser says he was still thinking": asked
    if any(r.near("uncertain", m.start(), "doubt_timing") for m in timing) or (r.has("uncertain") and not timing):
        return
    for cue, value in TIMING.items():
        if r.has(cue):
            facts["betting_complete"] = value
            return
