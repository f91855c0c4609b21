"""Group commit: one task owns every write, batching whatever is queued into one transaction.

Callers `await write(...)` (or `run(work)`) and are answered only after COMMIT returned *and* the file at
the database's path is still the one written to, unchanged by anyone else (store.watch: looked at before a
batch is written, too), so *acknowledged means in the file at the path*. Many
servers logging at once share one transaction (and, with synchronous=FULL, one fsync) instead of paying for
one each.

One bad write never fails another's. A job that fails (a constraint, a parameter SQLite cannot bind such as
an int over 2**63, a wrong type) fails alone: a single statement is undone by SQLite on its own, a job of
several statements runs inside a SAVEPOINT. If SQLite drops the whole transaction (disk full, I/O error)
or COMMIT fails, every job of the batch is run again in a transaction of its own, so only the jobs that
fail alone are refused. A batch that cannot even begin (another process holds the write lock past the busy
timeout) is refused as a whole: no job of it ran. SQLite's errors about the file itself reach callers as the
store's faults (`errors.fault_of`): a full disk is `StoreFull`, a lock held too long `StoreBusy`, any other disk
error (I/O, read-only) `StoreFailing`.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from dataclasses import dataclass, field
from typing import Any, TypeVar

import aiosqlite

from .database import Params, Row, Statement, Transaction, Work, bound
from .errors import StoreClosed, StoreGone, fault_of
from .sql import run_all
from .watch import DatabaseFile, Fault

T = TypeVar("T")

MAX_BATCH = 1000


@dataclass(frozen=True, slots=True)
class SQLiteTransaction:
    """The writer's connection, as a job's work sees it: inside the batch's transaction."""

    conn: aiosqlite.Connection

    async def fetch(self, sql: str, params: Params) -> list[Row]:
        return list(await self.conn.execute_fetchall(sql, bound(params)))


@dataclass(slots=True)
class _Job:
    work: Work[Any]
    atomic: bool  # runs inside its own SAVEPOINT, so a failure half way leaves nothing behind
    future: asyncio.Future[Any] = field(default_factory=lambda: asyncio.get_running_loop().create_future())
    outcome: Any = None  # the work's result, or the Exception it failed with


class GroupCommitWriter:
    """The single writer: one task, one transaction at a time (readers use a connection of their own)."""

    def __init__(self, conn: aiosqlite.Connection, file: DatabaseFile) -> None:
        self._conn = conn
        self._transaction = SQLiteTransaction(conn)
        self._file = file
        self._queue: asyncio.Queue[_Job | None] = asyncio.Queue()
        self._closing = False
        self._task = asyncio.create_task(self._run(), name="store-writer")

    async def write(self, *statements: Statement) -> list[Row]:
        """Run the statements atomically; return the rows of the last one once they are committed."""

        return await self.run(functools.partial(run_all, statements=statements), atomic=len(statements) > 1)

    async def run(self, work: Work[T], *, atomic: bool) -> T:
        """Run `work` in the next batch; its result once committed. `atomic` for work of several statements,
        or that decides what to write from what it read."""
        if self._closing or self._task.done():
            raise StoreClosed("the store is closed")
        if not self._file.needs_rescue:  # else the batch's first look copies the lost WAL into the file, then fails
            self._file.raise_if_gone()
        job = _Job(work, atomic)
        self._queue.put_nowait(job)
        result: T = await job.future
        return result

    async def rescue(self) -> None:
        """Let the writer look at the file now (a read found a -wal lost): its look checkpoints what it can."""
        with contextlib.suppress(StoreGone):
            await self.run(_look_only, atomic=False)

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
                await self._commit(batch)

    async def checkpoint(self) -> bool:
        """Copy every committed page from the WAL into the database file now; whether all of them got there."""
        [(busy, frames, copied)] = await self._conn.execute_fetchall("PRAGMA wal_checkpoint(FULL)")
        return bool(busy == 0 and frames == copied)

    async def _commit(self, batch: list[_Job]) -> None:
        """Commit the batch as one transaction; if SQLite drops it, commit each job in one of its own."""
        try:
            await self._file.verify(self.checkpoint)  # never write into a file swapped or changed under us
            await self._conn.execute("BEGIN IMMEDIATE")
        except Exception as error:
            self._fail(batch, error)  # nothing ran
            return
        try:
            lost = await self._apply_all(batch)
        except BaseException as error:  # cancelled, or even ROLLBACK failed: answer everyone, leave nothing half done
            self._fail(batch, error)
            with contextlib.suppress(Exception):
                if self._conn.in_transaction:
                    await self._conn.execute("ROLLBACK")
            if not isinstance(error, Exception):
                raise
            return
        if lost is None:
            await self._acknowledge(batch)
        elif len(batch) == 1:
            self._fail(batch, lost)
        else:
            for job in batch:
                await self._commit([job])

    async def _apply_all(self, batch: list[_Job]) -> Exception | None:
        """Run the batch's jobs and commit; the error that lost the whole transaction, if one did."""
        for job in batch:
            job.outcome = await self._apply(job)
            if isinstance(job.outcome, Exception) and not self._conn.in_transaction:
                return job.outcome
        try:
            await self._conn.execute("COMMIT")
        except Exception as error:
            if self._conn.in_transaction:
                await self._conn.execute("ROLLBACK")
            return error
        return None

    async def _apply(self, job: _Job) -> Any:
        """Run one job inside the open transaction; its own failure is returned, not raised."""
        conn = self._conn
        try:
            if job.atomic:
                await conn.execute("SAVEPOINT job")
            result = await job.work(self._transaction)
            if job.atomic:
                await conn.execute("RELEASE job")
            return result
        except Exception as error:
            if job.atomic and conn.in_transaction:
                await conn.execute("ROLLBACK TO job")
                await conn.execute("RELEASE job")
            return error

    async def _acknowledge(self, batch: list[_Job]) -> None:
        """Answer the batch, unless the file at the path is no longer the one it was committed to (a lost -wal
        is checkpointed first: then the batch is in the file at the path, and is answered)."""
        try:
            await self._file.verify(self.checkpoint)
        except StoreGone as gone:
            if not (self._file.fault is Fault.JOURNAL and self._file.saved):
                self._fail(batch, gone)
                return
        for job in batch:
            self._settle(job.future, job.outcome)

    def _fail(self, batch: list[_Job], error: BaseException) -> None:
        for job in batch:
            self._settle(job.future, error)

    def _settle(self, future: asyncio.Future[Any], outcome: Any) -> None:
        """Answer a caller unless it stopped waiting (cancelled); SQLite's errors about the file as faults."""
        if future.done():
            return
        fault = fault_of(outcome, self._file.path)
        if fault is not None:
            future.set_exception(fault)
        elif isinstance(outcome, Exception):
            future.set_exception(outcome)
        elif isinstance(outcome, BaseException):
            future.cancel()
        else:
            future.set_result(outcome)


async def _look_only(transaction: Transaction) -> None:
    """A job that writes nothing: its batch's looks at the file are the point (`GroupCommitWriter.rescue`)."""
