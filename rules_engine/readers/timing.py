"""Whether the betting round before a card was complete when the card came: "while the BB still had his
option" (no), "after everyone checked" (yes), "we were all in" (yes: nothing was left to bet)."""

from __future__ import annotations

import re

from ..reading import Facts, Reading
from .negation import happened, negated, said_not

# Timing cues, strongest first: all-in means nothing was left to bet; a named player still to act beats
# "after X checked"; a bare "early" only counts when nothing more specific is said.
TIMING = {"everyone_allin": "yes", "betting_open": "no", "betting_closed": "yes", "early": "no"}


def said(r: Reading) -> bool:
    """Whether the text says anything about when the card came relative to the betting."""
    return any(_cue(r, cue) for cue in TIMING)


def _cue(r: Reading, cue: str) -> list[re.Match[str]]:
    """A timing cue's occurrences; "early" denied ("the river wasn't early", "non è uscito in anticipo") is none; a
    player still to act who then acted before the card came is no longer pending ("went into the tank on the flop,
    after 3 minutes he folded and the dealer turned the turn")."""
    if cue == "betting_open":
        return [m for m in r.matches(cue) if not _acted_before_the_card(r, m)]
    if cue != "early":
        return r.matches(cue)
    return [m for m in r.matches(cue) if not (negated(r, m) or said_not(r, m))]


def _acted_before_the_card(r: Reading, pending: re.Match[str]) -> bool:
    """His move told after the pending player and before the next board card dealt."""
    card = next((m.start() for m in happened(r, "board_dealing") if m.start() > pending.end()), None)
    return card is not None and any(pending.end() <= m.start() < card for m in r.matches("pending_then_acted"))


def betting_complete(r: Reading, facts: Facts) -> None:
    """The strongest timing cue decides, unless the text doubts it ("not sure if the BB had acted")."""
    timing = r.matches("betting_open") + r.matches("betting_closed")
    if r.has("conflicting_accounts"):
        return  # "the SB says he'd already called, the raiser says he was still thinking": asked
    if any(r.uncertain_near(m.start(), "doubt_timing") for m in timing) or (r.has("uncertain") and not timing):
        return
    told = [m for cue in TIMING for m in _cue(r, cue)]
    if told and all(_opinion(r, m) for m in told):
        return  # "secondo lui il giro non era finito", "secondo me troppo presto": only an opinion told: asked
    for cue, value in TIMING.items():
        if _cue(r, cue):
            facts["betting_complete"] = value
            return


def _opinion(r: Reading, timing: re.Match[str]) -> bool:
    """A timing told as someone's opinion: "secondo lui | il giro non era finito"."""
    reach = r.lexicon.windows["opinion_before"]
    return any(0 <= timing.start() - said.end() <= reach for said in r.matches("opinion_marker"))
