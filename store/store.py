"""The per-server home-game log: one SQLite file, one connection, every method scoped by guild_id.

Durability: `journal_mode=WAL` with `synchronous=FULL`. WAL + NORMAL already keeps every committed
transaction when the *process* is killed (the WAL frames are in the OS page cache); FULL also fsyncs the
WAL on each commit, so an acknowledged ruling survives a power cut or kernel panic too. Its cost is one
fsync per commit, and the group-commit writer shares that fsync among every write queued at the time
(see `bench/store.py`), so durability is bought once per batch, not once per ruling.

Isolation between servers: there is no method without `guild_id` as its first argument, every query has
`guild_id = ?` in its WHERE clause, and log entries reference games by (guild_id, id), so the database
refuses an entry that points at another server's game.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from pathlib import Path
from typing import Any, Literal

import aiosqlite

from .errors import GameAlreadyOpen, StoreError
from .models import Game, GuildSettings, LogEntry, LogPage, Viewer
from .schema import migrate
from .writer import GroupCommitWriter

# The bot holds the only connection, so this only matters when another process (a backup, the sqlite3
# shell, a second bot started by mistake) holds the write lock: wait for it rather than fail a ruling.
BUSY_TIMEOUT_MS = 5000

_GAME_COLUMNS = "id, number, guild_id, channel_id, name, opened_by, opened_at, closed_at"
_ENTRY_COLUMNS = (
    "id, guild_id, number, game_id, channel_id, user_id, kind, text, status, rule_id, outcome, rulebook, private"
)
# Entries `viewer` may read: public ones, their own private ones, every one for a manager.
_SELECT_ENTRIES = """
    SELECT e.id, e.number, e.guild_id, e.game_id, g.number AS game_number, g.name AS game_name, e.channel_id,
           e.user_id, e.kind, e.text, e.status, e.rule_id, e.outcome, e.rulebook, e.private, e.created_at
    FROM log_entries AS e LEFT JOIN games AS g ON g.guild_id = e.guild_id AND g.id = e.game_id
    WHERE e.guild_id = :guild_id AND (e.private = 0 OR :manager OR e.user_id = :viewer_id)
"""
# Which game's entries: one game by its number, or (transitional, for the cogs until they use numbers) by
# its internal id. Separate literal variants rather than `:x IS NULL OR ...`, so each plan uses its index.
_GAME_FILTERS = {
    "number": " AND e.game_id = (SELECT id FROM games WHERE guild_id = :guild_id AND number = :game_number)",
    "id": " AND e.game_id = :game_id",
    None: "",
}
_OPEN_GAME_ID = (
    "(SELECT id FROM games WHERE guild_id = :guild_id AND channel_id = :channel_id AND closed_at IS NULL)"
)


def _next_number(counter: str) -> str:
    """The server's next game or entry number; the insert trigger then advances the counter."""
    return f"coalesce((SELECT {counter} FROM guild_counters WHERE guild_id = :guild_id), 0) + 1"


_INSERT_ENTRY = f"""
    INSERT INTO log_entries ({_ENTRY_COLUMNS})
    VALUES (NULL, :guild_id, {_next_number("last_entry")}, {_OPEN_GAME_ID}, :channel_id, :user_id, :kind, :text,
            :status, :rule_id, :outcome, :rulebook, :private)
    RETURNING id, number, guild_id, game_id,
              (SELECT number FROM games AS g WHERE g.guild_id = log_entries.guild_id
                                               AND g.id = log_entries.game_id) AS game_number,
              (SELECT name FROM games AS g WHERE g.guild_id = log_entries.guild_id
                                             AND g.id = log_entries.game_id) AS game_name,
              channel_id, user_id, kind, text, status, rule_id, outcome, rulebook, private, created_at
"""
_INSERT_GAME = f"""
    INSERT INTO games (guild_id, number, channel_id, name, opened_by)
    VALUES (:guild_id, {_next_number("last_game")}, :channel_id, :name, :user_id)
    RETURNING {_GAME_COLUMNS}
"""

GameFilter = Literal["number", "id"] | None


def _entries_query(game: GameFilter) -> str:
    return _SELECT_ENTRIES + _GAME_FILTERS[game]


def _visible_to(viewer: Viewer | None) -> dict[str, Any]:
    """Parameters of the visibility clause in `_SELECT_ENTRIES`; no viewer sees public entries only."""
    if viewer is None:
        return {"viewer_id": None, "manager": False}
    return {"viewer_id": viewer.user_id, "manager": viewer.manager}


def _game_filter(game_number: int | None, game_id: int | None) -> GameFilter:
    if game_number is not None:
        return "number"
    return None if game_id is None else "id"


