"""rules_engine.house: another of a rule's own outcomes in place of the rulebook's, with that outcome's steps."""

from __future__ import annotations

import pytest

from rules_engine import Engine
from rules_engine.house import outcomes, remedy, with_outcome
from rules_engine.language import in_language

FLOP = "holdem.flop-too-many-cards"


def test_a_rules_outcomes_are_those_of_its_cases_under_every_rulebook_once_each(engine: Engine) -> None:
    rule = engine.rules[FLOP]
    assert outcomes(rule) == ("redeal-flop", "scramble-flop")
    exposed = outcomes(engine.rules["holdem.exposed-holecard"])
    assert len(exposed) == len(set(exposed)) and {"misdeal", "hand-plays-on"} <= set(exposed)
    for rule in engine.rules.values():
        assert set(outcomes(rule)) == {case.outcome for case in rule.cases if case.outcome}


def test_another_rulebooks_outcome_brings_that_cases_steps(engine: Engine) -> None:
    ruling = engine.rule("flop had four cards")  # robert-classic: redeal the flop
    rule = engine.rules[FLOP]
    [tda] = [case for case in rule.cases if case.outcome == "scramble-flop" and not case.when]  # no action on it

    replaced = with_outcome(ruling, rule, "scramble-flop", "en")

    assert replaced.outcome == "scramble-flop"
    assert replaced.headline == tda.headline.en
    assert replaced.steps == in_language(tda.steps, "en")
    assert (replaced.citation, replaced.facts, replaced.notes) == (ruling.citation, ruling.facts, ruling.notes)


def test_the_case_whose_conditions_hold_for_the_facts_is_preferred(engine: Engine) -> None:
    rule = engine.rules[FLOP]
    acted, untouched = [case for case in rule.cases_for("robert-classic") if case.outcome == "redeal-flop"]
    assert acted.when and not untouched.when  # the first redeal case needs action on the board

    after_action = remedy(rule, "redeal-flop", rulebook="robert-classic", facts={"acted_on_board": "yes"},
                          language="it")
    before_action = remedy(rule, "redeal-flop", rulebook="robert-classic", facts={"acted_on_board": "no"},
                           language="it")

    assert after_action.steps == in_language(acted.steps, "it")
    assert before_action.steps == in_language(untouched.steps, "it")


def test_the_steps_come_in_the_language_asked(engine: Engine) -> None:
    rule = engine.rules[FLOP]
    italian = remedy(rule, "scramble-flop", rulebook="robert-classic", facts={}, language="it")
    english = remedy(rule, "scramble-flop", rulebook="robert-classic", facts={}, language="en")
    assert italian.headline != english.headline and italian.steps != english.steps
    assert italian.headline.startswith("Si mescolano")


def test_an_outcome_the_rule_does_not_have_is_refused(engine: Engine) -> None:
    rule = engine.rules[FLOP]
    with pytest.raises(ValueError, match="redeal-flop, scramble-flop"):
        remedy(rule, "misdeal", rulebook="robert-classic", facts={}, language="en")
    with pytest.raises(ValueError, match="not on"):
        with_outcome(engine.rule("flop had four cards"), engine.rules["holdem.premature-turn"], "replace-turn", "en")
