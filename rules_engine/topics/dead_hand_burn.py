"""How many cards to burn after a hand was killed for holding the wrong number of cards (holdem.burns-after-sa):
a hand said to be dead and the burns asked about ("burn two to fix the order?", "si brucia normalmente?").
Whether the hand is dead at all is the wrong card count's topic."""

from __future__ import annotations

import re

from ..reading import Facts, Reading, inside
from . import Cue, Topic


def _killings(r: Reading) -> list[re.Match[str]]:
    """The hand said killed, by a verb (`hand_killed`) or by the verdict's bare noun (`verdict_noun`, "dead hand")."""
    return r.matches("hand_killed") + r.matches("verdict_noun")


def _killed_told(r: Reading, killed: re.Match[str]) -> bool:
    """The hand told as killed, not the verdict asked ("TDA. Dead hand?", its bare noun a sentence of its own) nor
    someone's claim ("SB screaming dead hand", "wants the hand killed"): then whether it is dead is the question."""
    alone = killed.start() == r.sentence_start(killed.start()) and killed.end() >= r.sentence_end(killed.start())
    asked = alone and any(inside(killed, noun) for noun in r.matches("verdict_noun"))
    claims = r.matches("claim") + r.matches("verdict_called")
    claimed = any(r.follows(claim, killed, "killed_claim_before") for claim in claims)
    return not (asked or claimed)


def _burns_after_dead_hand(r: Reading, given: Facts) -> Facts | None:
    """Burns asked about, not a burn card that caused the wrong count ("a burn card got mixed in: is his hand
    dead?" is whether the hand is dead)."""
    if not any(_killed_told(r, killed) for killed in _killings(r)):
        return None
    causes = r.matches("dealing_accident")
    asked = [m for m in r.matches("burn_word") if not any(inside(m, cause) for cause in causes)]
    return {} if r.has("burn_how_many") or asked else None


TOPIC = Topic("dead-hand-burn", cues=(Cue(115, _burns_after_dead_hand),))
