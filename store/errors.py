"""The store's own errors: what went wrong, in words the bot can pass on."""

from __future__ import annotations

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
    """PostgreSQL: the server could not be reached, or the connection broke, during this call. Nothing is
    acknowledged (a write whose connection broke while committing may still have been saved); the pool
    reconnects by itself, so a later call works again once the server is back."""
