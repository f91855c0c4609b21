"""Plain values the store hands out: no connection, no SQL, safe to pass to cogs. Built from rows of either
backend, which look alike (see `store.database`)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Literal

from ledger.amounts import from_cents

from .house import HouseApplied

if TYPE_CHECKING:
    from .database import Row

DEFAULT_RULEBOOK = "robert-classic"

EntryKind = Literal["ruling", "note", "buyin", "cashout"]
MoneyKind = Literal["buyin", "cashout"]


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is reading the log: a private ruling is shown only to its author and to managers."""

    user_id: int
    manager: bool


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """Per-server settings; `language` None means "auto" (the user's locale); `currency` None means amounts
    are shown as plain numbers."""

    rulebook: str = DEFAULT_RULEBOOK
    language: str | None = None
    currency: str | None = None

    @classmethod
    def from_row(cls, row: Row | None) -> GuildSettings:
        """Unset columns are NULL, so the defaults live here only."""
        if row is None:
            return cls()
        return cls(rulebook=row["rulebook"] or DEFAULT_RULEBOOK, language=row["language"], currency=row["currency"])


@dataclass(frozen=True, slots=True)
class Game:
    """One home game: opened in a channel, closed with `/game end`."""

    id: int  # internal and global across servers: never shown, never taken from a user
    number: int  # what users see and type: per server, from 1, never reused
    guild_id: int
    channel_id: int
    name: str
    opened_by: int
    opened_at: datetime
    closed_at: datetime | None

    @property
    def is_open(self) -> bool:
        return self.closed_at is None

    @classmethod
    def from_row(cls, row: Row) -> Game:
        closed = row["closed_at"]
        return cls(
            id=row["id"],
            number=row["number"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            name=row["name"],
            opened_by=row["opened_by"],
            opened_at=datetime.fromisoformat(row["opened_at"]),
            closed_at=None if closed is None else datetime.fromisoformat(closed),
        )


@dataclass(frozen=True, slots=True)
class LogEntry:
    """A ruling, a note, or a ledger entry (`buyin`, `cashout`: who for in `player` or `player_user_id`, the
    `amount`, who recorded it in `user_id`, and `removed_by`/`removed_at` if it was undone); `game_number`
    None means the server's general log. `id` and `game_id` are internal (global across servers; a ledger
    entry's id is of its own table); users see `number` and `game_number`."""

    id: int
    number: int
    guild_id: int
    game_id: int | None
    game_number: int | None
    game_name: str | None
    channel_id: int
    user_id: int
    kind: EntryKind
    text: str
    status: str | None
    rule_id: str | None
    outcome: str | None
    rulebook: str | None
    private: bool
    created_at: datetime
    player: str | None = None
    player_user_id: int | None = None
    amount: Decimal | None = None
    removed_by: int | None = None
    removed_at: datetime | None = None

    @classmethod
    def from_row(cls, row: Row) -> LogEntry:
        values = dict(row)
        cents = values.pop("cents", None)
        values["amount"] = None if cents is None else from_cents(cents)
        values["private"] = bool(values["private"])
        values["created_at"] = datetime.fromisoformat(values["created_at"])
        values["removed_at"] = _when(values.get("removed_at"))
        return cls(**values)


@dataclass(frozen=True, slots=True)
class LogPage:
    """One page of a log, newest first; `page` counts from 1."""

    entries: tuple[LogEntry, ...]
    page: int
    per_page: int
    has_next: bool

    @property
    def has_previous(self) -> bool:
        return self.page > 1


@dataclass(frozen=True, slots=True)
class RulingRecord:
    """What a final ruling logs (the arguments of `Store.log_ruling`), for `Store.answer_question`."""

    channel_id: int
    user_id: int
    situation: str
    status: str
    rule_id: str | None
    outcome: str | None
    rulebook: str
    private: bool = False
    house: HouseApplied | None = None  # the house rule that touched it
    card: Mapping[str, Any] | None = None  # a public ruling's card, kept for the floor to confirm or overrule


@dataclass(frozen=True, slots=True)
class PendingQuestion:
    """A question the bot asked and is waiting on; `request` is what the caller stored to carry on."""

    id: int
    guild_id: int  # 0 for a direct message
    channel_id: int
    owner_id: int
    request: Mapping[str, Any]
    created_at: datetime
    answered_by: int | None
    answered_at: datetime | None

    @property
    def is_answered(self) -> bool:
        return self.answered_at is not None

    @classmethod
    def from_row(cls, row: Row) -> PendingQuestion:
        answered = row["answered_at"]
        return cls(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            owner_id=row["owner_id"],
            request=json.loads(row["request"]),
            created_at=datetime.fromisoformat(row["created_at"]),
            answered_by=row["answered_by"],
            answered_at=None if answered is None else datetime.fromisoformat(answered),
        )


@dataclass(frozen=True, slots=True)
class Answered:
    """The one accepted answer to a question: the entry it logged and the question it asked next, if any."""

    entry: LogEntry | None
    next_question_id: int | None

    @property
    def entry_number(self) -> int | None:
        return None if self.entry is None else self.entry.number


@dataclass(frozen=True, slots=True)
class ExportPart:
    """One file to attach: at most the `max_bytes` the export was asked for."""

    filename: str
    data: bytes


@dataclass(frozen=True, slots=True)
class LogExtent:
    """A server's last game and entry numbers at one moment (0 before the first)."""

    last_game: int
    last_entry: int


@dataclass(frozen=True, slots=True)
class Export:
    """A log export: one plain file, or (`compressed`) one or more zips, each valid on its own."""

    parts: list[ExportPart]
    entries: int
    compressed: bool


def _when(stored: str | None) -> datetime | None:
    return None if stored is None else datetime.fromisoformat(stored)


@dataclass(frozen=True, slots=True)
class LedgerPlayer:
    """A server's player: a member (`user_id`) or a guest (`guest`, the name as first written). `id` is
    internal; `key` is what the ledger package calls them (`m:<id>`, `g:<folded name>`)."""

    id: int
    key: str
    user_id: int | None
    guest: str | None

    @classmethod
    def from_row(cls, row: Row) -> LedgerPlayer:
        return cls(id=row["id"], key=row["player_key"], user_id=row["user_id"], guest=row["guest"])


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """One buy-in (a rebuy is one more) or cash-out, in cents; `removed_*` are set once it was undone."""

    id: int  # internal
    number: int  # the server's entry number, shared with rulings and notes
    guild_id: int
    game_id: int
    game_number: int
    channel_id: int
    player: LedgerPlayer
    kind: MoneyKind
    cents: int
    recorded_by: int
    recorded_at: datetime
    removed_by: int | None
    removed_at: datetime | None

    @property
    def amount(self) -> Decimal:
        return from_cents(self.cents)

    @property
    def removed(self) -> bool:
        return self.removed_at is not None

    @classmethod
    def from_row(cls, row: Row) -> LedgerEntry:
        player = LedgerPlayer(row["player_id"], row["player_key"], row["player_user_id"], row["player_guest"])
        return cls(
            id=row["id"],
            number=row["number"],
            guild_id=row["guild_id"],
            game_id=row["game_id"],
            game_number=row["game_number"],
            channel_id=row["channel_id"],
            player=player,
            kind=row["kind"],
            cents=row["cents"],
            recorded_by=row["recorded_by"],
            recorded_at=datetime.fromisoformat(row["recorded_at"]),
            removed_by=row["removed_by"],
            removed_at=_when(row["removed_at"]),
        )


@dataclass(frozen=True, slots=True)
class Recorded:
    """What `Store.record_money` did: the entry, and whether this request made it (False: the same request,
    a press delivered twice or a double click, had already recorded it, and nothing new was written)."""

    entry: LedgerEntry
    new: bool


@dataclass(frozen=True, slots=True)
class Merged:
    """A guest merged into another player: how many entries moved, and the note that logged it."""

    entries: int
    note: LogEntry


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's totals over a server's closed games, in cents."""

    player: LedgerPlayer
    bought_in: int
    cashed_out: int
    games: int

    @property
    def net(self) -> int:
        return self.cashed_out - self.bought_in
