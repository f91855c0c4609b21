"""Is the file at DATABASE_PATH usable? (Whether it is still the file the store opened: `store.watch`.)

At start, `Store.open` refuses an unusable file with `StoreUnusable` (one line: the path, what is wrong, the
fix) rather than a traceback: checks the operating system can answer up front (a directory, a device, a pipe,
a symbolic link to nothing, a name too long, a folder it cannot write, a read-only file), then what SQLite says
while opening (not a database, corrupt, a newer schema), whose file it is (another application's database is
refused, not adopted), and an integrity check before anything is written. `PRAGMA quick_check` (the b-tree structure of
every page of every table and index, without cross-checking index contents against tables) took 0.3 s on a
file of 1,000,000 entries in the OS cache (`bench/store.py`; from a cold disk add one read of the file),
once per start: cheaper than finding the damage later, when rulings are being logged into it.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import stat
from typing import Any

import aiosqlite

from .errors import StoreUnusable
from .schema import APPLICATION_ID, LATEST_VERSION

_RESTORE = "restore a backup, or move the file away to start a new, empty log"
_PERMISSIONS = "make it readable and writable by the bot's user, or set DATABASE_PATH to a writable place"


def check_path(path: str) -> None:
    """Refuse what the operating system already says cannot work, creating the folder if it is missing."""
    folder = os.path.dirname(path)
    _check_kind(path)
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


def _check_kind(path: str) -> None:
    """A folder, a device, a pipe, a socket or a symbolic link to nothing is not a file a log can live in."""
    try:
        status = os.stat(path)
    except FileNotFoundError:
        if os.path.islink(path):
            target = os.readlink(path)
            fix = "point the link at an existing database, or set DATABASE_PATH to the file itself"
            raise StoreUnusable(path, f"it is a symbolic link to {target}, which does not exist", fix) from None
        return  # a new log: created on open
    except OSError as error:
        if error.errno == errno.ENAMETOOLONG:
            raise StoreUnusable(path, "its name is too long for the file system", _SHORTER) from error
        raise StoreUnusable(path, f"it cannot be looked at ({error.strerror})", _PERMISSIONS) from error
    if stat.S_ISDIR(status.st_mode):
        fix = f"set DATABASE_PATH to a file in it, e.g. {path}/floorcall.db"
        raise StoreUnusable(path, "it is a folder, not a database file", fix)
    if not stat.S_ISREG(status.st_mode):
        mode = status.st_mode
        what = "a pipe" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else "a device"
        raise StoreUnusable(path, f"it is {what}, not a file", "set DATABASE_PATH to a file, e.g. floorcall.db")


_SHORTER = "set DATABASE_PATH to a shorter name, e.g. floorcall.db"


def probe(path: str) -> None:
    """Open the file and read its header with plain sqlite3 (run in a thread): what SQLite refuses is refused
    here, before aiosqlite starts a worker thread that would outlive a failed open with a traceback."""
    try:
        conn = sqlite3.connect(path, isolation_level=None)
        try:
            conn.execute("PRAGMA schema_version").fetchall()
        finally:
            conn.close()
    except sqlite3.Error as error:
        raise refused(path, error) from error


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
    elif code == sqlite3.SQLITE_IOERR:
        problem, fix = f"the disk refused to read or write it ({error})", "check the disk, then start again"
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


async def check_owner(conn: aiosqlite.Connection, path: str) -> None:
    """Refuse another application's SQLite file rather than adopt it (WAL mode and our tables added to it).
    Ours: Floor Call's application id (`PRAGMA application_id`), or, in a file from before the id was written,
    a schema version of ours with our log table. Empty: no tables at all. Anything else is someone else's."""
    application_id = await _pragma(conn, "application_id")
    version = await _pragma(conn, "user_version")
    if application_id == APPLICATION_ID or version > LATEST_VERSION:  # newer: migrate() says so in its own words
        return
    tables = [row[0] for row in await conn.execute_fetchall(_TABLES)]
    ours = application_id == 0 and ((version == 0 and not tables) or (version > 0 and "log_entries" in tables))
    if not ours:
        whose = f"application id {application_id}" if application_id else f"tables {', '.join(tables[:5])}"
        raise StoreUnusable(
            path,
            f"it is another application's SQLite database ({whose}), not Floor Call's",
            "set DATABASE_PATH to Floor Call's own file (a new name starts an empty log)",
        )


_TABLES = "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"


async def _pragma(conn: aiosqlite.Connection, name: str) -> Any:
    [(value,)] = await conn.execute_fetchall(f"PRAGMA {name}")
    return value
