"""The SQLite backend: one file, one connection, and a group-commit writer (the default; `DATABASE_PATH`).

Durability: `journal_mode=WAL` with `synchronous=FULL`. WAL + NORMAL already keeps every committed
transaction when the *process* is killed (the WAL frames are in the OS page cache); FULL also fsyncs the
WAL on each commit, so an acknowledged ruling survives a power cut or kernel panic too. Its cost is one
fsync per commit, and the group-commit writer shares that fsync among every write queued at the time
(see `bench/store.py`), so durability is bought once per batch, not once per ruling.

Faults: `open` refuses an unusable file with StoreUnusable (see `store.opening`); while running, a file
deleted or replaced under the store makes every later call raise StoreGone, a full disk makes that write
StoreFull, and one bad write never fails another's (see `store.writer`).
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from .database import Params, Row, Snapshot, Statement, Work, bound
from .errors import StoreUnusable
from .opening import DatabaseFile, check_integrity, check_path, refused
from .schema import migrate
from .sql import PURGE_QUESTIONS
from .writer import GroupCommitWriter

T = TypeVar("T")

# The bot holds the only connection, so this only matters when another process (a backup, the sqlite3
# shell, a second bot started by mistake) holds the write lock: wait for it rather than fail a ruling.
BUSY_TIMEOUT_MS = 5000


class SQLiteDatabase:
    """One SQLite file. Open with `SQLiteDatabase.open`; `close` on shutdown."""

    parallel_writes = False  # one writer, one batch at a time

    def __init__(self, conn: aiosqlite.Connection, file: DatabaseFile) -> None:
        """Use `open`; this only wires an already configured, migrated connection to its file."""
        self.conn = conn
        self.file = file
        self.location = file.path
        self.lock = asyncio.Lock()
        self.writer = GroupCommitWriter(conn, self.lock, file)

    @classmethod
    async def open(cls, path: str | os.PathLike[str], *, purge_before: str) -> SQLiteDatabase:
        """Open (creating if needed), check and migrate the file, and delete the questions asked before
        `purge_before`. Raises StoreUnusable (one line: the path, the problem, the fix) for a file it cannot use."""
        path = os.path.abspath(path)
        check_path(path)
        try:
            conn = await aiosqlite.connect(path, isolation_level=None)
        except sqlite3.Error as error:
            raise refused(path, error) from error
        try:
            conn.row_factory = sqlite3.Row
            [(mode,)] = await conn.execute_fetchall("PRAGMA journal_mode = WAL")
            if mode != "wal":
                fix = "put the database on a local disk (WAL needs shared memory)"
                raise StoreUnusable(path, f"SQLite refused WAL mode (got {mode!r})", fix)
            await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await conn.execute("PRAGMA foreign_keys = ON")
            await conn.execute("PRAGMA synchronous = FULL")
            await check_integrity(conn, path)
            await migrate(conn)
            await conn.execute(PURGE_QUESTIONS, {"before": purge_before})
            file = DatabaseFile.at(path)
        except sqlite3.Error as error:
            await conn.close()
            raise refused(path, error) from error
        except BaseException:
            await conn.close()
            raise
        return cls(conn, file)

    async def read(self, sql: str, params: Params) -> list[Row]:
        # The writer holds the lock for a whole batch, so a read never sees uncommitted rows.
        self.file.check()
        async with self.lock:
            return list(await self.conn.execute_fetchall(sql, bound(params)))

    async def write(self, *statements: Statement) -> list[Row]:
        return await self.writer.write(*statements)

    async def run(self, work: Work[T], *, atomic: bool) -> T:
        return await self.writer.run(work, atomic=atomic)

    async def export(self, build: Callable[[Snapshot], T]) -> T:
        """From a read-only connection of its own in a thread: WAL readers never block the writer, and the
        store's lock is never taken."""
        self.file.check()
        return await asyncio.to_thread(_in_snapshot, self.file.path, build)

    def is_constraint_violation(self, error: BaseException) -> bool:
        return isinstance(error, sqlite3.IntegrityError)

    async def close(self) -> None:
        """Commit what is queued, then close the file."""
        try:
            await self.writer.close()
            if not self.file.is_gone():  # never write into a WAL that no longer belongs to the path's file
                await self.conn.execute("PRAGMA optimize")
        finally:
            await self.conn.close()
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


def _in_snapshot(path: str, build: Callable[[Snapshot], T]) -> T:
    uri = Path(path).absolute().as_uri() + "?mode=ro"
    with closing(sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)) as conn:
        conn.execute("BEGIN")
        return build(_FileSnapshot(conn))