class Store:
    """Repository over the SQLite file. Open once with `Store.open`, share, `close` on shutdown."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        """Use `Store.open`; this only wires an already configured, migrated connection."""
        self._conn = conn
        self._lock = asyncio.Lock()
        self._writer = GroupCommitWriter(conn, self._lock)
        self._closed = False

    @classmethod
    async def open(cls, path: str | os.PathLike[str]) -> Store:
        """Open (creating if needed) and migrate the file; the caller owns the result until `close`."""
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(Path(path), isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            [(mode,)] = await conn.execute_fetchall("PRAGMA journal_mode = WAL")
            if mode != "wal":
                raise StoreError(f"{path}: SQLite refused WAL mode (got {mode!r})")
            await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await conn.execute("PRAGMA foreign_keys = ON")
            await conn.execute("PRAGMA synchronous = FULL")
            await migrate(conn)
        except BaseException:
            await conn.close()
            raise
        return cls(conn)

    async def close(self) -> None:
        """Commit what is queued, then close the file. Safe to call twice."""
        if self._closed:
            return
        self._closed = True
        try:
            await self._writer.close()
            await self._conn.execute("PRAGMA optimize")
        finally:
            await self._conn.close()

    async def _read(self, sql: str, params: dict[str, Any]) -> list[sqlite3.Row]:
        # The writer holds the lock for a whole batch, so a read never sees uncommitted rows.
        async with self._lock:
            return list(await self._conn.execute_fetchall(sql, params))

    # -- log entries ---------------------------------------------------------------------------------

    async def log_ruling(
        self,
        guild_id: int,
        *,
        channel_id: int,
        user_id: int,
        situation: str,
        status: str,
        rule_id: str | None,
        outcome: str | None,
        rulebook: str,
        private: bool = False,
    ) -> LogEntry:
        """Log a ruling in the channel's open game (else the general log); the entry once committed. A private
        ruling (asked privately) is shown only to its asker and to managers."""
        return await self._insert_entry(
            guild_id,
            channel_id=channel_id,
            user_id=user_id,
            kind="ruling",
            text=situation,
            status=status,
            rule_id=rule_id,
            outcome=outcome,
            rulebook=rulebook,
            private=private,
        )

    async def add_note(self, guild_id: int, *, channel_id: int, user_id: int, text: str) -> LogEntry:
        """Log a free-text note where a ruling from this channel would go."""
        return await self._insert_entry(
            guild_id,
            channel_id=channel_id,
            user_id=user_id,
            kind="note",
            text=text,
            status=None,
            rule_id=None,
            outcome=None,
            rulebook=None,
            private=False,
        )

    async def _insert_entry(self, guild_id: int, **values: Any) -> LogEntry:
        [row] = await self._writer.write((_INSERT_ENTRY, {"guild_id": guild_id, **values}))
        return LogEntry.from_row(row)

    async def log_page(
        self,
        guild_id: int,
        *,
        viewer: Viewer | None = None,
        game_number: int | None = None,
        game_id: int | None = None,
        page: int = 1,
        per_page: int = 10,
    ) -> LogPage:
        """The entries `viewer` may read, newest first: one game's (by number), or the whole server's log.

        Transitional, for the cogs until they pass them: no `viewer` reads public entries only; `game_id`
        names a game by its internal id."""
        page = max(page, 1)
        rows = await self._read(
            _entries_query(_game_filter(game_number, game_id)) + " ORDER BY e.id DESC LIMIT :limit OFFSET :offset",
            {
                **_visible_to(viewer),
                "guild_id": guild_id,
                "game_number": game_number,
                "game_id": game_id,
                "limit": per_page + 1,  # one extra row answers "is there a next page?" without a COUNT
                "offset": (page - 1) * per_page,
            },
        )
        entries = tuple(LogEntry.from_row(row) for row in rows[:per_page])
        return LogPage(entries=entries, page=page, per_page=per_page, has_next=len(rows) > per_page)

    async def export_entries(self, guild_id: int, *, game_id: int | None = None) -> list[LogEntry]:
        """Every public entry of one game, or of the whole server, oldest first. Transitional: the cogs' export
        until they use `export`; it holds the whole log in memory under the lock."""
        rows = await self._read(
            _entries_query(_game_filter(None, game_id)) + " ORDER BY e.id",
            {**_visible_to(None), "guild_id": guild_id, "game_id": game_id},
        )
        return [LogEntry.from_row(row) for row in rows]

    async def clear_log(self, guild_id: int) -> None:
        """Delete every game and every entry of the server (its settings and number counters stay)."""
        params = {"guild_id": guild_id}
        await self._writer.write(
            ("DELETE FROM log_entries WHERE guild_id = :guild_id", params),
            ("DELETE FROM games WHERE guild_id = :guild_id", params),
        )

    # -- games ---------------------------------------------------------------------------------------

    async def start_game(self, guild_id: int, *, channel_id: int, user_id: int, name: str) -> Game:
        """Open a game in the channel; raises GameAlreadyOpen if the channel has one."""
        try:
            [row] = await self._writer.write(
                (_INSERT_GAME, {"guild_id": guild_id, "channel_id": channel_id, "name": name, "user_id": user_id})
            )
        except sqlite3.IntegrityError:
            existing = await self.open_game(guild_id, channel_id=channel_id)
            if existing is None:  # the constraint was something else; do not hide it
                raise
            raise GameAlreadyOpen(existing) from None
        return Game.from_row(row)

    async def end_game(self, guild_id: int, *, channel_id: int) -> Game | None:
        """Close the channel's open game; None if there was none."""
        rows = await self._writer.write(
            (
                f"UPDATE games SET closed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') "
                f"WHERE guild_id = :guild_id AND channel_id = :channel_id AND closed_at IS NULL "
                f"RETURNING {_GAME_COLUMNS}",
                {"guild_id": guild_id, "channel_id": channel_id},
            )
        )
        return Game.from_row(rows[0]) if rows else None

    async def open_game(self, guild_id: int, *, channel_id: int) -> Game | None:
        """The channel's open game, if any."""
        rows = await self._read(
            f"SELECT {_GAME_COLUMNS} FROM games "
            f"WHERE guild_id = :guild_id AND channel_id = :channel_id AND closed_at IS NULL",
            {"guild_id": guild_id, "channel_id": channel_id},
        )
        return Game.from_row(rows[0]) if rows else None

    async def get_game(self, guild_id: int, number: int) -> Game | None:
        """This server's game #number (None if it has none: never another server's game)."""
        rows = await self._read(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE guild_id = :guild_id AND number = :number",
            {"guild_id": guild_id, "number": number},
        )
        return Game.from_row(rows[0]) if rows else None

    async def list_games(self, guild_id: int, *, search: str = "", limit: int = 25) -> list[Game]:
        """The server's games, newest first; `search` filters names case-insensitively."""
        rows = await self._read(
            f"SELECT {_GAME_COLUMNS} FROM games "
            f"WHERE guild_id = :guild_id AND instr(lower(name), lower(:search)) > 0 "
            f"ORDER BY id DESC LIMIT :limit",
            {"guild_id": guild_id, "search": search, "limit": limit},
        )
        return [Game.from_row(row) for row in rows]

    async def delete_game(self, guild_id: int, number: int) -> Game | None:
        """Delete game #number and (by cascade) its entries; None if the server has no such game. Numbers are
        never reused, so a stale confirmation for #5 deletes #5 or nothing."""
        rows = await self._writer.write(
            (
                f"DELETE FROM games WHERE guild_id = :guild_id AND number = :number RETURNING {_GAME_COLUMNS}",
                {"guild_id": guild_id, "number": number},
            )
        )
        return Game.from_row(rows[0]) if rows else None

    # -- settings ------------------------------------------------------------------------------------

    async def get_settings(self, guild_id: int) -> GuildSettings:
        """The server's settings, defaults for anything never set."""
        rows = await self._read(
            "SELECT rulebook, language FROM guild_settings WHERE guild_id = :guild_id", {"guild_id": guild_id}
        )
        return GuildSettings.from_row(rows[0] if rows else None)

    async def set_rulebook(self, guild_id: int, rulebook: str) -> GuildSettings:
        """Choose the server's rulebook; returns the settings now in force."""
        return await self._set_setting(guild_id, "rulebook", rulebook)

    async def set_language(self, guild_id: int, language: str | None) -> GuildSettings:
        """Choose the reply language; None means each user's own locale."""
        return await self._set_setting(guild_id, "language", language)

    async def _set_setting(self, guild_id: int, column: str, value: str | None) -> GuildSettings:
        # `column` is one of two literals from the methods above, never user input.
        [row] = await self._writer.write(
            (
                f"INSERT INTO guild_settings (guild_id, {column}) VALUES (:guild_id, :value) "
                f"ON CONFLICT (guild_id) DO UPDATE SET {column} = excluded.{column} "
                f"RETURNING rulebook, language",
                {"guild_id": guild_id, "value": value},
            )
        )
        return GuildSettings.from_row(row)
