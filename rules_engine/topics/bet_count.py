"""A wrong count of a bet, or a player asking how much an opponent has (betting.accepted-action). What decides it:
which of the two; had he already called; is he facing an all-in with the action on him."""

from __future__ import annotations

from ..readers.phrases import out_of_scope, said_outright, settled_by
from ..reading import Facts, Reading
from . import Cue, Topic

already_called = settled_by("already_called", {"already_called_no": "no", "already_called_yes": "yes"})


def count_issue(r: Reading, facts: Facts) -> None:
    """A count given and then found wrong, else a count asked for (exactly or not)."""
    if _wrong_count(r):
        facts["count_issue"] = "wrong-count"
    elif r.has("asks_count") or r.has("exact_count_asked"):
        facts["count_issue"] = "asks-count"


def _wrong_count(r: Reading) -> bool:
    """A wrong count said outright, or told in its order: a count given, then the real amount found after it, with
    a call before the real amount ("I called what the dealer reckoned was 220 and it's actually 260"; "mi risponde
    duemila circa; io pago, ma contandole erano 3.200"), the two amounts different."""
    if r.has("wrong_count"):
        return True
    calls = [m.start() for m in r.matches("already_called_yes")]
    return any(given.end() <= real.start() and given["amount"] != real["amount"]
               and any(call < real.start() for call in calls)
               for given in r.matches("count_given") for real in r.matches("count_real"))


def facing_allin(r: Reading, facts: Facts) -> None:
    """Facing an all-in with the action on him: said so (and not denied: "non sono davanti a un all-in" is no), or
    said not to be."""
    if said_outright(r, "facing_allin_yes"):
        facts["facing_allin"] = "yes"
    elif r.has("facing_allin_no") or r.has("facing_allin_yes"):
        facts["facing_allin"] = "no"


def _counted(r: Reading, given: Facts) -> Facts | None:
    asked = r.has("asks_count") or r.has("exact_count_asked")
    return {} if (_wrong_count(r) or asked) and not r.has("strategy") else None


def _called_on_a_wrong_count(r: Reading, given: Facts) -> Facts | None:
    """Strong evidence, ranked above the card topics: a count given, a call, then the real amount ("the dealer
    said he was all in for 2k, I called, and it turns out he had 3.5k: do I owe the extra?")."""
    if _wrong_count(r) and r.has("already_called_yes") and not (r.has("strategy") or out_of_scope(r)):
        return {}
    return None


def _exact_count_asked(r: Reading, given: Facts) -> Facts | None:
    """An exact count asked for outright, ranked above the card topics: the street it happened on is background."""
    return {} if r.has("exact_count_asked") and not (r.has("strategy") or out_of_scope(r)) else None


TOPIC = Topic("bet-count", cues=(Cue(163, _called_on_a_wrong_count), Cue(158, _exact_count_asked), Cue(23, _counted)),
              readers=(count_issue, already_called, facing_allin))
