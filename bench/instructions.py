"""Engine cost in instructions (callgrind), which a busy machine does not move: per ruling over a fixed sample of
situations, and for a fresh start. Wall-clock figures (bench/engine.py) swing ±40 % here when other jobs run.

Run: .venv/bin/python bench/instructions.py pick SAMPLE.json   (the slowest 1 % of every set line, best of 3 timings)
     .venv/bin/python bench/instructions.py rulings SAMPLE.json  (instructions per ruling over the sample)
     .venv/bin/python bench/instructions.py load                 (instructions of `import` + `Engine.load()`)

A sample picked once is kept as the yardstick: compare two engines (a worktree and main's) on the same file.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from importlib import import_module
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# Only what runs inside `itertools.starmap` is counted: the rulings of the sample, after one warm-up pass.
_RULINGS = """
import itertools, json, sys
from rules_engine import Engine
cases = json.loads(open(sys.argv[1], encoding="utf-8").read())
engine = Engine.load()
for text, book in cases:
    engine.rule(text, book)
for _ in itertools.starmap(engine.rule, cases):
    pass
"""
_LOAD = "from rules_engine import Engine; Engine.load()"


def _corpus() -> list[tuple[str, str]]:
    cases: list[tuple[str, str]] = import_module("engine")._corpus()  # bench/engine.py's: every set line, and its
    return cases  # odd extra texts


def pick(out: Path, rounds: int = 3) -> None:
    """The slowest 1 % of the corpus by each situation's best time over `rounds` passes, written to `out`."""
    from rules_engine import Engine

    cases, engine = _corpus(), Engine.load()
    best = [float("inf")] * len(cases)
    for _ in range(rounds):
        for index, (text, book) in enumerate(cases):
            started = time.perf_counter_ns()
            engine.rule(text, book)
            best[index] = min(best[index], time.perf_counter_ns() - started)
    slowest = sorted(range(len(cases)), key=best.__getitem__, reverse=True)[:len(cases) // 100]
    out.write_text(json.dumps([cases[index] for index in slowest], ensure_ascii=False), encoding="utf-8")
    print(f"{len(slowest)} situations of {len(cases)} to {out} (best times {best[slowest[-1]] / 1e6:.2f}–"
          f"{best[slowest[0]] / 1e6:.2f} ms)")


def _callgrind(code: str, *args: str, toggle: str | None = None) -> int:
    """Instructions callgrind counts running `code` in a fresh interpreter (only inside `toggle` when given), after
    one run outside it so the engine's caches (bytecode, patterns, TOML) are warm, as at every start but the first."""
    environment = {**os.environ, "PYTHONHASHSEED": "0"}
    environment.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run([sys.executable, "-c", _LOAD], cwd=ROOT, env=environment, check=True)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        options = [f"--callgrind-out-file={out}"]
        if toggle:
            options += ["--collect-atstart=no", f"--toggle-collect={toggle}"]
        subprocess.run(["valgrind", "--tool=callgrind", *options, sys.executable, "-c", code, *args], cwd=ROOT,
                       env=environment, check=True, capture_output=True)
        totals = next(line for line in out.read_text().splitlines() if line.startswith(("summary:", "totals:")))
    return int(totals.split()[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("pick", "rulings", "load"))
    parser.add_argument("sample", type=Path, nargs="?", help="the sample's JSON file (pick writes it)")
    args = parser.parse_args()
    if args.what == "load":
        print(f"import + Engine.load(): {_callgrind(_LOAD) / 1e6:,.1f} M instructions")
    elif args.sample is None:
        parser.error("pick and rulings need the sample's file")
    elif args.what == "pick":
        pick(args.sample)
    else:
        count = len(json.loads(args.sample.read_text(encoding="utf-8")))
        total = _callgrind(_RULINGS, str(args.sample.resolve()), toggle="starmap_next")
        print(f"{count} situations: {total / count / 1e6:.3f} M instructions per ruling")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    main()
