"""Engine benchmark: load time of the rulebooks, rulings per second and p50/p99 latency on a mixed corpus.

Run: .venv/bin/python bench/engine.py
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules_engine import Engine  # noqa: E402
from rules_engine.pattern_cache import CACHE  # noqa: E402

CORPORA = sorted((ROOT / "tests/engine/data").glob("*.jsonl"))
EXTRA = ["", "x" * 6000, "flop had four cards " * 300, "what time is the game on friday", "🃏" * 500]


def _corpus() -> list[tuple[str, str]]:
    cases = [(c["text"], c["rulebook"]) for path in CORPORA if path.exists()
             for c in map(json.loads, path.read_text(encoding="utf-8").splitlines())]
    return cases + [(text, "robert-classic") for text in EXTRA]


# A fresh interpreter each time, as the bot starts: importing the engine and loading every file, with no
# regular expression already compiled by an earlier load in the same process (the pattern cache on disk is used,
# as at every start but the first after a lexicon change, which is measured on its own).
_COLD_LOAD = """
import time
started = time.perf_counter()
from rules_engine import Engine
imported = time.perf_counter()
Engine.load()
print(imported - started, time.perf_counter() - imported)
"""


def _cold_loads(times: int) -> list[tuple[float, float]]:
    runs = []
    for _ in range(times):
        out = subprocess.run([sys.executable, "-c", _COLD_LOAD], cwd=ROOT, capture_output=True, text=True, check=True)
        imported, loaded = map(float, out.stdout.split())
        runs.append((imported, loaded))
    return runs


def main() -> None:
    CACHE.unlink(missing_ok=True)  # the first start after a lexicon change compiles every pattern and stores them
    first = _cold_loads(1)[0]
    fresh = _cold_loads(5)
    loads = []
    for _ in range(5):
        started = time.perf_counter()
        engine = Engine.load()
        loads.append(time.perf_counter() - started)
    corpus = _corpus()
    for text, book in corpus:  # warm the typo cache as a running bot would be
        engine.rule(text, book)
    latencies = []
    started = time.perf_counter()
    for _ in range(20):
        for text, book in corpus:
            t0 = time.perf_counter_ns()
            engine.rule(text, book)
            latencies.append((time.perf_counter_ns() - t0) / 1e6)
    elapsed = time.perf_counter() - started
    cold = Engine.load()
    cold_latencies = []
    for text, book in corpus:
        t0 = time.perf_counter_ns()
        cold.rule(text, book)
        cold_latencies.append((time.perf_counter_ns() - t0) / 1e6)
    q = statistics.quantiles(latencies, n=100)
    cq = statistics.quantiles(cold_latencies, n=100)
    print(f"corpus: {len(corpus)} situations x 20 rounds")
    print(f"load in a fresh process: import {statistics.median(r[0] for r in fresh) * 1000:.1f} ms + "
          f"Engine.load() {statistics.median(r[1] for r in fresh) * 1000:.1f} ms (median of {len(fresh)}), "
          f"max total {max(sum(r) for r in fresh) * 1000:.1f} ms")
    print(f"first load after a lexicon change (no pattern cache): Engine.load() {first[1] * 1000:.1f} ms")
    print(f"reload in the same process: median {statistics.median(loads) * 1000:.1f} ms")
    print(f"rulings per second: {len(latencies) / elapsed:,.0f}")
    print(f"latency warm: p50 {q[49]:.3f} ms, p99 {q[98]:.3f} ms, max {max(latencies):.3f} ms")
    print(f"latency first sight (cold typo cache): p50 {cq[49]:.3f} ms, p99 {cq[98]:.3f} ms")


if __name__ == "__main__":
    main()
