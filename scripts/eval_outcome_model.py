#!/usr/bin/env python3
"""Measure a second opinion on the OUTCOME of a rule, leave-one-set-out: per rule, a naive Bayes over the outcomes of
its lines ruled on (`outcome_models` in scripts/train_topic_model.py, scored as the topic model is). Where the engine
rules rule R with outcome O and R's model is very sure of another outcome O' (`Guess.against(O)` at least a
threshold), the engine would ask instead of ruling: the deciding facts read from the text, with a question, whose
other value leads to O' are doubted, so the deciding question is asked (none such: the ruling stands). Measured, not
built: no threshold made the trade (README, "The topic model"), so the engine has no outcome model.

For each set outside-* and writers-* in tests/engine/data, each rule's outcome model is trained on every other set
and applied to the engine's answers on that set (the engine as checked in). Printed, over all those lines, per
threshold:
- right-rule-wrong-outcome rulings turned into a question (good), and how many of those questions, answered with the
  value that leads to the labelled outcome, give it (the sets label outcomes, not facts: a question whose answers
  cannot reach the labelled outcome only delays the wrong ruling);
- right rulings turned into a question (bad: each is a new known miss);
- other wrong rulings (another rule) turned into a question;
- the topic tables' ruling rows turned into a question (model trained on every set);
- report only: where the engine asks a fact question on the line's rule, how often an outcome the model is that sure
  of (against the runner-up) is the labelled one (would ruling directly be safe?).

Run: .venv/bin/python scripts/eval_outcome_model.py [--at P …] [--min-lines N …]   (about 4 minutes per N)
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from eval_topic_model import SCORED, TABLES, WRONG  # noqa: E402
from train_topic_model import DATA_DIR, MIN_OUTCOME_LINES, Outcome, outcome_lines, outcome_models  # noqa: E402

from rules_engine import Engine, Ruling  # noqa: E402
from rules_engine.evaluation import Verdict, judge, read_set  # noqa: E402
from rules_engine.loader import TOPIC  # noqa: E402
from rules_engine.model import FactValue  # noqa: E402
from rules_engine.topic_model import Guess, WordModel, outcome_features  # noqa: E402

GRID = (0.9, 0.99, 0.999, 0.9999, 0.99999, 1 - 1e-6, 1 - 1e-8, 1 - 1e-10, 1 - 1e-12, 1 - 1e-13, 1 - 1e-14, 1 - 1e-15,
        1.0)  # 1.0: the rival's log score at least ~37 above the outcome's (the float's last step)
ANSWERS_DEEP = 3  # questions answered in a row at most, to reach the labelled outcome


@dataclass(frozen=True, slots=True)
class Scored:
    """One line: its verdict without the outcome models, and what they would do at any threshold."""

    verdict: Verdict
    right_rule: bool  # ruled with the labelled rule
    probability: float  # the outcome model's rival against the ruled outcome (0 where it agrees or has no model)
    asked: bool  # at a threshold the probability reaches, the engine asks (a read fact leads to the rival)
    answered_right: bool  # answering the questions can give the labelled outcome
    sure_of: float = 0.0  # on a fact question on the labelled rule: the model's best outcome against the runner-up
    sure_right: bool = False  # ... and it is the labelled outcome
    question_on_rule: bool = False


def guess(models: Mapping[str, WordModel], rule_id: str, text: str, rulebook: str) -> Guess | None:
    """The outcome `rule_id`'s model finds most likely, None where the rule has none."""
    model = models.get(rule_id)
    return None if model is None else model.best(outcome_features(text, rulebook))


def doubted(engine: Engine, ruling: Ruling, text: str, rival: str) -> frozenset[str]:
    """Whether the engine would ask instead of giving `ruling`, its outcome model sure of `rival`: the facts read from
    the text (not from a topic the model or an answer chose), deciding and askable, whose other value leads to
    `rival` are doubted; asked (those facts returned) if then no case holds, or another."""
    assert ruling.rule_id is not None
    rule, known = engine.rules[ruling.rule_id], dict(ruling.facts)
    if engine._parser.read(text).unconfirmed:  # what the engine reads, as it reads it
        return frozenset()
    asked = set()
    for name, value in known.items():
        kind = engine.data.facts[name]
        if name == TOPIC or name not in rule.facts or not kind.question:
            continue
        for option in kind.options:
            other: FactValue = kind.coerce(option.value)
            if other != value:
                case = engine._decide(rule, ruling.rulebook, {**known, name: other}, noted=False).case
                if case is not None and case.outcome == rival:
                    asked.add(name)
    rest = {name: value for name, value in known.items() if name not in asked}
    case = engine._decide(rule, ruling.rulebook, rest, frozenset(asked)).case if asked else None
    return frozenset(asked) if asked and (case is None or case.outcome != ruling.outcome) else frozenset()


def reaches(engine: Engine, text: str, rulebook: str, asked: Ruling, wanted: tuple[str | None, str | None],
            given: dict[str, str], depth: int = ANSWERS_DEEP) -> bool:
    """Whether some answers to `asked`'s first question (and the next ones) give the ruling `wanted`."""
    if asked.status != "question" or not asked.questions or depth == 0:
        return (asked.status, asked.rule_id, asked.outcome) == ("ruling", *wanted)
    question = asked.questions[0]
    return any(reaches(engine, text, rulebook, engine.rule(text, rulebook, answers), wanted, answers, depth - 1)
               for option in question.options for answers in [{**given, question.fact: option.value}])


