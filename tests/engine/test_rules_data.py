"""The rules data is validated at load: every broken edit below must be refused with a clear message."""

import shutil
import tomllib
from pathlib import Path

import pytest

from rules_engine import DEFAULT_RULEBOOK, RULEBOOKS, Engine, RulesDataError
from rules_engine.lexicon import LEXICON_PATH, Lexicon, LexiconError
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


def test_a_case_without_steps_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError, match="needs steps"):
        load(_broken(tmp_path, 'outcome = "share-pot"\nsteps = [', 'outcome = "share-pot"\nnot_steps = ['))


def test_unparseable_toml_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError, match=r"holdem\.toml"):
        load(_broken(tmp_path, "[[rules]]", "[[rules]"))


def test_every_lexicon_concept_is_read_by_the_parser() -> None:
    """A concept the parser never reads is dead vocabulary: it would look like coverage and do nothing."""
    concepts = tomllib.loads(LEXICON_PATH.read_text(encoding="utf-8"))["concepts"]
    parser_source = "".join((LEXICON_PATH.parent / name).read_text(encoding="utf-8")
                            for name in ("parser.py", "topic.py", "reading.py"))
    unread = [name for name in concepts if f'"{name}"' not in parser_source]
    assert unread == []


def test_a_broken_lexicon_pattern_names_its_concept(tmp_path: Path) -> None:
    broken = tmp_path / "lexicon.toml"
    broken.write_text(LEXICON_PATH.read_text(encoding="utf-8").replace("'flop\\w*', ", "'flop(\\w*', ", 1),
                      encoding="utf-8")
    with pytest.raises(LexiconError, match="concept 'flop'"):
        Lexicon.load(broken)
