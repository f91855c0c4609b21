"""Storage faults of the SQLite file: refused at start in one line, noticed while running, and one bad write
never fails another's (on PostgreSQL too). PostgreSQL's own faults: test_store_postgres_faults.py."""

from __future__ import annotations

import asyncio
import ctypes
import hashlib
import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import asyncpg
import pytest
from raw import Raw
from store_helpers import ruling

from store import ConstraintViolation, LogEntry, Store, StoreError, StoreFull, StoreGone, StoreUnusable, Viewer
from store.schema import APPLICATION_ID, LATEST_VERSION, SchemaTooNew
from store.sqlite import SQLiteDatabase
from store.writer import SQLiteTransaction

pytestmark = pytest.mark.backends("sqlite")
ROOT = Path(__file__).resolve().parents[2]
MANAGER = Viewer(user_id=1, manager=True)


def sqlite_of(store: Store) -> SQLiteDatabase:
    db = store._db
    assert isinstance(db, SQLiteDatabase)
    return db


def _one_line_naming(error: StoreUnusable | StoreGone | StoreFull, path: Path) -> str:
    line = str(error)
    assert "\n" not in line and line.startswith(f"{path}: ") and "Fix: " in line
    assert error.path == str(path) and error.problem and error.fix
    return line


def _texts(db_path: Path) -> list[str]:
    with sqlite3.connect(db_path) as conn:
        return [text for (text,) in conn.execute("SELECT text FROM log_entries ORDER BY id")]


# -- refused at start -------------------------------------------------------------------------------------


async def test_a_folder_at_the_path_is_refused(db_path: Path) -> None:
    db_path.mkdir()
    with pytest.raises(StoreUnusable) as refused:
        await Store.open(db_path)
    assert "folder" in _one_line_naming(refused.value, db_path)


async def test_a_file_that_is_not_a_database_is_refused_untouched(db_path: Path) -> None:
    garbage = b"Floor Call notes, not a database\n" * 200
    db_path.write_bytes(garbage)
    with pytest.raises(StoreUnusable) as refused:
        await Store.open(db_path)
    assert "not an SQLite database" in _one_line_naming(refused.value, db_path)
    assert db_path.read_bytes() == garbage


async def test_a_newer_schema_is_refused(db_path: Path) -> None:
    with sqlite3.connect(db_path) as conn:
        conn.execute(f"PRAGMA user_version = {LATEST_VERSION + 1}")
    with pytest.raises(SchemaTooNew) as refused:
        await Store.open(db_path)
    assert f"v{LATEST_VERSION + 1}" in _one_line_naming(refused.value, db_path)


