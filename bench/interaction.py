"""End-to-end `/ruling` handling through the Discord stand-in, with the SQLite log write; and `/ruling` in
other servers while one server exports a large log.

Each sample is one INTERACTION_CREATE fed to the real bot until its reply reached the stand-in over HTTP:
parse → engine → store.log_ruling (committed) → embed → interaction callback. The members asking rotate over
many servers and members, as on a real bot (one member is rate limited: cogs/cooldown.py). Prints p50/p99,
start-up time (login + setup_hook: engine load, store open, cogs) and the peak RSS of the process (bot and
stand-in share it, so the figure is an upper bound for the bot alone). The stand-in serves from a thread of
its own, as Discord is elsewhere, and keeps no uploads.

With --export N, one server's log is filled with N entries, then `/game export` runs in it while other
servers keep asking for rulings: the figures are their latencies during the export (the export must not
delay them past 100 ms; how many did is printed), the export's own time, its parts, and the process's
resident memory during it against just before it (sampled every 20 ms: the bot holds one part at a time).
The log is hostile by default: 1,000 characters a note of poorly compressible text (--text ordinary: a short
note, as tables write them), the QA report's worst case.

    .venv/bin/python bench/interaction.py [--rounds 2000] [--export 100000] [--text hostile|ordinary]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import resource
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot import Config, FloorBot
from offline import limits
from offline.driver import Driver
from offline.payloads import GUILD_ID, MANAGER, PLAYER, Actor

SITUATIONS = (
    "the flop had four cards",
    "the dealer turned the turn before the betting was done",
    "the river was dealt early",
    "first card of the deal was exposed",
    "il flop aveva quattro carte",
    "il mazziere ha girato il turn prima che finissero le puntate",
    "player got an extra hole card",
    "what time does the bakery open",
)
WARMUP = 50
SERVERS, MEMBERS = 50, 5000  # every asker a different member: one member is rate limited (cogs/cooldown.py)
BATCH = 2000  # notes written at once while filling the exported log
HOSTILE = "abcdefghijklmnopqrstuvwxyz0123456789 =+-@*_~|"  # the QA report's poorly compressible alphabet


def member(index: int) -> Actor:
    """The index-th asker: a different member, in one of SERVERS servers (never the exporting one)."""
    return replace(PLAYER, user_id=PLAYER.user_id + index % MEMBERS, guild_id=GUILD_ID + 1 + index % SERVERS)


def percentiles(samples: list[float]) -> tuple[float, float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, round(0.99 * len(ordered)) - 1)], ordered[-1]


async def rule(driver: Driver[FloorBot], index: int) -> float:
    """One /ruling; its time in milliseconds."""
    situation = SITUATIONS[index % len(SITUATIONS)]
    begin = time.perf_counter()
    exchange = await driver.command("ruling", member(index), situation=situation)
    elapsed = (time.perf_counter() - begin) * 1000
    if not exchange.embeds or driver.standin.errors:
        raise SystemExit(f"bad reply for {situation!r}: {exchange.requests!r} {driver.standin.errors}")
    return elapsed


def note_text(kind: str, n: int, rng: random.Random) -> str:
    if kind == "hostile":
        return "".join(rng.choices(HOSTILE, k=1000))
    return f"note {n} " + "x" * 60


def rss_mb() -> float:
    """The process's resident memory now (Linux), in MB."""
    with open("/proc/self/status") as status:
        kib = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    return kib / 1024


async def bench(rounds: int, export: int, kind: str) -> None:
    with tempfile.TemporaryDirectory() as directory:
        bot = FloorBot(Config(token=None, database_path=str(Path(directory) / "bench.db")))
        started = time.perf_counter()
        driver = await Driver.start(bot, handler_timeout=limits.TOKEN_LIFETIME)  # an export may take its 15 min
        driver.standin.keep_uploads = False  # the recorder is test tooling: keep the uploads out of the RSS
        startup = time.perf_counter() - started
        try:
            samples = []
            for index in range(WARMUP + rounds):
                elapsed = await rule(driver, index)
                if index >= WARMUP:
                    samples.append(elapsed)
                driver.standin.forget()  # the recorder is test tooling: keep it out of the RSS figure
            views = len(driver.live_views())
            peak_rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
            p50, p99, worst = percentiles(samples)
            print(f"/ruling end to end through the stand-in, {rounds} rounds, {SERVERS} servers × {MEMBERS} members")
            print(f"  p50 {p50:.2f} ms   p99 {p99:.2f} ms   max {worst:.2f} ms   (target p99 <= 20 ms)")
            print(f"  start-up (login + setup_hook) {startup * 1000:.0f} ms")
            print(f"  peak RSS {peak_rss_mb:.1f} MB (bot + stand-in in one process; target <= 80 MB)")
            print(f"  {views} views were still waiting for clicks at the end (questions keep none: they are stored)")
            if export:
                await during_export(driver, export, kind)
        finally:
            await driver.close()


async def during_export(driver: Driver[FloorBot], entries: int, kind: str) -> None:
    """/ruling in other servers while GUILD_ID exports `entries` entries."""
    store = driver.bot.store
    filling = time.perf_counter()
    rng = random.Random(7)
    for start in range(0, entries, BATCH):
        notes = [
            store.add_note(GUILD_ID, channel_id=1, user_id=PLAYER.user_id, text=note_text(kind, n, rng))
            for n in range(start, min(start + BATCH, entries))
        ]
        await asyncio.gather(*notes)
    filled = time.perf_counter() - filling
    print(f"\n{entries:,} {kind} entries written in {filled:.1f} s; now /game export while others rule")
    driver.standin.forget()
    before = rss_mb()
    peak = [before]

    async def sample() -> None:
        while True:
            peak.append(rss_mb())
            await asyncio.sleep(0.02)

    sampler = asyncio.create_task(sample())
    begin = time.perf_counter()
    exporting = asyncio.create_task(driver.command("game", MANAGER, ("export",), format="csv"))
    samples: list[float] = []
    index = 3000  # members who have not asked yet
    while not exporting.done():
        samples.append(await rule(driver, index))
        index += 1
    exchange = await exporting
    took = time.perf_counter() - begin
    sampler.cancel()
    files = [file for request in exchange.requests for file in request.files]
    size = sum(file.size for file in files)
    print(f"  export: {took:.2f} s, {len(files)} part(s), {size / 1e6:.2f} MB attached")
    print(f"  resident memory: {before:.0f} MB before the export, {max(peak):.0f} MB at most during it")
    if samples:
        p50, p99, worst = percentiles(samples)
        late = sum(sample > 100 for sample in samples)
        figures = f"p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {worst:.2f} ms, {late} over 100 ms"
        print(f"  /ruling elsewhere meanwhile: {len(samples)} rulings, {figures}")
        print("  (target: none delayed more than 100 ms by the export)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--export", type=int, default=100_000, help="entries in the exported log (0: skip)")
    parser.add_argument("--text", choices=("hostile", "ordinary"), default="hostile", help="what the notes hold")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    asyncio.run(bench(args.rounds, args.export, args.text))


if __name__ == "__main__":
    main()
