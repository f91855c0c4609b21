"""Store benchmark: logged rulings per second with many servers writing at once, and `/game log` page
time with 1,000,000 entries in the file. Prints its figures; nothing is asserted.

    .venv/bin/python bench/store.py            # about a minute
    .venv/bin/python bench/store.py --quick    # a smoke run in seconds

Throughput is measured three ways so the choices in store/ can be judged: the shipped store (group
commit, synchronous=FULL), the same with synchronous=NORMAL, and one transaction per ruling (batches of
one, FULL). Page times go through `Store.log_page`, i.e. the real path: aiosqlite thread hop, lock, SQL.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

# This file is named store.py: drop its own folder from the path so `import store` finds the package.
HERE = Path(__file__).resolve().parent
sys.path[:] = [str(HERE.parent)] + [p for p in sys.path if Path(p or ".").resolve() != HERE]

from store import Store, writer  # noqa: E402

RUNS = 3


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def throughput(
    path: Path, guilds: int, writers: int, per_writer: int, synchronous: str
) -> tuple[float, list[float]]:
    """Rulings/s with `guilds` servers × `writers` concurrent callers each; also each call's ack time."""
    store = await Store.open(path)
    await store._conn.execute(f"PRAGMA synchronous = {synchronous}")  # bench-only: compare the choice
    for guild_id in range(1, guilds + 1):
        await store.start_game(guild_id, channel_id=guild_id, user_id=1, name="bench")
    latencies: list[float] = []

    async def caller(guild_id: int, n: int) -> None:
        for i in range(per_writer):
            started = time.perf_counter()
            await store.log_ruling(
                guild_id,
                channel_id=guild_id,
                user_id=n,
                situation=f"flop had four cards {i}",
                status="ruling",
                rule_id="holdem.flop-too-many-cards",
                outcome="redeal-flop",
                rulebook="robert-classic",
            )
            latencies.append(time.perf_counter() - started)

    started = time.perf_counter()
    await asyncio.gather(*(caller(g, n) for g in range(1, guilds + 1) for n in range(writers)))
    elapsed = time.perf_counter() - started
    await store.close()
    return len(latencies) / elapsed, latencies


def rows(entries: int, guilds: int, big_share: float, per_game: int) -> Iterator[tuple[object, ...]]:
    """Log rows: `big_share` of them in guild 1 (in games of `per_game`), the rest spread round-robin."""
    big = int(entries * big_share)
    numbers = Counter[int]()
    for i in range(entries):
        guild_id = 1 if i < big else 2 + i % (guilds - 1)
        numbers[guild_id] += 1
        if i < big:
            yield (1, numbers[1], i // per_game + 1, 10, 100 + i % 7, f"flop had four cards {i}")
        else:
            yield (guild_id, numbers[guild_id], None, 20, 100 + i % 7, f"turn came early {i}")


async def build_big_file(path: Path, entries: int, guilds: int, per_game: int) -> int:
    """Schema via Store.open, then one executemany transaction; returns guild 1's game count."""
    await (await Store.open(path)).close()
    games = int(entries * 0.5) // per_game
    started = time.perf_counter()
    with sqlite3.connect(path) as conn:
        conn.executemany(
            "INSERT INTO games (id, number, guild_id, channel_id, name, opened_by, closed_at) "
            "VALUES (?, ?, 1, 10, ?, 100, '2025-01-01T00:00:00Z')",
            ((n, n, f"game {n}") for n in range(1, games + 1)),
        )
        conn.executemany(
            "INSERT INTO log_entries (guild_id, number, game_id, channel_id, user_id, kind, text, status, "
            "rule_id, outcome, rulebook) VALUES (?, ?, ?, ?, ?, 'ruling', ?, 'ruling', "
            "'holdem.flop-too-many-cards', 'redeal-flop', 'robert-classic')",
            rows(entries, guilds, 0.5, per_game),
        )
        conn.execute("ANALYZE")
    print(f"built {entries:,} entries ({games} games in guild 1) in {time.perf_counter() - started:.1f} s")
    return games


async def page_times(path: Path, game_number: int, queries: int) -> None:
    store = await Store.open(path)
    cases = {
        "server log, page 1": {"page": 1},
        "server log, page 100": {"page": 100},
        "one game, page 1": {"game_number": game_number, "page": 1},
        "one game, page 100": {"game_number": game_number, "page": 100},
        "small server, page 1": {"page": 1, "guild": 2},
    }
    for label, case in cases.items():
        guild_id = int(case.pop("guild", 1))
        samples = []
        for _ in range(queries):
            started = time.perf_counter()
            page = await store.log_page(guild_id, **case)
            samples.append(time.perf_counter() - started)
        assert len(page.entries) == page.per_page
        print(
            f"  {label:<22} median {statistics.median(samples) * 1e3:.3f} ms"
            f"   p99 {percentile(samples, 0.99) * 1e3:.3f} ms   ({queries} queries)"
        )
    await store.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, for a smoke run")
    args = parser.parse_args()
    guilds, writers, per_writer = (20, 5, 5) if args.quick else (100, 10, 20)
    entries, queries = (50_000, 50) if args.quick else (1_000_000, 1000)

    with tempfile.TemporaryDirectory() as tmp:
        configs = {
            "group commit, FULL (shipped)": ("FULL", writer.MAX_BATCH, per_writer),
            "group commit, NORMAL": ("NORMAL", writer.MAX_BATCH, per_writer),
            "one commit per ruling, FULL": ("FULL", 1, max(1, per_writer // 10)),
        }
        print(
            f"log_ruling throughput: {guilds} servers × {writers} concurrent callers, median of {RUNS} runs"
        )
        for label, (synchronous, batch, count) in configs.items():
            writer.MAX_BATCH = batch
            results = []
            for run in range(RUNS):
                rate, latencies = await throughput(
                    Path(tmp, f"{label}{run}.db"), guilds, writers, count, synchronous
                )
                results.append((rate, statistics.median(latencies), percentile(latencies, 0.99)))
            rate, p50, p99 = (statistics.median(column) for column in zip(*results, strict=True))
            print(
                f"  {label:<30} {rate:>9,.0f} rulings/s  ack median {p50 * 1e3:.1f} ms"
                f"  p99 {p99 * 1e3:.1f} ms  ({guilds * writers * count:,} per run)"
            )

        print(f"/game log page (10 entries) with {entries:,} entries in the file")
        big = Path(tmp, "big.db")
        games = await build_big_file(big, entries, guilds=100, per_game=10_000)
        await page_times(big, game_number=games, queries=queries)


if __name__ == "__main__":
    asyncio.run(main())
