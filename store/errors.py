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
