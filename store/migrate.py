"""Moving up: copy an SQLite log into PostgreSQL, and check that both hold the same rows.

    python -m store.migrate --from floorcall.db --to postgresql://floorcall:…@db.example/floorcall

Both databases are opened as the bot opens them first (checked, and migrated to this version's schema), so
run it with the bot stopped and as the database user the bot uses (it owns the tables). Everything is copied
in one PostgreSQL transaction: all of it or, on any problem, nothing.

Rows are matched by what identifies them to users, not by internal ids (which PostgreSQL assigns anew):
a game or an entry (a ruling, a note, a buy-in) by its server and number, a question by its id, a player by
its server and key, a house rule by its server and rule, settings and counters by server. So
- numbers are kept, and each server's counters become the larger of the two, so no number is ever reused;
- a row already in PostgreSQL and equal is left alone: a second run copies nothing and says so;
- a row already there but different (PostgreSQL already holds another log of that server) stops the copy.
Afterwards the rows of every table are counted per server in both, and any difference stops the copy too.

Bulk copies go through COPY with the tables' numbering triggers off for the transaction (one transaction
advancing one server's counter row a million times would walk an ever longer chain of its versions); the
counters are set once at the end, and the unique indexes and foreign keys stay on throughout.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg

from .database import NUL, REPLACEMENT
from .errors import StoreUnusable
from .postgres import Connection, configure, redacted
from .store import Store, is_postgres_url

CHUNK = 10_000  # rows compared and copied at a time


@dataclass(frozen=True)
class Table:
    """How one table is copied: `key` identifies a row in both databases (its columns' PostgreSQL types in
    `key_types`, bigint by default); `columns` are copied as they are (the key among them, flags as booleans);
    each of `refs` names a column holding another table's internal id, re-pointed to the same row there."""

    name: str
    key: tuple[str, ...]
    columns: tuple[str, ...]
    refs: tuple[tuple[str, str], ...] = ()
    flags: tuple[str, ...] = ()
    key_types: tuple[str, ...] = ()


# In the order they are copied (a table before the tables that point at it).
TABLES = (
    Table("guild_settings", ("guild_id",), ("guild_id", "rulebook", "language", "currency")),
    Table(
        "games",
        ("guild_id", "number"),
        ("guild_id", "number", "channel_id", "name", "opened_by", "opened_at", "closed_at"),
    ),
    Table(
        "log_entries",
        ("guild_id", "number"),
        (
            *("guild_id", "number", "channel_id", "user_id", "kind", "text", "status", "rule_id", "outcome"),
            *("rulebook", "private", "question_id", "created_at"),
        ),
        refs=(("game_id", "games"),),
        flags=("private",),
    ),
    Table(
        "pending_questions",
        ("id",),
        ("id", "guild_id", "channel_id", "owner_id", "request", "created_at", "answered_by", "answered_at"),
    ),
    Table(
        "ledger_players",
        ("guild_id", "player_key"),
        ("guild_id", "player_key", "user_id", "guest", "created_at"),
        key_types=("bigint", "text"),
    ),
    Table(
        "ledger_entries",
        ("guild_id", "number"),
        (
            *("guild_id", "number", "channel_id", "kind", "cents", "recorded_by", "recorded_at", "request"),
            *("removed_by", "removed_at"),
        ),
        refs=(("game_id", "games"), ("player_id", "ledger_players")),
    ),
    Table(
        "house_rules",
        ("guild_id", "rule_id"),
        ("guild_id", "rule_id", "text", "outcome", "set_by", "set_at"),
        key_types=("bigint", "text"),
    ),
    Table("floor_roles", ("guild_id",), ("guild_id", "role_id", "set_by", "set_at")),
    # These hang off a log entry by its number, which the copy keeps.
    Table(
        "house_rulings",
        ("guild_id", "entry_number"),
        ("guild_id", "entry_number", "rule_id", "text", "outcome", "rulebook_outcome"),
    ),
    Table("floor_calls", ("guild_id", "entry_number"), ("guild_id", "entry_number", "card")),
    Table(
        "floor_decisions",
        ("guild_id", "entry_number"),
        ("guild_id", "entry_number", "verdict", "decision", "outcome", "decided_by", "decided_at"),
    ),
)
REFERENCED = {table for t in TABLES for _, table in t.refs}
NUMBERED = ("games", "log_entries")  # tables with a numbering trigger
# Every table numbered from a server's counters: (table, counter).
COUNTED = (("games", "last_game"), ("log_entries", "last_entry"), ("ledger_entries", "last_entry"))
Counts = dict[str, tuple["Counter[int]", "Counter[int]"]]  # table -> rows per server in SQLite, in PostgreSQL


