"""The PostgreSQL backend (`DATABASE_URL=postgresql://…`): an asyncpg pool shared by every server's writes,
for a bot split into shard processes that all write to one database.

Each write is one pooled transaction, committed before it is acknowledged (PostgreSQL's default
`synchronous_commit=on`: the commit record is flushed to the server's WAL first, and concurrent commits
share that flush, which is PostgreSQL's own group commit). Rows of one server are numbered in turns: every
numbering write first claims the server's counter row (`store.sql.CLAIM_NUMBERS`), which PostgreSQL locks
until commit, so another process's write for that server waits for it and then reads its number; writes
for other servers never wait.

Rows come back as SQLite's do (`store.database`): `timestamptz` through a codec that reads and writes the
store's ISO text. The SQL is the store's own, its `:name` parameters turned into `$n` once per statement.

Faults: `open` refuses a URL it cannot use with StoreUnusable (one line naming the URL without its password,
what is wrong and the fix); while running, a server that cannot be reached is StoreUnavailable for that call
(the pool reconnects by itself) and a full disk on the server is StoreFull.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import re
import socket
from collections.abc import AsyncIterator, Iterator, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar
from urllib.parse import parse_qsl, urlencode, urlsplit

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from .database import Params, Row, Snapshot, Statement, Work, bound, timestamp
from .errors import StoreClosed, StoreFull, StoreUnavailable, StoreUnusable
from .export import ExportRequest
from .export_process import ExportStream, ThreadExportStream
from .postgres_schema import migrate
from .sql import PURGE_QUESTIONS, run_all

T = TypeVar("T")
Connection = asyncpg.Connection | PoolConnectionProxy  # what a pool hands out stands for a connection

# Connections per process. Each shard process holds up to this many: PostgreSQL's default max_connections
# (100) serves about eight processes; raise it (or put PgBouncer in front) for more.
POOL_SIZE = 10
CONNECT_TIMEOUT = 10.0  # seconds; asyncpg's default (60) would keep a bot silent for a minute at start
EXPORT_CHUNK = 2000  # rows a cursor fetches at a time for an export
_EPOCH = datetime(2000, 1, 1, tzinfo=UTC)  # PostgreSQL's timestamps count microseconds from here

_URL_FORM = "postgresql://user:password@host:5432/database"
_UNREACHABLE = (
    OSError,
    TimeoutError,
    asyncpg.ConnectionDoesNotExistError,
    asyncpg.PostgresConnectionError,
    asyncpg.AdminShutdownError,
    asyncpg.CrashShutdownError,
    asyncpg.CannotConnectNowError,
)
_RECONNECTS = "check that PostgreSQL is running and reachable; the bot reconnects by itself"


def redacted(url: str) -> str:
    """The URL without its password (in the user part or a `password=` parameter): safe to log and show."""
    parts = urlsplit(url)
    netloc = parts.netloc
    if "@" in netloc:
        user, _, host = netloc.rpartition("@")
        netloc = f"{user.partition(':')[0]}@{host}"
    query = urlencode([(key, value) for key, value in parse_qsl(parts.query) if key != "password"], safe="/")
    return f"{parts.scheme}://{netloc}{parts.path}" + (f"?{query}" if query else "")


# Skipped: quoted text and names, comments, and `::` casts; taken: `:name` parameters.
_PARAMETERS = re.compile(r"""'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|::|:([A-Za-z_][A-Za-z0-9_]*)""")


@functools.lru_cache(maxsize=1024)
def translate(sql: str) -> tuple[str, tuple[str, ...]]:
    """The store's `:name` parameters as PostgreSQL's `$n`; the names in `$n` order (a name used twice is one
    parameter)."""
    names: list[str] = []

    def number(match: re.Match[str]) -> str:
        name = match.group(1)
        if name is None:
            return match.group(0)
        if name not in names:
            names.append(name)
        return f"${names.index(name) + 1}"

    return _PARAMETERS.sub(number, sql), tuple(names)