async def test_a_corrupt_file_is_refused_before_anything_is_written(db_path: Path) -> None:
    store = await Store.open(db_path)
    for n in range(3000):
        await store.add_note(1, channel_id=1, user_id=1, text=f"note {n} " * 5)
    await store.close()
    with db_path.open("r+b") as file:  # scribble over a b-tree page in the middle of the file
        file.seek(os.path.getsize(db_path) // 2 // 4096 * 4096 + 8)
        file.write(b"\xff" * 64)
    before = hashlib.sha256(db_path.read_bytes()).hexdigest()

    with pytest.raises(StoreUnusable) as refused:
        await Store.open(db_path)

    line = _one_line_naming(refused.value, db_path)
    assert "corrupt" in line and ".recover" in line
    assert hashlib.sha256(db_path.read_bytes()).hexdigest() == before


async def test_another_applications_database_is_refused_untouched(db_path: Path) -> None:
    """Tables that are not ours and no Floor Call id: refused before WAL mode or any table is added to it."""
    with closing(sqlite3.connect(db_path)) as conn:
        conn.execute("CREATE TABLE entries (day TEXT, body TEXT)")
        conn.execute("INSERT INTO entries VALUES ('2025-01-01', 'dear diary')")
        conn.commit()
    before = hashlib.sha256(db_path.read_bytes()).hexdigest()

    with pytest.raises(StoreUnusable) as refused:
        await Store.open(db_path)

    assert "another application's" in _one_line_naming(refused.value, db_path)
    assert hashlib.sha256(db_path.read_bytes()).hexdigest() == before
    assert not Path(f"{db_path}-wal").exists()


async def test_another_application_id_is_refused(db_path: Path) -> None:
    with closing(sqlite3.connect(db_path)) as conn:
        conn.execute("PRAGMA application_id = 1234")
    with pytest.raises(StoreUnusable, match="application id 1234"):
        await Store.open(db_path)


async def test_an_empty_file_and_a_log_from_before_the_id_are_ours(db_path: Path, tmp_path: Path) -> None:
    """An empty SQLite file becomes a new log; a log written before Floor Call marked its files (no id, our
    tables) is opened, and marked from then on."""
    with closing(sqlite3.connect(db_path)) as conn:
        conn.execute("PRAGMA user_version = 0")
    opened = await Store.open(db_path)
    await opened.add_note(1, channel_id=1, user_id=1, text="new log")
    await opened.close()
    with closing(sqlite3.connect(db_path)) as conn:
        conn.execute("PRAGMA application_id = 0")  # as a file from before the id
    reopened = await Store.open(db_path)
    try:
        assert (await reopened.log_page(1, viewer=MANAGER)).entries[0].text == "new log"
    finally:
        await reopened.close()
    with closing(sqlite3.connect(db_path)) as conn:
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


# Root ignores file permissions through two capabilities; the child drops them (prctl PR_CAPBSET_DROP
# before exec) so that it meets the permissions an ordinary bot user would.
PR_CAPBSET_DROP, CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH = 24, 1, 2
LIBC = ctypes.CDLL(None, use_errno=True)  # loaded here: the forked child only calls it


def _without_root_powers() -> None:
    for capability in (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH):
        if LIBC.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


@pytest.fixture
def shared_dir(tmp_path: Path) -> Iterator[Path]:
    """A folder for the child to open a database in; made writable again afterwards so it can be removed."""
    folder = tmp_path / "place"
    folder.mkdir()
    yield folder
    folder.chmod(0o755)


def _open_in_child(path: Path) -> dict[str, str]:
    """Store.open in a child process, without root's powers over permissions if we are root."""
    try:
        child = subprocess.run(
            [sys.executable, str(Path(__file__).with_name("open_store.py")), str(path)],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            cwd=ROOT,
            timeout=60,
            check=False,
            preexec_fn=_without_root_powers if os.geteuid() == 0 else None,
        )
    except subprocess.SubprocessError as error:  # the child could not drop the capabilities
        pytest.skip(f"root without the power to drop CAP_DAC_OVERRIDE, so permissions cannot bind: {error}")
    assert child.returncode == 0, child.stderr
    result: dict[str, str] = json.loads(child.stdout)
    if "refused" in result:
        assert "\n" not in result["refused"] and result["refused"].startswith(f"{path}: ")
        assert result["path"] == str(path) and "Fix: " in result["refused"]
    return result


def _owned_database(path: Path) -> None:
    """A real database file at `path`."""
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE t (x)")


def test_the_child_can_open_a_writable_place(shared_dir: Path) -> None:
    """Guard against vacuous refusals below: the same child opens a database where it may write."""
    assert _open_in_child(shared_dir / "floorcall.db") == {"opened": True}


def test_a_folder_it_cannot_write_is_refused(shared_dir: Path) -> None:
    shared_dir.chmod(0o555)
    assert "not writable" in _open_in_child(shared_dir / "floorcall.db")["problem"]


def test_an_existing_database_in_a_folder_it_cannot_write_is_refused(shared_dir: Path) -> None:
    _owned_database(shared_dir / "floorcall.db")
    shared_dir.chmod(0o555)
    assert "not writable" in _open_in_child(shared_dir / "floorcall.db")["problem"]


def test_a_folder_it_cannot_create_is_refused(shared_dir: Path) -> None:
    shared_dir.chmod(0o555)
    assert "cannot be created" in _open_in_child(shared_dir / "data" / "floorcall.db")["problem"]


def test_a_read_only_file_is_refused(shared_dir: Path) -> None:
    path = shared_dir / "floorcall.db"
    _owned_database(path)
    path.chmod(0o444)
    assert "read-only" in _open_in_child(path)["problem"]


# -- noticed while running --------------------------------------------------------------------------------


async def _remove(db_path: Path) -> None:
    db_path.unlink()


async def _replace(db_path: Path) -> None:
    other = db_path.with_name("other.db")
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE restored (x)")
    os.replace(other, db_path)


@pytest.mark.parametrize("fault", [_remove, _replace], ids=["deleted", "replaced"])
async def test_a_file_deleted_or_replaced_while_running_stops_every_acknowledgement(
    store: Store, db_path: Path, fault: object
) -> None:
    await store.log_ruling(1, **ruling("before"))
    await fault(db_path)  # type: ignore[operator]

    with pytest.raises(StoreGone) as gone:
        await store.log_ruling(1, **ruling("after"))
    _one_line_naming(gone.value, db_path)
    with pytest.raises(StoreGone):
        await store.add_note(1, channel_id=1, user_id=1, text="later")
    with pytest.raises(StoreGone):
        await store.log_page(1, viewer=MANAGER)
    with pytest.raises(StoreGone):
        await store.export(1, viewer=MANAGER, fmt="csv", max_bytes=10_000_000)


async def test_a_batch_committed_to_a_file_that_is_gone_is_not_acknowledged(store: Store, db_path: Path) -> None:
    """The file vanishes while a batch is being written: none of that batch is acknowledged, nor anything after."""

    async def delete_the_file(transaction: SQLiteTransaction) -> None:
        db_path.unlink()

    batch = [store.log_ruling(guild_id, **ruling(f"in the batch {guild_id}")) for guild_id in range(1, 20)]
    deleting = sqlite_of(store).writer.run(delete_the_file, atomic=False)
    results = await asyncio.gather(*batch, deleting, return_exceptions=True)

    assert all(isinstance(result, StoreGone) for result in results), results
    with pytest.raises(StoreGone):
        await store.log_ruling(1, **ruling("after"))


@pytest.mark.parametrize("written_after", [True, False], ids=["noticed by a write", "noticed at close"])
async def test_a_replacement_file_is_left_alone(db_path: Path, written_after: bool) -> None:
    """A backup restored over the file while the bot runs: the old log's -wal (SQLite keeps it when the file
    moved) must not be taken by the restored file as its own pages."""
    store = await Store.open(db_path)
    await store.add_note(1, channel_id=1, user_id=1, text="before")
    await _replace(db_path)
    if written_after:
        with pytest.raises(StoreGone):
            await store.add_note(1, channel_id=1, user_id=1, text="after")
    await store.close()

    with sqlite3.connect(db_path) as conn:
        tables = {name for (name,) in conn.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")}
        assert conn.execute("PRAGMA quick_check").fetchall() == [("ok",)]
    assert tables == {"restored"}


async def test_after_a_deletion_the_next_start_is_a_clean_empty_log(db_path: Path) -> None:
    """Not the deleted log's last pages resurrected from its -wal into a new file."""
    store = await Store.open(db_path)
    for n in range(50):
        await store.add_note(1, channel_id=1, user_id=1, text=f"note {n}")
    db_path.unlink()
    await store.close()

    reopened = await Store.open(db_path)
    try:
        assert (await reopened.log_page(1, viewer=MANAGER)).entries == ()
        assert (await reopened.add_note(1, channel_id=1, user_id=1, text="new")).number == 1
    finally:
        await reopened.close()


# -- one bad write never fails another's ------------------------------------------------------------------


# What a driver says of a bad parameter (an int over 2**63, a list for an id, an object for a name); the
# database's refusal of a row is ConstraintViolation on both.
BAD_PARAMETERS = {
    "sqlite": [OverflowError, sqlite3.ProgrammingError, sqlite3.ProgrammingError],
    "postgres": [asyncpg.DataError, asyncpg.DataError, asyncpg.DataError],
}


@pytest.mark.backends("sqlite", "postgres")
async def test_one_bad_job_in_a_batch_fails_alone(store: Store, raw: Raw, backend: str) -> None:
    results = await asyncio.gather(
        store.log_ruling(1, **ruling("good 1")),
        store.log_ruling(1, **ruling("int over 2**63", channel_id=2**63)),
        store.log_ruling(2, **ruling("a list for an id", user_id=[1])),  # type: ignore[arg-type]
        store.log_ruling(3, **ruling("no status", status=None)),  # type: ignore[arg-type]
        store.add_note(1, channel_id=1, user_id=1, text="good 2"),
        store.start_game(1, channel_id=1, user_id=1, name=object()),  # type: ignore[arg-type]
        store.log_ruling(2, **ruling("good 3")),
        return_exceptions=True,
    )

    errors = [type(result) for result in results if isinstance(result, BaseException)]
    bad_1, bad_2, bad_3 = BAD_PARAMETERS[backend]
    assert errors == [bad_1, bad_2, ConstraintViolation, bad_3]
    assert all(isinstance(result, LogEntry) for result in (results[0], results[4], results[6]))
    assert sorted(text for (text,) in await raw.fetch("SELECT text FROM log_entries")) == ["good 1", "good 2", "good 3"]


async def test_when_sqlite_drops_the_transaction_the_others_are_committed_alone(store: Store, db_path: Path) -> None:
    """A job whose failure ends the whole transaction (as an I/O error does) takes nobody else with it."""

    async def lose_the_transaction(transaction: SQLiteTransaction) -> None:
        await transaction.conn.execute("ROLLBACK")
        raise sqlite3.OperationalError("disk I/O error")

    results = await asyncio.gather(
        store.log_ruling(1, **ruling("before")),
        sqlite_of(store).writer.run(lose_the_transaction, atomic=False),
        store.log_ruling(2, **ruling("after")),
        return_exceptions=True,
    )

    assert [type(result).__name__ for result in results] == ["LogEntry", "OperationalError", "LogEntry"]
    assert _texts(db_path) == ["before", "after"]


async def test_a_full_disk_is_store_full_and_the_rest_of_the_batch_is_saved(store: Store, db_path: Path) -> None:
    """Simulated with `PRAGMA max_page_count` (the database may not grow), not a real full disk."""
    await store.add_note(1, channel_id=1, user_id=1, text="first")
    conn = sqlite_of(store).conn
    [(pages,)] = await conn.execute_fetchall("PRAGMA page_count")
    await conn.execute(f"PRAGMA max_page_count = {pages}")

    results = await asyncio.gather(
        store.add_note(1, channel_id=1, user_id=1, text="small before"),
        store.add_note(1, channel_id=1, user_id=1, text="a long note " * 20_000),
        store.add_note(1, channel_id=1, user_id=1, text="small after"),
        return_exceptions=True,
    )

    full = results[1]
    assert isinstance(full, StoreFull) and isinstance(full, StoreError)
    assert "full" in _one_line_naming(full, db_path)
    assert [type(r).__name__ for r in results] == ["LogEntry", "StoreFull", "LogEntry"]
    await conn.execute("PRAGMA max_page_count = 1073741823")
    await store.add_note(1, channel_id=1, user_id=1, text="space again")
    assert _texts(db_path) == ["first", "small before", "small after", "space again"]


async def test_the_writer_carries_on_when_even_a_rollback_fails(store: Store, db_path: Path) -> None:
    """A job that breaks the writer's own bookkeeping fails its batch (nothing half written), not the store."""

    async def drop_the_writers_savepoint(transaction: SQLiteTransaction) -> None:
        await transaction.conn.execute("RELEASE job")  # so the writer's ROLLBACK TO fails as well
        raise sqlite3.OperationalError("broken")

    results = await asyncio.gather(
        store.log_ruling(1, **ruling("in the broken batch")),
        sqlite_of(store).writer.run(drop_the_writers_savepoint, atomic=True),
        return_exceptions=True,
    )

    assert all(isinstance(result, sqlite3.OperationalError) for result in results), results
    assert (await store.log_ruling(1, **ruling("after"))).number == 1
    assert _texts(db_path) == ["after"]


async def test_closing_on_a_disk_that_refuses_writes_finishes(db_path: Path) -> None:
    """The planner's statistics written at close are advice: a read-only disk refusing them fails no shutdown."""
    opened = await Store.open(db_path)
    await opened.add_note(1, channel_id=1, user_id=1, text="kept")
    await sqlite_of(opened).conn.execute("PRAGMA query_only = ON")
    await opened.close()
    assert _texts(db_path) == ["kept"]
