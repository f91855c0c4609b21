"""A nine-handed showdown with side pots, timed: from the options as typed to the worded answer.

Each sample reads a random board and nine hands, the contributions (with all-ins, a folded player and an
uncalled bet), builds the pots, ranks the hands (pokerkit), awards every pot with its odd chips and words the
reply — what `/showdown` does before Discord. Then the same through the real bot and the Discord stand-in.
Prints p50/p99 for both (target: p99 ≤ 5 ms for the showdown itself).

    .venv/bin/python bench/showdown.py [--rounds 2000] [--seed 7]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from table_tools import answers, report

PLAYERS = 9
NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Gina", "Hugo", "Ivan", "Jay")
RANKS, SUITS = "23456789TJQKA", "shdc"
WARMUP = 50


def table(rng: random.Random) -> dict[str, str]:
    """A board, nine live hands and contributions making a main pot and several side pots."""
    deck = [rank + suit for rank in RANKS for suit in SUITS]
    rng.shuffle(deck)
    names = NAMES[:PLAYERS]
    hands = "; ".join(f"{name} {deck[5 + 2 * i]} {deck[6 + 2 * i]}" for i, name in enumerate(names))
    stacks = sorted(rng.sample(range(20, 2000, 10), PLAYERS))
    paid = [f"{name} {stack} all-in" for name, stack in zip(names, stacks[:-2], strict=False)]
    paid += [f"{names[-2]} {stacks[-2]}", f"{names[-1]} {stacks[-1]}", f"{NAMES[-1]} 15 folded"]
    rng.shuffle(paid)
    return {"board": " ".join(deck[:5]), "hands": hands, "pots": ", ".join(paid)}


def percentiles(samples: list[float]) -> tuple[float, float]:
    cuts = statistics.quantiles(samples, n=100)
    return cuts[49], cuts[98]


def bench_package(tables: list[dict[str, str]], rounds: int) -> list[float]:
    style = report.Style(rulebook_name="Robert's Rules of Poker (classic)")
    samples = []
    for index in range(WARMUP + rounds):
        options = tables[index % len(tables)]
        begin = time.perf_counter()
        result = answers.settle_showdown(options["board"], options["hands"], options["pots"])
        words = report.showdown(result, style)
        elapsed = time.perf_counter() - begin
        if len(result.awards) < 2 or not words.pots:
            raise SystemExit(f"no side pots in {options}")
        if index >= WARMUP:
            samples.append(elapsed * 1000)
    return samples


async def bench_bot(tables: list[dict[str, str]], rounds: int) -> list[float]:
    from bot import Config, FloorBot
    from offline.driver import Driver
    from offline.payloads import PLAYER

    with tempfile.TemporaryDirectory() as directory:
        driver = await Driver.start(FloorBot(Config(token=None, database_path=str(Path(directory) / "b.db"))))
        try:
            samples = []
            for index in range(WARMUP + rounds):
                begin = time.perf_counter()
                exchange = await driver.command("showdown", PLAYER, **tables[index % len(tables)])
                elapsed = time.perf_counter() - begin
                if not exchange.embeds or driver.standin.errors:
                    raise SystemExit(f"bad reply: {exchange.requests!r} {driver.standin.errors}")
                if index >= WARMUP:
                    samples.append(elapsed * 1000)
                driver.standin.forget()
            return samples
        finally:
            await driver.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    logging.disable(logging.WARNING)
    rng = random.Random(args.seed)
    tables = [table(rng) for _ in range(200)]
    started = time.perf_counter()
    answers.settle_showdown(**tables[0])
    first = (time.perf_counter() - started) * 1000
    print(f"first showdown in a process (imports pokerkit, which builds its lookup tables): {first:.0f} ms")
    p50, p99 = percentiles(bench_package(tables, args.rounds))
    print(f"showdown, {PLAYERS} hands with side pots, typed → worded: p50 {p50:.2f} ms, p99 {p99:.2f} ms")
    p50, p99 = percentiles(asyncio.run(bench_bot(tables, max(args.rounds // 4, 100))))
    print(f"/showdown end to end through the Discord stand-in: p50 {p50:.2f} ms, p99 {p99:.2f} ms")


if __name__ == "__main__":
    main()