def scored_set(engine: Engine, models: Mapping[str, WordModel], path: Path) -> list[Scored]:
    scored = []
    for line in read_set(path):
        plain = engine.rule(line.text, line.rulebook)
        verdict = judge(line, (plain.status, plain.rule_id, plain.outcome))
        _, rule_id, outcome = line.expected
        right_rule = plain.status == "ruling" and plain.rule_id == rule_id
        if plain.status == "question" and plain.rule_id and plain.rule_id == rule_id and line.expected[0] == "ruling":
            best = guess(models, plain.rule_id, line.text, line.rulebook)
            if best is not None:
                scored.append(Scored(verdict, False, 0.0, False, False, best.probability, best.topic == outcome,
                                     question_on_rule=True))
                continue
        best = None if plain.status != "ruling" or plain.rule_id is None else guess(
            models, plain.rule_id, line.text, line.rulebook)
        if best is None or plain.outcome is None or best.topic == plain.outcome:
            scored.append(Scored(verdict, right_rule, 0.0, False, False))
            continue
        asked = doubted(engine, plain, line.text, best.topic)
        answered = any(  # each doubted fact's answers (then those of the questions that follow)
            reaches(engine, line.text, line.rulebook, engine.rule(line.text, line.rulebook, answer), (rule_id, outcome),
                    answer)
            for name in asked for answer in ({name: option.value} for option in engine.data.facts[name].options))
        scored.append(Scored(verdict, right_rule, best.against(plain.outcome), bool(asked), answered))
    return scored


def table_rows(engine: Engine, models: Mapping[str, WordModel]) -> list[tuple[bool, float]]:
    """Per table row ruled on with an outcome its rule's model doubts: whether the engine would ask, and how sure
    the model is."""
    rows = []
    for path in sorted(TABLES.glob("*.toml")):
        for row in tomllib.loads(path.read_text(encoding="utf-8"))["rows"]:
            if set(row.get("given", {})) - {TOPIC}:
                continue  # an answer given: the outcome model is not asked again
            plain = engine.rule(row["text"], row["rulebook"], row.get("given"))
            best = None if plain.status != "ruling" or plain.rule_id is None else guess(
                models, plain.rule_id, row["text"], row["rulebook"])
            if best is not None and plain.outcome is not None and best.topic != plain.outcome:
                rows.append((bool(doubted(engine, plain, row["text"], best.topic)), best.against(plain.outcome)))
    return rows


def report(min_lines: int, scored: Sequence[Scored], rows: Sequence[tuple[bool, float]],
           grid: Sequence[float]) -> None:
    wrong_outcome = [s for s in scored if s.right_rule and s.verdict in WRONG]
    right = [s for s in scored if s.right_rule and s.verdict is Verdict.RIGHT]
    other_wrong = [s for s in scored if not s.right_rule and s.verdict in WRONG]
    print(f"\nmin lines {min_lines}: {len(scored)} lines; right-rule-wrong-outcome rulings {len(wrong_outcome)}, "
          f"right rulings {len(right)}, other wrong rulings {len(other_wrong)}, table rows ruled with a rival "
          f"outcome {len(rows)}")
    print(f"  {'at':>14}  caught  caught answered right  right asked (%)  other wrong caught  table rows asked")
    for threshold in grid:
        caught = [s for s in wrong_outcome if s.asked and s.probability >= threshold]
        asked = sum(s.asked and s.probability >= threshold for s in right)
        other = sum(s.asked and s.probability >= threshold for s in other_wrong)
        table = sum(is_asked and p >= threshold for is_asked, p in rows)
        print(f"  {shown(threshold):>14}  {len(caught):>6}  {sum(s.answered_right for s in caught):>21}  "
              f"{asked:>5} ({100 * asked / max(len(right), 1):.2f} %)  {other:>18}  {table:>16}")
    on_rule = [s for s in scored if s.question_on_rule]
    print(f"  fact questions on the labelled rule with an outcome model: {len(on_rule)}")
    print(f"  {'sure at':>14}  sure  labelled outcome")
    for threshold in grid:
        sure = [s for s in on_rule if s.sure_of >= threshold]
        print(f"  {shown(threshold):>14}  {len(sure):>4}  {sum(s.sure_right for s in sure):>16}")


def shown(threshold: float) -> str:
    """1 - 1e-12 as such, not as 0.999999999999."""
    return f"1 - {1 - threshold:.0e}" if 0.9999 < threshold < 1 else f"{threshold:g}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--at", nargs="+", type=float, default=GRID, metavar="P", help="thresholds")
    parser.add_argument("--min-lines", nargs="+", type=int, default=[MIN_OUTCOME_LINES], metavar="N",
                        help="lines a rule needs for an outcome model")
    args = parser.parse_args()
    grid = sorted(set(args.at))
    engine = Engine.load()
    scored_sets = [path.stem for path in sorted(DATA_DIR.glob("*.jsonl")) if SCORED.match(path.stem)]
    for min_lines in args.min_lines:
        scored: list[Scored] = []
        for name in scored_sets:
            scored += scored_set(engine, models_of(outcome_lines([name]), min_lines), DATA_DIR / f"{name}.jsonl")
        report(min_lines, scored, table_rows(engine, models_of(outcome_lines(), min_lines)), grid)


def models_of(lines: list[Outcome], min_lines: int) -> dict[str, WordModel]:
    """The outcome models, through JSON as the topic model is loaded."""
    return {rule_id: WordModel.from_section(section, rule_id)
            for rule_id, section in json.loads(json.dumps(outcome_models(lines, min_lines))).items()}


if __name__ == "__main__":
    main()
