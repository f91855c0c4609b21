"""The store's own errors: what went wrong, in words the bot can pass on."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .models import Game


class StoreError(Exception):
    """Base class for the store's own errors (sqlite3 errors pass through unchanged)."""


class StoreClosed(StoreError):
    """A write was submitted after `Store.close()` began."""


class GameAlreadyOpen(StoreError):
    """`start_game` in a channel that already has an open game; carries that game."""

    def __init__(self, game: Game) -> None:
        super().__init__(f"game #{game.number} is already open in channel {game.channel_id}")
        self.game = game


class StoreFault(StoreError):
    """The database file itself is the problem: says which file, what is wrong and what to do, on one line
    (`str()`), so the bot can log it and stop instead of showing a traceback."""

    def __init__(self, path: str, problem: str, fix: str) -> None:
        self.path, self.problem, self.fix = path, problem, fix
        super().__init__(" ".join(f"{path}: {problem}. Fix: {fix}".split()))


class StoreUnusable(StoreFault):
    """`Store.open` refuses the file: a directory, an unwritable folder, a read-only file, not a database,
    a newer schema, corrupt, or anything else SQLite refused while opening it."""


class StoreGone(StoreFault):
    """The database file was deleted or replaced while the bot ran: what the store writes would not be in the
    file at the path, so it acknowledges nothing more (this write and every later one)."""


class StoreFull(StoreFault):
    """The disk (or the database's size limit) is full: this write was not saved; the store carries on."""
