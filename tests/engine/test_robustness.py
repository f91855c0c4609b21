"""Any text at all gives a valid Ruling and never raises; the engine stays free of Discord."""

import json
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import Engine, Ruling

FIELDS = {"status", "rule_id", "outcome", "title", "steps", "citation", "rulebook", "facts", "questions",
          "alternatives", "notes", "language"}
_ENGINE = Engine.load()


def _valid(ruling: Ruling) -> None:
    data = ruling.to_dict()
    assert data.keys() >= FIELDS
    assert data["status"] in {"ruling", "question", "no-match"}
    assert data["language"] in {"en", "it"}
    json.dumps(data)
    if data["status"] == "ruling":
        assert data["rule_id"] and data["outcome"] and data["steps"] and data["citation"]
    if data["status"] == "question":
        assert data["questions"] and all(q["options"] for q in data["questions"])
    assert len(data["alternatives"]) <= 3


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400))
def test_any_text(text: str) -> None:
    _valid(_ENGINE.rule(text))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["flop", "turn", "river", "four", "cards", "dealer", "exposed", "muck", "board",
                                 "carte", "prima", "mazziere", "before", "after", "🃏", "@everyone", "<@&123>",
                                 "**", "\x00", "\u202e", "漢字", "شرط"]), max_size=60).map(" ".join))
def test_domain_words_in_any_order(text: str) -> None:
    _valid(_ENGINE.rule(text))


def test_huge_and_hostile_inputs() -> None:
    for text in ("x" * 6000, "flop had four cards " * 400, "\x00\x01\x02", "🂡" * 2000, "   ", "\n\n", "?"):
        _valid(_ENGINE.rule(text))


def test_importing_the_engine_imports_no_discord() -> None:
    code = "import sys, rules_engine; rules_engine.Engine.load(); print('discord' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"
