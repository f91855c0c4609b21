"""Schema migrations: from an empty file, from every earlier version with data, atomically, once."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import NamedTuple

import aiosqlite
import pytest

from store import Store
from store.schema import LATEST_VERSION, SchemaTooNew, migrate, schema_version


class Seed(NamedTuple):
    statements: tuple[str, ...]
    log_texts: tuple[str, ...]  # what /game log must show after the upgrade, newest first


# Rows a real file at each earlier version could hold. A new migration must add its predecessor here.
SEEDS: dict[int, Seed] = {
    0: Seed((), ()),
    1: Seed(
        (
            "INSERT INTO games (id, guild_id, channel_id, name, opened_by, opened_at, closed_at) "
            "VALUES (7, 1, 10, 'Old Friday', 42, '2024-01-05T20:00:00.000Z', '2024-01-06T02:00:00.000Z')",
            "INSERT INTO log_entries (guild_id, game_id, channel_id, user_id, kind, text, status, rule_id, "
            "outcome, rulebook, created_at) VALUES (1, 7, 10, 42, 'ruling', 'turn came early', 'ruling', "
            "'holdem.premature-turn', 'replace-turn', 'robert-classic', '2024-01-05T21:00:00.000Z')",
            "INSERT INTO log_entries (guild_id, game_id, channel_id, user_id, kind, text, created_at) "
            "VALUES (1, NULL, 11, 43, 'note', 'new deck opened', '2024-01-05T22:00:00.000Z')",
        ),
        ("new deck opened", "turn came early"),
    ),
}


def test_every_earlier_version_has_a_seed() -> None:
    assert set(SEEDS) == set(range(LATEST_VERSION))


async def _file_at_version(path: Path, version: int) -> None:
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        await migrate(conn, target=version)
        for statement in SEEDS[version].statements:
            await conn.execute(statement)


async def test_empty_file_reaches_latest_version(store: Store, db_path: Path) -> None:
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST_VERSION
        tables = {name for (name,) in conn.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")}
    assert tables == {"games", "log_entries", "guild_settings"}
    assert (await store.log_page(1)).entries == ()


@pytest.mark.parametrize("version", sorted(SEEDS))
async def test_upgrade_keeps_data(db_path: Path, version: int) -> None:
    await _file_at_version(db_path, version)
    before = _dump(db_path)

    store = await Store.open(db_path)
    try:
        page = await store.log_page(1)
        settings = await store.get_settings(1)
        await store.log_ruling(
            1,
            channel_id=10,
            user_id=42,
            situation="after upgrade",
            status="ruling",
            rule_id=None,
            outcome=None,
            rulebook="robert-classic",
        )
    finally:
        await store.close()

    assert settings.rulebook == "robert-classic"
    assert tuple(entry.text for entry in page.entries) == SEEDS[version].log_texts
    after = _dump(db_path)
    assert after["user_version"] == [(LATEST_VERSION,)]
    for table, rows in before.items():
        if table != "user_version":
            assert set(rows) <= set(after[table]), f"{table} lost rows on upgrade from v{version}"


async def test_reopening_is_idempotent(db_path: Path) -> None:
    for _ in range(3):
        store = await Store.open(db_path)
        await store.close()
    async with aiosqlite.connect(db_path, isolation_level=None) as conn:
        assert await migrate(conn) == LATEST_VERSION
        assert await schema_version(conn) == LATEST_VERSION


async def test_failed_migration_changes_nothing(db_path: Path) -> None:
    await _file_at_version(db_path, 1)
    with sqlite3.connect(db_path) as conn:  # a stray table that makes migration 2 fail half way
        conn.execute("CREATE TABLE guild_settings (x)")
    before = _dump(db_path)

    with pytest.raises(sqlite3.OperationalError, match="already exists"):
        await Store.open(db_path)

    assert _dump(db_path) == before


async def test_refuses_a_newer_schema(db_path: Path) -> None:
    with sqlite3.connect(db_path) as conn:
        conn.execute(f"PRAGMA user_version = {LATEST_VERSION + 1}")
    with pytest.raises(SchemaTooNew):
        await Store.open(db_path)


async def test_connection_settings(store: Store, db_path: Path) -> None:
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    rows = {
        pragma: (await store._conn.execute_fetchall(f"PRAGMA {pragma}"))[0][0]
        for pragma in ("foreign_keys", "synchronous", "busy_timeout")
    }
    assert rows == {"foreign_keys": 1, "synchronous": 2, "busy_timeout": 5000}  # synchronous 2 = FULL


def _dump(path: Path) -> dict[str, list[tuple[object, ...]]]:
    with sqlite3.connect(path) as conn:
        tables = [name for (name,) in conn.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")]
        dump = {table: sorted(conn.execute(f"SELECT * FROM {table}").fetchall()) for table in tables}
        dump["user_version"] = conn.execute("PRAGMA user_version").fetchall()
    return dump