def arguments(sql: str, params: Params) -> tuple[Any, ...]:
    """`sql` translated, then its arguments in order (U+0000 replaced, as `store.database.bound` says): what
    asyncpg's `fetch(query, *args)` takes."""
    query, names = translate(sql)
    values = bound({name: params[name] for name in names})
    return (query, *(values[name] for name in names))


def _encode_time(value: str | datetime) -> tuple[int]:
    moment = datetime.fromisoformat(value) if isinstance(value, str) else value
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return ((moment - _EPOCH) // timedelta(microseconds=1),)


def _decode_time(value: tuple[int]) -> str:
    return timestamp(_EPOCH + timedelta(microseconds=value[0]))


async def configure(conn: Connection) -> None:
    """Every pooled connection reads and writes `timestamptz` as the store's ISO text."""
    await conn.set_type_codec(
        "timestamptz", schema="pg_catalog", encoder=_encode_time, decoder=_decode_time, format="tuple"
    )


async def connect_pool(url: str, *, size: int = POOL_SIZE) -> asyncpg.Pool:
    """A pool of connections configured for the store (also used by `store.migrate` and the tests)."""
    return await asyncpg.create_pool(
        url,
        min_size=1,
        max_size=size,
        init=configure,
        timeout=CONNECT_TIMEOUT,
        server_settings={"application_name": "floorcall", "TimeZone": "UTC"},
    )


class PostgresDatabase:
    """A PostgreSQL database through an asyncpg pool. Open with `PostgresDatabase.open`; `close` on shutdown."""

    parallel_writes = True  # a transaction per write, on the pool's connections, from several processes

    def __init__(self, pool: asyncpg.Pool, location: str) -> None:
        """Use `open`; this only wires an opened pool on a migrated database."""
        self.pool = pool
        self.location = location
        self._closing = False
        self._calls = 0  # calls under way, which `close` lets finish
        self._idle = asyncio.Event()
        self._idle.set()

    @classmethod
    async def open(cls, url: str, *, purge_before: str) -> PostgresDatabase:
        """Connect, migrate, and delete the questions asked before `purge_before`. Raises StoreUnusable (one
        line: the URL without its password, the problem, the fix) for a database it cannot use."""
        location = redacted(url)
        try:
            pool = await connect_pool(url)
        except Exception as error:
            raise refused(location, url, error) from error
        try:
            async with pool.acquire() as conn:
                await migrate(conn, location)
                await conn.execute(*arguments(PURGE_QUESTIONS, {"before": purge_before}))
        except StoreUnusable:
            await pool.close()
            raise
        except Exception as error:
            await pool.close()
            raise refused(location, url, error) from error
        except BaseException:
            pool.terminate()
            raise
        return cls(pool, location)

    async def read(self, sql: str, params: Params) -> list[Row]:
        async with self._connection() as conn:
            return list(await conn.fetch(*arguments(sql, params)))

    async def write(self, *statements: Statement) -> list[Row]:
        return await self.run(functools.partial(run_all, statements=statements), atomic=True)

    async def run(self, work: Work[T], *, atomic: bool) -> T:
        """Every job is a transaction of its own here (`atomic` is SQLite's concern): it fails alone."""
        async with self._connection() as conn, conn.transaction():
            return await work(_Transaction(conn))

    def export_stream(self, asked: ExportRequest) -> ExportStream:
        """Built in a worker thread over one repeatable-read, read-only transaction on a pooled connection, which
        fetches rows through the event loop, a chunk at a time."""
        return ThreadExportStream(self._snapshot(), asked)

    @contextlib.asynccontextmanager
    async def _snapshot(self) -> AsyncIterator[Snapshot]:
        loop = asyncio.get_running_loop()
        async with self._connection() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
            yield _Snapshot(conn, loop)

    def is_constraint_violation(self, error: BaseException) -> bool:
        return isinstance(error, asyncpg.IntegrityConstraintViolationError)

    async def close(self) -> None:
        """Let the calls under way finish (and commit), refuse new ones, then close the pool."""
        self._closing = True
        await self._idle.wait()
        await self.pool.close()

    @contextlib.asynccontextmanager
    async def _connection(self) -> AsyncIterator[Connection]:
        """A pooled connection for one call; the server gone or its disk full said in the store's words."""
        if self._closing:
            raise StoreClosed("the store is closed")
        self._calls += 1
        self._idle.clear()
        try:
            async with self.pool.acquire() as conn:
                yield conn
        except asyncpg.DiskFullError as error:
            raise StoreFull(
                self.location, "the database server's disk is full and this was not saved", "free disk space there"
            ) from error
        except _UNREACHABLE as error:
            problem = f"the database server cannot be reached ({_reason(error)}); this was not saved"
            raise StoreUnavailable(self.location, problem, _RECONNECTS) from error
        finally:
            self._calls -= 1
            if not self._calls:
                self._idle.set()


class _Transaction:
    """A pooled connection inside its transaction, as a job's work sees it."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def fetch(self, sql: str, params: Params) -> list[Row]:
        return list(await self.conn.fetch(*arguments(sql, params)))


class _Snapshot:
    """The export's transaction, used from its worker thread: each call is run on the event loop."""

    def __init__(self, conn: Connection, loop: asyncio.AbstractEventLoop) -> None:
        self._conn = conn
        self._loop = loop

    def first(self, sql: str, params: Params) -> Sequence[Any] | None:
        row: Sequence[Any] | None = self._call(self._conn.fetchrow(*arguments(sql, params)))
        return row

    def rows(self, sql: str, params: Params) -> Iterator[Sequence[Any]]:
        query, *args = arguments(sql, params)
        cursor = self._call(self._open(query, args))
        while chunk := self._call(cursor.fetch(EXPORT_CHUNK)):
            yield from chunk

    async def _open(self, query: str, args: list[Any]) -> Any:
        return await self._conn.cursor(query, *args)

    def _call(self, coroutine: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result()


def _reason(error: BaseException) -> str:
    return " ".join(str(error).split()) or type(error).__name__


def refused(location: str, url: str, error: Exception) -> StoreUnusable:
    """What an error while opening means for the person who set DATABASE_URL."""
    parts = urlsplit(url)
    user = parts.username or "the default user"
    database = parts.path.lstrip("/") or user
    problem, fix = _explained(error, user, database)
    if parts.password:  # a driver may quote the URL it could not use
        problem = problem.replace(parts.password, "***")
    return StoreUnusable(location, problem, fix)


def _explained(error: Exception, user: str, database: str) -> tuple[str, str]:
    if isinstance(error, socket.gaierror):
        problem, fix = f"the host name cannot be resolved ({_reason(error)})", "correct the host in DATABASE_URL"
    elif isinstance(error, asyncpg.InvalidPasswordError | asyncpg.InvalidAuthorizationSpecificationError):
        problem = f"the server refused the login of {user} ({_reason(error)})"
        fix = "check the user and password in DATABASE_URL, and the server's pg_hba.conf"
    elif isinstance(error, asyncpg.InvalidCatalogNameError):
        problem = f"the database {database} does not exist on that server"
        fix = f"create it (createdb -O {user} {database}) or correct the database name in DATABASE_URL"
    elif isinstance(error, asyncpg.InsufficientPrivilegeError):
        problem = f"{user} may not create Floor Call's tables there ({_reason(error)})"
        fix = f"make {user} the database's owner (ALTER DATABASE {database} OWNER TO {user})"
    elif isinstance(error, asyncpg.TooManyConnectionsError):
        problem = "the server has no free connection slot"
        fix = f"raise max_connections on the server: each bot process uses up to {POOL_SIZE}"
    elif isinstance(error, _UNREACHABLE):
        problem = f"no PostgreSQL server answers there ({_reason(error)})"
        fix = "start PostgreSQL, or correct the host and port in DATABASE_URL"
    elif isinstance(error, ValueError | asyncpg.InterfaceError):
        problem, fix = f"the URL cannot be used ({_reason(error)})", f"write it as {_URL_FORM}"
    else:
        problem, fix = f"PostgreSQL refused it ({_reason(error)})", "see the server's log for the reason"
    return problem, fix
