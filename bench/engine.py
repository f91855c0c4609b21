"""Engine benchmark: load time of the rulebooks, rulings per second and p50/p99 latency over every set line.

Run: .venv/bin/python bench/engine.py [--rounds N] [--loads N]

Each figure is the median of several runs (a round over the whole corpus; a fresh interpreter loading the
engine), so a busy machine moves it less; the spread (min–max over the runs) is printed beside it.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules_engine import Engine  # noqa: E402
from rules_engine.lexicon import COMMON, LEXICON_DIR  # noqa: E402
from rules_engine.pattern_cache import CACHE  # noqa: E402

CORPORA = sorted((ROOT / "tests/engine/data").glob("*.jsonl"))
EXTRA = ["", "x" * 6000, "flop had four cards " * 300, "what time is the game on friday", "🃏" * 500]


def _corpus() -> list[tuple[str, str]]:
    cases = [(c["text"], c["rulebook"]) for path in CORPORA if path.exists()
             for c in map(json.loads, path.read_text(encoding="utf-8").splitlines())]
    return cases + [(text, "robert-classic") for text in EXTRA]


# A fresh interpreter each time, as the bot starts: importing the engine and loading every file, with no
# regular expression already compiled by an earlier load in the same process (the pattern and TOML caches on disk
# are used, as at every start but the first after a data change, which is measured on its own).
_COLD_LOAD = """
import time
started = time.perf_counter()
from rules_engine import Engine
imported = time.perf_counter()
Engine.load()
print(imported - started, time.perf_counter() - imported)
"""


# The same after one change to the lexicon: a concept added to a copy of it (its TOML cache kept, so only that file
# is read anew): the pattern cache compiles that concept, and works out again what depends on every pattern.
_CHANGED_LOAD = """
import sys, time
from pathlib import Path
from rules_engine import Engine
started = time.perf_counter()
Engine.load(lexicon_dir=Path(sys.argv[1]))
print(time.perf_counter() - started)
"""
_ADDED = '\n[concepts.bench_added]\npatterns = ["(bench|banco) added"]\nexamples = ["bench added"]\n'


def _changed_load() -> float:
    """`Engine.load()` (s) in a fresh interpreter, the first after a concept is added to the lexicon; the next
    load, with the lexicon as it is, stores the cache as it was."""
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "lexicon"
        shutil.copytree(LEXICON_DIR, copy)
        with (copy / COMMON).open("a", encoding="utf-8") as common:
            common.write(_ADDED)
        out = subprocess.run([sys.executable, "-c", _CHANGED_LOAD, str(copy)], cwd=ROOT, capture_output=True,
                             text=True, check=True)
    _cold_loads(1)
    return float(out.stdout)


def _cold_loads(times: int, bytecode: bool = True) -> list[tuple[float, float]]:
    """`bytecode`: Python's own cache of the engine's compiled modules (`.pyc`) is written and used, as by a bot
    that has started once; without it the engine's modules are compiled from source at each start (as in a
    checkout run under PYTHONDONTWRITEBYTECODE: its `.pyc` are removed before each start, the other caches kept)."""
    runs = []
    environment = dict(os.environ)
    if bytecode:
        environment.pop("PYTHONDONTWRITEBYTECODE", None)
    else:
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
    for _ in range(times):
        if not bytecode:
            for compiled in (ROOT / "rules_engine").rglob("*.pyc"):
                compiled.unlink()
        out = subprocess.run([sys.executable, "-c", _COLD_LOAD], cwd=ROOT, capture_output=True, text=True,
                             check=True, env=environment)
        imported, loaded = map(float, out.stdout.split())
        runs.append((imported, loaded))
    return runs


def _round(engine: Engine, corpus: list[tuple[str, str]]) -> tuple[list[float], float]:
    """Each ruling's latency (ms) and the round's length (s)."""
    latencies = []
    started = time.perf_counter()
    for text, book in corpus:
        t0 = time.perf_counter_ns()
        engine.rule(text, book)
        latencies.append((time.perf_counter_ns() - t0) / 1e6)
    return latencies, time.perf_counter() - started


def _median(values: list[float], unit: str = "ms", scale: float = 1.0, digits: int = 3) -> str:
    low, middle, high = (f"{value * scale:,.{digits}f}" for value in (min(values), statistics.median(values),
                                                                     max(values)))
    return f"{middle} {unit} ({low}–{high})"


def _loads(runs: list[tuple[float, float]]) -> str:
    imports, loads, totals = ([r[0] for r in runs], [r[1] for r in runs], [sum(r) for r in runs])
    return " + ".join((f"import {_median(imports, scale=1e3, digits=1)}",
                       f"Engine.load() {_median(loads, scale=1e3, digits=1)}")) + \
        f" = {_median(totals, scale=1e3, digits=1)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="rounds over the corpus (default 7)")
    parser.add_argument("--loads", type=int, default=7, help="fresh interpreters loading the engine (default 7)")
    args = parser.parse_args()
    CACHE.unlink(missing_ok=True)  # the first start with no cache compiles every pattern and stores them
    first = _cold_loads(1)[0]
    changed = _changed_load()
    fresh = _cold_loads(args.loads)
    source = _cold_loads(args.loads, bytecode=False)
    reloads = []
    for _ in range(args.loads):
        started = time.perf_counter()
        engine = Engine.load()
        reloads.append(time.perf_counter() - started)
    corpus = _corpus()
    cold, _ = _round(Engine.load(), corpus)  # first sight: typo and anchor caches empty
    _round(engine, corpus)  # warm the caches as a running bot would be
    rounds = [_round(engine, corpus) for _ in range(args.rounds)]
    p50 = [statistics.quantiles(latencies, n=100)[49] for latencies, _ in rounds]
    p99 = [statistics.quantiles(latencies, n=100)[98] for latencies, _ in rounds]
    cq = statistics.quantiles(cold, n=100)
    print(f"corpus: {len(corpus)} situations; medians of {args.rounds} rounds or {args.loads} loads, (min–max)")
    print(f"load in a fresh process, .pyc and data caches warm: {_loads(fresh)}")
    print(f"  the same, the engine's modules compiled from source (no .pyc): {_loads(source)}")
    print(f"first load with no pattern cache (a new interpreter, or the cache's format changed): Engine.load() "
          f"{first[1] * 1000:.1f} ms")
    print(f"first load after a concept is added to the lexicon: Engine.load() {changed * 1000:.1f} ms")
    print(f"reload in the same process: {_median(reloads, scale=1e3, digits=1)}")
    print(f"rulings per second: {_median([len(corpus) / seconds for _, seconds in rounds], unit='/s', digits=0)}")
    print(f"latency warm: p50 {_median(p50)}, p99 {_median(p99)}, "
          f"max {max(max(latencies) for latencies, _ in rounds):.3f} ms")
    print(f"latency first sight (fresh engine, cold caches): p50 {cq[49]:.3f} ms, p99 {cq[98]:.3f} ms")


if __name__ == "__main__":
    main()
