"""Group commit: one task owns every write, batching whatever is queued into one transaction.

Callers `await write(...)` and are answered only after COMMIT returned, so *acknowledged means
committed*. Many servers logging at once share one transaction (and, with synchronous=FULL, one fsync)
instead of paying for one each. A job that fails (say, a constraint) fails alone: a single statement is
rolled back by SQLite on its own, a multi-statement job runs inside a SAVEPOINT. If SQLite drops the
whole transaction (disk full, I/O error) or COMMIT fails, every job in the batch gets that error.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import aiosqlite

from .errors import StoreClosed

Statement = tuple[str, Sequence[Any] | Mapping[str, Any]]

MAX_BATCH = 1000


@dataclass(slots=True)
class _Job:
    statements: tuple[Statement, ...]
    future: asyncio.Future[list[sqlite3.Row]] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )
    outcome: list[sqlite3.Row] | BaseException | None = None


class GroupCommitWriter:
    """The single writer. Holds `lock` for a whole batch so readers never see uncommitted rows."""

    def __init__(self, conn: aiosqlite.Connection, lock: asyncio.Lock) -> None:
        self._conn = conn
        self._lock = lock
        self._queue: asyncio.Queue[_Job | None] = asyncio.Queue()
        self._closing = False
        self._task = asyncio.create_task(self._run(), name="store-writer")

    async def write(self, *statements: Statement) -> list[sqlite3.Row]:
        """Run the statements atomically; return the rows of the last one once they are committed."""
        if self._closing or self._task.done():
            raise StoreClosed("the store is closed")
        job = _Job(statements)
        self._queue.put_nowait(job)
        return await job.future

    async def close(self) -> None:
        """Commit everything already queued, then stop."""
        if not self._closing:
            self._closing = True
            self._queue.put_nowait(None)
        await self._task

    async def _run(self) -> None:
        stop = False
        while not stop:
            batch: list[_Job] = []
            item = await self._queue.get()
            while item is not None:
                batch.append(item)
                if len(batch) >= MAX_BATCH or self._queue.empty():
                    break
                item = self._queue.get_nowait()
            stop = item is None
            if batch:
                async with self._lock:
                    await self._commit(batch)

    async def _commit(self, batch: list[_Job]) -> None:
        try:
            await self._conn.execute("BEGIN IMMEDIATE")
            for job in batch:
                job.outcome = await self._apply(job)
            await self._conn.execute("COMMIT")
        except BaseException as error:
            for job in batch:
                _settle(job.future, error)
            if self._conn.in_transaction:
                await self._conn.execute("ROLLBACK")
            if not isinstance(error, Exception):
                raise
        else:
            for job in batch:
                _settle(job.future, job.outcome)

    async def _apply(self, job: _Job) -> list[sqlite3.Row] | BaseException:
        """Run one job inside the open transaction; its own failure is returned, not raised."""
        conn = self._conn
        atomic = len(job.statements) > 1
        try:
            if atomic:
                await conn.execute("SAVEPOINT job")
            rows: list[sqlite3.Row] = []
            for sql, params in job.statements:
                rows = list(await conn.execute_fetchall(sql, params))
            if atomic:
                await conn.execute("RELEASE job")
            return rows
        except sqlite3.Error as error:
            if not conn.in_transaction:
                raise  # SQLite rolled back the whole transaction: the batch fails together
            if atomic:
                await conn.execute("ROLLBACK TO job")
                await conn.execute("RELEASE job")
            return error


def _settle(future: asyncio.Future[list[sqlite3.Row]], outcome: Any) -> None:
    """Answer a caller unless it stopped waiting (cancelled)."""
    if future.done():
        return
    if isinstance(outcome, Exception):
        future.set_exception(outcome)
    elif isinstance(outcome, BaseException):
        future.cancel()
    else:
        future.set_result(outcome)
