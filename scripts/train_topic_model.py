#!/usr/bin/env python3
"""Train the topic model (rules_engine/topic_model.py) on the labelled sets and write it as data.

Each line of tests/engine/data/*.jsonl (top level only: held-back/ stays unseen) is labelled with the topic of its
rule (the one topic in the rule's `applies`), or `none` when its expected answer names no rule. Features seen in
fewer than MIN_LINES lines are dropped before counting, so the file stays small and a one-off word decides nothing.
Deterministic: the same sets give the same file, byte for byte (tests/engine/test_topic_model.py checks it).

Run: .venv/bin/python scripts/train_topic_model.py [--exclude SET …] [--output PATH]
(--exclude leaves sets out, by name, to measure the model on them; the checked-in model is trained on every set)
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules_engine.loader import TOPIC, load  # noqa: E402
from rules_engine.topic_model import MODEL_FILE, NONE, features, outcome_features  # noqa: E402

DATA_DIR = ROOT / "tests" / "engine" / "data"
ALPHA = 0.1  # additive smoothing: the prototype's (/work/mech) value, 89 % topic accuracy on the held-out sets
MIN_LINES = 2  # a feature must be seen in at least this many lines to be kept
MIN_OUTCOME_LINES = 30  # lines ruled on (of two outcomes or more) a rule needs for an outcome model (10 measures
# the same: scripts/eval_outcome_model.py --min-lines)
DIGITS = 4  # decimals kept of each log-probability: far finer than any threshold's margin
# (cue's topic, model's topic) pairs never doubted: the cue's evidence excludes the model's topic, whose words the story
# only shares (read on the topic tables, where the model was sure of the other topic and the ladder plainly right).
CUE_EXCLUDES = (
    ("button-short-card", "burn-error"),  # the button one card short; the burn is only when it was noticed
    ("floor-discretion", "exposed-holecard"),  # "which rule applies, ours or TDA?": the incident is the background
    ("floor-discretion", "flop-count"),
    ("foreign-card", "boxed-card"),  # a joker found face up in the deck is still a card that does not belong
    ("table-cards", "board-claim"),  # cards tabled, then mucked: whether both were shown decides, not a claim or how
    ("table-cards", "cards-speak"),  # they read, which the words of a showdown story resemble
    ("table-cards", "ask-to-see"),  # nor a hand asked to be seen: its question would offer no way back to tabling
    ("wrong-card-count", "foreign-card"),  # three cards in a hand: a card too many, not a card from elsewhere
)


def rule_topics() -> dict[str, str]:
    """Each rule's one topic, from its `applies`."""
    topics = {}
    for rule in load().rules.values():
        named = [value for c in rule.applies if c.fact == TOPIC for value in c.values or ()]
        if len(named) != 1:
            raise SystemExit(f"{rule.id}: a rule must apply to exactly one topic to label lines, not {named}")
        topics[rule.id] = str(named[0])
    return topics


class Outcome(NamedTuple):
    """A line ruled on: its text, rulebook, rule and outcome (an outcome model's training line)."""

    text: str
    rulebook: str
    rule_id: str
    outcome: str


def set_rows(excluded: Iterable[str] = ()) -> Iterator[tuple[str, int, dict[str, Any]]]:
    """(file name, line number, line) for every line of the sets not excluded, in file order."""
    skip = set(excluded)
    unknown = skip - {path.stem for path in DATA_DIR.glob("*.jsonl")}
    if unknown:
        raise SystemExit(f"no such set: {', '.join(sorted(unknown))}")
    for path in sorted(DATA_DIR.glob("*.jsonl")):
        if path.stem not in skip:
            for number, row in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if row.strip():
                    yield path.name, number, json.loads(row)


def labelled_lines(excluded: Iterable[str] = ()) -> list[tuple[str, str]]:
    """(text, topic) for every line of the sets not excluded, in file order."""
    topics = rule_topics()
    lines = []
    for name, number, line in set_rows(excluded):
        rule_id = line.get("rule_id")
        if rule_id and rule_id not in topics:
            raise SystemExit(f"{name}:{number}: no rule {rule_id!r} in the rules data")
        lines.append((line["text"], topics[rule_id] if rule_id else NONE))
    return lines


