#!/usr/bin/env python3
"""What the topic question's tap leads to: for each line first answered with "Which is the dispute?" (the topic
model's fallback or doubt, rules_engine/README.md "The topic model"), the line is ruled again with its labelled topic
given, as the player's tap would, and the answer after that one tap is judged against the label.

Printed, per set and overall: the topic questions (fallback, doubt) and, after the tap: right, wrong rulings (a
ruling with another rule or outcome, or where none is due), questions (a second tap needed), no-match, the labelled
topic not offered. With --facts, per fact the readers read where the tapped topic is unconfirmed (none of its cues
recognises the story, `Parsed.unconfirmed`): how often the value read from the text gives the labelled answer and no
other value does ("labelled"), gives another answer where another value gives the labelled one ("another"), makes no
difference ("either": another value that changes the answers gives it too, or none changes them), or no value of it
gives it ("none": another fact read is wrong, or the topic's rules cannot give the label). Each fact is varied alone,
the other facts read given as read and every question still asked tapped by an oracle (any option that leads to the
label), so the table does not depend on which facts the engine keeps. --save PATH writes each line's answer after
the tap (JSON lines); --compare PATH prints, against such a file from another engine, how the answers moved.

Run: .venv/bin/python scripts/score_topic_taps.py [SET.jsonl …] [--facts] [--lines] [--save PATH] [--compare PATH]
(default: the development sets outside-* and writers-* of tests/engine/data)
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules_engine import Engine  # noqa: E402
from rules_engine.evaluation import Line, read_set  # noqa: E402
from rules_engine.loader import TOPIC  # noqa: E402
from rules_engine.topics.no_dispute import TOPIC as NO_DISPUTE  # noqa: E402

Answer = tuple[str, str | None, str | None]
TAPS = 4  # the oracle's taps after the topic's, at most
AFTER = ("right", "wrong ruling", "question", "no-match", "not offered")
FACT_COLUMNS = ("labelled", "another", "either", "none")


def rule_topics(engine: Engine) -> dict[str, str]:
    """Each rule's topic (a rule applies to one)."""
    return {rule.id: str(next(iter(c.values))) for rule in engine.rules.values()
            for c in rule.applies if c.fact == TOPIC and c.values}


def answer(engine: Engine, line: Line, facts: Mapping[str, str]) -> tuple[Answer, list[tuple[str, list[str]]]]:
    ruling = engine.rule(line.text, line.rulebook, facts=dict(facts))
    asked = [(q.fact, [o.value for o in q.options]) for q in ruling.questions]
    return (ruling.status, ruling.rule_id, ruling.outcome), asked


def verdict(got: Answer, expected: Answer) -> str:
    if got == expected or (got[0] == expected[0] == "no-match"):
        return "right"
    return {"ruling": "wrong ruling", "question": "question", "no-match": "no-match"}[got[0]]


def reachable(engine: Engine, line: Line, facts: dict[str, str], taps: int = TAPS) -> set[Answer]:
    """Every answer met on the way when an oracle taps each option of each question still asked (`taps` deep)."""
    got, asked = answer(engine, line, facts)
    met = {got}
    if got[0] == "question" and asked and taps:
        fact, options = asked[0]
        for option in options:
            met |= reachable(engine, line, {**facts, fact: option}, taps - 1)
    return met


def options(engine: Engine, name: str, read: object) -> list[str]:
    kind = engine.data.facts[name]
    values = [o.value for o in kind.options]
    return values if str(read) in values else [str(read), *values]


