"""Ledger benchmark: buy-ins recorded per second with many servers at once, `/game log` pages once the money
is merged into them (against the same pages without it), settling tables of 15 and 100 players, and
`/ledger buyin` end to end through the strict stand-in. Prints figures; asserts nothing.

    .venv/bin/python bench/ledger.py            # about a minute
    .venv/bin/python bench/ledger.py --quick    # a smoke run in seconds
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot import Config, FloorBot
from ledger import settle
from ledger.players import PlayerRef
from offline.driver import Driver
from offline.payloads import Actor
from store import Store, Viewer
from store.sql import entries_query, game_filter, visible_to

MANAGER = Viewer(user_id=1, manager=True)


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def figures(samples: list[float]) -> str:
    return f"median {statistics.median(samples) * 1e3:.3f} ms   p99 {percentile(samples, 0.99) * 1e3:.3f} ms"


async def throughput(path: Path, guilds: int, writers: int, per_writer: int) -> float:
    """Buy-ins/s with `guilds` servers × `writers` concurrent callers, each its own request."""
    store = await Store.open(path)
    games = {g: await store.start_game(g, channel_id=g, user_id=1, name="bench") for g in range(1, guilds + 1)}

    async def caller(guild_id: int, n: int) -> None:
        for k in range(per_writer):
            await store.record_money(
                guild_id,
                game_id=games[guild_id].id,
                channel_id=guild_id,
                player=PlayerRef(guest=f"P{n}"),
                kind="buyin",
                cents=5000,
                recorded_by=n,
                request=f"i:{n}:{k}",
            )

    started = time.perf_counter()
    await asyncio.gather(*(caller(g, n) for g in games for n in range(writers)))
    elapsed = time.perf_counter() - started
    await store.close()
    return guilds * writers * per_writer / elapsed


def build(path: Path, entries: int, money: int, per_game: int) -> int:
    """Guild 1 with `entries` rulings and `money` buy-ins and cash-outs interleaved by number over games of
    `per_game` rows; 99 other servers with a little of each. Returns guild 1's game count."""
    rng = random.Random(1)
    total = entries + money
    games = total // per_game + 1
    with sqlite3.connect(path) as conn:
        conn.executemany(
            "INSERT INTO games (id, number, guild_id, channel_id, name, opened_by, opened_at, closed_at) "
            "VALUES (?, ?, 1, 10, ?, 100, '2025-01-01T00:00:00.000Z', '2025-01-02T00:00:00.000Z')",
            ((n, n, f"game {n}") for n in range(1, games + 1)),
        )
        conn.executemany(
            "INSERT INTO ledger_players (id, guild_id, player_key, guest, created_at) "
            "VALUES (?, 1, ?, ?, '2025-01-01T00:00:00.000Z')",
            ((n, f"g:p{n}", f"P{n}") for n in range(1, 51)),
        )
        is_money = set(rng.sample(range(1, total + 1), money))
        log_rows, money_rows = [], []
        for number in range(1, total + 1):
            game = (number - 1) // per_game + 1
            if number in is_money:
                kind = "buyin" if number % 2 else "cashout"
                money_rows.append((number, game, 1 + number % 50, kind, 5000, f"r{number}"))
            else:
                log_rows.append((number, game, f"flop had four cards {number}"))
        conn.executemany(
            "INSERT INTO log_entries (guild_id, number, game_id, channel_id, user_id, kind, text, status, rule_id, "
            "outcome, rulebook) VALUES (1, ?, ?, 10, 100, 'ruling', ?, 'ruling', 'holdem.flop-too-many-cards', "
            "'redeal-flop', 'robert-classic')",
            log_rows,
        )
        conn.executemany(
            "INSERT INTO ledger_entries (guild_id, number, game_id, channel_id, player_id, kind, cents, recorded_by, "
            "recorded_at, request) VALUES (1, ?, ?, 10, ?, ?, ?, 100, '2025-01-01T00:00:00.000Z', ?)",
            money_rows,
        )
        conn.execute("ANALYZE")
    return games


