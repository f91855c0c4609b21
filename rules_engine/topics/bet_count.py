"""A wrong count of a bet, or a player asking how much an opponent has (betting.accepted-action). What decides it:
which of the two; had he already called; is he facing an all-in with the action on him."""

from __future__ import annotations

from ..readers.phrases import out_of_scope, settled_by
from ..reading import Facts, Reading
from . import Cue, Topic

count_issue = settled_by("count_issue", {"wrong_count": "wrong-count", "asks_count": "asks-count"})
already_called = settled_by("already_called", {"already_called_no": "no", "already_called_yes": "yes"})
facing_allin = settled_by("facing_allin", {"facing_allin_no": "no", "facing_allin_yes": "yes"})


def _counted(r: Reading, given: Facts) -> Facts | None:
    return {} if (r.has("wrong_count") or r.has("asks_count")) and not r.has("strategy") else None


def _called_on_a_wrong_count(r: Reading, given: Facts) -> Facts | None:
    """Strong evidence, ranked above the card topics: a count given, a call, then the real amount ("the dealer
    said he was all in for 2k, I called, and it turns out he had 3.5k: do I owe the extra?")."""
    if r.has("wrong_count") and r.has("already_called_yes") and not (r.has("strategy") or out_of_scope(r)):
        return {}
    return None


def _exact_count_asked(r: Reading, given: Facts) -> Facts | None:
    """An exact count asked for outright, ranked above the card topics: the street it happened on is background."""
    return {} if r.has("exact_count_asked") and not (r.has("strategy") or out_of_scope(r)) else None


TOPIC = Topic("bet-count", cues=(Cue(163, _called_on_a_wrong_count), Cue(158, _exact_count_asked), Cue(23, _counted)),
              readers=(count_issue, already_called, facing_allin))
