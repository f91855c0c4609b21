#!/usr/bin/env python3
"""Score the engine on labelled sets: per set and overall, the lines, the share strictly right (status, rule id
and outcome) and each kind of miss, worst first. With --misses, print every miss as a known_misses entry.

Run: .venv/bin/python scripts/score_sets.py [SET.jsonl …] [--misses]
(default: every set in tests/engine/data; a new set is scored the same way, at first sight, before any fix)
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules_engine import Engine  # noqa: E402
from rules_engine.evaluation import Result, Verdict, answer_text, read_set, score, tally  # noqa: E402

COLUMNS = {Verdict.WRONG_RULING: "wrong rulings", Verdict.DISTRACTOR_RULED: "distractors ruled",
           Verdict.NEEDLESS_QUESTION: "needless questions", Verdict.MISSED_RULING: "missed rulings",
           Verdict.OTHER_MISS: "other misses"}


def _row(name: str, counts: Counter[Verdict], lines: int) -> str:
    right = 100 * counts[Verdict.RIGHT] / lines if lines else 0.0
    misses = " ".join(f"{counts[verdict]:>{len(label)}}" for verdict, label in COLUMNS.items())
    return f"{name:28} {lines:6} {right:8.2f}% {misses}"


def _miss_entry(result: Result) -> str:
    """A known_misses/<set>.toml entry; the reason is for a person to write."""
    return "\n".join(("[[misses]]", f"text = {json.dumps(result.line.text, ensure_ascii=False)}",
                      f'rulebook = "{result.line.rulebook}"', f'answer = "{answer_text(result.answer)}"',
                      f"# expected: {answer_text(result.line.expected)} ({result.verdict.value})", 'reason = ""', ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="*", type=Path, help="JSONL sets (default: tests/engine/data/*.jsonl)")
    parser.add_argument("--misses", action="store_true", help="print every miss as a known_misses entry")
    args = parser.parse_args()
    engine = Engine.load()
    paths = args.sets or sorted((ROOT / "tests/engine/data").glob("*.jsonl"))
    print(f"{'set':28} {'lines':>6} {'right':>9} " + " ".join(COLUMNS.values()))
    overall: Counter[Verdict] = Counter()
    total = 0
    misses = []
    for path in paths:
        results = score(engine, read_set(path))
        counts = tally(results)
        overall += counts
        total += len(results)
        print(_row(path.stem, counts, len(results)))
        misses += [(path, r) for r in results if r.verdict is not Verdict.RIGHT]
    print(_row("overall", overall, total))
    if args.misses:
        for path, result in misses:
            print(f"\n# {path.name}\n{_miss_entry(result)}", end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
