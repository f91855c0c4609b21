"""The per-server home-game log: one SQLite file, every method scoped by guild_id.

Two connections: the group-commit writer's, and a read-only one for every read. In WAL mode a reader never
waits for a writer, so a read is never held up by a batch being written, nor by another program holding the
file's write lock (which makes only writes wait, then answer StoreBusy).

Durability: `journal_mode=WAL` with `synchronous=FULL`. WAL + NORMAL already keeps every committed
transaction when the *process* is killed (the WAL frames are in the OS page cache); FULL also fsyncs the
WAL on each commit, so an acknowledged ruling survives a power cut or kernel panic too. Its cost is one
fsync per commit, and the group-commit writer shares that fsync among every write queued at the time
(see `bench/store.py`), so durability is bought once per batch, not once per ruling.

Isolation between servers: there is no method without `guild_id` as its first argument, every query has
`guild_id = ?` in its WHERE clause, and log entries reference games by (guild_id, id), so the database
refuses an entry that points at another server's game.

Faults: `open` refuses an unusable file with StoreUnusable (see `store.opening`); while running, a file
deleted, replaced or changed behind SQLite's back (or its -wal deleted) makes every later call raise StoreGone
(see `store.watch`); a full disk makes that write StoreFull, another program's lock StoreBusy, any other disk
error StoreFailing; and one bad write never fails another's (see `store.writer`).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import aiosqlite

from .errors import GameAlreadyOpen, StoreGone, StoreUnusable, fault_of
from .export import Format
from .export_process import ExportStream, request
from .house import HouseApplied, HouseStore, card_json, log_extras
from .ledger import NO_MONEY, LedgerMethods, money_rows
from .models import (
    Answered,
    Export,
    Game,
    GuildSettings,
    LogEntry,
    LogExtent,
    LogPage,
    PendingQuestion,
    RulingRecord,
    Viewer,
)
from .opening import check_integrity, check_owner, check_path, probe, refused
from .schema import migrate
from .sql import (
    ANSWER_QUESTION,
    CLEAR_THROUGH,
    GAME_COLUMNS,
    INSERT_ENTRY,
    INSERT_GAME,
    INSERT_QUESTION,
    LOG_ENTRY_FIELDS,
    LOG_EXTENT,
    PURGE_QUESTIONS,
    QUESTION_COLUMNS,
    entries_query,
    game_filter,
    question_params,
    ruling_params,
    visible_to,
)
from .watch import DatabaseFile
from .writer import GroupCommitWriter

# The bot holds the only writing connection, so this only matters when another process (a backup, the sqlite3
# shell, a second bot started by mistake) holds the write lock: wait for it rather than fail a ruling, then
# answer "not saved, try again" (StoreBusy) well inside the 15 minutes a deferred reply may take.
BUSY_TIMEOUT_MS = 5000
READ_BUSY_TIMEOUT_MS = 1000  # a WAL reader waits only while another process recovers the WAL index
# Questions older than this are deleted at start: nobody is going to answer them any more.
QUESTION_DAYS = 30


NO_NUMBER_ABOVE = 2**63 - 1  # `before` when a page starts at the newest entry: every number is below it


def _names_nothing(*references: int | None) -> bool:
    """A game number or question id SQLite cannot even hold (a typed 99999999999999999999, a forged button)
    names no row: the lookup answers "none" instead of failing on an OverflowError."""
    return any(ref is not None and not -(2**63) <= ref < 2**63 for ref in references)


class Store(HouseStore, LedgerMethods):
    """Repository over the SQLite file. Open once with `Store.open`, share, `close` on shutdown. The ledger's
    methods (buy-ins, cash-outs, standings) are in store/ledger.py; house rules, the floor role and floor calls
    in store/house.py."""

    def __init__(self, conn: aiosqlite.Connection, reader: aiosqlite.Connection, file: DatabaseFile) -> None:
        """Use `Store.open`; this only wires already configured connections (migrated) to their file."""
        self._conn = conn
        self._reader = reader
        self._file = file
        self._writer = GroupCommitWriter(conn, file)
        self._closed = False

    @classmethod
    async def open(cls, path: str | os.PathLike[str]) -> Store:
        """Open (creating if needed), check and migrate the file; the caller owns the result until `close`.
        Raises StoreUnusable (one line: the path, the problem, the fix) for a file it cannot use."""
        path = os.path.abspath(path)
        check_path(path)
        await asyncio.to_thread(probe, path)
        conn = await _connect(path, path, isolation_level=None)
        reader = None
        try:
            conn.row_factory = sqlite3.Row
            await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await check_integrity(conn, path)  # then whose file it is: both before anything is written
            await check_owner(conn, path)
            [(mode,)] = await conn.execute_fetchall("PRAGMA journal_mode = WAL")
            if mode != "wal":
                fix = "put the database on a local disk (WAL needs shared memory)"
                raise StoreUnusable(path, f"SQLite refused WAL mode (got {mode!r})", fix)
            await conn.execute("PRAGMA foreign_keys = ON")
            await conn.execute("PRAGMA synchronous = FULL")
            await migrate(conn)
            await conn.execute(PURGE_QUESTIONS, {"age": f"-{QUESTION_DAYS} days"})
            reader = await _connect(path, Path(path).as_uri() + "?mode=ro", uri=True, isolation_level=None)
            reader.row_factory = sqlite3.Row
            await reader.execute(f"PRAGMA busy_timeout = {READ_BUSY_TIMEOUT_MS}")
            file = DatabaseFile.at(path)
        except sqlite3.Error as error:
            await _close_all(reader, conn)
            raise refused(path, error) from error
        except BaseException:
            await _close_all(reader, conn)
            raise
        return cls(conn, reader, file)

    async def close(self) -> None:
        """Commit what is queued, then close the file. Safe to call twice."""
        if self._closed:
            return
        self._closed = True
        try:
            await self._writer.close()
            with contextlib.suppress(StoreGone):
                await self._file.verify(self._writer.checkpoint)
            if not self._file.is_gone():  # never write into a WAL that no longer belongs to the path's file
                with contextlib.suppress(sqlite3.Error):  # advice for the query planner: a failing disk may refuse it
                    await self._conn.execute("PRAGMA optimize")
        finally:
            if self._file.may_checkpoint:
                await _close_all(self._reader, self._conn)  # the writer last: it copies the WAL into the file
            else:
                await _close_without_checkpoint(self._conn, self._reader)
            self._file.release()
            if self._file.is_gone():
                self._file.discard_journal()

    async def _look(self) -> None:
        """Raise StoreGone if the file is no longer the one opened; a lost -wal found here is copied first."""
        try:
            self._file.check()
        except StoreGone:
            if self._file.needs_rescue:
                await self._writer.rescue()
            raise

    async def _read(self, sql: str, params: dict[str, Any]) -> list[sqlite3.Row]:
        """Rows from the read-only connection: WAL readers never wait for the writer (nor for another program
        holding the write lock), and see only what is committed."""
        await self._look()
        try:
            return list(await self._reader.execute_fetchall(sql, params))
        except sqlite3.Error as error:
            fault = fault_of(error, self._file.path, reading=True)
            if fault is None:
                raise
            raise fault from error

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
        house: HouseApplied | None = None,
        card: Mapping[str, Any] | None = None,
    ) -> LogEntry:
        """Log a ruling in the channel's open game (else the general log); the entry once committed. A private
        ruling (asked privately) is shown only to its asker and to managers. `house`: the house rule that touched
        it; `card`: what a public ruling's card was built from, kept so the floor can confirm or overrule it
        (store.house), in the same transaction as the entry."""
        record = RulingRecord(channel_id, user_id, situation, status, rule_id, outcome, rulebook, private, house, card)
        if house is None and card is None:
            return await self._insert_entry(ruling_params(guild_id, record))
        serialised = card_json(card) if card is not None else None

        async def log(conn: aiosqlite.Connection) -> LogEntry:
            return await _log_ruling(conn, guild_id, record, card=serialised)

        return await self._writer.run(log, atomic=True)

    async def add_note(self, guild_id: int, *, channel_id: int, user_id: int, text: str) -> LogEntry:
        """Log a free-text note where a ruling from this channel would go."""
        return await self._insert_entry(
            {
                "guild_id": guild_id,
                "channel_id": channel_id,
                "user_id": user_id,
                "kind": "note",
                "text": text,
                "status": None,
                "rule_id": None,
                "outcome": None,
                "rulebook": None,
                "private": False,
                "question_id": None,
            }
        )

    async def _insert_entry(self, params: dict[str, Any]) -> LogEntry:
        [row] = await self._writer.write((INSERT_ENTRY, params))
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
        before: int | None = None,
    ) -> LogPage:
        """The entries `viewer` may read, newest first: one game's (by number), or the whole server's log;
        the ledger's buy-ins and cash-outs among them, in the order they were recorded. With `before` (the
        last number a reader saw), the page is the entries numbered below it, whatever was logged or deleted
        meanwhile (keyset paging: no entry shown twice, none skipped); `page` is then only its label.

        Transitional, for the cogs until they pass them: no `viewer` reads public entries only; `game_id`
        names a game by its internal id."""
        page = max(page, 1)
        if _names_nothing(game_number, game_id, before):
            return LogPage(entries=(), page=page, per_page=per_page, has_next=False)
        which = game_filter(game_number, game_id)
        rows = await self._read(
            f"{entries_query(which, f'{LOG_ENTRY_FIELDS}, {NO_MONEY}')} AND e.number < :before UNION ALL "
            f"{money_rows(which)} AND l.number < :before "
            "ORDER BY 2 DESC LIMIT :limit OFFSET :offset",  # 2: the number, which orders a server's entries
            {
                **visible_to(viewer),
                "guild_id": guild_id,
                "game_number": game_number,
                "game_id": game_id,
                "before": NO_NUMBER_ABOVE if before is None else before,
                "limit": per_page + 1,  # one extra row answers "is there a next page?" without a COUNT
                "offset": 0 if before is not None else (page - 1) * per_page,
            },
        )
        entries = tuple(LogEntry.from_row(row) for row in rows[:per_page])
        return LogPage(entries=entries, page=page, per_page=per_page, has_next=len(rows) > per_page)

    async def export_entries(self, guild_id: int, *, game_id: int | None = None) -> list[LogEntry]:
        """Every public entry of one game, or of the whole server, oldest first. Transitional: the cogs' export
        until they use `export`; it holds the whole log in memory under the lock."""
        rows = await self._read(
            entries_query(game_filter(None, game_id)) + " ORDER BY e.id",
            {**visible_to(None), "guild_id": guild_id, "game_id": game_id},
        )
        return [LogEntry.from_row(row) for row in rows]

    def export_stream(
        self,
        guild_id: int,
        *,
        viewer: Viewer,
        game_number: int | None = None,
        fmt: Format,
        max_bytes: int,
    ) -> ExportStream:
        """The log `viewer` may read (one game's, or the server's) as files of at most `max_bytes`, each handed
        over as soon as the export's own process closes it (an async context manager and iterator: see
        store.export_process): plain if it fits, else zipped, else split into zips that are each valid on their
        own; no part at all (`found` False) if the server has no game `game_number`. Never under the writer's
        transaction, never in the bot's process: nobody's writes or rulings wait for it."""
        if _names_nothing(game_number):
            game_number = -1  # beyond SQLite's integers, and no game has -1: the worker finds none
        asked = request(self._file.path, guild_id, viewer=viewer, game_number=game_number, fmt=fmt, max_bytes=max_bytes)
        return ExportStream(self._file.path, asked)

    async def export(
        self,
        guild_id: int,
        *,
        viewer: Viewer,
        game_number: int | None = None,
        fmt: Format,
        max_bytes: int,
    ) -> Export | None:
        """`export_stream`'s parts gathered in memory; None if the server has no game `game_number`."""
        await self._look()
        async with self.export_stream(
            guild_id, viewer=viewer, game_number=game_number, fmt=fmt, max_bytes=max_bytes
        ) as stream:
            parts = [streamed.part async for streamed in stream]
        return Export(parts=parts, entries=stream.entries, compressed=stream.compressed) if stream.found else None

    async def log_extent(self, guild_id: int) -> LogExtent:
        """The server's last game and entry numbers now: what a later `clear_log(through=...)` may delete."""
        rows = await self._read(LOG_EXTENT, {"guild_id": guild_id})
        return LogExtent(int(rows[0]["last_game"]), int(rows[0]["last_entry"])) if rows else LogExtent(0, 0)

    async def clear_log(self, guild_id: int, *, through: LogExtent | None = None) -> None:
        """Delete the server's games and entries, the ledger's and its players' names too (its settings and
        number counters stay): all of them, or only what existed at `through` (a confirmation asked earlier:
        what was logged since stays, with its game)."""
        if through is not None:
            params = {"guild_id": guild_id, "last_game": through.last_game, "last_entry": through.last_entry}
            await self._writer.write(*((sql, params) for sql in CLEAR_THROUGH))
            return
        params = {"guild_id": guild_id}
        await self._writer.write(
            ("DELETE FROM log_entries WHERE guild_id = :guild_id", params),
            ("DELETE FROM games WHERE guild_id = :guild_id", params),  # and, by cascade, the ledger's entries
            ("DELETE FROM ledger_players WHERE guild_id = :guild_id", params),
        )

    # -- pending questions ---------------------------------------------------------------------------

    async def create_question(
        self, guild_id: int, *, channel_id: int, owner_id: int, request: Mapping[str, Any]
    ) -> int:
        """Keep a question the bot asks (guild_id 0 in a direct message) until it is answered; its id, for the
        buttons. `request` is whatever JSON-able state the bot needs to carry on after a restart."""
        [row] = await self._writer.write((INSERT_QUESTION, question_params(guild_id, channel_id, owner_id, request)))
        return int(row["id"])

    async def get_question(self, guild_id: int, question_id: int) -> PendingQuestion | None:
        """The question, answered or not; None if this server (or DM scope) has no such question."""
        if _names_nothing(question_id):
            return None
        rows = await self._read(
            f"SELECT {QUESTION_COLUMNS} FROM pending_questions WHERE guild_id = :guild_id AND id = :question_id",
            {"guild_id": guild_id, "question_id": question_id},
        )
        return PendingQuestion.from_row(rows[0]) if rows else None

    async def answer_question(
        self,
        guild_id: int,
        question_id: int,
        *,
        answered_by: int,
        ruling: RulingRecord | None = None,
        next_request: Mapping[str, Any] | None = None,
    ) -> Answered | None:
        """Accept the first answer to an open question, in one transaction: mark it answered, log `ruling` (at
        most one entry per question, enforced by the database) and ask the next question (same channel and
        owner). None if the question was already answered or does not exist: a stale or double click."""
        if _names_nothing(question_id):
            return None
        asked = {"guild_id": guild_id, "question_id": question_id, "answered_by": answered_by}
        card = None if ruling is None or ruling.card is None else card_json(ruling.card)
        next_params = None if next_request is None else question_params(guild_id, 0, 0, next_request)

        async def answer(conn: aiosqlite.Connection) -> Answered | None:
            rows = list(await conn.execute_fetchall(ANSWER_QUESTION, asked))
            if not rows:
                return None
            entry = None
            if ruling is not None:
                entry = await _log_ruling(conn, guild_id, ruling, card=card, question_id=question_id)
            next_id = None
            if next_params is not None:
                followup = {**next_params, "channel_id": rows[0]["channel_id"], "owner_id": rows[0]["owner_id"]}
                [row] = await conn.execute_fetchall(INSERT_QUESTION, followup)
                next_id = int(row["id"])
            return Answered(entry=entry, next_question_id=next_id)

        return await self._writer.run(answer, atomic=True)

    # -- games ---------------------------------------------------------------------------------------

    async def start_game(self, guild_id: int, *, channel_id: int, user_id: int, name: str) -> Game:
        """Open a game in the channel; raises GameAlreadyOpen if the channel has one."""
        try:
            [row] = await self._writer.write(
                (INSERT_GAME, {"guild_id": guild_id, "channel_id": channel_id, "name": name, "user_id": user_id})
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
                f"RETURNING {GAME_COLUMNS}",
                {"guild_id": guild_id, "channel_id": channel_id},
            )
        )
        return Game.from_row(rows[0]) if rows else None

    async def open_game(self, guild_id: int, *, channel_id: int) -> Game | None:
        """The channel's open game, if any."""
        rows = await self._read(
            f"SELECT {GAME_COLUMNS} FROM games "
            f"WHERE guild_id = :guild_id AND channel_id = :channel_id AND closed_at IS NULL",
            {"guild_id": guild_id, "channel_id": channel_id},
        )
        return Game.from_row(rows[0]) if rows else None

    async def get_game(self, guild_id: int, number: int) -> Game | None:
        """This server's game #number (None if it has none: never another server's game)."""
        if _names_nothing(number):
            return None
        rows = await self._read(
            f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = :guild_id AND number = :number",
            {"guild_id": guild_id, "number": number},
        )
        return Game.from_row(rows[0]) if rows else None

    async def game_named(self, guild_id: int, name: str) -> Game | None:
        """The newest of the server's games named exactly `name` (case aside), among all of them."""
        rows = await self._read(
            f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = :guild_id AND lower(name) = lower(:name) "
            f"ORDER BY number DESC LIMIT 1",
            {"guild_id": guild_id, "name": name},
        )
        return Game.from_row(rows[0]) if rows else None

    async def list_games(self, guild_id: int, *, search: str = "", limit: int = 25) -> list[Game]:
        """The server's games, newest first; `search` filters names case-insensitively."""
        rows = await self._read(
            f"SELECT {GAME_COLUMNS} FROM games "
            f"WHERE guild_id = :guild_id AND instr(lower(name), lower(:search)) > 0 "
            f"ORDER BY id DESC LIMIT :limit",
            {"guild_id": guild_id, "search": search, "limit": limit},
        )
        return [Game.from_row(row) for row in rows]

    async def delete_game(self, guild_id: int, number: int) -> Game | None:
        """Delete game #number and (by cascade) its entries; None if the server has no such game. Numbers are
        never reused, so a stale confirmation for #5 deletes #5 or nothing."""
        if _names_nothing(number):
            return None
        rows = await self._writer.write(
            (
                f"DELETE FROM games WHERE guild_id = :guild_id AND number = :number RETURNING {GAME_COLUMNS}",
                {"guild_id": guild_id, "number": number},
            )
        )
        return Game.from_row(rows[0]) if rows else None

    # -- settings ------------------------------------------------------------------------------------

    async def get_settings(self, guild_id: int) -> GuildSettings:
        """The server's settings, defaults for anything never set."""
        rows = await self._read(
            "SELECT rulebook, language, currency FROM guild_settings WHERE guild_id = :guild_id",
            {"guild_id": guild_id},
        )
        return GuildSettings.from_row(rows[0] if rows else None)

    async def set_rulebook(self, guild_id: int, rulebook: str) -> GuildSettings:
        """Choose the server's rulebook; returns the settings now in force."""
        return await self._set_setting(guild_id, "rulebook", rulebook)

    async def set_language(self, guild_id: int, language: str | None) -> GuildSettings:
        """Choose the reply language; None means each user's own locale."""
        return await self._set_setting(guild_id, "language", language)

    async def set_currency(self, guild_id: int, currency: str | None) -> GuildSettings:
        """The currency the ledger shows amounts in (a sign or a code); None shows plain numbers."""
        return await self._set_setting(guild_id, "currency", currency)

    async def _set_setting(self, guild_id: int, column: str, value: str | None) -> GuildSettings:
        # `column` is one of three literals from the methods above, never user input.
        [row] = await self._writer.write(
            (
                f"INSERT INTO guild_settings (guild_id, {column}) VALUES (:guild_id, :value) "
                f"ON CONFLICT (guild_id) DO UPDATE SET {column} = excluded.{column} "
                f"RETURNING rulebook, language, currency",
                {"guild_id": guild_id, "value": value},
            )
        )
        return GuildSettings.from_row(row)


