"""Floor Call's durable, per-server home-game log (SQLite via aiosqlite)."""

from .models import (
    DEFAULT_RULEBOOK,
    Game,
    GameAlreadyOpen,
    GuildSettings,
    LogEntry,
    LogPage,
    StoreClosed,
    StoreError,
)
from .store import Store

__all__ = [
    "DEFAULT_RULEBOOK",
    "Game",
    "GameAlreadyOpen",
    "GuildSettings",
    "LogEntry",
    "LogPage",
    "Store",
    "StoreClosed",
    "StoreError",
]