class Refused(Exception):
    """The copy cannot be made as asked: one line saying why."""


@dataclass
class Tally:
    """What happened to one table's rows."""

    source: int = 0
    copied: int = 0
    present: int = 0
    conflicts: int = 0
    first_conflict: str = ""


def _same(value: Any) -> Any:
    """A value as both databases hold it: text without U+0000, flags as 0/1."""
    if isinstance(value, str):
        return value.replace(NUL, REPLACEMENT)
    if isinstance(value, bool):
        return int(value)
    return value


class Copy:
    """One run: the SQLite snapshot it reads, the PostgreSQL transaction it writes."""

    def __init__(self, source: sqlite3.Connection, target: Connection) -> None:
        self.source = source
        self.target = target
        self.keys: dict[str, dict[int, tuple[Any, ...]]] = {name: {} for name in REFERENCED}  # SQLite id -> key
        self.ids: dict[str, dict[tuple[Any, ...], int]] = {}  # key -> PostgreSQL id

    async def run(self) -> dict[str, Tally]:
        for name in NUMBERED:
            await self.target.execute(f"ALTER TABLE {name} DISABLE TRIGGER {name}_numbered")
        tallies = {table.name: await self.table(table) for table in TABLES}
        tallies["guild_counters"] = await self.counters()
        for name in NUMBERED:
            await self.target.execute(f"ALTER TABLE {name} ENABLE TRIGGER {name}_numbered")
        return tallies

    async def table(self, table: Table) -> Tally:
        tally = Tally()
        ids = ("id",) if table.name in REFERENCED else ()
        selected = (*table.columns, *(column for column, _ in table.refs), *ids)
        rows = self.source.execute(f"SELECT {', '.join(selected)} FROM {table.name} ORDER BY {', '.join(table.key)}")
        for chunk in _chunks(rows):
            tally.source += len(chunk)
            if table.name in REFERENCED:
                self.keys[table.name].update({row["id"]: tuple(row[name] for name in table.key) for row in chunk})
            await self._chunk(table, chunk, tally)
        if table.name in REFERENCED:
            found = await self.target.fetch(f"SELECT id, {', '.join(table.key)} FROM {table.name}")
            self.ids[table.name] = {tuple(row)[1:]: row["id"] for row in found}
        return tally

    async def _chunk(self, table: Table, chunk: list[sqlite3.Row], tally: Tally) -> None:
        wanted = [self._as_copied(table, row) for row in chunk]
        width = len(table.key)
        existing = await self._existing(table, [row[:width] for row in wanted])
        fresh = []
        for row in wanted:
            there = existing.get(row[:width])
            if there is None:
                fresh.append(row)
            elif there == tuple(_same(value) for value in row):
                tally.present += 1
            else:
                tally.conflicts += 1
                tally.first_conflict = tally.first_conflict or str(dict(zip(table.key, row, strict=False)))
        if fresh:
            names = [*table.columns, *(column for column, _ in table.refs)]
            await self.target.copy_records_to_table(table.name, records=fresh, columns=names)
            tally.copied += len(fresh)

    def _as_copied(self, table: Table, row: sqlite3.Row) -> tuple[Any, ...]:
        """The row as PostgreSQL takes it: flags as booleans, U+0000 replaced, references re-pointed."""
        values = [bool(row[name]) if name in table.flags else _same(row[name]) for name in table.columns]
        for column, parent in table.refs:
            values.append(None if row[column] is None else self.ids[parent][self.keys[parent][row[column]]])
        return tuple(values)

    async def _existing(self, table: Table, keys: list[tuple[Any, ...]]) -> dict[tuple[Any, ...], tuple[Any, ...]]:
        """The rows PostgreSQL already has under these keys, compared as `_as_copied` gives them."""
        columns = [*table.columns, *(column for column, _ in table.refs)]
        types = table.key_types or ("bigint",) * len(table.key)
        matches = " AND ".join(f"t.{name} = k.{name}" for name in table.key)
        unnest = ", ".join(f"${n}::{kind}[]" for n, kind in enumerate(types, start=1))
        rows = await self.target.fetch(
            f"SELECT {', '.join(f't.{name}' for name in columns)} FROM {table.name} AS t "
            f"JOIN unnest({unnest}) AS k ({', '.join(table.key)}) ON {matches}",
            *[list(column) for column in zip(*keys, strict=True)],
        )
        return {tuple(row)[: len(table.key)]: tuple(_same(value) for value in row) for row in rows}

    async def counters(self) -> Tally:
        """Each server's counters: the larger of both databases', and never below a number in use."""
        rows = self.source.execute("SELECT guild_id, last_game, last_entry FROM guild_counters").fetchall()
        larger = (
            "ON CONFLICT (guild_id) DO UPDATE SET last_game = greatest(guild_counters.last_game, excluded.last_game), "
            "last_entry = greatest(guild_counters.last_entry, excluded.last_entry)"
        )
        await self.target.executemany(
            f"INSERT INTO guild_counters (guild_id, last_game, last_entry) VALUES ($1, $2, $3) {larger}",
            [tuple(row) for row in rows],
        )
        used = " UNION ALL ".join(
            f"SELECT guild_id, {'number' if counter == 'last_game' else '0'} AS game, "
            f"{'number' if counter == 'last_entry' else '0'} AS entry FROM {table}"
            for table, counter in COUNTED
        )
        await self.target.execute(
            "INSERT INTO guild_counters (guild_id, last_game, last_entry) "
            f"SELECT guild_id, max(game), max(entry) FROM ({used}) AS used GROUP BY guild_id {larger}"
        )
        return Tally(source=len(rows))