def outcome_lines(excluded: Iterable[str] = ()) -> list[Outcome]:
    """The lines expected to get a ruling, of the sets not excluded, in file order."""
    return [Outcome(line["text"], line["rulebook"], line["rule_id"], line["outcome"])
            for _, _, line in set_rows(excluded) if line.get("status") == "ruling" and line.get("outcome")]


def train(lines: list[tuple[str, str]]) -> dict[str, Any]:
    """The model's data: a naive Bayes (`naive_bayes`) of the lines' features and topics."""
    model = naive_bayes([(features(text), label) for text, label in lines])
    head = {"about": "rules_engine/topic_model.py; written by scripts/train_topic_model.py, do not edit",
            "alpha": ALPHA, "min_lines": MIN_LINES, "lines": len(lines), "classes": model.pop("classes"),
            "cue_excludes": [list(pair) for pair in CUE_EXCLUDES]}
    return {**head, **model}


def outcome_models(outcomes: list[Outcome], min_lines: int = MIN_OUTCOME_LINES) -> dict[str, Any]:
    """Per rule with at least two outcomes among `min_lines` lines or more, an outcome model (`naive_bayes` of the
    lines' `outcome_features`): measured by scripts/eval_outcome_model.py, not written to the model file."""
    by_rule: dict[str, list[tuple[set[str], str]]] = {}
    for outcome in outcomes:
        by_rule.setdefault(outcome.rule_id, []).append((outcome_features(outcome.text, outcome.rulebook),
                                                        outcome.outcome))
    return {rule_id: naive_bayes(found) for rule_id, found in sorted(by_rule.items())
            if len(found) >= min_lines and len({label for _, label in found}) > 1}


def naive_bayes(lines: list[tuple[set[str], str]]) -> dict[str, Any]:
    """A naive Bayes over labelled feature sets: class priors, each class's log-probability of an unseen feature, and
    per kept feature the log-ratio, for each class that saw it, of its probability to the unseen one's."""
    seen_in = Counter(feature for found, _ in lines for feature in found)
    vocabulary = {feature for feature, count in seen_in.items() if count >= MIN_LINES}
    documents: Counter[str] = Counter()
    counts: dict[str, Counter[str]] = {}
    for found, label in lines:
        documents[label] += 1
        counts.setdefault(label, Counter()).update(found & vocabulary)
    classes = sorted(documents)
    denominators = {label: sum(counts[label].values()) + ALPHA * len(vocabulary) for label in classes}
    per_feature: dict[str, list[int | float]] = {}
    for index, label in enumerate(classes):
        for feature, count in counts[label].items():
            per_feature.setdefault(feature, []).extend((index, _rounded(math.log((count + ALPHA) / ALPHA))))
    total = sum(documents.values())
    return {
        "classes": classes,
        "base": [_rounded(math.log(documents[label] / total)) for label in classes],
        "unseen": [_rounded(math.log(ALPHA / denominators[label])) for label in classes],
        "features": {feature: per_feature[feature] for feature in sorted(per_feature)},  # classes in order
    }


def serialised(model: Mapping[str, Any]) -> str:
    """The file's text: one feature a line, so a retrain's diff shows what changed."""
    head = {key: value for key, value in model.items() if key != "features"}
    rows = [f"{json.dumps(feature, ensure_ascii=False)}: {json.dumps(pairs)}"
            for feature, pairs in model["features"].items()]
    body = json.dumps(head, ensure_ascii=False, indent=1)[:-2]
    return body + ',\n "features": {\n' + ",\n".join(rows) + "\n }\n}\n"


def _rounded(number: float) -> float:
    return round(number, DIGITS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--exclude", nargs="+", default=[], metavar="SET", help="sets to leave out, by name")
    parser.add_argument("--output", type=Path, default=MODEL_FILE, help=f"where to write (default {MODEL_FILE})")
    args = parser.parse_args()
    lines = labelled_lines(args.exclude)
    args.output.write_text(serialised(train(lines)), encoding="utf-8")
    print(f"{args.output}: {len(lines)} lines")


if __name__ == "__main__":
    main()
