"""Floor Call's durable, per-server home-game log (SQLite via aiosqlite).

Changes to signatures the cogs used (issue 8):
- `log_ruling(...)` returns the committed `LogEntry` (was its global id, which users must not see).
- `get_game(guild_id, number)` and `delete_game(guild_id, number)` take the per-server game number (was the
  global id). Numbers are never reused, so a stale reference names that game or nothing.

Transitional, only until the cogs move to numbers and the new export (then delete them):
- `log_page(..., game_id=...)`: a game by its internal id; use `game_number`.
- `log_page` without `viewer`: public entries only; pass the `Viewer` (then `viewer` becomes required).
- `export_entries(...)`: the whole log in memory under the store's lock; use `export`.
"""

from .errors import GameAlreadyOpen, StoreClosed, StoreError
from .models import (
    DEFAULT_RULEBOOK,
    Game,
    GuildSettings,
    LogEntry,
    LogPage,
    Viewer,
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
    "Viewer",
]
