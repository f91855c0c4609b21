"""Who decides when the rules don't settle it (general.floor-discretion): whether the host's ruling is final, what
happens where no rule fits, a house rule against the rulebook. What decides it: whether the game has a posted or
agreed house rule. Tried last: any specific rule a situation touches comes before the general one."""

from __future__ import annotations

from ..readers.phrases import settled_by
from ..reading import Facts, Reading
from . import Cue, Topic, mentions


def _house_rule_against_book(r: Reading, given: Facts) -> Facts | None:
    """"Our house rule says X, the book says Y: which applies?": asked whatever the situation is about."""
    return {} if r.has("house_rule_said") and r.has("which_rule_asked") else None


house_rule = settled_by("house_rule", {"no_house_rule": "no", "house_rule_unsure": "unsure", "house_rule_said": "yes"})


TOPIC = Topic("floor-discretion", cues=(Cue(137, _house_rule_against_book), Cue(7, mentions("floor_authority"))),
              readers=(house_rule,))
