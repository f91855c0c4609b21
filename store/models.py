"""Plain values the store hands out: no connection, no SQL, safe to pass to cogs."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

DEFAULT_RULEBOOK = "robert-classic"

EntryKind = Literal["ruling", "note"]


class StoreError(Exception):
    """Base class for the store's own errors (sqlite3 errors pass through unchanged)."""


class StoreClosed(StoreError):
    """A write was submitted after `Store.close()` began."""


class GameAlreadyOpen(StoreError):
    """`start_game` in a channel that already has an open game; carries that game."""

    def __init__(self, game: Game) -> None:
        super().__init__(f"game {game.id} is already open in channel {game.channel_id}")
        self.game = game


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """Per-server settings; `language` None means "auto" (the user's locale)."""

    rulebook: str = DEFAULT_RULEBOOK
    language: str | None = None

    @classmethod
    def from_row(cls, row: sqlite3.Row | None) -> GuildSettings:
        """Unset columns are NULL, so the defaults live here only."""
        if row is None:
            return cls()
        return cls(rulebook=row["rulebook"] or DEFAULT_RULEBOOK, language=row["language"])


@dataclass(frozen=True, slots=True)
class Game:
    """One home game: opened in a channel, closed with `/game end`."""

    id: int
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
    def from_row(cls, row: sqlite3.Row) -> Game:
        closed = row["closed_at"]
        return cls(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            name=row["name"],
            opened_by=row["opened_by"],
            opened_at=datetime.fromisoformat(row["opened_at"]),
            closed_at=None if closed is None else datetime.fromisoformat(closed),
        )


@dataclass(frozen=True, slots=True)
class LogEntry:
    """A ruling or a note; `game_id` None means the server's general log."""

    id: int
    guild_id: int
    game_id: int | None
    game_name: str | None
    channel_id: int
    user_id: int
    kind: EntryKind
    text: str
    status: str | None
    rule_id: str | None
    outcome: str | None
    rulebook: str | None
    created_at: datetime

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> LogEntry:
        values = dict(row)
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
