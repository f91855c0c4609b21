"""Who decides when the rules don't settle it (general.floor-discretion): whether the host's ruling is final, what
happens where no rule fits, a house rule against the rulebook. What decides it: whether the game has a posted or
agreed house rule. A house rule against the book, asked outright, is tried first (the incident it is about is
background: "does the house rule beat TDA here?" asks which rule governs); the floor's authority alone is tried last,
after any specific rule a situation touches."""

from __future__ import annotations

import re

from ..readers.phrases import settled_by
from ..reading import Facts, Reading
from . import Cue, Topic, mentions


def _house_rule_against_book(r: Reading, given: Facts) -> Facts | None:
    """"Our house rule says X, the book says Y: which applies?": asked whatever the situation is about; or told
    without the question, the house rule refused or the book invoked against it ("won't pay, says Robert's has
    nothing like that"), or the book named as what the game follows otherwise ("TDA otherwise")."""
    if not house_rules_said(r) or r.has("book_asked"):
        return None  # "…a house rule that it's a misdeal. But what does the book say?": the book's ruling is asked
    if r.has("which_rule_asked"):
        return {}
    told = (r.has("house_rule_contested") or _book_besides(r)) and not r.has("no_house_rule")
    return {} if told else None


def _book_besides(r: Reading) -> bool:
    """The book named as what the game follows, in a sentence of its own: beside a house rule ("…pays a big blind.
    TDA otherwise."), not the agreement to play by the book ("giochiamo col Robert, l'abbiamo deciso a settembre")."""
    said = [r.sentence_start(m.start()) for m in house_rules_said(r)]
    return any(r.sentence_start(m.start()) not in said for m in r.matches("book_as_fallback"))


def house_rules_said(r: Reading) -> list[re.Match[str]]:
    """A house rule told, not the book's own written rule a floor is asked to depart from ("can the floor go against
    the written rule?", "andare contro alla regola scritta"): what stands right before a written rule says which; a
    house rule named as such ("argued against the house rule") is one whatever precedes it."""
    return r.derived("floor.house_rules_said", lambda: [
        m for m in r.matches("house_rule_said")
        if not (r.lexicon.says("written_rule_said", m.group())
                and r.lexicon.says("book_rule_departed", r.before(m.start(), "book_departed_before").rstrip()))])


house_rule = settled_by("house_rule", {"no_house_rule": "no", "house_rule_unsure": "unsure", "house_rule_said": "yes"},
                        read_with={"house_rule_said": house_rules_said})


TOPIC = Topic("floor-discretion", cues=(Cue(190, _house_rule_against_book), Cue(7, mentions("floor_authority"))),
              readers=(house_rule,))
