"""A missed or unpaid blind (blinds.missed-blinds): a player coming back after missing his blinds, dealt in while
owing one, or away from his seat at the deal. What decides it: which of those, and for one dealt in owing,
whether he already put chips in or looked at his cards. Where the blinds go after a player leaves is
`button-move`; a player left out of the deal is a misdeal question."""

from __future__ import annotations

from ..readers.negation import denied
from ..reading import Facts, Reading
from . import Cue, Topic


def _owed_blind(r: Reading, given: Facts) -> Facts | None:
    if not r.has("blind_words") or not (r.has("missed_blind") or r.has("away_at_deal") or r.has("dealt_in_owing")):
        return None
    # "moving button: the BB left, so UTG skips the big" is where the blinds go (`button-move`)
    button_named = r.has("dead_button_named") or r.has("moving_button_named")
    return None if button_named or r.has("strategy_talk") else {}


def missed_issue(r: Reading, facts: Facts) -> None:
    if r.has("away_at_deal"):
        facts["missed_issue"] = "away-at-deal"
    elif r.has("dealt_in_owing"):
        facts["missed_issue"] = "dealt-in-owing"
    elif r.has("coming_back") or r.has("missed_blind"):
        facts["missed_issue"] = "coming-back"


def acted_on_hand(r: Reading, facts: Facts) -> None:
    if r.has("no_chips_in"):
        facts["acted_on_hand"] = "no"
    elif any(not denied(r, m) for m in r.matches("chips_in_hand")):
        facts["acted_on_hand"] = "yes"


def looked_at_cards(r: Reading, facts: Facts) -> None:
    said = r.matches("looked_at_cards")
    if r.has("not_looked") or (said and all(denied(r, m) for m in said)):
        facts["looked_at_cards"] = "no"
    elif said:
        facts["looked_at_cards"] = "yes"


TOPIC = Topic("missed-blind", cues=(Cue(47, _owed_blind),), readers=(missed_issue, acted_on_hand, looked_at_cards))
