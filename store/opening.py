"""Is the file at DATABASE_PATH usable? (Whether it is still the file the store opened: `store.watch`.)

At start, `Store.open` refuses an unusable file with `StoreUnusable` (one line: the path, what is wrong, the
fix) rather than a traceback: checks the operating system can answer up front (a directory, a folder it
cannot write, a read-only file), then what SQLite says while opening (not a database, corrupt, a newer
schema), and an integrity check before anything is written. `PRAGMA quick_check` (the b-tree structure of
every page of every table and index, without cross-checking index contents against tables) took 0.3 s on a
file of 1,000,000 entries in the OS cache (`bench/store.py`; from a cold disk add one read of the file),
once per start: cheaper than finding the damage later, when rulings are being logged into it.
"""

from __future__ import annotations

import os
import sqlite3

import aiosqlite

from .errors import StoreUnusable

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
