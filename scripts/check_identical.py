#!/usr/bin/env python3
"""Check that a change to the engine leaves every ruling as it was (a speed-up must change nothing else).

Every set's texts go through the command line (`python -m rules_engine --rulebook X --jsonl`) under each
rulebook, as a user would run them; a text holding a line break is given to `Engine.rule` directly, since the
command line reads one situation per line. `--save` writes the outputs (before the change), `--compare` says
whether the same run gives the same bytes now, and shows the first lines that differ.

Run: .venv/bin/python scripts/check_identical.py --save /tmp/rulings.json   (then, after the change)
     .venv/bin/python scripts/check_identical.py --compare /tmp/rulings.json
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

RULEBOOKS = ("robert-classic", "robert-v11", "tda-2024")


def _texts() -> list[str]:
    return [json.loads(line)["text"] for path in sorted((ROOT / "tests/engine/data").glob("*.jsonl"))
            for line in path.read_text(encoding="utf-8").splitlines()]


def outputs() -> dict[str, list[str]]:
    """Each rulebook's rulings of every set text, one JSON line each, as the command line prints them."""
    from rules_engine import Engine

    texts = _texts()
    single = "".join(f"{text}\n" for text in texts if "\n" not in text and "\r" not in text)
    several = [text for text in texts if "\n" in text or "\r" in text]
    engine = Engine.load()
    found = {}
    for book in RULEBOOKS:
        run = subprocess.run([sys.executable, "-m", "rules_engine", "--rulebook", book, "--jsonl"], cwd=ROOT,
                             input=single, capture_output=True, text=True, check=True)
        found[book] = run.stdout.splitlines()
        found[f"{book} (several lines)"] = [json.dumps(engine.rule(text, book).to_dict(), ensure_ascii=False)
                                            for text in several]
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--save", type=Path, help="write the rulings here")
    action.add_argument("--compare", type=Path, help="compare the rulings with those saved here")
    args = parser.parse_args()
    found = outputs()
    if args.save:
        args.save.write_text(json.dumps(found, ensure_ascii=False), encoding="utf-8")
        print(f"saved {sum(map(len, found.values()))} rulings to {args.save}")
        return 0
    saved = json.loads(args.compare.read_text(encoding="utf-8"))
    differing = [(key, i, old, new) for key in saved.keys() | found.keys()
                 for i, (old, new) in enumerate(zip(saved.get(key, []), found.get(key, []), strict=False))
                 if old != new]
    counts = {key: (len(saved.get(key, [])), len(found.get(key, []))) for key in saved.keys() | found.keys()}
    missing = {key: count for key, count in counts.items() if count[0] != count[1]}
    for key, i, old, new in differing[:5]:
        print(f"{key} line {i + 1}:\n  was {old}\n  now {new}")
    if missing:
        print(f"different numbers of rulings (saved, now): {missing}")
    if differing or missing:
        print(f"DIFFERENT: {len(differing)} rulings changed")
        return 1
    print(f"identical: {sum(map(len, found.values()))} rulings")
    return 0


if __name__ == "__main__":
    sys.exit(main())
