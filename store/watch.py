"""Is the file at DATABASE_PATH still the one the store writes to, unchanged by anyone else?

SQLite cannot tell: a log whose file was deleted, replaced, copied over or had its `-wal` deleted goes on
accepting writes, and every one of them is lost or, worse, written over the other file later (a checkpoint
copies the WAL's pages into whatever the path now holds). So the store looks itself, with system calls only
(it never opens and closes the database's files: closing any descriptor of a file drops every POSIX lock the
process holds on it, SQLite's included):

- identity (three `stat`s, before every read and every batch): the database, its `-wal` and its `-shm` are
  the files opened at start (device and inode). A deleted or replaced database: stop. A deleted or replaced
  `-wal`/`-shm` while the database is still ours: checkpoint at once, from the open (unlinked) WAL into the
  database, so everything acknowledged so far is in the file at the path, then stop.
- content (before each batch is written and before it is acknowledged): the database's size and modification
  time change only when a checkpoint copies pages into it — ours or another program's (a backup tool,
  `PRAGMA wal_checkpoint` in the sqlite3 shell). A checkpoint always moves the WAL index's checkpoint marks (the
  WAL's salts, or how many frames are backfilled: SQLite's shared-memory index, read through a descriptor kept
  open for the store's life). A change without such a mark is someone writing the file behind SQLite's back: a
  backup copied over it with `cp`, `truncate`, stray bytes. Then: stop, never checkpoint into it, and take our
  `-wal` and `-shm` away from the path, so the next start opens what is there now and not our old pages over it.
  A checkpoint still under way when the store looks (pages written, marks not moved yet) is waited for.

Stopping means `StoreGone` for that write and every later call; the bot answers "⚠ Not saved". What cannot be
seen (the README says so): a file changed in place in the same instant as a checkpoint; a file changed with its
size and modification time put back; and a checkpoint followed by a copy over the file, both between two looks
— then the store carries on with the copied file, consistently (its WAL was empty), as if it had been restarted.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import os
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from .errors import StoreGone

# How long a change to the database's content may stay unexplained by a checkpoint mark before it is judged
# a change by another program: a checkpoint elsewhere writes the pages, fsyncs, then moves the marks.
SETTLE_SECONDS = 3.0
GIVE_UP_SECONDS = 30.0  # even while the file keeps changing
POLL_SECONDS = 0.05

# SQLite's WAL index (walformat.html): the WAL's salts at bytes 32-40 of the header, nBackfill at 96-100.
_SALTS = slice(32, 40)
_BACKFILLED = slice(96, 100)
_REOPEN = "nothing is saved any more; put the right file (or a backup) at the path and restart the bot"


class Fault(enum.Enum):
    """Why the store stopped: what can still be done with the connection depends on it."""

    DELETED = "the database file was deleted"
    REPLACED = "the database file was replaced by another file"
    JOURNAL = "its {suffix} file was deleted or replaced while the bot ran"
    CHANGED = "the database file was changed by another program while the bot ran (a backup copied over it?)"


@dataclass(slots=True)
class DatabaseFile:
    """The file the store opened, its `-wal` and `-shm`, and what its content should be; once gone, gone."""

    path: str
    identity: tuple[int, int]
    journal: dict[str, tuple[int, int]]  # "-wal"/"-shm" -> identity, as opened at start
    content: tuple[int, int]  # the database's size and modification time, as last accounted for
    marks: bytes  # the WAL index's checkpoint marks, as last seen
    index_fd: int | None  # the -shm, read-only, kept open until every connection is closed
    fault: Fault | None = None
    problem: str | None = field(default=None)  # why it is gone, in words, once it is
    saved: bool = False  # after a JOURNAL fault: what was committed reached the database file

    @classmethod
    def at(cls, path: str) -> DatabaseFile:
        """Call once the connections are open in WAL mode and have read, so the -wal and -shm exist."""
        journal = {suffix: _identity(path + suffix) for suffix in ("-wal", "-shm") if os.path.exists(path + suffix)}
        index_fd = os.open(path + "-shm", os.O_RDONLY) if "-shm" in journal else None
        marks = _marks(index_fd)
        return cls(path, _identity(path), journal, _content(os.stat(path)), marks, index_fd)

    def check(self) -> None:
        """Raise StoreGone if the database or its -wal or -shm is no longer the file opened (three stats)."""
        if self.fault is None:
            self._look()
        self.raise_if_gone()

    async def verify(self, checkpoint: Callable[[], Awaitable[bool]]) -> None:
        """`check`, then the content: raise StoreGone unless the file is exactly as the store left it or as a
        checkpoint left it. Run by the writer only, between its own transactions (its own checkpoints are done).
        On a lost -wal, `checkpoint()` copies what was committed into the database first (`saved` says if it
        all got there)."""
        if self.fault is None:
            self._look()
        if self.needs_rescue:
            with contextlib.suppress(Exception):
                self.saved = await checkpoint()
        if self.fault is None and not await self._content_explained():
            self._stop(Fault.CHANGED)
            self._take_journal_away()
        self.raise_if_gone()

    def raise_if_gone(self) -> None:
        """Raise StoreGone if a look already found the file gone (no system call)."""
        if self.problem is not None:
            raise StoreGone(self.path, self.problem, _REOPEN)

    def is_gone(self) -> bool:
        if self.fault is None:
            self._look()
        return self.fault is not None

    @property
    def needs_rescue(self) -> bool:
        """A -wal or -shm was lost and what the WAL holds is not yet copied into the database file: the writer's
        next `verify` (any write, or a read's call for one) checkpoints it."""
        return self.fault is Fault.JOURNAL and not self.saved

    @property
    def may_checkpoint(self) -> bool:
        """Whether closing may copy the WAL into the file at the path (not into a file someone else wrote)."""
        return self.fault in (None, Fault.JOURNAL)

    def discard_journal(self) -> None:
        """After closing the connections to a file that is gone: delete its -wal and -shm if they are still ours.
        SQLite leaves them when the database file moved, and the next file at the path would take their pages
        as its own (a restored backup overwritten by the old log's last pages, a new file starting half full)."""
        if self.fault is not Fault.JOURNAL:
            self._take_journal_away()

    def release(self) -> None:
        """Close the WAL index's descriptor: only once SQLite's connections are closed (see the module's doc)."""
        if self.index_fd is not None:
            os.close(self.index_fd)
            self.index_fd = None

    # -- looking -------------------------------------------------------------------------------------------

    def _look(self) -> None:
        try:
            identity = _identity(self.path)
        except OSError as error:
            self._stop(Fault.DELETED, f" ({error.strerror})")
            return
        if identity != self.identity:
            self._stop(Fault.REPLACED)
            return
        for suffix, expected in self.journal.items():
            try:
                if _identity(self.path + suffix) == expected:
                    continue
            except OSError:
                pass
            self._stop(Fault.JOURNAL, suffix=suffix)
            return

    async def _content_explained(self) -> bool:
        """The database's size and time are as last accounted for, or a checkpoint mark moved since (waiting a
        while for one under way elsewhere)."""
        started = changed_at = time.monotonic()
        content = self.content
        while True:
            marks = _marks(self.index_fd)  # read before the stat: a checkpoint writes the file, then moves the marks
            try:
                now = _content(os.stat(self.path))
            except OSError:
                return True  # deleted meanwhile: the next identity look says so
            if now == self.content or marks != self.marks:
                self.content, self.marks = now, marks
                return True
            if now != content:
                content, changed_at = now, time.monotonic()  # still being written: wait for the writer to finish
            waited = time.monotonic()
            if waited - changed_at >= SETTLE_SECONDS or waited - started >= GIVE_UP_SECONDS:
                return False
            await asyncio.sleep(POLL_SECONDS)

    def _stop(self, fault: Fault, detail: str = "", *, suffix: str = "") -> None:
        self.fault = fault
        self.problem = fault.value.format(suffix=suffix) + detail

    def _take_journal_away(self) -> None:
        for suffix, identity in self.journal.items():
            with contextlib.suppress(OSError):
                if _identity(self.path + suffix) == identity:
                    os.remove(self.path + suffix)


def _identity(path: str) -> tuple[int, int]:
    status = os.stat(path)
    return status.st_dev, status.st_ino


def _content(status: os.stat_result) -> tuple[int, int]:
    return status.st_size, status.st_mtime_ns


def _marks(index_fd: int | None) -> bytes:
    if index_fd is None:
        return b""
    header = os.pread(index_fd, _BACKFILLED.stop, 0)
    return header[_SALTS] + header[_BACKFILLED]
