"""Floor Call's durable, per-server home-game log, on SQLite (the default) or PostgreSQL.

`Store.open(location)`: an SQLite file's path (`DATABASE_PATH`), or a `postgresql://` URL (`DATABASE_URL`) for
a bot split into shard processes that share one database. One interface and the same guarantees on both
(`store.store`); the backends differ only where they must (`store.sqlite`, `store.postgres`: schema and
migrations, triggers, pragmas, the writer, how an export is built). `python -m store.migrate` copies an SQLite
log into PostgreSQL.

- `log_ruling(...)` returns the committed `LogEntry`; `get_game(guild_id, number)` and `delete_game(guild_id,
  number)` take the per-server game number; `game_named(guild_id, name)` finds one by its exact name. Numbers
  are never reused, so a stale reference names that game or nothing.
- `log_page(guild_id, *, viewer, game_number=None, page, per_page, before=None)`: what `viewer` may read,
  newest first; with `before`, the entries numbered below it (keyset paging).
- `log_extent(guild_id)` and `clear_log(guild_id, through=extent)`: a clear bound to what existed when asked.
- `export_stream(guild_id, *, viewer, game_number=None, fmt, max_bytes)`: the parts (`Streamed`) one at a time,
  as they are closed (SQLite: in a process of its own; PostgreSQL: in a thread over a snapshot); `found` False
  when the server has no game `game_number` (checked in the export's own snapshot, so a game deleted meanwhile
  is not exported as an empty file). `export(...)` gathers them (`Export | None`). `max_bytes` below 4096 is a
  ValueError, and so is a single entry larger than it.

Errors (all StoreError):
- ConstraintViolation: the database refused a row (a unique index, a check, a trigger), on either backend.
- StoreFault, with `.path` (the file, or the URL without its password), `.problem`, `.fix` and a one-line
  `str()`: StoreUnusable from `Store.open` for a database it cannot use (SQLite: a folder, an unwritable
  place, not a database, corrupt, a newer schema...; PostgreSQL: no server there, a refused login, a missing
  database, a newer schema...; never a raw driver error); StoreGone from any call once the SQLite file at the
  path was deleted, replaced or changed behind SQLite's back, or its -wal deleted (store.watch); StoreFull for
  a write a full disk refused; StoreUnavailable for one call that could not use the database: on SQLite
  StoreBusy (another program held the write lock past the busy timeout) or StoreFailing (any other disk
  error: I/O, read-only), with `.reading` for a read; on PostgreSQL, the server out of reach. A driver's errors
  for a bad parameter (an int over 2**63) pass through unchanged.

House rules, the floor role and floor calls (issue 13): `store.house`, mixed into Store. `log_ruling` and
`RulingRecord` take the house rule that touched a ruling (`house`) and a public ruling's `card`.

The ledger (issue 11, store/ledger.py, schema v6): `record_money`, `remove_money`, `game_money`, `money_entry`,
`find_player`, `recent_players`, `merge_guest`, `standings`, `set_currency`. Log pages and exports hold the
ledger's entries among rulings and notes (LogEntry kinds `buyin`/`cashout`, export columns `player`,
`player_user_id`, `amount`, `removed_by`, `removed_at`).
"""

from .errors import (
    ConstraintViolation,
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
from .store import Store, is_postgres_url

__all__ = [
    "DEFAULT_RULEBOOK",
    "Answered",
    "ConstraintViolation",
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
    "is_postgres_url",
]
