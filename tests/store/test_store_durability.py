"""A ruling acknowledged to the caller survives the process being killed (SIGKILL, no cleanup), on both
backends: SQLite's file recovers from its WAL; PostgreSQL aborts the dead client's open transactions."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

from raw import Raw
from store_helpers import ruling

from store import Store

ROOT = Path(__file__).resolve().parents[2]
ACKS_BEFORE_KILL = 1500


def _run_and_kill(location: str) -> dict[int, str]:
    """Start the writer, SIGKILL it after enough acks; every `id text` line it managed to print."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        [sys.executable, str(Path(__file__).with_name("crash_writer.py")), location],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert child.stdout is not None and child.stderr is not None
    lines: list[str] = []
    while len(lines) < ACKS_BEFORE_KILL:
        line = child.stdout.readline()
        if not line:
            child.wait()
            raise AssertionError(f"writer exited early: {child.stderr.read()}")
        lines.append(line)
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=10)
    lines.extend(child.stdout.readlines())  # acks printed before the kill but not read yet
    assert child.returncode == -signal.SIGKILL
    complete = [line.split() for line in lines if line.endswith("\n")]
    return {int(entry_id): text for entry_id, text in complete}


async def test_acknowledged_rulings_survive_sigkill(location: str, raw: Raw, backend: str) -> None:
    acknowledged = _run_and_kill(location)
    assert len(acknowledged) >= ACKS_BEFORE_KILL

    if backend == "sqlite":
        with sqlite3.connect(location) as conn:  # first open after the kill recovers from the WAL
            assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    stored = dict(await raw.fetch("SELECT id, text FROM log_entries"))
    numbers: dict[int, list[int]] = defaultdict(list)
    for guild_id, number in await raw.fetch("SELECT guild_id, number FROM log_entries"):
        numbers[guild_id].append(number)
    counters = dict(await raw.fetch("SELECT guild_id, last_entry FROM guild_counters"))

    missing = {i: t for i, t in acknowledged.items() if stored.get(i) != t}
    assert missing == {}, f"{len(missing)} acknowledged rulings lost"
    for guild_id, listed in numbers.items():  # each server's numbers are 1..n with no gap, its counter at n
        assert sorted(listed) == list(range(1, counters[guild_id] + 1))

    store = await Store.open(location)  # and the bot can carry on with the database
    try:
        after = await store.log_ruling(1, **ruling("after the crash"))
        assert after.id > max(stored) and after.number == counters[1] + 1
    finally:
        await store.close()
