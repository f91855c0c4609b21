"""Is the file at DATABASE_PATH usable, and is it still the file the store opened?

At start, `Store.open` refuses an unusable file with `StoreUnusable` (one line: the path, what is wrong, the
fix) rather than a traceback: checks the operating system can answer up front (a directory, a folder it
cannot write, a read-only file), then what SQLite says while opening (not a database, corrupt, a newer
schema), and an integrity check before anything is written. `PRAGMA quick_check` (the b-tree structure of
every page of every table and index, without cross-checking index contents against tables) took 0.3 s on a
file of 1,000,000 entries in the OS cache (`bench/store.py`; from a cold disk add one read of the file),
once per start: cheaper than finding the damage later, when rulings are being logged into it.

While running, `DatabaseFile.check` compares the path's device and inode with those of the file opened at
start, before a batch is acknowledged and before a read: if the file was deleted or replaced (a restore
copied over it, a cleanup script), what the store writes goes to a file nobody will ever open again, so it
raises `StoreGone` for that write and every later one instead of acknowledging it.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from dataclasses import dataclass, field

import aiosqlite

from .errors import StoreGone, StoreUnusable

_RESTORE = "restore a backup, or move the file away to start a new, empty log"
_PERMISSIONS = "make it readable and writable by the bot's user, or set DATABASE_PATH to a writable place"


def check_path(path: str) -> None:
    """Refuse what the operating system already says cannot work, creating the folder if it is missing."""
    folder = os.path.dirname(path)
    if os.path.isdir(path):
        fix = f"set DATABASE_PATH to a file in it, e.g. {path}/floorcall.db"
        raise StoreUnusable(path, "it is a folder, not a database file", fix)
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as error:
        raise StoreUnusable(path, f"its folder cannot be created ({error.strerror})", _PERMISSIONS) from error
    if not os.access(folder, os.W_OK | os.X_OK):
        raise StoreUnusable(
            path,
            f"its folder {folder} is not writable by this user (SQLite keeps -wal and -shm files beside it)",
            f"make the folder writable by the bot's user (chown or chmod u+w {folder}), or choose another",
        )
    if os.path.exists(path) and not os.access(path, os.R_OK | os.W_OK):
        raise StoreUnusable(path, "the file is read-only for this user", f"make it writable (chmod u+rw {path})")


def refused(path: str, error: sqlite3.Error) -> StoreUnusable:
    """What an SQLite error while opening means for the person who set DATABASE_PATH."""
    code = getattr(error, "sqlite_errorcode", 0) & 0xFF  # the primary result code
    if code == sqlite3.SQLITE_NOTADB:
        problem, fix = "it is not an SQLite database", f"point DATABASE_PATH at Floor Call's database, or {_RESTORE}"
    elif code == sqlite3.SQLITE_CORRUPT:
        problem, fix = f"the database is corrupt ({error})", _SALVAGE.format(path=path)
    elif code in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM):
        problem, fix = f"SQLite cannot open it for writing ({error})", _PERMISSIONS
    elif code == sqlite3.SQLITE_FULL:
        problem, fix = "the disk is full", "free some space on it, then start again"
    else:
        problem, fix = f"SQLite refused it ({error})", _RESTORE
    return StoreUnusable(path, problem, fix)


_SALVAGE = "restore a backup, or salvage what is readable: sqlite3 {path} .recover | sqlite3 recovered.db"


async def check_integrity(conn: aiosqlite.Connection, path: str) -> None:
    """`PRAGMA quick_check` before anything is written; its first complaint names the damage."""
    rows = [row[0] for row in await conn.execute_fetchall("PRAGMA quick_check")]
    if rows != ["ok"]:
        lines = [line for row in rows for line in str(row).splitlines() if not line.startswith("***")]
        raise StoreUnusable(path, f"the database is corrupt (quick_check: {lines[0]})", _SALVAGE.format(path=path))


@dataclass(slots=True)
class DatabaseFile:
    """The file the store opened, by device and inode, and its -wal and -shm files; once gone, it stays gone."""

    path: str
    identity: tuple[int, int]
    journal: dict[str, tuple[int, int]]  # "-wal"/"-shm" -> identity, as opened at start
    problem: str | None = field(default=None)  # why it is gone, once it is

    @classmethod
    def at(cls, path: str) -> DatabaseFile:
        """Call once the connection is open in WAL mode and has read, so the -wal and -shm files exist."""
        journal = {suffix: _identity(path + suffix) for suffix in ("-wal", "-shm") if os.path.exists(path + suffix)}
        return cls(path, _identity(path), journal)

    def check(self) -> None:
        """Raise StoreGone if the path no longer names the file opened at start (or cannot be checked)."""
        if self.is_gone():
            self.raise_if_gone()

    def is_gone(self) -> bool:
        """Look again (one stat) unless it is already known to be gone."""
        if self.problem is None:
            try:
                identity = _identity(self.path)
            except OSError as error:
                self.problem = f"the database file was deleted ({error.strerror})"
            else:
                if identity != self.identity:
                    self.problem = "the database file was replaced by another file"
        return self.problem is not None

    def raise_if_gone(self) -> None:
        """Raise StoreGone if a check already found the file gone (no system call)."""
        if self.problem is not None:
            raise StoreGone(self.path, self.problem, _REOPEN)

    def discard_journal(self) -> None:
        """After closing a connection to a file that is gone: delete its -wal and -shm if they are still ours.
        SQLite leaves them when the database file moved, and the next file at the path would take their pages
        as its own (a restored backup overwritten by the old log's last pages, a new file starting half full)."""
        for suffix, identity in self.journal.items():
            with contextlib.suppress(OSError):
                if _identity(self.path + suffix) == identity:
                    os.remove(self.path + suffix)


def _identity(path: str) -> tuple[int, int]:
    status = os.stat(path)
    return status.st_dev, status.st_ino


_REOPEN = "nothing is saved any more; put the right file (or a backup) at the path and restart the bot"
