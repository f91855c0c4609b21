"""The store's own errors: what went wrong, in words the bot can pass on."""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .models import Game


class StoreError(Exception):
    """Base class for the store's own errors (a driver's errors for a bad parameter pass through unchanged)."""


class ConstraintViolation(StoreError):
    """The database refused a row (a unique index, a check, a trigger): the same class whichever the backend,
    with the database's own message; the driver's error is its `__cause__`."""


class StoreClosed(StoreError):
    """A write was submitted after `Store.close()` began."""


class GameAlreadyOpen(StoreError):
    """`start_game` in a channel that already has an open game; carries that game."""

    def __init__(self, game: Game) -> None:
        super().__init__(f"game #{game.number} is already open in channel {game.channel_id}")
        self.game = game


class StoreFault(StoreError):
    """The database itself is the problem: says which one (the file's path, or the server's URL without its
    password), what is wrong and what to do, on one line (`str()`), so the bot can log it and stop instead of
    showing a traceback."""

    def __init__(self, path: str, problem: str, fix: str) -> None:
        self.path, self.problem, self.fix = path, problem, fix
        super().__init__(" ".join(f"{path}: {problem}. Fix: {fix}".split()))


class StoreUnusable(StoreFault):
    """`Store.open` refuses the database. SQLite: a directory, an unwritable folder, a read-only file, not a
    database, a newer schema, corrupt, or anything else SQLite refused while opening it. PostgreSQL: a URL it
    cannot read, a server it cannot reach, a refused login, a missing database, a newer schema, or anything
    else the server refused while opening it."""


class StoreGone(StoreFault):
    """The database file was deleted or replaced while the bot ran: what the store writes would not be in the
    file at the path, so it acknowledges nothing more (this write and every later one)."""


class StoreFull(StoreFault):
    """The disk (or the database's size limit) is full: this write was not saved; the store carries on."""


class StoreUnavailable(StoreFault):
    """The database could not be used for this one call; the store carries on. SQLite: the file (StoreBusy,
    StoreFailing). PostgreSQL: the server could not be reached, or the connection broke, during this call;
    nothing is acknowledged (a write whose connection broke while committing may still have been saved), and
    the pool reconnects by itself, so a later call works again once the server is back. `reading`: it was a
    read, so nothing was being saved."""

    def __init__(self, path: str, problem: str, fix: str, *, reading: bool = False) -> None:
        super().__init__(path, problem, fix)
        self.reading = reading


class StoreBusy(StoreUnavailable):
    """Another program held the database's lock past the busy timeout; the same request may succeed a moment
    later."""


class StoreFailing(StoreUnavailable):
    """The disk refused this write or read: an I/O error, a file or filesystem turned read-only, a damaged page."""


_BUSY = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
_FAILING = (
    sqlite3.SQLITE_IOERR,
    sqlite3.SQLITE_READONLY,
    sqlite3.SQLITE_CANTOPEN,
    sqlite3.SQLITE_PERM,
    sqlite3.SQLITE_CORRUPT,
    sqlite3.SQLITE_NOTADB,
    sqlite3.SQLITE_PROTOCOL,
)


def fault_of(error: BaseException, path: str, *, reading: bool = False) -> StoreFault | None:
    """What an SQLite error from the file itself means for the people using the bot (full, busy, failing), or
    None for an error of the request (a constraint, a bad parameter), which passes through unchanged. Judged by
    SQLite's primary result code, so an error made up in Python (no code) is never mistaken for the disk's."""
    code = getattr(error, "sqlite_errorcode", None) if isinstance(error, sqlite3.Error) else None
    if code is None:
        return None
    code &= 0xFF
    fault: StoreFault
    if code == sqlite3.SQLITE_FULL:
        fault = StoreFull(path, "the disk is full and this was not saved", "free some disk space")
    elif code in _BUSY:
        fault = StoreBusy(
            path,
            f"another program held the database's lock too long ({error})",
            "stop the other program (a second bot, an open sqlite3 shell) or let it finish; try again",
            reading=reading,
        )
    elif code in _FAILING:
        fault = StoreFailing(
            path,
            f"the disk refused to {'read' if reading else 'write'} it ({error})",
            "check the disk and the file's permissions (a read-only remount, a failing disk), then restart the bot",
            reading=reading,
        )
    else:
        return None
    fault.__cause__ = error
    return fault
