"""A server's own answer in place of the rulebook's: an outcome of the same rule, with that outcome's steps.

A house rule ("we burn the extra flop card and play on") or a floor decision may put another of a rule's own
outcomes in place of the one the rulebook gives. The steps that come with it are those of the rule's case with
that outcome, so a replaced ruling reads like any other; nothing here invents a remedy. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .conditions import Verdict
from .language import Language, in_language
from .model import Case, Rule
from .ruling import Ruling


@dataclass(frozen=True, slots=True)
class Remedy:
    """One outcome of a rule in words: its headline and its steps, in one language."""

    outcome: str
    headline: str
    steps: tuple[str, ...]


def outcomes(rule: Rule) -> tuple[str, ...]:
    """Every outcome the rule's cases give, under any rulebook, in the order the cases come: what a house rule
    or a floor decision may choose from (a case that gives no ruling has no outcome to choose)."""
    return tuple(dict.fromkeys(case.outcome for case in rule.cases if case.outcome))


def remedy(rule: Rule, outcome: str, *, rulebook: str, facts: Mapping[str, Any], language: Language) -> Remedy:
    """`outcome`'s headline and steps from the rule's case that gives it and fits best: one of `rulebook`'s
    cases whose conditions hold for `facts`, else `rulebook`'s first case with that outcome, else the first
    under any rulebook (a house rule may adopt another rulebook's remedy) whose conditions hold, else the first.
    ValueError if the rule has no such outcome."""
    case = _best_case(rule, outcome, rulebook, facts)
    return Remedy(outcome, case.headline[language], in_language(case.steps, language))


def with_outcome(ruling: Ruling, rule: Rule, outcome: str, language: Language) -> Ruling:
    """`ruling` with `outcome` in place of its own: the headline and steps of that outcome's case (see `remedy`)
    in `language`, everything else (facts, citation, notes) as the rulebook gave it."""
    if ruling.rule_id != rule.id:
        raise ValueError(f"the ruling is on {ruling.rule_id!r}, not on {rule.id!r}")
    chosen = remedy(rule, outcome, rulebook=ruling.rulebook, facts=ruling.facts, language=language)
    return replace(ruling, outcome=chosen.outcome, headline=chosen.headline, steps=chosen.steps)


def _best_case(rule: Rule, outcome: str, rulebook: str, facts: Mapping[str, Any]) -> Case:
    giving = [case for case in rule.cases if case.outcome == outcome]
    if not giving:
        raise ValueError(f"{rule.id} has no outcome {outcome!r}; its outcomes are {', '.join(outcomes(rule))}")
    own = [case for case in giving if rulebook in case.rulebooks]
    holding = [case for case in own if case.judge(facts) is Verdict.HOLDS]
    elsewhere = [case for case in giving if case.judge(facts) is Verdict.HOLDS]  # another book's, fitting the facts
    return (holding or own or elsewhere or giving)[0]
