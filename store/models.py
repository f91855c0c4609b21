"""Plain values the store hands out: no connection, no SQL, safe to pass to cogs. Built from rows of either
backend, which look alike (see `store.database`)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from .database import Row

DEFAULT_RULEBOOK = "robert-classic"

EntryKind = Literal["ruling", "note"]


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is reading the log: a private ruling is shown only to its author and to managers."""

    user_id: int
    manager: bool


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """Per-server settings; `language` None means "auto" (the user's locale)."""

    rulebook: str = DEFAULT_RULEBOOK
    language: str | None = None

    @classmethod
    def from_row(cls, row: Row | None) -> GuildSettings:
        """Unset columns are NULL, so the defaults live here only."""
        if row is None:
            return cls()
        return cls(rulebook=row["rulebook"] or DEFAULT_RULEBOOK, language=row["language"])


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
    """A ruling or a note; `game_number` None means the server's general log. `id` and `game_id` are
    internal (global across servers); users see `number` and `game_number`."""

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

    @classmethod
    def from_row(cls, row: Row) -> LogEntry:
        values = dict(row)
        values["private"] = bool(values["private"])
        values["created_at"] = datetime.fromisoformat(values["created_at"])
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
class Export:
    """A log export: one plain file, or (`compressed`) one or more zips, each valid on its own."""

    parts: list[ExportPart]
    entries: int
    compressed: bool
