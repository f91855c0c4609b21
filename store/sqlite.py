"""The SQLite backend: one file, a group-commit writer and a read-only connection (the default; `DATABASE_PATH`).

Two connections: the group-commit writer's, and a read-only one for every read. In WAL mode a reader never
waits for a writer, so a read is never held up by a batch being written, nor by another program holding the
file's write lock (which makes only writes wait, then answer StoreBusy).

Durability: `journal_mode=WAL` with `synchronous=FULL`. WAL + NORMAL already keeps every committed
transaction when the *process* is killed (the WAL frames are in the OS page cache); FULL also fsyncs the
WAL on each commit, so an acknowledged ruling survives a power cut or kernel panic too. Its cost is one
fsync per commit, and the group-commit writer shares that fsync among every write queued at the time
(see `bench/store.py`), so durability is bought once per batch, not once per ruling.

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
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from .database import Params, Row, Snapshot, Statement, Work, bound
from .errors import StoreGone, StoreUnusable, fault_of
from .export import ExportRequest
from .export_process import ExportStream, ProcessExportStream
from .opening import check_integrity, check_owner, check_path, probe, refused
from .schema import migrate
from .sql import PURGE_QUESTIONS
from .watch import DatabaseFile
from .writer import GroupCommitWriter

T = TypeVar("T")

# The bot holds the only writing connection, so this only matters when another process (a backup, the sqlite3
# shell, a second bot started by mistake) holds the write lock: wait for it rather than fail a ruling, then
# answer "not saved, try again" (StoreBusy) well inside the 15 minutes a deferred reply may take.
BUSY_TIMEOUT_MS = 5000
READ_BUSY_TIMEOUT_MS = 1000  # a WAL reader waits only while another process recovers the WAL index


class SQLiteDatabase:
    """One SQLite file. Open with `SQLiteDatabase.open`; `close` on shutdown."""

    parallel_writes = False  # one writer, one batch at a time

    def __init__(self, conn: aiosqlite.Connection, reader: aiosqlite.Connection, file: DatabaseFile) -> None:
        """Use `open`; this only wires already configured connections (migrated) to their file."""
        self.conn = conn
        self.reader = reader
        self.file = file
        self.location = file.path
        self.writer = GroupCommitWriter(conn, file)

    @classmethod
    async def open(cls, path: str | os.PathLike[str], *, purge_before: str) -> SQLiteDatabase:
        """Open (creating if needed), check and migrate the file, and delete the questions asked before
        `purge_before`. Raises StoreUnusable (one line: the path, the problem, the fix) for a file it cannot use."""
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
            await conn.execute(PURGE_QUESTIONS, {"before": purge_before})
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

    async def read(self, sql: str, params: Params) -> list[Row]:
        """Rows from the read-only connection: WAL readers never wait for the writer (nor for another program
        holding the write lock), and see only what is committed."""
        await self.look()
        try:
            return list(await self.reader.execute_fetchall(sql, bound(params)))
        except sqlite3.Error as error:
            fault = fault_of(error, self.file.path, reading=True)
            if fault is None:
                raise
            raise fault from error

    async def write(self, *statements: Statement) -> list[Row]:
        return await self.writer.write(*statements)

    async def run(self, work: Work[T], *, atomic: bool) -> T:
        return await self.writer.run(work, atomic=atomic)

    def export_stream(self, asked: ExportRequest) -> ExportStream:
        """Built in a process of its own (store.export_worker) from a read-only connection of its own: WAL
        readers never block the writer, and the export's encoding never holds the bot's GIL."""
        return ProcessExportStream(self.file.path, asked, self.look)

    def is_constraint_violation(self, error: BaseException) -> bool:
        return isinstance(error, sqlite3.IntegrityError)

    async def look(self) -> None:
        """Raise StoreGone if the file is no longer the one opened; a lost -wal found here is copied first."""
        try:
            self.file.check()
        except StoreGone:
            if self.file.needs_rescue:
                await self.writer.rescue()
            raise

    async def close(self) -> None:
        """Commit what is queued, then close the file."""
        try:
            await self.writer.close()
            with contextlib.suppress(StoreGone):
                await self.file.verify(self.writer.checkpoint)
            if not self.file.is_gone():  # never write into a WAL that no longer belongs to the path's file
                with contextlib.suppress(sqlite3.Error):  # advice for the query planner: a failing disk may refuse it
                    await self.conn.execute("PRAGMA optimize")
        finally:
            if self.file.may_checkpoint:
                await _close_all(self.reader, self.conn)  # the writer last: it copies the WAL into the file
            else:
                await _close_without_checkpoint(self.conn, self.reader)
            self.file.release()
            if self.file.is_gone():
                self.file.discard_journal()


class _FileSnapshot:
    """One read transaction on a read-only connection: the game check and the entries see the same log."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    def first(self, sql: str, params: Params) -> Sequence[Any] | None:
        row: Sequence[Any] | None = self._conn.execute(sql, bound(params)).fetchone()
        return row

    def rows(self, sql: str, params: Params) -> Iterator[Sequence[Any]]:
        return iter(self._conn.execute(sql, bound(params)))


@contextlib.contextmanager
def file_snapshot(path: str) -> Iterator[Snapshot]:
    """One read transaction on a read-only connection of its own to the file at `path` (blocking: the export's
    worker process uses it)."""
    uri = Path(path).absolute().as_uri() + "?mode=ro"
    with contextlib.closing(sqlite3.connect(uri, uri=True, isolation_level=None)) as conn:
        conn.execute("BEGIN")
        yield _FileSnapshot(conn)


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
