"""How the engine does on a labelled set of situations (tests/engine/data/*.jsonl): each line's answer sorted
into right or one kind of miss. The regression gate (tests/engine/test_sets.py) and scripts/score_sets.py
share it, so the figures a helper reads are the ones the tests enforce.

A line is `{"text", "rulebook", "status", "rule_id", "outcome", "kind", …}`; `kind` is "distractor" for text
that is no situation to rule on.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from .engine import Engine


class Verdict(Enum):
    RIGHT = "right"  # status, rule id and outcome as labelled
    DISTRACTOR_RULED = "distractor ruled"  # text that is no situation got a ruling
    WRONG_RULING = "wrong ruling"  # a ruling with another rule or outcome, or where none was due: the worst bug
    NEEDLESS_QUESTION = "needless question"  # asked where the text gives the answer
    MISSED_RULING = "missed ruling"  # no-match on a situation a rule covers
    OTHER_MISS = "other miss"  # e.g. a question about another rule, or a question where no rule applies


@dataclass(frozen=True, slots=True)
class Line:
    text: str
    rulebook: str
    expected: tuple[str, str | None, str | None]
    distractor: bool

    @classmethod
    def parse(cls, data: dict[str, Any]) -> Line:
        return cls(data["text"], data["rulebook"], (data["status"], data["rule_id"], data["outcome"]),
                   data.get("kind") == "distractor")


@dataclass(frozen=True, slots=True)
class Result:
    line: Line
    answer: tuple[str, str | None, str | None]
    verdict: Verdict


def answer_text(answer: tuple[str, str | None, str | None]) -> str:
    """("ruling", "holdem.premature-turn", "replace-turn") → "ruling holdem.premature-turn replace-turn"."""
    return " ".join(part for part in answer if part)


def read_set(path: Path) -> list[Line]:
    return [Line.parse(json.loads(row)) for row in path.read_text(encoding="utf-8").splitlines() if row.strip()]


def judge(line: Line, answer: tuple[str, str | None, str | None]) -> Verdict:
    expected_status, status = line.expected[0], answer[0]
    if answer == line.expected:
        return Verdict.RIGHT
    if status == "ruling":
        return Verdict.DISTRACTOR_RULED if line.distractor else Verdict.WRONG_RULING
    if status == "question" and expected_status == "ruling":
        return Verdict.NEEDLESS_QUESTION
    if status == "no-match" and expected_status != "no-match":
        return Verdict.MISSED_RULING
    return Verdict.OTHER_MISS


def label_given_by_the_rules(engine: Engine, line: Line) -> bool:
    """Whether the rules data can give the line's label: its rulebook exists, and a ruling names a rule and an outcome
    that rule has under that rulebook, a question names a rule, a no-match names neither; a distractor is no-match.
    A label it cannot give would sit in the known misses as if the engine were wrong. Nothing is ruled on."""
    status, rule_id, outcome = line.expected
    rule = engine.data.rules.get(rule_id) if rule_id else None
    if line.rulebook not in engine.rulebooks:
        return False
    if status == "no-match":
        return rule_id is None and outcome is None
    if line.distractor or rule is None:
        return False
    if status == "question":
        return outcome is None
    return status == "ruling" and outcome in {case.outcome for case in rule.cases_for(line.rulebook)}


def score(engine: Engine, lines: Iterable[Line]) -> list[Result]:
    results = []
    for line in lines:
        ruling = engine.rule(line.text, line.rulebook)
        answer = (ruling.status, ruling.rule_id, ruling.outcome)
        results.append(Result(line, answer, judge(line, answer)))
    return results


def tally(results: Iterable[Result]) -> Counter[Verdict]:
    return Counter(result.verdict for result in results)
