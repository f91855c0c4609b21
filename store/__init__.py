"""Floor Call's durable, per-server home-game log (SQLite via aiosqlite).

Changes to signatures the cogs used (issue 8):
- `log_ruling(...)` returns the committed `LogEntry` (was its global id, which users must not see).
- `get_game(guild_id, number)` and `delete_game(guild_id, number)` take the per-server game number (was the
  global id). Numbers are never reused, so a stale reference names that game or nothing.
- `export_stream(guild_id, *, viewer, game_number=None, fmt, max_bytes)`: the parts (`Streamed`) as the export's
  own process closes them, one at a time; `found` False when the server has no game `game_number` (checked in
  the export's own snapshot, so a game deleted meanwhile is not exported as an empty file). `export(...)` gathers
  them (`Export | None`). `max_bytes` below 4096 is a ValueError, and so is a single entry larger than it.

House rules, the floor role and floor calls (issue 13): `store.house`, mixed into Store. `log_ruling` and
`RulingRecord` take the house rule that touched a ruling (`house`) and a public ruling's `card`.

Faults (all StoreError, and StoreFault with `.path`, `.problem`, `.fix` and a one-line `str()`):
- `Store.open` raises StoreUnusable for a folder at the path, a folder it cannot write or create, a read-only
  file, a file that is not SQLite, a newer schema (SchemaTooNew), a corrupt file (PRAGMA quick_check), or
  anything else SQLite refuses while opening (a failed migration included): never a raw sqlite3 error.
- StoreGone from any call once the file at the path was deleted, replaced or changed behind SQLite's back, or
  its -wal deleted (store.watch); StoreFull for a write the full disk refused; StoreBusy when another program
  held the write lock past the busy timeout; StoreFailing for any other disk error (I/O, read-only), with
  `.reading` for a read. Other writes' own errors (constraints, bad parameters) still pass through unchanged.

The ledger (issue 11, store/ledger.py, schema v6): `record_money`, `remove_money`, `game_money`, `money_entry`,
`find_player`, `recent_players`, `merge_guest`, `standings`, `set_currency`. Log pages and exports hold the
ledger's entries among rulings and notes (LogEntry kinds `buyin`/`cashout`, export columns `player`,
`player_user_id`, `amount`, `removed_by`, `removed_at`).

Transitional, only until the cogs move to numbers and the new export (then delete them):
- `log_page(..., game_id=...)`: a game by its internal id; use `game_number`.
- `log_page` without `viewer`: public entries only; pass the `Viewer` (then `viewer` becomes required).
- `export_entries(...)`: the whole log in memory under the store's lock; use `export`.
- `store.export.to_csv`, `to_json`, `FIELDS`: the old file formats (global ids, formulas left live).
"""

from .errors import (
    GameAlreadyOpen,
    StoreBusy,
    StoreClosed,
    StoreError,
    StoreFailing,
    StoreFault,
    StoreFull,
    StoreGone,
    StoreUnavailable,
    StoreUnusable,
)
from .export import Streamed
from .house import FloorCall, FloorDecision, HouseApplied, HouseRule, RulingMark, Verdict
from .models import (
    DEFAULT_RULEBOOK,
    Answered,
    Export,
    ExportPart,
    Game,
    GuildSettings,
    LedgerEntry,
    LedgerPlayer,
    LogEntry,
    LogExtent,
    LogPage,
    Merged,
    PendingQuestion,
    Recorded,
    RulingRecord,
    Standing,
    Viewer,
)
from .store import Store

__all__ = [
    "DEFAULT_RULEBOOK",
    "Answered",
    "Export",
    "ExportPart",
    "FloorCall",
    "FloorDecision",
    "Game",
    "GameAlreadyOpen",
    "GuildSettings",
    "HouseApplied",
    "HouseRule",
    "LedgerEntry",
    "LedgerPlayer",
    "LogEntry",
    "LogExtent",
    "LogPage",
    "Merged",
    "PendingQuestion",
    "Recorded",
    "RulingMark",
    "RulingRecord",
    "Standing",
    "Store",
    "StoreBusy",
    "StoreClosed",
    "StoreError",
    "StoreFailing",
    "StoreFault",
    "StoreFull",
    "StoreGone",
    "StoreUnavailable",
    "StoreUnusable",
    "Streamed",
    "Verdict",
    "Viewer",
]
