"""Ordered schema migrations keyed by `PRAGMA user_version`.

Each migration is a tuple of statements; all pending ones run in one `BEGIN IMMEDIATE` transaction
together with the new `user_version`, so a crash leaves the file at the old version or the new one.
The version is re-read inside the transaction, so two processes opening the same file cannot both
migrate. Append new migrations; never edit a released one.
"""

from __future__ import annotations

import aiosqlite

from .models import StoreError

NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # v1: home games and their log. (guild_id, id) is unique on games so that log entries reference a
    # game *of the same guild*: the database itself refuses a cross-server link.
    (
        f"""CREATE TABLE games (
            id         INTEGER PRIMARY KEY,
            guild_id   INTEGER NOT NULL,
            channel_id INTEGER NOT NULL,
            name       TEXT    NOT NULL,
            opened_by  INTEGER NOT NULL,
            opened_at  TEXT    NOT NULL DEFAULT ({NOW}),
            closed_at  TEXT,
            UNIQUE (guild_id, id)
        )""",
        # One open game per channel, enforced by the database rather than by a racy check.
        "CREATE UNIQUE INDEX games_open_per_channel ON games (guild_id, channel_id) WHERE closed_at IS NULL",
        f"""CREATE TABLE log_entries (
            id         INTEGER PRIMARY KEY,
            guild_id   INTEGER NOT NULL,
            game_id    INTEGER,
            channel_id INTEGER NOT NULL,
            user_id    INTEGER NOT NULL,
            kind       TEXT    NOT NULL CHECK (kind IN ('ruling', 'note')),
            text       TEXT    NOT NULL,
            status     TEXT,
            rule_id    TEXT,
            outcome    TEXT,
            rulebook   TEXT,
            created_at TEXT    NOT NULL DEFAULT ({NOW}),
            CHECK (kind = 'note' OR (status IS NOT NULL AND rulebook IS NOT NULL)),
            FOREIGN KEY (guild_id, game_id) REFERENCES games (guild_id, id) ON DELETE CASCADE
        )""",
        # Log pages are "newest first" by id; the rowid is the implicit last column of every index.
        "CREATE INDEX log_entries_by_guild ON log_entries (guild_id)",
        "CREATE INDEX log_entries_by_game ON log_entries (guild_id, game_id)",
    ),
    # v2: per-server settings arrived with /settings. NULL columns mean "not set, use the default".
    (
        """CREATE TABLE guild_settings (
            guild_id INTEGER PRIMARY KEY,
            rulebook TEXT,
            language TEXT
        )""",
    ),
)

LATEST_VERSION = len(MIGRATIONS)


class SchemaTooNew(StoreError):
    """The file was written by a newer Floor Call; refusing to guess at its schema."""


async def schema_version(conn: aiosqlite.Connection) -> int:
    """The file's `PRAGMA user_version` (0 for an empty file)."""
    rows = await conn.execute_fetchall("PRAGMA user_version")
    return int(next(iter(rows))[0])


async def migrate(conn: aiosqlite.Connection, target: int = LATEST_VERSION) -> int:
    """Bring the file up to `target` in one transaction; a no-op when it is already there."""
    await conn.execute("BEGIN IMMEDIATE")
    try:
        current = await schema_version(conn)
        if current > LATEST_VERSION:
            raise SchemaTooNew(f"database schema v{current} is newer than this code (v{LATEST_VERSION})")
        for statements in MIGRATIONS[current:target]:
            for statement in statements:
                await conn.execute(statement)
        if target > current:
            # PRAGMA takes no parameters; target is an int we computed, not user input.
            await conn.execute(f"PRAGMA user_version = {int(target)}")
        await conn.execute("COMMIT")
    except BaseException:
        await conn.execute("ROLLBACK")
        raise
    return max(current, target)
