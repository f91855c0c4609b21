"""The per-server home-game log: the repository over a database backend, every method scoped by guild_id.

`Store.open(location)` picks the backend: a `postgresql://` URL opens PostgreSQL (`store.postgres`: an
asyncpg pool shared by shard processes), anything else is an SQLite file (`store.sqlite`, the default). The
SQL is the same for both (`store.sql`); so are the guarantees: a write is acknowledged only once committed,
a number is never reused, a question is answered once, an export never holds up other servers' writes.

Isolation between servers: there is no method without `guild_id` as its first argument, every query has
`guild_id = :guild_id` in its WHERE clause, and log entries reference games by (guild_id, id), so the
database refuses an entry that points at another server's game.

Faults are the backend's (see `store.sqlite`, `store.postgres`): a database that cannot be used at start is
StoreUnusable; while running, a call that cannot use it is StoreGone, StoreFull or StoreUnavailable, and one
bad write never fails another's.

Nothing is cached in the process: settings, games and questions are read from the database each time, so
what one shard process changes, every other one sees on its next read.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Mapping
from datetime import timedelta
from typing import Any, TypeVar

from .database import Database, Row, Statement, Transaction, Work, now
from .errors import ConstraintViolation, GameAlreadyOpen
from .export import ExportRequest, Format
from .export_process import ExportStream
from .house import HouseApplied, HouseStore, card_json, log_extras
from .ledger import NO_MONEY, LedgerMethods, money_rows
from .models import (
    Answered,
    Export,
    Game,
    GuildSettings,
    LogEntry,
    LogExtent,
    LogPage,
    PendingQuestion,
    RulingRecord,
    Viewer,
)
from .sql import (
    ANSWER_QUESTION,
    CLEAR_THROUGH,
    GAME_COLUMNS,
    INSERT_ENTRY,
    INSERT_GAME,
    INSERT_QUESTION,
    LOG_ENTRY_FIELDS,
    LOG_EXTENT,
    QUESTION_COLUMNS,
    GameFilter,
    entries_query,
    game_filter,
    note_params,
    numbered,
    question_params,
    ruling_params,
    run_all,
    visible_to,
)

T = TypeVar("T")

# Questions older than this are deleted at start: nobody is going to answer them any more.
QUESTION_DAYS = 30
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
NO_NUMBER_ABOVE = 2**63 - 1  # `before` when a page starts at the newest entry: every number is below it


def is_postgres_url(location: str | os.PathLike[str]) -> bool:
    return isinstance(location, str) and location.startswith(POSTGRES_SCHEMES)


def page_query(which: GameFilter) -> str:
    """A page of a log, newest first, below the number `:before`: the newest `:depth` rulings and notes and the
    newest `:depth` ledger entries under it, each from its (guild_id, number) index, merged by number. Each half
    is limited on its own because PostgreSQL 15 does not push a UNION's ORDER BY ... LIMIT into subqueries that
    join (it would scan and sort a whole server's log for every page); SQLite merges either form."""
    entries = (
        f"{entries_query(which, f'{LOG_ENTRY_FIELDS}, {NO_MONEY}')} AND e.number < :before "
        "ORDER BY e.number DESC LIMIT :depth"
    )
    money = f"{money_rows(which)} AND l.number < :before ORDER BY l.number DESC LIMIT :depth"
    return (
        f"SELECT * FROM ({entries}) AS logged UNION ALL SELECT * FROM ({money}) AS ledger "
        "ORDER BY 2 DESC LIMIT :limit OFFSET :offset"  # 2: the number, which orders a server's entries
    )


def _names_nothing(*references: int | None) -> bool:
    """A game number or question id no database integer can hold (a typed 99999999999999999999, a forged
    button) names no row: the lookup answers "none" instead of failing on an overflow."""
    return any(ref is not None and not -(2**63) <= ref < 2**63 for ref in references)


class Store(HouseStore, LedgerMethods):
    """Repository over a backend. Open once with `Store.open`, share, `close` on shutdown. The ledger's
    methods (buy-ins, cash-outs, standings) are in store/ledger.py; house rules, the floor role and floor calls
    in store/house.py."""

    def __init__(self, db: Database) -> None:
        """Use `Store.open`; this only wires an opened, migrated backend."""
        self._db = db
        self._closed = False

    @classmethod
    async def open(cls, location: str | os.PathLike[str]) -> Store:
        """Open the database at `location` (an SQLite path, or a `postgresql://` URL), checking and migrating
        it. Raises StoreUnusable (one line: the path or the URL without its password, the problem, the fix)
        for a database it cannot use."""
        purge_before = now(timedelta(days=QUESTION_DAYS))
        if is_postgres_url(location):
            from .postgres import PostgresDatabase  # asyncpg is loaded only by those who use it

            return cls(await PostgresDatabase.open(str(location), purge_before=purge_before))
        from .sqlite import SQLiteDatabase

        return cls(await SQLiteDatabase.open(location, purge_before=purge_before))

    @property
    def location(self) -> str:
        """The SQLite file's path, or the PostgreSQL URL without its password."""
        return self._db.location

    async def close(self) -> None:
        """Commit what is queued, then close. Safe to call twice."""
        if not self._closed:
            self._closed = True
            await self._db.close()

    # -- log entries ---------------------------------------------------------------------------------

    async def log_ruling(
        self,
        guild_id: int,
        *,
        channel_id: int,
        user_id: int,
        situation: str,
        status: str,
        rule_id: str | None,
        outcome: str | None,
        rulebook: str,
        private: bool = False,
        house: HouseApplied | None = None,
        card: Mapping[str, Any] | None = None,
    ) -> LogEntry:
        """Log a ruling in the channel's open game (else the general log); the entry once committed. A private
        ruling (asked privately) is shown only to its asker and to managers. `house`: the house rule that touched
        it; `card`: what a public ruling's card was built from, kept so the floor can confirm or overrule it
        (store.house), in the same transaction as the entry."""
        record = RulingRecord(channel_id, user_id, situation, status, rule_id, outcome, rulebook, private, house, card)
        if house is None and card is None:
            return await self._insert_entry(ruling_params(guild_id, record))
        serialised = card_json(card) if card is not None else None

        claim = self._db.parallel_writes

        async def log(transaction: Transaction) -> LogEntry:
            return await _log_ruling(transaction, guild_id, record, card=serialised, claim=claim)

        return await self._run(log)

    async def add_note(self, guild_id: int, *, channel_id: int, user_id: int, text: str) -> LogEntry:
        """Log a free-text note where a ruling from this channel would go."""
        return await self._insert_entry(note_params(guild_id, channel_id, user_id, text))

    async def _insert_entry(self, params: dict[str, Any]) -> LogEntry:
        [row] = await self._write(*numbered(INSERT_ENTRY, params, claim=self._db.parallel_writes))
        return LogEntry.from_row(row)

    async def log_page(
        self,
        guild_id: int,
        *,
        viewer: Viewer,
        game_number: int | None = None,
        page: int = 1,
        per_page: int = 10,
        before: int | None = None,
    ) -> LogPage:
        """The entries `viewer` may read, newest first: one game's (by number), or the whole server's log;
        the ledger's buy-ins and cash-outs among them, in the order they were recorded. With `before` (the
        last number a reader saw), the page is the entries numbered below it, whatever was logged or deleted
        meanwhile (keyset paging: no entry shown twice, none skipped); `page` is then only its label."""
        page = max(page, 1)
        if _names_nothing(game_number, before):
            return LogPage(entries=(), page=page, per_page=per_page, has_next=False)
        offset = 0 if before is not None else (page - 1) * per_page
        rows = await self._db.read(
            page_query(game_filter(game_number)),
            {
                **visible_to(viewer),
                "guild_id": guild_id,
                "game_number": game_number,
                "before": NO_NUMBER_ABOVE if before is None else before,
                "limit": per_page + 1,  # one extra row answers "is there a next page?" without a COUNT
                "offset": offset,
                "depth": offset + per_page + 1,
            },
        )
        entries = tuple(LogEntry.from_row(row) for row in rows[:per_page])
        return LogPage(entries=entries, page=page, per_page=per_page, has_next=len(rows) > per_page)

    def export_stream(
        self,
        guild_id: int,
        *,
        viewer: Viewer,
        game_number: int | None = None,
        fmt: Format,
        max_bytes: int,
    ) -> ExportStream:
        """The log `viewer` may read (one game's, or the server's) as files of at most `max_bytes`, each handed
        over as soon as it is closed (an async context manager and iterator: see store.export_process): plain
        if it fits, else zipped, else split into zips that are each valid on their own; no part at all (`found`
        False) if the server has no game `game_number`. Built over a snapshot of its own, off the event loop
        (SQLite: in a process of its own; PostgreSQL: in a thread): nobody's writes or rulings wait for it."""
        if _names_nothing(game_number):
            game_number = -1  # beyond any database integer, and no game has -1: the export finds none
        asked = ExportRequest(guild_id, viewer, game_number, fmt, max_bytes)
        return self._db.export_stream(asked)

    async def export(
        self,
        guild_id: int,
        *,
        viewer: Viewer,
        game_number: int | None = None,
        fmt: Format,
        max_bytes: int,
    ) -> Export | None:
        """`export_stream`'s parts gathered in memory; None if the server has no game `game_number`."""
        async with self.export_stream(
            guild_id, viewer=viewer, game_number=game_number, fmt=fmt, max_bytes=max_bytes
        ) as stream:
            parts = [streamed.part async for streamed in stream]
        return Export(parts=parts, entries=stream.entries, compressed=stream.compressed) if stream.found else None

    async def log_extent(self, guild_id: int) -> LogExtent:
        """The server's last game and entry numbers now: what a later `clear_log(through=...)` may delete."""
        rows = await self._db.read(LOG_EXTENT, {"guild_id": guild_id})
        return LogExtent(int(rows[0]["last_game"]), int(rows[0]["last_entry"])) if rows else LogExtent(0, 0)

    async def clear_log(self, guild_id: int, *, through: LogExtent | None = None) -> None:
        """Delete the server's games and entries, the ledger's and its players' names too (its settings and
        number counters stay): all of them, or only what existed at `through` (a confirmation asked earlier:
        what was logged since stays, with its game)."""
        if through is not None:
            bound_to = {"guild_id": guild_id, "last_game": through.last_game, "last_entry": through.last_entry}
            await self._write(*((sql, bound_to) for sql in CLEAR_THROUGH))
            return
        params = {"guild_id": guild_id}
        await self._write(
            ("DELETE FROM log_entries WHERE guild_id = :guild_id", params),
            ("DELETE FROM games WHERE guild_id = :guild_id", params),  # and, by cascade, the ledger's entries
            ("DELETE FROM ledger_players WHERE guild_id = :guild_id", params),
        )

    # -- pending questions ---------------------------------------------------------------------------

    async def create_question(
        self, guild_id: int, *, channel_id: int, owner_id: int, request: Mapping[str, Any]
    ) -> int:
        """Keep a question the bot asks (guild_id 0 in a direct message) until it is answered; its id, for the
        buttons. `request` is whatever JSON-able state the bot needs to carry on after a restart."""
        [row] = await self._write((INSERT_QUESTION, question_params(guild_id, channel_id, owner_id, request)))
        return int(row["id"])

    async def get_question(self, guild_id: int, question_id: int) -> PendingQuestion | None:
        """The question, answered or not; None if this server (or DM scope) has no such question."""
        if _names_nothing(question_id):
            return None
        rows = await self._db.read(
            f"SELECT {QUESTION_COLUMNS} FROM pending_questions WHERE guild_id = :guild_id AND id = :question_id",
            {"guild_id": guild_id, "question_id": question_id},
        )
        return PendingQuestion.from_row(rows[0]) if rows else None

    async def answer_question(
        self,
        guild_id: int,
        question_id: int,
        *,
        answered_by: int,
        ruling: RulingRecord | None = None,
        next_request: Mapping[str, Any] | None = None,
    ) -> Answered | None:
        """Accept the first answer to an open question, in one transaction: mark it answered, log `ruling` (at
        most one entry per question, enforced by the database) and ask the next question (same channel and
        owner). None if the question was already answered or does not exist: a stale or double click."""
        if _names_nothing(question_id):
            return None
        asked = {"guild_id": guild_id, "question_id": question_id, "answered_by": answered_by, "now": now()}
        card = None if ruling is None or ruling.card is None else card_json(ruling.card)
        next_params = None if next_request is None else question_params(guild_id, 0, 0, next_request)
        claim = self._db.parallel_writes

        async def answer(transaction: Transaction) -> Answered | None:
            rows = await transaction.fetch(ANSWER_QUESTION, asked)
            if not rows:
                return None
            entry = None
            if ruling is not None:
                entry = await _log_ruling(
                    transaction, guild_id, ruling, card=card, claim=claim, question_id=question_id
                )
            next_id = None
            if next_params is not None:
                followup = {**next_params, "channel_id": rows[0]["channel_id"], "owner_id": rows[0]["owner_id"]}
                [row] = await transaction.fetch(INSERT_QUESTION, followup)
                next_id = int(row["id"])
            return Answered(entry=entry, next_question_id=next_id)

        return await self._run(answer)

    # -- games ---------------------------------------------------------------------------------------

    async def start_game(self, guild_id: int, *, channel_id: int, user_id: int, name: str) -> Game:
        """Open a game in the channel; raises GameAlreadyOpen if the channel has one."""
        params = {"guild_id": guild_id, "channel_id": channel_id, "name": name, "user_id": user_id, "now": now()}
        try:
            [row] = await self._write(*numbered(INSERT_GAME, params, claim=self._db.parallel_writes))
        except ConstraintViolation:
            existing = await self.open_game(guild_id, channel_id=channel_id)
            if existing is None:  # the constraint was something else; do not hide it
                raise
            raise GameAlreadyOpen(existing) from None
        return Game.from_row(row)

    async def end_game(self, guild_id: int, *, channel_id: int) -> Game | None:
        """Close the channel's open game; None if there was none."""
        rows = await self._write(
            (
                f"UPDATE games SET closed_at = :now "
                f"WHERE guild_id = :guild_id AND channel_id = :channel_id AND closed_at IS NULL "
                f"RETURNING {GAME_COLUMNS}",
                {"guild_id": guild_id, "channel_id": channel_id, "now": now()},
            )
        )
        return Game.from_row(rows[0]) if rows else None

    async def open_game(self, guild_id: int, *, channel_id: int) -> Game | None:
        """The channel's open game, if any."""
        rows = await self._db.read(
            f"SELECT {GAME_COLUMNS} FROM games "
            f"WHERE guild_id = :guild_id AND channel_id = :channel_id AND closed_at IS NULL",
            {"guild_id": guild_id, "channel_id": channel_id},
        )
        return Game.from_row(rows[0]) if rows else None

    async def get_game(self, guild_id: int, number: int) -> Game | None:
        """This server's game #number (None if it has none: never another server's game)."""
        if _names_nothing(number):
            return None
        rows = await self._db.read(
            f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = :guild_id AND number = :number",
            {"guild_id": guild_id, "number": number},
        )
        return Game.from_row(rows[0]) if rows else None

    async def game_named(self, guild_id: int, name: str) -> Game | None:
        """The newest of the server's games named exactly `name` (case aside), among all of them."""
        rows = await self._db.read(
            f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = :guild_id AND lower(name) = lower(:name) "
            f"ORDER BY number DESC LIMIT 1",
            {"guild_id": guild_id, "name": name},
        )
        return Game.from_row(rows[0]) if rows else None

    async def list_games(self, guild_id: int, *, search: str = "", limit: int = 25) -> list[Game]:
        """The server's games, newest first; `search` filters names case-insensitively (as typed: `%` and `_`
        are letters here, not wildcards)."""
        pattern = search.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        rows = await self._db.read(
            f"SELECT {GAME_COLUMNS} FROM games "
            f"WHERE guild_id = :guild_id AND lower(name) LIKE '%' || lower(:pattern) || '%' ESCAPE '\\' "
            f"ORDER BY id DESC LIMIT :limit",
            {"guild_id": guild_id, "pattern": pattern, "limit": limit},
        )
        return [Game.from_row(row) for row in rows]

    async def delete_game(self, guild_id: int, number: int) -> Game | None:
        """Delete game #number and (by cascade) its entries; None if the server has no such game. Numbers are
        never reused, so a stale confirmation for #5 deletes #5 or nothing."""
        if _names_nothing(number):
            return None
        rows = await self._write(
            (
                f"DELETE FROM games WHERE guild_id = :guild_id AND number = :number RETURNING {GAME_COLUMNS}",
                {"guild_id": guild_id, "number": number},
            )
        )
        return Game.from_row(rows[0]) if rows else None

    # -- settings ------------------------------------------------------------------------------------

    async def get_settings(self, guild_id: int) -> GuildSettings:
        """The server's settings, defaults for anything never set."""
        rows = await self._db.read(
            "SELECT rulebook, language, currency FROM guild_settings WHERE guild_id = :guild_id",
            {"guild_id": guild_id},
        )
        return GuildSettings.from_row(rows[0] if rows else None)

    async def set_rulebook(self, guild_id: int, rulebook: str) -> GuildSettings:
        """Choose the server's rulebook; returns the settings now in force."""
        return await self._set_setting(guild_id, "rulebook", rulebook)

    async def set_language(self, guild_id: int, language: str | None) -> GuildSettings:
        """Choose the reply language; None means each user's own locale."""
        return await self._set_setting(guild_id, "language", language)

    async def set_currency(self, guild_id: int, currency: str | None) -> GuildSettings:
        """The currency the ledger shows amounts in (a sign or a code); None shows plain numbers."""
        return await self._set_setting(guild_id, "currency", currency)

    async def _set_setting(self, guild_id: int, column: str, value: str | None) -> GuildSettings:
        # `column` is one of three literals from the methods above, never user input.
        [row] = await self._write(
            (
                f"INSERT INTO guild_settings (guild_id, {column}) VALUES (:guild_id, :value) "
                f"ON CONFLICT (guild_id) DO UPDATE SET {column} = excluded.{column} "
                f"RETURNING rulebook, language, currency",
                {"guild_id": guild_id, "value": value},
            )
        )
        return GuildSettings.from_row(row)

    # -- the backend ---------------------------------------------------------------------------------

    async def _write(self, *statements: Statement) -> list[Row]:
        """`Database.write`, a row the database refuses raised as ConstraintViolation whichever the backend."""
        with self._refusals():
            return await self._db.write(*statements)

    async def _run(self, work: Work[T]) -> T:
        """`Database.run` of atomic work, refusals raised as in `_write`."""
        with self._refusals():
            return await self._db.run(work, atomic=True)

    @contextlib.contextmanager
    def _refusals(self) -> Iterator[None]:
        try:
            yield
        except Exception as error:
            if self._db.is_constraint_violation(error):
                raise ConstraintViolation(str(error)) from error
            raise


async def _log_ruling(
    transaction: Transaction,
    guild_id: int,
    ruling: RulingRecord,
    *,
    card: str | None,
    claim: bool,
    question_id: int | None = None,
) -> LogEntry:
    """Insert a ruling's entry and what it logs beside it (its house rule, its floor call: `card` already JSON)."""
    params = ruling_params(guild_id, ruling, question_id=question_id)
    [row] = await run_all(transaction, numbered(INSERT_ENTRY, params, claim=claim))
    entry = LogEntry.from_row(row)
    await log_extras(transaction, guild_id, entry.number, house=ruling.house, card=card)
    return entry
