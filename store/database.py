"""What the store asks of a database backend, and the conventions both backends share.

`Store` (the repository: every method scoped by server) runs the SQL of `store.sql` through a `Database`:
`SQLiteDatabase` (`store.sqlite`: one file, one connection, a group-commit writer) or `PostgresDatabase`
(`store.postgres`: an asyncpg pool, one transaction per write). The SQL is written once, in the subset both
dialects share: named parameters (`:guild_id`, turned into `$n` for PostgreSQL), RETURNING, ON CONFLICT,
`NOT flag` for booleans, and timestamps computed here in Python rather than with SQLite's strftime.

Rows look the same whichever backend answered: a row is read by column name (`row["number"]`) or position,
a timestamp is UTC ISO-8601 text with milliseconds (`2024-01-05T21:00:00.000Z`, how SQLite stores it;
PostgreSQL keeps `timestamptz` and its driver codec gives it back in that form), a flag is 0/1 or a bool
(read it with `bool()`), and text never holds U+0000 (PostgreSQL's text cannot, so both backends store
U+FFFD in its place: a log reads the same on either, and moving one up loses nothing else).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from .export import ExportRequest
    from .export_process import ExportStream

T = TypeVar("T")
Params = Mapping[str, Any]
Statement = tuple[str, Params]

NUL, REPLACEMENT = "\x00", "\ufffd"


class Row(Protocol):
    """A result row: by column name or position, its values in order, and `dict(row)`."""

    def __getitem__(self, key: str | int, /) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...

    def keys(self) -> Any: ...


class Transaction(Protocol):
    """Statements inside one transaction of the backend's writer."""

    async def fetch(self, sql: str, params: Params) -> list[Row]: ...


Work = Callable[[Transaction], Awaitable[T]]


class Snapshot(Protocol):
    """A consistent read-only view of the database for an export's worker (blocking calls): what it reads."""

    def first(self, sql: str, params: Params) -> Sequence[Any] | None: ...

    def rows(self, sql: str, params: Params) -> Iterator[Sequence[Any]]: ...


class Database(Protocol):
    """A backend. Writes are acknowledged only once committed; reads never see another write half done."""

    location: str  # what to name in messages: the file's path, or the URL without its password
    # Whether writes of one server can run at the same time (PostgreSQL), so that a write that numbers a row
    # must claim the server's counters first (`store.sql.CLAIM_NUMBERS`); False for SQLite's single writer.
    parallel_writes: bool

    async def read(self, sql: str, params: Params) -> list[Row]: ...

    async def write(self, *statements: Statement) -> list[Row]:
        """Run the statements atomically; the rows of the last one, once committed."""
        ...

    async def run(self, work: Work[T], *, atomic: bool) -> T:
        """Run `work` in a transaction; its result once committed. `atomic` for work of several statements,
        or that decides what to write from what it read."""
        ...

    def export_stream(self, asked: ExportRequest) -> ExportStream:
        """The export's parts as they are closed, built over a snapshot of its own (SQLite: in a process of its
        own; PostgreSQL: in a worker thread): never holding up anyone's writes."""
        ...

    def is_constraint_violation(self, error: BaseException) -> bool:
        """Whether `error` is the database refusing a row (a unique index, a check, a trigger)."""
        ...

    async def close(self) -> None: ...


def bound(params: Params) -> dict[str, Any]:
    """Parameters as both backends store them: U+0000 in a text becomes U+FFFD (see the module's docstring)."""
    return {
        name: value.replace(NUL, REPLACEMENT) if isinstance(value, str) and NUL in value else value
        for name, value in params.items()
    }


def timestamp(moment: datetime) -> str:
    """The store's form of a time: UTC ISO-8601 with milliseconds and a Z, sortable as text."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def now(ago: timedelta = timedelta(0)) -> str:
    """The current time (less `ago`) in the store's form."""
    return timestamp(datetime.now(UTC) - ago)
