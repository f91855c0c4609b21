"""The rules data is validated at load: every broken edit below must be refused with a clear message."""

import shutil
from pathlib import Path

import pytest

from rules_engine import DEFAULT_RULEBOOK, RULEBOOKS, Engine, RulesDataError
from rules_engine.loader import RULES_DIR, load

SEVEN = {
    "holdem.exposed-holecard", "holdem.flop-too-many-cards", "holdem.premature-flop", "holdem.premature-turn",
    "holdem.premature-river", "holdem.extra-holecard", "holdem.play-the-board",
}


def test_shipped_data_loads_with_the_seven_rules_and_three_rulebooks() -> None:
    data = load()
    assert set(data.rules) >= SEVEN
    assert set(RULEBOOKS) == {"robert-classic", "robert-v11", "tda-2024"}
    assert DEFAULT_RULEBOOK == "robert-classic"


def test_every_rule_has_a_citation_and_a_case_for_every_rulebook(engine: Engine) -> None:
    for rule in engine.rules.values():
        for book in engine.rulebooks:
            assert rule.citations[book].strip()
            assert rule.cases_for(book), (rule.id, book)


def test_every_outcome_token_is_documented_in_the_rules_readme() -> None:
    readme = (RULES_DIR / "README.md").read_text(encoding="utf-8")
    for token in load().outcomes:
        assert f"`{token}`" in readme


def _broken(tmp_path: Path, old: str, new: str, file: str = "holdem.toml") -> Path:
    copy = tmp_path / "rules"
    shutil.copytree(RULES_DIR, copy)
    target = copy / file
    text = target.read_text(encoding="utf-8")
    assert old in text
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    return copy


@pytest.mark.parametrize(("old", "new", "message"), [
    ('id = "holdem.flop-too-many-cards"', 'id = "holdem.exposed-holecard"', "duplicate rule id"),
    ('when = { exposed_by = "player" }', 'when = { exposed_by_whom = "player" }', "unknown fact"),
    ('when = { exposed_by = "player" }', 'when = { exposed_by = "croupier" }', "must be one of"),
    ('outcome = "share-pot"', 'outcome = "split-it"', "unknown outcome"),
    ('tda-2024 = "Poker TDA Rules 2024, Rule 39-A"\n', "", "no citation"),
    ('when = { betting_complete = "no" }\noutcome = "replace-river"', 'when = { betting_complete = "yes" }\n'
     'outcome = "replace-river"', "can never be reached"),
    ('related = ["holdem.premature-river", "holdem.premature-flop"]', 'related = ["holdem.nope"]', "does not exist"),
])
def test_broken_data_is_refused(tmp_path: Path, old: str, new: str, message: str) -> None:
    with pytest.raises(RulesDataError, match=message):
        load(_broken(tmp_path, old, new))


def test_a_question_variant_with_other_answers_is_refused(tmp_path: Path) -> None:
    """A variant rewords the question for a situation (heads-up); its buttons must set the same values."""
    with pytest.raises(RulesDataError, match="same option values"):
        load(_broken(tmp_path, '{ value = "second", label = "The button\'s first card"',
                     '{ value = "later", label = "The button\'s first card"', "facts.toml"))


@pytest.mark.parametrize(("old", "new"), [
    ('label = "street"', 'kept_when_topic_given = true\nlabel = "street"'),  # never asked: nothing to keep or ask
    ("type = \"int\"\nkept_when_topic_given = true", "type = \"int\"\nkept_when_topic_given = \"yes\""),
])
def test_a_fact_kept_once_the_topic_is_given_is_a_yes_or_no_on_a_fact_with_a_question(tmp_path: Path, old: str,
                                                                                     new: str) -> None:
    with pytest.raises(RulesDataError, match="kept_when_topic_given"):
        load(_broken(tmp_path, old, new, "facts.toml"))


def test_a_case_without_steps_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError, match="needs steps"):
        load(_broken(tmp_path, 'outcome = "share-pot"\nsteps = [', 'outcome = "share-pot"\nnot_steps = ['))


