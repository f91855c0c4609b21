"""Table-driven: each topic's table (tables/<topic>.toml) gives situations with the answer they must get and
the key facts the engine must understand from them, in both languages and under every rulebook. A row may add
`given` facts: answers to earlier questions (or an assumption overridden), as the buttons send them."""

import tomllib
from pathlib import Path
from typing import Any

import pytest

from rules_engine import Engine
from rules_engine.evaluation import answer_text
from rules_engine.lexicon import topic_file
from rules_engine.topics import discover

TABLES = sorted((Path(__file__).parent / "tables").glob("*.toml"))
NO_TOPIC = "no_topic.toml"  # text that is no situation at all
ROWS = [(path.stem, row) for path in TABLES for row in tomllib.loads(path.read_text(encoding="utf-8"))["rows"]]


@pytest.mark.parametrize(("table", "row"), ROWS, ids=[f"{table}:{row['text'][:40]}" for table, row in ROWS])
def test_table(engine: Engine, table: str, row: dict[str, Any]) -> None:
    ruling = engine.rule(row["text"], row["rulebook"], row.get("given"))
    expected = row.get("facts", {})
    assert answer_text((ruling.status, ruling.rule_id, ruling.outcome)) == row["answer"], ruling.facts
    assert ruling.facts.get("topic") == expected.get("topic"), ruling.facts
    assert {name: ruling.facts.get(name) for name in expected} == expected


def test_every_table_is_named_after_a_topic() -> None:
    assert {path.name for path in TABLES} - {NO_TOPIC} <= {topic_file(name) for name in discover()}


def test_every_rule_outcome_and_rulebook_has_a_row(engine: Engine) -> None:
    """A new case in the rules data must come with a row in its topic's table."""
    covered = {(row["rulebook"], row["answer"]) for _, row in ROWS}
    needed = {(book, f"ruling {rule.id} {case.outcome}") for rule in engine.rules.values()
              for book in engine.rulebooks for case in rule.cases_for(book) if case.outcome}
    assert needed - covered == set()
