"""Many servers writing at once: nothing lost, order kept per game, one failure fails alone."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
from store_helpers import all_entries, ruling

from store import ConstraintViolation, Game, GameAlreadyOpen, LogEntry, Store, StoreBusy, StoreClosed, Viewer

GUILDS = 100
PER_GUILD = 50


async def test_hundred_servers_fifty_rulings_each(store: Store) -> None:
    async def one_table(guild_id: int) -> list[LogEntry]:
        await store.start_game(guild_id, channel_id=guild_id * 10, user_id=1, name=f"table {guild_id}")
        return [
            await store.log_ruling(guild_id, **ruling(f"{guild_id}:{n}", channel_id=guild_id * 10))
            for n in range(PER_GUILD)
        ]

    acknowledged = await asyncio.gather(*(one_table(guild_id) for guild_id in range(1, GUILDS + 1)))

    for guild_id, acked in enumerate(acknowledged, start=1):
        entries = await all_entries(store, guild_id)
        assert [e.text for e in entries] == [f"{guild_id}:{n}" for n in range(PER_GUILD)]
        assert entries == acked
        assert [e.number for e in entries] == list(range(1, PER_GUILD + 1))
        assert {(e.game_number, e.game_name) for e in entries} == {(1, f"table {guild_id}")}


async def test_all_in_flight_at_once_are_numbered_without_gaps_or_repeats(store: Store, backend: str) -> None:
    """PostgreSQL runs them in parallel (one pooled transaction each), SQLite in one queue: either way each
    server's numbers are 1..n, and the log's order (by id) agrees with them."""
    calls = [store.log_ruling(n % 7 + 1, **ruling(str(n))) for n in range(GUILDS * PER_GUILD)]
    entries = await asyncio.gather(*calls)
    ids = [e.id for e in entries]
    assert len(set(ids)) == len(ids)
    if backend == "sqlite":  # the single writer commits in submission order
        assert ids == sorted(ids)
    for guild_id in range(1, 8):
        numbers = [e.number for e in sorted(entries, key=lambda e: e.id) if e.guild_id == guild_id]
        assert numbers == list(range(1, len(numbers) + 1))
        assert [e.number for e in await all_entries(store, guild_id)] == numbers


async def test_a_failing_write_fails_alone(store: Store, backend: str) -> None:
    """Two /game start in one channel at once: one wins, the other is told which game is open, the rest commit
    (SQLite: in one batch, in submission order; PostgreSQL: in parallel transactions, either may win)."""
    results = await asyncio.gather(
        store.log_ruling(1, **ruling("before")),
        store.start_game(1, channel_id=500, user_id=1, name="first"),
        store.start_game(1, channel_id=500, user_id=2, name="second"),
        store.log_ruling(1, **ruling("after")),
        return_exceptions=True,
    )
    [won] = [result for result in results[1:3] if isinstance(result, Game)]
    [lost] = [result for result in results[1:3] if isinstance(result, GameAlreadyOpen)]
    assert lost.game == won
    assert sorted(e.text for e in await all_entries(store, 1)) == ["after", "before"]
    if backend == "sqlite":
        assert won.name == "first"
        assert [e.game_name for e in await all_entries(store, 1)] == [None, "first"]


async def test_an_unexpected_constraint_is_not_disguised(store: Store) -> None:
    with pytest.raises(ConstraintViolation):
        await store.log_ruling(1, **ruling(status=None))  # type: ignore[arg-type]
    assert (await store.log_ruling(1, **ruling())).number == 1  # the failed insert used no number


async def test_close_commits_what_was_queued_then_refuses(location: str, store: Store) -> None:
    pending = [asyncio.create_task(store.log_ruling(1, **ruling(str(n)))) for n in range(20)]
    await asyncio.sleep(0)  # let every task queue its write before close begins
    await store.close()
    assert len({entry.number for entry in await asyncio.gather(*pending)}) == 20
    with pytest.raises(StoreClosed):
        await store.log_ruling(1, **ruling())

    reopened = await Store.open(location)
    try:
        assert len(await all_entries(reopened, 1)) == 20
    finally:
        await reopened.close()


async def test_writes_of_other_processes_are_seen_at_once(store: Store, location: str) -> None:
    """No per-process cache: what one bot process (shard) writes, another reads on its next call."""
    other = await Store.open(location)
    try:
        await store.set_rulebook(1, "tda-2024")
        await store.start_game(1, channel_id=500, user_id=1, name="Friday")
        assert (await other.get_settings(1)).rulebook == "tda-2024"
        await other.set_language(1, "it")
        logged = await other.log_ruling(1, **ruling("from the other process"))
        assert (await store.get_settings(1)).language == "it"
        assert logged.game_name == "Friday" and logged.number == 1
        assert await all_entries(store, 1) == [logged]
    finally:
        await other.close()


async def test_two_processes_numbering_one_server_take_turns(store: Store, location: str) -> None:
    """Two stores on one database (two shard processes, say) logging for the same server at once."""
    other = await Store.open(location)
    try:
        calls = [(store, other)[n % 2].log_ruling(1, **ruling(str(n))) for n in range(200)]
        calls += [(store, other)[n % 2].start_game(1, channel_id=n, user_id=1, name=str(n)) for n in range(20)]
        results = await asyncio.gather(*calls)
    finally:
        await other.close()
    assert sorted(result.number for result in results[:200]) == list(range(1, 201))
    assert sorted(result.number for result in results[200:]) == list(range(1, 21))


@pytest.mark.backends("sqlite")
async def test_a_batch_that_cannot_commit_is_refused_and_the_writer_carries_on(store: Store, db_path: Path) -> None:
    """Another process holds the write lock past the busy timeout: every caller in the batch is told the store
    was busy (nothing is acknowledged that was not committed), and later writes work again."""
    await store._db.conn.execute("PRAGMA busy_timeout = 50")  # type: ignore[attr-defined]  # keep the test quick
    blocker = sqlite3.connect(db_path, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")

    results = await asyncio.gather(*(store.log_ruling(1, **ruling(str(n))) for n in range(5)), return_exceptions=True)

    assert all(isinstance(r, StoreBusy) for r in results), results
    blocker.execute("ROLLBACK")
    blocker.close()
    assert (await store.log_ruling(1, **ruling("after"))).number == 1
    assert [e.text for e in await all_entries(store, 1)] == ["after"]


@pytest.mark.backends("sqlite")
async def test_reads_never_wait_for_a_write_held_up_by_another_programs_lock(store: Store, db_path: Path) -> None:
    """Another process holds the write lock (a second bot, the sqlite3 shell in a transaction): a write waits
    for it, and reads meanwhile are answered from the committed file instead of queueing behind that write."""
    await store.log_ruling(1, **ruling("committed"))
    blocker = sqlite3.connect(db_path, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        waiting = asyncio.create_task(store.log_ruling(1, **ruling("behind the lock")))
        while not store._db.writer._queue.empty():  # type: ignore[attr-defined]  # the writer took the job
            await asyncio.sleep(0.01)  # and is now waiting on the lock

        settings = await store.get_settings(1)
        page = await store.log_page(1, viewer=Viewer(user_id=0, manager=True))

        assert not waiting.done()  # read while the write still waited
        assert settings.rulebook and [e.text for e in page.entries] == ["committed"]
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert (await waiting).number == 2
