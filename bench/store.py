"""Store benchmark: logged rulings per second with many servers writing at once, `/game log` page time
with 1,000,000 entries in the file, and exports: their size per entry (what fits Discord's limits) and how
long other servers' rulings wait while a 100,000-entry log is exported. Prints figures; asserts nothing.
The same on PostgreSQL, beside SQLite's: on a throwaway server of its own (`tests/postgres_cluster.py`: this
machine's PostgreSQL, default settings, on a Unix socket), so the server shares the machine's two cores.

    .venv/bin/python bench/store.py                        # a few minutes
    .venv/bin/python bench/store.py --quick                # a smoke run in seconds
    .venv/bin/python bench/store.py --backend postgres     # or sqlite; both by default

Throughput is measured three ways so the choices in store/ can be judged: the shipped store (group
commit, synchronous=FULL), the same with synchronous=NORMAL, and one transaction per ruling (batches of
one, FULL). Page times go through `Store.log_page`, i.e. the real path: aiosqlite thread hop, lock, SQL.
Export entries are the engine's test situations (real phrasings, 78 characters on average) with Discord
snowflake ids, a game every 300 entries, one note in ten and one private ruling in twenty.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

# This file is named store.py: drop its own folder from the path so `import store` finds the package.
HERE = Path(__file__).resolve().parent
sys.path[:] = [str(HERE.parent)] + [p for p in sys.path if Path(p or ".").resolve() != HERE]

import aiosqlite  # noqa: E402
import asyncpg  # noqa: E402

from store import Store, Viewer, writer  # noqa: E402
from store.postgres import configure  # noqa: E402
from store.schema import LATEST_VERSION, migrate  # noqa: E402
from store.sqlite import SQLiteDatabase  # noqa: E402
from tests.postgres_cluster import Cluster  # noqa: E402

RUNS = 3
MIB = 1024 * 1024
LIMITS = {"10 MiB": 10 * MIB, "25 MiB": 25 * MIB}  # Discord's attachment limits (free, boosted server)
MANAGER = Viewer(user_id=1, manager=True)
SNOWFLAKE = 1_180_000_000_000_000_000  # a channel or user id of 2024: 19 digits, as in a real export


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def throughput(
    location: str | Path, guilds: int, writers: int, per_writer: int, synchronous: str | None = None
) -> tuple[float, list[float]]:
    """Rulings/s with `guilds` servers × `writers` concurrent callers each; also each call's ack time."""
    store = await Store.open(location)
    if isinstance(store._db, SQLiteDatabase) and synchronous:
        await store._db.conn.execute(f"PRAGMA synchronous = {synchronous}")  # bench-only: compare the choice
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
    """Log rows (guild, game, channel, user, text, number): `big_share` of them in guild 1 (in games of
    `per_game`), the rest spread round-robin."""
    big = int(entries * big_share)
    numbers = Counter[int]()
    for i in range(entries):
        guild_id = 1 if i < big else 2 + i % (guilds - 1)
        numbers[guild_id] += 1
        if i < big:
            yield (1, i // per_game + 1, 10, 100 + i % 7, f"flop had four cards {i}", numbers[1])
        else:
            yield (guild_id, None, 20, 100 + i % 7, f"turn came early {i}", numbers[guild_id])


async def build_big_file(path: Path, entries: int, guilds: int, per_game: int, version: int = LATEST_VERSION) -> int:
    """The schema at `version` (the real migrations), then one executemany transaction; guild 1's game count.
    Before v3 there are no numbers: the upgrade benchmark lets the migration give them."""
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        await migrate(conn, target=version)
    numbered = version >= 3
    games = int(entries * 0.5) // per_game
    started = time.perf_counter()
    with sqlite3.connect(path) as conn:
        conn.executemany(
            f"INSERT INTO games (id, guild_id, channel_id, name, opened_by, closed_at{', number' * numbered}) "
            f"VALUES (?, 1, 10, ?, 100, '2025-01-01T00:00:00Z'{', ?' * numbered})",
            ((n, f"game {n}", n)[: 3 if numbered else 2] for n in range(1, games + 1)),
        )
        conn.executemany(
            f"INSERT INTO log_entries (guild_id, game_id, channel_id, user_id, text{', number' * numbered}, kind, "
            f"status, rule_id, outcome, rulebook) VALUES (?, ?, ?, ?, ?{', ?' * numbered}, 'ruling', 'ruling', "
            f"'holdem.flop-too-many-cards', 'redeal-flop', 'robert-classic')",
            (row[: 6 if numbered else 5] for row in rows(entries, guilds, 0.5, per_game)),
        )
        conn.execute("ANALYZE")
    print(f"built {entries:,} entries ({games} games in guild 1) in {time.perf_counter() - started:.1f} s")
    return games


async def open_times(path: Path, entries: int) -> None:
    """Start-up cost on a big file: the integrity check alone, and the whole Store.open (which runs it)."""
    started = time.perf_counter()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA quick_check").fetchall() == [("ok",)]
    checked = time.perf_counter() - started
    started = time.perf_counter()
    await (await Store.open(path)).close()
    opened = time.perf_counter() - started
    print(
        f"  start-up with {entries:,} entries (warm OS cache): PRAGMA quick_check {checked:.2f} s, "
        f"Store.open with it {opened:.2f} s"
    )


async def upgrade_time(path: Path, entries: int) -> None:
    """The first start after an upgrade from v2 (before numbers): the migrations number every row."""
    await build_big_file(path, entries, guilds=100, per_game=10_000, version=2)
    started = time.perf_counter()
    await (await Store.open(path)).close()
    print(
        f"  first start on a v2 file of {entries:,} entries (migrations to v{LATEST_VERSION}): "
        f"{time.perf_counter() - started:.1f} s"
    )


async def page_times(location: str | Path, game_number: int, queries: int) -> None:
    store = await Store.open(location)
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
            page = await store.log_page(guild_id, viewer=MANAGER, **case)
            samples.append(time.perf_counter() - started)
        assert len(page.entries) == page.per_page
        print(
            f"  {label:<22} median {statistics.median(samples) * 1e3:.3f} ms"
            f"   p99 {percentile(samples, 0.99) * 1e3:.3f} ms   ({queries} queries)"
        )
    await store.close()


def situations() -> list[dict[str, str]]:
    """The engine's test situations: real phrasings with their rule, in English and Italian."""
    root = HERE.parent / "tests" / "engine" / "data"
    return [json.loads(line) for path in sorted(root.glob("*.jsonl")) for line in path.read_text().splitlines()]


async def build_export_file(path: Path, entries: int) -> None:
    """Guild 1's log of `entries` realistic entries: schema via Store.open, rows straight into the file."""
    await (await Store.open(path)).close()
    cases = situations()
    games = (entries + 299) // 300
    with sqlite3.connect(path) as conn:
        conn.executemany(
            "INSERT INTO games (id, number, guild_id, channel_id, name, opened_by, closed_at) "
            "VALUES (?, ?, 1, ?, ?, ?, '2025-01-01T00:00:00Z')",
            ((n, n, SNOWFLAKE + n % 3, f"Friday cash game {n}", SNOWFLAKE + 7) for n in range(1, games + 1)),
        )
        conn.executemany(
            "INSERT INTO log_entries (guild_id, number, game_id, channel_id, user_id, kind, text, status, rule_id, "
            "outcome, rulebook, private) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (export_row(n, cases[n % len(cases)]) for n in range(1, entries + 1)),
        )


def export_row(n: int, case: dict[str, str]) -> tuple[object, ...]:
    game = (n - 1) // 300 + 1
    if n % 10 == 0:
        return (n, game, SNOWFLAKE + game % 3, SNOWFLAKE + n % 9, "note", case["text"], None, None, None, None, 0)
    return (
        n,
        game,
        SNOWFLAKE + game % 3,
        SNOWFLAKE + n % 9,
        "ruling",
        case["text"],
        case["status"],
        case.get("rule_id"),
        case.get("outcome"),
        case["rulebook"],
        int(n % 20 == 0),
    )


async def export_sizes(path: Path, entries: int) -> None:
    """Bytes per entry, plain and zipped, and so how many entries one file of each limit holds."""
    store = await Store.open(path)
    for fmt in ("csv", "json"):
        plain = await store.export(1, viewer=MANAGER, fmt=fmt, max_bytes=2**40)  # type: ignore[arg-type]
        assert plain is not None and plain.entries == entries
        below_plain = min(LIMITS["10 MiB"], len(plain.parts[0].data) - 1)  # so that it is zipped even if small
        zipped = await store.export(1, viewer=MANAGER, fmt=fmt, max_bytes=below_plain)  # type: ignore[arg-type]
        assert zipped is not None and zipped.compressed and zipped.entries == entries
        per_plain = len(plain.parts[0].data) / entries
        per_zipped = sum(len(part.data) for part in zipped.parts) / entries
        fits = "   ".join(
            f"{label}: {limit / per_plain:>9,.0f} plain, {limit / per_zipped:>9,.0f} zipped"
            for label, limit in LIMITS.items()
        )
        print(f"  {fmt:<4} {per_plain:5.0f} B/entry plain, {per_zipped:4.0f} zipped   one file holds  {fits}")
    await store.close()


async def export_while_writing(location: str | Path, entries: int, servers: int = 10) -> None:
    """Worst `log_ruling` wait in `servers` other servers (one caller each, back to back), without an export
    and while one runs; and the export's own time and peak Python memory."""
    store = await Store.open(location)

    async def rule_until(done: asyncio.Event, guild_id: int, waits: list[float]) -> None:
        while not done.is_set():
            started = time.perf_counter()
            await store.log_ruling(
                guild_id,
                channel_id=SNOWFLAKE,
                user_id=SNOWFLAKE,
                situation="flop had four cards",
                status="ruling",
                rule_id="holdem.flop-too-many-cards",
                outcome="redeal-flop",
                rulebook="robert-classic",
            )
            waits.append(time.perf_counter() - started)

    async def measure(work: asyncio.Future[object]) -> list[float]:
        done, waits = asyncio.Event(), []
        work.add_done_callback(lambda _: done.set())
        await asyncio.gather(*(rule_until(done, guild_id, waits) for guild_id in range(2, servers + 2)), work)
        return waits

    quiet = await measure(asyncio.ensure_future(asyncio.sleep(2)))
    for fmt in ("csv", "json"):
        started = time.perf_counter()
        export = asyncio.ensure_future(store.export(1, viewer=MANAGER, fmt=fmt, max_bytes=LIMITS["10 MiB"]))  # type: ignore[arg-type]
        busy = await measure(export)
        elapsed = time.perf_counter() - started
        result = export.result()
        assert result is not None and result.entries == entries
        sizes = [len(part.data) for part in result.parts]
        tracemalloc.start()
        await store.export(1, viewer=MANAGER, fmt=fmt, max_bytes=LIMITS["10 MiB"])  # type: ignore[arg-type]
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        print(
            f"  {fmt:<4} export {elapsed:.2f} s, {len(result.parts)} part(s) of {max(sizes) / MIB:.1f} MiB at most, "
            f"peak Python memory {peak / MIB:.0f} MiB"
        )
        print(
            f"       log_ruling in {servers} other servers: {len(busy):,} during it, median "
            f"{statistics.median(busy) * 1e3:.1f} ms, p99 {percentile(busy, 0.99) * 1e3:.1f} ms, "
            f"worst {max(busy) * 1e3:.1f} ms   (no export: median {statistics.median(quiet) * 1e3:.1f} ms, "
            f"worst {max(quiet) * 1e3:.1f} ms)"
        )
    await store.close()


# The columns of `rows()` then the fixed ruling columns; and `export_row()`'s, after the guild.
BIG_COLUMNS = [
    *("guild_id", "game_id", "channel_id", "user_id", "text", "number"),
    *("kind", "status", "rule_id", "outcome", "rulebook"),
]
EXPORT_COLUMNS = [
    *("guild_id", "number", "game_id", "channel_id", "user_id", "kind", "text"),
    *("status", "rule_id", "outcome", "rulebook", "private"),
]


async def copy_into_postgres(
    url: str,
    games: list[tuple[object, ...]],
    game_columns: list[str],
    entries: Iterator[tuple[object, ...]],
    entry_columns: list[str],
) -> None:
    """Rows straight into PostgreSQL by COPY, with the numbering triggers off (as `store.migrate` does), the
    counters and id sequences set after, then ANALYZE."""
    await (await Store.open(url)).close()
    conn = await asyncpg.connect(url)
    try:
        await configure(conn)
        async with conn.transaction():
            for table in ("games", "log_entries"):
                await conn.execute(f"ALTER TABLE {table} DISABLE TRIGGER {table}_numbered")
            await conn.copy_records_to_table("games", records=games, columns=game_columns)
            await conn.copy_records_to_table("log_entries", records=entries, columns=entry_columns)
            await conn.execute(
                "INSERT INTO guild_counters (guild_id, last_game, last_entry) SELECT guild_id, max(game), max(entry) "
                "FROM (SELECT guild_id, number AS game, 0 AS entry FROM games UNION ALL "
                "SELECT guild_id, 0, number FROM log_entries) AS used GROUP BY guild_id"
            )
            await conn.execute("SELECT setval(pg_get_serial_sequence('games', 'id'), (SELECT max(id) FROM games))")
            for table in ("games", "log_entries"):
                await conn.execute(f"ALTER TABLE {table} ENABLE TRIGGER {table}_numbered")
        await conn.execute("ANALYZE")
    finally:
        await conn.close()


async def build_big_postgres(url: str, entries: int, guilds: int, per_game: int) -> int:
    """`build_big_file`'s log in PostgreSQL; guild 1's game count."""
    games = int(entries * 0.5) // per_game
    started = time.perf_counter()
    fixed = ("ruling", "ruling", "holdem.flop-too-many-cards", "redeal-flop", "robert-classic")
    await copy_into_postgres(
        url,
        [(n, 1, 10, f"game {n}", 100, "2025-01-01T00:00:00.000Z", n) for n in range(1, games + 1)],
        ["id", "guild_id", "channel_id", "name", "opened_by", "closed_at", "number"],
        ((*row, *fixed) for row in rows(entries, guilds, 0.5, per_game)),
        BIG_COLUMNS,
    )
    print(f"built {entries:,} entries ({games} games in guild 1) in {time.perf_counter() - started:.1f} s")
    return games


async def build_export_postgres(url: str, entries: int) -> None:
    """`build_export_file`'s log in PostgreSQL."""
    cases = situations()
    games = (entries + 299) // 300
    made = (export_row(n, cases[n % len(cases)]) for n in range(1, entries + 1))
    await copy_into_postgres(
        url,
        [
            (n, n, 1, SNOWFLAKE + n % 3, f"Friday cash game {n}", SNOWFLAKE + 7, "2025-01-01T00:00:00.000Z")
            for n in range(1, games + 1)
        ],
        ["id", "number", "guild_id", "channel_id", "name", "opened_by", "closed_at"],
        ((1, *row[:-1], bool(row[-1])) for row in made),
        EXPORT_COLUMNS,
    )


async def report_throughput(
    label: str, locations: list[str], guilds: int, writers: int, count: int, synchronous: str | None = None
) -> None:
    results = []
    for location in locations:
        rate, latencies = await throughput(location, guilds, writers, count, synchronous)
        results.append((rate, statistics.median(latencies), percentile(latencies, 0.99)))
    rate, p50, p99 = (statistics.median(column) for column in zip(*results, strict=True))
    print(
        f"  {label:<30} {rate:>9,.0f} rulings/s  ack median {p50 * 1e3:.1f} ms"
        f"  p99 {p99 * 1e3:.1f} ms  ({guilds * writers * count:,} per run)"
    )


async def sqlite_figures(tmp: str, quick: bool) -> None:
    guilds, writers, per_writer = (20, 5, 5) if quick else (100, 10, 20)
    entries, queries = (50_000, 50) if quick else (1_000_000, 1000)
    batch_size = writer.MAX_BATCH
    configs = {
        "group commit, FULL (shipped)": ("FULL", writer.MAX_BATCH, per_writer),
        "group commit, NORMAL": ("NORMAL", writer.MAX_BATCH, per_writer),
        "one commit per ruling, FULL": ("FULL", 1, max(1, per_writer // 10)),
    }
    print(f"SQLite: log_ruling throughput, {guilds} servers × {writers} concurrent callers, median of {RUNS} runs")
    for label, (synchronous, batch, count) in configs.items():
        writer.MAX_BATCH = batch
        files = [str(Path(tmp, f"{label}{run}.db")) for run in range(RUNS)]
        await report_throughput(label, files, guilds, writers, count, synchronous)
    writer.MAX_BATCH = batch_size

    print(f"SQLite: /game log page (10 entries) with {entries:,} entries in the file")
    big = Path(tmp, "big.db")
    games = await build_big_file(big, entries, guilds=100, per_game=10_000)
    await page_times(big, game_number=games, queries=queries)
    await open_times(big, entries)
    await upgrade_time(Path(tmp, "v2.db"), entries)

    exported = 10_000 if quick else 100_000
    print(f"SQLite: /game export of {exported:,} entries (guild 1); other servers write meanwhile")
    log = Path(tmp, "export.db")
    await build_export_file(log, exported)
    await export_sizes(log, exported)
    await export_while_writing(log, exported)


async def postgres_figures(quick: bool) -> None:
    guilds, writers, per_writer = (20, 5, 5) if quick else (100, 10, 20)
    entries, queries = (50_000, 50) if quick else (1_000_000, 1000)
    cluster = Cluster.start()
    try:
        print(f"PostgreSQL: log_ruling throughput, {guilds} servers × {writers} concurrent callers, median of {RUNS}")
        urls = [cluster.create_database(f"throughput_{run}") for run in range(RUNS)]
        await report_throughput("pooled transactions (shipped)", urls, guilds, writers, per_writer)

        print(f"PostgreSQL: /game log page (10 entries) with {entries:,} entries in the database")
        big = cluster.create_database("big")
        games = await build_big_postgres(big, entries, guilds=100, per_game=10_000)
        await page_times(big, game_number=games, queries=queries)
        started = time.perf_counter()
        await (await Store.open(big)).close()
        print(f"  start-up with {entries:,} entries: Store.open {time.perf_counter() - started:.2f} s")

        exported = 10_000 if quick else 100_000
        print(f"PostgreSQL: /game export of {exported:,} entries (guild 1); other servers write meanwhile")
        log = cluster.create_database("export")
        await build_export_postgres(log, exported)
        await export_while_writing(log, exported)
    finally:
        cluster.stop()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, for a smoke run")
    parser.add_argument("--backend", choices=("sqlite", "postgres", "both"), default="both")
    args = parser.parse_args()
    if args.backend in ("sqlite", "both"):
        with tempfile.TemporaryDirectory() as tmp:
            await sqlite_figures(tmp, args.quick)
    if args.backend in ("postgres", "both"):
        await postgres_figures(args.quick)


if __name__ == "__main__":
    asyncio.run(main())