async def pages(path: Path, games: int, queries: int) -> None:
    """`Store.log_page` (rulings, notes and money merged by number) against the query without the money."""
    store = await Store.open(path)
    cases = {
        "server log, page 1": {"page": 1},
        "server log, page 100": {"page": 100},
        "one game, page 1": {"game_number": games // 2, "page": 1},
        "one game, page 100": {"game_number": games // 2, "page": 100},
    }
    for label, case in cases.items():
        merged, alone = [], []
        number = case.get("game_number")
        without = entries_query(game_filter(number)) + " ORDER BY e.id DESC LIMIT :limit OFFSET :offset"
        params = {**visible_to(MANAGER), "guild_id": 1, "game_number": number, "game_id": None, "limit": 11}
        params["offset"] = (case["page"] - 1) * 10
        for _ in range(queries):
            started = time.perf_counter()
            await store.log_page(1, viewer=MANAGER, **case)
            merged.append(time.perf_counter() - started)
            started = time.perf_counter()
            await store._db.read(without, params)
            alone.append(time.perf_counter() - started)
        print(f"  {label:<22} with money: {figures(merged)}   rulings only: {figures(alone)}")
    await store.close()


def settling(tables: int) -> None:
    rng = random.Random(2)
    for players in (15, 100):
        samples = []
        for _ in range(tables):
            cents = [rng.randint(-20_000, 20_000) for _ in range(players - 1)]
            balances = {f"p{n}": Decimal(c) / 100 for n, c in enumerate([*cents, -sum(cents)])}
            started = time.perf_counter()
            settle(balances)
            samples.append(time.perf_counter() - started)
        print(f"  {players:>3} players (random results): {figures(samples)}   ({tables} tables)")


async def through_the_bot(path: Path, interactions: int) -> None:
    driver = await Driver.start(FloorBot(Config(token=None, database_path=str(path))))
    try:
        banker = Actor(user_id=10**17, name="banker")
        await driver.command("game", banker, ("start",), name="Friday")
        buyins, rulings = [], []
        for n in range(interactions):  # alternated with a /ruling, so both meet the same load on the machine
            member = Actor(user_id=10**17 + 1 + n, name=f"m{n}")  # each records their own: no rate limit
            started = time.perf_counter()
            await driver.command("ledger", member, ("buyin",), player=f"<@{member.user_id}>", amount="50")
            buyins.append(time.perf_counter() - started)
            started = time.perf_counter()
            await driver.command("ruling", member, situation="the flop had four cards")
            rulings.append(time.perf_counter() - started)
        print(f"  /ledger buyin, {interactions} members one after another: {figures(buyins)}")
        print(f"  /ruling (logged) alternated with them, as a yardstick:     {figures(rulings)}")
    finally:
        await driver.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, for a smoke run")
    args = parser.parse_args()
    guilds, writers, per_writer = (20, 5, 5) if args.quick else (100, 10, 10)
    entries, money, queries = (50_000, 10_000, 50) if args.quick else (1_000_000, 200_000, 500)
    with tempfile.TemporaryDirectory() as tmp:
        print(f"record_money throughput: {guilds} servers × {writers} concurrent callers")
        rates = [await throughput(Path(tmp, f"t{run}.db"), guilds, writers, per_writer) for run in range(3)]
        print(f"  {statistics.median(rates):,.0f} buy-ins/s committed (median of 3 runs)")

        print(f"/game log page (10 entries), one server with {entries:,} rulings and {money:,} ledger entries")
        big = Path(tmp, "big.db")
        await (await Store.open(big)).close()
        games = build(big, entries, money, per_game=10_000)
        await pages(big, games, queries)

        print("settle (fewest transfers)")
        settling(20 if args.quick else 200)

        print("through the strict stand-in")
        await through_the_bot(Path(tmp, "bot.db"), 50 if args.quick else 300)


if __name__ == "__main__":
    asyncio.run(main())
