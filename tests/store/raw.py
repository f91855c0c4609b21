"""Plain SQL on a test's database, around the store: to look at rows as they are stored, or to write what the
store never would (and see the database itself refuse it). Statements use `:name` parameters on both
backends; `refused` is the driver's class for a row the database refuses."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import asyncpg

from store.postgres import arguments, configure

NOTE_COLUMNS = "guild_id, number, channel_id, user_id, kind, text, created_at"
WHEN = "2024-05-01T20:00:00.000Z"


@dataclass(frozen=True)
class Raw:
    backend: str
    location: str

    @property
    def refused(self) -> type[Exception]:
        return sqlite3.IntegrityError if self.backend == "sqlite" else asyncpg.IntegrityConstraintViolationError

    async def fetch(self, sql: str, params: Mapping[str, Any] | None = None) -> list[tuple[Any, ...]]:
        if self.backend == "sqlite":
            with sqlite3.connect(self.location) as conn:
                return conn.execute(sql, dict(params or {})).fetchall()
        conn = await asyncpg.connect(self.location)
        try:
            await configure(conn)
            return [tuple(row) for row in await conn.fetch(*arguments(sql, params or {}))]
        finally:
            await conn.close()

    async def execute(self, sql: str, params: Mapping[str, Any] | None = None) -> None:
        await self.fetch(sql, params)

    async def load_notes(self, guild_id: int, texts: list[str]) -> None:
        """Notes #1..n of a server written straight into the database, quicker than the store for thousands:
        SQLite through its triggers; PostgreSQL by COPY with the per-row triggers off (one transaction updating
        one counter row 100,000 times walks an ever longer chain of its versions), the counter set after."""
        rows = [(guild_id, number, 500, 900, "note", text, WHEN) for number, text in enumerate(texts, start=1)]
        if self.backend == "sqlite":
            with sqlite3.connect(self.location) as conn:
                conn.executemany(f"INSERT INTO log_entries ({NOTE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
            return
        conn = await asyncpg.connect(self.location)
        try:
            await configure(conn)
            async with conn.transaction():
                await conn.execute("SET LOCAL session_replication_role = replica")
                await conn.copy_records_to_table("log_entries", records=rows, columns=NOTE_COLUMNS.split(", "))
                await conn.execute(
                    "INSERT INTO guild_counters (guild_id, last_entry) VALUES ($1, $2) "
                    "ON CONFLICT (guild_id) DO UPDATE SET last_entry = excluded.last_entry",
                    guild_id,
                    len(rows),
                )
        finally:
            await conn.close()

    async def tables(self, column: str | None = None) -> list[str]:
        """The database's tables (those with `column`, if given), Floor Call's version table aside."""
        if self.backend == "sqlite":
            sql = (
                "SELECT DISTINCT m.name FROM sqlite_schema AS m, pragma_table_info(m.name) AS c "
                "WHERE m.type = 'table'"
            )
            name = "c.name"
        else:
            sql = "SELECT DISTINCT table_name FROM information_schema.columns WHERE table_schema = current_schema()"
            name = "column_name"
        if column is not None:
            sql += f" AND {name} = :column"
        found = [table for (table,) in await self.fetch(sql, {"column": column})]
        return sorted(table for table in found if "schema_version" not in table and not table.startswith("sqlite_"))