def fact_rows(engine: Engine, line: Line, topic: str) -> dict[str, str]:
    """For each askable fact read under the tapped, unconfirmed topic: labelled, another, either or none."""
    parsed = engine._parser.read(line.text, {TOPIC: topic})  # what the readers read, before the engine
    if not parsed.unconfirmed:
        return {}
    read = {name: value for name, value in parsed.facts.items()
            if name != TOPIC and engine.data.facts[name].question}
    rows = {}
    told = {TOPIC: topic, **{name: str(value) for name, value in read.items()}}
    met = reachable(engine, line, told)
    for name, value in read.items():
        others = [reachable(engine, line, {**told, name: option}) for option in options(engine, name, value)]
        alternative = any(line.expected in other for other in others if other != met)
        if line.expected in met:
            rows[f"{name}={value}"] = "either" if alternative or all(other == met for other in others) else "labelled"
        else:
            rows[f"{name}={value}"] = "another" if alternative else "none"
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="*", type=Path, help="JSONL sets (default: outside-* and writers-*)")
    parser.add_argument("--facts", action="store_true", help="per fact read under an unconfirmed tapped topic")
    parser.add_argument("--save", type=Path, help="write each line's answer after the tap here (JSON lines)")
    parser.add_argument("--compare", type=Path, help="a --save file of another engine: how the answers moved")
    parser.add_argument("--lines", action="store_true", help="print each topic-question line's answer after the tap")
    args = parser.parse_args()
    data = ROOT / "tests" / "engine" / "data"
    paths = args.sets or sorted([*data.glob("outside-*.jsonl"), *data.glob("writers-*.jsonl")])
    engine = Engine.load()
    topics = rule_topics(engine)
    print(f"{'set':24} {'fallback':>8} {'doubt':>6} " + " ".join(f"{c:>12}" for c in AFTER))
    overall: Counter[str] = Counter()
    per_fact: dict[str, Counter[str]] = {}
    saved = []
    for path in paths:
        counts: Counter[str] = Counter()
        for number, line in enumerate(read_set(path), 1):
            got, asked = answer(engine, line, {})
            if got[0] != "question" or not asked or asked[0][0] != TOPIC:
                continue
            offered = asked[0][1]
            counts["fallback" if NO_DISPUTE.name in offered else "doubt"] += 1
            want = topics[line.expected[1]] if line.expected[1] else NO_DISPUTE.name
            if want not in offered:
                counts["not offered"] += 1
                continue
            after, _ = answer(engine, line, {TOPIC: want})
            judged = verdict(after, line.expected)
            counts[judged] += 1
            rows = fact_rows(engine, line, want) if args.facts else {}
            for fact, column in rows.items():
                per_fact.setdefault(fact.split("=")[0], Counter())[column] += 1
            saved.append({"set": path.stem, "line": number, "topic": want, "after": list(after), "verdict": judged,
                          "expected": list(line.expected), "facts": rows})
            if args.lines:
                print(f"  {path.stem}:{number} {want}: {' '.join(filter(None, after))} ({judged}) {rows or ''}")
        overall += counts
        print(_row(path.stem, counts))
    print(_row("overall", overall))
    if args.facts:
        print(f"\n{'fact read (unconfirmed topic)':32} " + " ".join(f"{c:>9}" for c in FACT_COLUMNS))
        total: Counter[str] = Counter()
        for fact in sorted(per_fact, key=lambda f: (-sum(per_fact[f].values()), f)):
            total += per_fact[fact]
            print(f"{fact:32} " + " ".join(f"{per_fact[fact][c]:>9}" for c in FACT_COLUMNS))
        print(f"{'all facts':32} " + " ".join(f"{total[c]:>9}" for c in FACT_COLUMNS))
    if args.save:
        args.save.write_text("".join(json.dumps(row) + "\n" for row in saved), encoding="utf-8")
    if args.compare:
        _compare(args.compare, saved)
    return 0


def _row(name: str, counts: Counter[str]) -> str:
    return f"{name:24} {counts['fallback']:>8} {counts['doubt']:>6} " + " ".join(f"{counts[c]:>12}" for c in AFTER)


def _compare(path: Path, saved: list[dict[str, object]]) -> None:
    """How each line's answer after the tap moved from the other engine's (rows: before; columns: now)."""
    before = {(row["set"], row["line"]): row for row in map(json.loads, path.read_text("utf-8").splitlines())}
    moves: Counter[tuple[str, str]] = Counter()
    for row in saved:
        was = before.get((row["set"], row["line"]))
        moves[(str(was["verdict"]) if was else "no topic question", str(row["verdict"]))] += 1
        if was and was["verdict"] != row["verdict"]:
            print(f"  {row['set']}:{row['line']} {row['topic']}: {was['verdict']} -> {row['verdict']} "
                  f"({' '.join(filter(None, row['after']))}; expected {' '.join(filter(None, row['expected']))})")
    print("\n" + f"{'after the tap: before/now':28} " + " ".join(f"{c:>12}" for c in AFTER[:4]))
    for was in (*AFTER[:4], "no topic question"):
        if any(moves[(was, now)] for now in AFTER):
            print(f"{was:28} " + " ".join(f"{moves[(was, now)]:>12}" for now in AFTER[:4]))


if __name__ == "__main__":
    sys.exit(main())