async def _connect(path: str, target: str, **options: Any) -> aiosqlite.Connection:
    try:
        return await aiosqlite.connect(target, **options)
    except sqlite3.Error as error:
        raise refused(path, error) from error


async def _close_all(*connections: aiosqlite.Connection | None) -> None:
    """Close in this order (the last one closed may checkpoint), every one even if one fails."""
    for connection in connections:
        if connection is not None:
            with contextlib.suppress(Exception):
                await connection.close()


async def _close_without_checkpoint(writer: aiosqlite.Connection, reader: aiosqlite.Connection) -> None:
    """Close a store whose file someone else wrote: SQLite's last connection to close copies the WAL into the
    file unless it is read-only. So the reader reads first (it then holds the file's shared lock, and the
    writer is not the last), the writer closes, and the read-only reader closes last."""
    with contextlib.suppress(Exception):
        await reader.execute("BEGIN")
        await reader.execute_fetchall("SELECT count(*) FROM sqlite_schema")
    await _close_all(writer, reader)


async def _log_ruling(
    conn: aiosqlite.Connection, guild_id: int, ruling: RulingRecord, *, card: str | None, question_id: int | None = None
) -> LogEntry:
    """Insert a ruling's entry and what it logs beside it (its house rule, its floor call: `card` already JSON)."""
    [row] = await conn.execute_fetchall(INSERT_ENTRY, ruling_params(guild_id, ruling, question_id=question_id))
    entry = LogEntry.from_row(row)
    await log_extras(conn, guild_id, entry.number, house=ruling.house, card=card)
    return entry
