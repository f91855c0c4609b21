"""PostgreSQL's schema: versioned like SQLite's, migrated once when shard processes start together, atomically."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncpg
import pytest
from raw import Raw

from store import Store, StoreUnusable
from store.postgres_schema import MIGRATIONS
from store.schema import LATEST_VERSION, SchemaTooNew
from store.schema import MIGRATIONS as SQLITE_MIGRATIONS

pytestmark = pytest.mark.backends("postgres")
TABLES = ["games", "guild_counters", "guild_settings", "log_entries", "pending_questions"]


def test_every_sqlite_version_has_its_postgres_twin() -> None:
    """PostgreSQL arrived at v5; every later SQLite migration needs one here, so a version means the same
    tables on both (what `store.migrate` relies on)."""
    versions = [version for version, _ in MIGRATIONS]
    assert versions == sorted(versions) and versions[-1] == LATEST_VERSION == len(SQLITE_MIGRATIONS)
    assert versions == list(range(5, LATEST_VERSION + 1))


async def _version(raw: Raw) -> int:
    [(version,)] = await raw.fetch("SELECT version FROM floorcall_schema_version")
    return int(version)


async def test_an_empty_database_reaches_the_latest_version_with_sqlites_tables(
    store: Store, raw: Raw, tmp_path: Path
) -> None:
    """The same tables with the same columns as an SQLite file at the same version."""
    sqlite_store = await Store.open(tmp_path / "floorcall.db")
    await sqlite_store.close()
    sqlite = Raw("sqlite", str(tmp_path / "floorcall.db"))

    assert await _version(raw) == LATEST_VERSION
    assert await raw.tables() == await sqlite.tables() and set(TABLES) <= set(await raw.tables())
    for table in await raw.tables():
        assert await _columns(raw, table) == await _columns(sqlite, table), table


async def _columns(raw: Raw, table: str) -> set[str]:
    if raw.backend == "sqlite":
        return {name for (name,) in await raw.fetch(f"SELECT name FROM pragma_table_info('{table}')")}
    query = "SELECT column_name FROM information_schema.columns WHERE table_name = :table"
    return {name for (name,) in await raw.fetch(query, {"table": table})}


async def test_shard_processes_starting_together_migrate_once(location: str, raw: Raw) -> None:
    stores = await asyncio.gather(*(Store.open(location) for _ in range(4)))
    for store in stores:
        await store.close()
    assert await raw.fetch("SELECT version FROM floorcall_schema_version") == [(LATEST_VERSION,)]


async def test_reopening_changes_nothing(location: str, raw: Raw) -> None:
    for _ in range(3):
        store = await Store.open(location)
        await store.add_note(1, channel_id=1, user_id=1, text="kept")
        await store.close()
    assert await _version(raw) == LATEST_VERSION
    kept = await raw.fetch("SELECT number, text FROM log_entries ORDER BY number")
    assert kept == [(1, "kept"), (2, "kept"), (3, "kept")]


async def test_a_failed_migration_changes_nothing(location: str, raw: Raw) -> None:
    await raw.execute("CREATE TABLE log_entries (x integer)")  # a stray table that makes the migration fail half way

    with pytest.raises(StoreUnusable, match="already exists") as refused:
        await Store.open(location)

    assert "\n" not in str(refused.value) and str(refused.value).startswith(location.split("?")[0].rsplit("/", 1)[0])
    assert await raw.tables() == ["log_entries"]  # games, created before the failure, is gone with the rest


async def test_a_newer_schema_is_refused(store: Store, location: str, raw: Raw) -> None:
    await store.close()
    await raw.execute("UPDATE floorcall_schema_version SET version = :version", {"version": LATEST_VERSION + 1})
    with pytest.raises(SchemaTooNew, match=f"v{LATEST_VERSION + 1}") as refused:
        await Store.open(location)
    assert refused.value.path == location


async def test_connection_settings(store: Store, location: str) -> None:
    """Commits wait for the server's WAL flush (an acknowledged ruling survives a server crash too)."""
    conn = await asyncpg.connect(location)
    try:
        settings = {name: await conn.fetchval(f"SHOW {name}") for name in ("synchronous_commit", "fsync")}
    finally:
        await conn.close()
    assert settings == {"synchronous_commit": "on", "fsync": "on"}
