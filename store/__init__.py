"""Floor Call's durable, per-server home-game log, on SQLite (the default) or PostgreSQL.

`Store.open(location)`: an SQLite file's path (`DATABASE_PATH`), or a `postgresql://` URL (`DATABASE_URL`) for
a bot split into shard processes that share one database. One interface and the same guarantees on both
(`store.store`); the backends differ only where they must (`store.sqlite`, `store.postgres`: schema and
migrations, triggers, pragmas, the writer). `python -m store.migrate` copies an SQLite log into PostgreSQL.

- `log_ruling(...)` returns the committed `LogEntry`; `get_game(guild_id, number)` and `delete_game(guild_id,
  number)` take the per-server game number. Numbers are never reused, so a stale reference names that game or
  nothing.
- `log_page(guild_id, *, viewer, game_number=None, page, per_page)`: what `viewer` may read, newest first.
- `export(guild_id, *, viewer, game_number=None, fmt, max_bytes) -> Export | None`: None when the server has
  no game `game_number` (checked in the export's own snapshot, so a game deleted meanwhile is not exported
  as an empty file). `max_bytes` below 4096 is a ValueError, and so is a single entry larger than it.

Errors (all StoreError):
- ConstraintViolation: the database refused a row (a unique index, a check, a trigger), on either backend.
- StoreFault, with `.path` (the file, or the URL without its password), `.problem`, `.fix` and a one-line
  `str()`: StoreUnusable from `Store.open` for a database it cannot use (SQLite: a folder, an unwritable
  place, not a database, corrupt, a newer schema...; PostgreSQL: no server there, a refused login, a missing
  database, a newer schema...); StoreGone from any call once the SQLite file at the path was deleted or
  replaced; StoreFull for a write a full disk refused; StoreUnavailable for a call the PostgreSQL server
  could not be reached for. A driver's errors for a bad parameter (an int over 2**63) pass through unchanged.

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
    StoreClosed,
    StoreError,
    StoreFault,
    StoreFull,
    StoreGone,
    StoreUnavailable,
    StoreUnusable,
)
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
    "LogPage",
    "Merged",
    "PendingQuestion",
    "Recorded",
    "RulingMark",
    "RulingRecord",
    "Standing",
    "Store",
    "StoreClosed",
    "StoreError",
    "StoreFault",
    "StoreFull",
    "StoreGone",
    "StoreUnavailable",
    "StoreUnusable",
    "Verdict",
    "Viewer",
    "is_postgres_url",
]