def test_unparseable_toml_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError, match=r"holdem\.toml"):
        load(_broken(tmp_path, "[[rules]]", "[[rules]"))


SELF_CONTAINED = '''
[section]
title = "Deck problems"
title_it = "Problemi del mazzo"

[facts.cards_found]
type = "int"
label = "cards found"
label_it = "carte trovate"

[outcomes.play-on]
headline = "Play on"
headline_it = "Si continua"

[[rules]]
id = "deck.test-rule"
title = "A test rule"
title_it = "Una regola di prova"
summary = "Only for the loader test."
keywords = ["test"]
applies = { topic = "other-game" }
facts = []

[rules.citations]
robert-classic = "c"
robert-v11 = "v"
tda-2024 = "t"

[[rules.cases]]
when = {}
outcome = "play-on"
steps = ["Play on."]
steps_it = ["Si continua."]
floor_decision = "Books disagree here; this follows the classic reading."
floor_decision_it = "I regolamenti non concordano; qui si segue la lettura classica."
'''


def _with_file(tmp_path: Path, name: str, text: str) -> Path:
    copy = tmp_path / "rules"
    shutil.copytree(RULES_DIR, copy)
    (copy / name).write_text(text, encoding="utf-8")
    return copy


def test_a_rules_file_may_bring_its_own_facts_and_outcomes(tmp_path: Path) -> None:
    data = load(_with_file(tmp_path, "test-section.toml", SELF_CONTAINED))
    assert data.facts["cards_found"].label.it == "carte trovate"
    assert data.outcomes["play-on"].headline.en == "Play on"
    assert data.rules["deck.test-rule"].section.it == "Problemi del mazzo"


@pytest.mark.parametrize(("table", "name"), [("facts", "card_count"), ("outcomes", "misdeal")])
def test_a_fact_or_outcome_defined_twice_is_refused_naming_both_files(tmp_path: Path, table: str, name: str) -> None:
    spec = ('type = "int"\nlabel = "x"\nlabel_it = "x"' if table == "facts" else 'headline = "x"\nheadline_it = "x"')
    copy = _with_file(tmp_path, "zz-extra.toml", f"[{table}.{name}]\n{spec}\n")
    with pytest.raises(RulesDataError, match=rf"zz-extra\.toml: {table} '{name}' is already defined in {table}\.toml"):
        load(copy)


def test_two_rules_that_could_apply_to_the_same_situation_are_refused(tmp_path: Path) -> None:
    overlapping = SELF_CONTAINED.replace('applies = { topic = "other-game" }', 'applies = { topic = "board-claim" }')
    with pytest.raises(RulesDataError, match="can apply to the same situation"):
        load(_with_file(tmp_path, "test-section.toml", overlapping))


def test_a_rule_on_a_topic_that_does_not_exist_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError, match="must be one of"):
        load(_with_file(tmp_path, "test-section.toml", SELF_CONTAINED.replace('"other-game"', '"other-games"')))


def test_an_unknown_table_in_a_rules_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError, match="unknown tables"):
        load(_with_file(tmp_path, "typo.toml", '[[rule]]\nid = "x"\n'))


def test_a_floor_decision_is_a_note_in_the_players_language(tmp_path: Path) -> None:
    engine = Engine.load(_with_file(tmp_path, "test-section.toml", SELF_CONTAINED))
    english = engine.rule("in omaha can I use three cards from my hand")
    italian = engine.rule("a omaha si possono usare tre carte della mano?")
    assert (english.rule_id, english.outcome) == ("deck.test-rule", "play-on")
    assert english.notes[0] == "Floor decision: Books disagree here; this follows the classic reading."
    assert italian.notes[0] == "Decisione del floor: I regolamenti non concordano; qui si segue la lettura classica."


def test_a_floor_decision_in_one_language_only_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError, match="floor_decision_it"):
        one_language = SELF_CONTAINED.replace("floor_decision_it", "floor_decision_en")
        load(_with_file(tmp_path, "test-section.toml", one_language))
