"""Many servers writing at once: nothing lost, order kept per game, one failure fails alone."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest
from store_helpers import ruling

from store import GameAlreadyOpen, LogEntry, Store, StoreBusy, StoreClosed, Viewer

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
        entries = await store.export_entries(guild_id)
        assert [e.text for e in entries] == [f"{guild_id}:{n}" for n in range(PER_GUILD)]
        assert entries == acked
        assert [e.number for e in entries] == list(range(1, PER_GUILD + 1))
        assert {(e.game_number, e.game_name) for e in entries} == {(1, f"table {guild_id}")}


async def test_all_in_flight_at_once_commit_in_submission_order(store: Store) -> None:
    calls = [store.log_ruling(n % 7 + 1, **ruling(str(n))) for n in range(GUILDS * PER_GUILD)]
    entries = await asyncio.gather(*calls)
    ids = [e.id for e in entries]
    assert ids == sorted(ids)
    assert len(set(ids)) == len(ids)
    for guild_id in range(1, 8):
        numbers = [e.number for e in entries if e.guild_id == guild_id]
        assert numbers == list(range(1, len(numbers) + 1))


async def test_a_failing_write_fails_alone(store: Store) -> None:
    """Two /game start in one channel in the same batch: one wins, the other is told, the rest commit."""
    results = await asyncio.gather(
        store.log_ruling(1, **ruling("before")),
        store.start_game(1, channel_id=500, user_id=1, name="first"),
        store.start_game(1, channel_id=500, user_id=2, name="second"),
        store.log_ruling(1, **ruling("after")),
        return_exceptions=True,
    )
    assert isinstance(results[2], GameAlreadyOpen)
    assert results[2].game.name == "first"
    assert [e.text for e in await store.export_entries(1)] == ["before", "after"]
    assert [e.game_name for e in await store.export_entries(1)] == [None, "first"]


async def test_an_unexpected_constraint_is_not_disguised(store: Store) -> None:
    with pytest.raises(sqlite3.IntegrityError):
        await store.log_ruling(1, **ruling(status=None))  # type: ignore[arg-type]
    assert (await store.log_ruling(1, **ruling())).number == 1  # the failed insert used no number


async def test_close_commits_what_was_queued_then_refuses(db_path, store: Store) -> None:
    pending = [asyncio.create_task(store.log_ruling(1, **ruling(str(n)))) for n in range(20)]
    await asyncio.sleep(0)  # let every task queue its write before close begins
    await store.close()
    assert len({entry.number for entry in await asyncio.gather(*pending)}) == 20
    with pytest.raises(StoreClosed):
        await store.log_ruling(1, **ruling())

    reopened = await Store.open(db_path)
    try:
        assert len(await reopened.export_entries(1)) == 20
    finally:
        await reopened.close()


async def test_a_batch_that_cannot_commit_is_refused_and_the_writer_carries_on(store: Store, db_path) -> None:
    """Another process holds the write lock past the busy timeout: every caller in the batch is told the store
    was busy (nothing is acknowledged that was not committed), and later writes work again."""
    await store._conn.execute("PRAGMA busy_timeout = 50")  # keep the test quick
    blocker = sqlite3.connect(db_path, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")

    results = await asyncio.gather(*(store.log_ruling(1, **ruling(str(n))) for n in range(5)), return_exceptions=True)

    assert all(isinstance(r, StoreBusy) for r in results), results
    blocker.execute("ROLLBACK")
    blocker.close()
    assert (await store.log_ruling(1, **ruling("after"))).number == 1
    assert [e.text for e in await store.export_entries(1)] == ["after"]


async def test_reads_never_wait_for_a_write_held_up_by_another_programs_lock(store: Store, db_path) -> None:
    """Another process holds the write lock (a second bot, the sqlite3 shell in a transaction): a write waits
    for it, and reads meanwhile are answered from the committed file instead of queueing behind that write."""
    await store.log_ruling(1, **ruling("committed"))
    blocker = sqlite3.connect(db_path, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        waiting = asyncio.create_task(store.log_ruling(1, **ruling("behind the lock")))
        while not store._writer._queue.empty():  # the writer took the job and is now waiting on the lock
            await asyncio.sleep(0.01)

        settings = await store.get_settings(1)
        page = await store.log_page(1, viewer=Viewer(user_id=0, manager=True))

        assert not waiting.done()  # read while the write still waited
        assert settings.rulebook and [e.text for e in page.entries] == ["committed"]
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert (await waiting).number == 2