def _chunks(rows: Iterator[sqlite3.Row]) -> Iterator[list[sqlite3.Row]]:
    chunk: list[sqlite3.Row] = []
    for row in rows:
        chunk.append(row)
        if len(chunk) == CHUNK:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


async def counts(source: sqlite3.Connection, target: Connection) -> Counts:
    """Rows per server of every table, in SQLite and in PostgreSQL (only the servers SQLite has)."""
    result = {}
    for name in [table.name for table in TABLES] + ["guild_counters"]:
        query = f"SELECT guild_id, count(*) FROM {name} GROUP BY guild_id"
        mine: Counter[int] = Counter(dict(source.execute(query).fetchall()))
        theirs = Counter({row[0]: row[1] for row in await target.fetch(query) if row[0] in mine})
        result[name] = (mine, theirs)
    return result


async def migrate(source_path: str, target_url: str, out: Any = sys.stdout) -> None:
    """Copy, verify, commit; Refused (nothing written) when it cannot."""
    if not Path(source_path).is_file():
        raise Refused(f"{source_path}: no such SQLite file")
    for location in (source_path, target_url):  # checked and brought to this version's schema, as the bot does
        store = await Store.open(location)
        await store.close()
    uri = Path(source_path).absolute().as_uri() + "?mode=ro"
    with closing(sqlite3.connect(uri, uri=True, isolation_level=None)) as source:
        source.row_factory = sqlite3.Row
        source.execute("BEGIN")  # one snapshot of the file for the copy and the counts
        target = await asyncpg.connect(target_url)
        try:
            await configure(target)
            async with target.transaction():
                tallies = await Copy(source, target).run()
                clashing = [(name, tally) for name, tally in tallies.items() if tally.conflicts]
                if clashing:
                    name, first = clashing[0]
                    raise Refused(
                        f"{sum(tally.conflicts for _, tally in clashing)} rows are already in PostgreSQL with other "
                        f"contents (first: {name} {first.first_conflict}): it holds another log of these servers; "
                        "nothing was copied"
                    )
                verified = await counts(source, target)
                wrong = [name for name, (mine, theirs) in verified.items() if mine != theirs]
                if wrong:
                    raise Refused(f"after the copy, {wrong[0]} has other row counts per server in PostgreSQL; "
                                  "it already held rows of these servers; nothing was copied")  # fmt: skip
        finally:
            await target.close()
    report(source_path, redacted(target_url), tallies, verified, out)


def report(source: str, target: str, tallies: dict[str, Tally], verified: Counts, out: Any) -> None:
    copied = sum(tally.copied for tally in tallies.values())
    servers = len(set().union(*(mine for mine, _ in verified.values())))
    if copied == 0:
        print(f"Nothing to copy: every row of {source} is already in {target}.", file=out)
    else:
        print(f"Copied {source} into {target}:", file=out)
    print(f"  {'table':<20}{'rows':>10}{'copied':>10}{'already there':>15}", file=out)
    for name, tally in tallies.items():
        present = tally.present if name != "guild_counters" else tally.source
        print(f"  {name:<20}{tally.source:>10}{tally.copied:>10}{present:>15}", file=out)
    print(f"Verified: each table has the same rows per server in both ({servers} servers).", file=out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m store.migrate", description=__doc__.splitlines()[0])
    parser.add_argument("--from", dest="source", required=True, help="the SQLite file (DATABASE_PATH)")
    parser.add_argument("--to", dest="target", required=True, help="the PostgreSQL URL (DATABASE_URL)")
    args = parser.parse_args(argv)
    if not is_postgres_url(args.target):
        parser.error("--to must be a postgresql:// URL")
    try:
        asyncio.run(migrate(args.source, args.target))
    except (Refused, StoreUnusable) as refused:
        print(f"Not copied: {refused}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
