#!/usr/bin/env python3
"""Check a labelled set before it is scored: each line's label must be one the rules data can give (its rulebook, a
rule and an outcome that rule has under it). Nothing is ruled on, so a writer who must not see the engine's answers
may run it.

Run: .venv/bin/python scripts/check_labels.py SET.jsonl [...]
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules_engine import Engine  # noqa: E402
from rules_engine.evaluation import answer_text, label_given_by_the_rules, read_set  # noqa: E402


def main(paths: list[str]) -> int:
    engine = Engine.load()
    wrong = [f"{path}:{number}: {line.rulebook} {answer_text(line.expected)}"
             for path in paths for number, line in enumerate(read_set(Path(path)), start=1)
             if not label_given_by_the_rules(engine, line)]
    print("\n".join(wrong) if wrong else "every label is one the rules data can give")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
