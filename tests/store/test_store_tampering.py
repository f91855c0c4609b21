"""The file changed behind SQLite's back while the store runs: a backup copied over it, the -wal deleted, bytes
cut or scribbled. Nothing is acknowledged that is not in the file at the path, nothing is written into a file
someone else wrote, and a checkpoint by another program is not taken for tampering."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest

import store.watch
from store import Store, StoreGone, Viewer

pytestmark = pytest.mark.backends("sqlite")
ROOT = Path(__file__).resolve().parents[2]
MANAGER = Viewer(user_id=1, manager=True)


@pytest.fixture(autouse=True)
def quick_settling(monkeypatch: pytest.MonkeyPatch) -> None:
    """Judge an unexplained change after 0.3 s instead of 3 s: the tests need no checkpoint elsewhere to finish."""
    monkeypatch.setattr(store.watch, "SETTLE_SECONDS", 0.3)


def _look_from_another_process(db_path: Path) -> dict[str, object]:
    """What a fresh process (the next start, the operator's sqlite3) finds at the path: the integrity check and
    the notes. Another process, because SQLite shares one WAL index per file inside a process."""
    code = (
        "import json, sqlite3, sys\n"
        "conn = sqlite3.connect(sys.argv[1])\n"
        "check = conn.execute('PRAGMA integrity_check').fetchall()\n"
        "texts = [t for (t,) in conn.execute('SELECT text FROM log_entries ORDER BY id')]\n"
        "print(json.dumps({'check': [c[0] for c in check], 'texts': texts}))\n"
    )
    found = subprocess.run([sys.executable, "-c", code, str(db_path)], capture_output=True, text=True, check=True)
    result: dict[str, object] = json.loads(found.stdout)
    return result


async def _notes(opened: Store, prefix: str, count: int) -> None:
    for start in range(0, count, 250):
        texts = [f"{prefix} {n} " + "x" * 200 for n in range(start, min(start + 250, count))]
        await asyncio.gather(*(opened.add_note(1, channel_id=1, user_id=1, text=text) for text in texts))


def _backup(db_path: Path, backup: Path) -> None:
    with closing(sqlite3.connect(db_path)) as conn:  # closed: an open connection would hold the file's locks
        conn.execute(f"VACUUM INTO '{backup}'")


def _copy_backup_over(backup: Path, db_path: Path) -> None:
    shutil.copyfile(backup, db_path)  # `cp backup.db floorcall.db`: same inode, new content


def _truncate(_: Path, db_path: Path) -> None:
    os.truncate(db_path, os.path.getsize(db_path) // 2)


def _scribble(_: Path, db_path: Path) -> None:
    with db_path.open("r+b") as file:
        file.seek(4096 + 100)
        file.write(b"\xff" * 200)


@pytest.mark.parametrize("later", [300, 6000], ids=["changes still in the WAL", "changes checkpointed"])
@pytest.mark.parametrize(
    "change", [_copy_backup_over, _truncate, _scribble], ids=["cp backup over", "truncated", "scribbled"]
)
async def test_a_file_changed_in_place_is_never_written_again(
    db_path: Path, tmp_path: Path, later: int, change: Callable[[Path, Path], None]
) -> None:
    opened = await Store.open(db_path)
    await _notes(opened, "early", 300)
    backup = tmp_path / "backup.db"
    _backup(db_path, backup)  # the operator's backup: 300 notes
    await _notes(opened, "late", later)  # 6,000 notes pass SQLite's automatic checkpoint more than once

    change(backup, db_path)
    with pytest.raises(StoreGone) as gone:
        await opened.add_note(1, channel_id=1, user_id=1, text="after the change")
    assert "changed by another program" in str(gone.value)
    with pytest.raises(StoreGone):  # and nothing after it, reads included
        await opened.log_page(1, viewer=MANAGER)
    # A crash now would leave the path as the operator made it: our WAL is no longer beside it.
    assert not os.path.exists(f"{db_path}-wal") and not os.path.exists(f"{db_path}-shm")
    await opened.close()

    if change is _copy_backup_over:  # the restored backup, whole and unharmed by the old log's pages
        found = _look_from_another_process(db_path)
        assert found["check"] == ["ok"]
        assert found["texts"] == [f"early {n} " + "x" * 200 for n in range(300)]
        reopened = await Store.open(db_path)
        try:
            assert (await reopened.add_note(1, channel_id=1, user_id=1, text="next start")).number == 301
        finally:
            await reopened.close()


async def test_a_checkpoint_by_another_program_is_not_tampering(store: Store, db_path: Path) -> None:
    """A backup tool or the sqlite3 shell checkpointing the WAL into the file changes it legitimately."""
    await _notes(store, "before", 500)
    other = sqlite3.connect(db_path, isolation_level=None)
    try:
        assert other.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0] == 0
        await _notes(store, "between", 500)
        other.execute("PRAGMA wal_checkpoint(PASSIVE)")
    finally:
        other.close()

    entry = await store.add_note(1, channel_id=1, user_id=1, text="after")
    assert entry.number == 1001
    assert _look_from_another_process(db_path)["check"] == ["ok"]


def _writer_killed_after(db_path: Path, acks_before: int, fault: Callable[[], None], after: float) -> dict[int, str]:
    """Run tests/store/crash_writer.py (going on after refusals, as the bot does), apply `fault` once it has
    `acks_before` acknowledgements, let it run `after` seconds more, SIGKILL it: every `id text` it acknowledged."""
    child = subprocess.Popen(
        [sys.executable, str(Path(__file__).with_name("crash_writer.py")), str(db_path), "--keep-going"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
    )
    assert child.stdout is not None and child.stderr is not None
    lines: list[str] = []
    output = child.stdout
    reader = threading.Thread(target=lambda: lines.extend(iter(output.readline, "")), daemon=True)
    reader.start()
    while len(lines) < acks_before:
        if child.poll() is not None:
            raise AssertionError(f"writer exited early: {child.stderr.read()}")
        time.sleep(0.01)
    fault()
    time.sleep(after)
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=10)
    reader.join(timeout=10)
    assert child.returncode == -signal.SIGKILL
    return {int(i): t for i, t in (line.split() for line in lines if line.endswith("\n"))}


def test_acknowledged_entries_survive_a_deleted_wal_and_then_a_crash(db_path: Path) -> None:
    """`rm floorcall.db-wal` while the bot writes (a cleanup script), then kill -9: what was acknowledged, before
    and after the deletion, is in the file — the store checkpoints from the open WAL and stops acknowledging."""
    acknowledged = _writer_killed_after(db_path, 400, lambda: os.remove(f"{db_path}-wal"), after=1.5)
    assert len(acknowledged) >= 400

    with closing(sqlite3.connect(db_path)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        stored = dict(conn.execute("SELECT id, text FROM log_entries").fetchall())
    lost = {i: t for i, t in acknowledged.items() if stored.get(i) != t}
    assert lost == {}, f"{len(lost)} of {len(acknowledged)} acknowledged entries lost"


def test_a_backup_copied_over_the_file_survives_a_crash_of_the_bot(db_path: Path, tmp_path: Path) -> None:
    """`cp backup.db floorcall.db` while the bot writes, then kill -9: the next start finds the backup, whole."""
    backup = tmp_path / "backup.db"

    def restore() -> None:
        _backup(db_path, backup)
        _copy_backup_over(backup, db_path)

    _writer_killed_after(db_path, 300, restore, after=5.0)  # the child (not monkeypatched) judges after 3 s

    with closing(sqlite3.connect(backup)) as conn:
        expected = [t for (t,) in conn.execute("SELECT text FROM log_entries ORDER BY id")]
    found = _look_from_another_process(db_path)
    assert found["check"] == ["ok"] and found["texts"] == expected


@pytest.mark.parametrize("noticed_by", ["a read", "a write"])
async def test_a_deleted_wal_is_copied_into_the_file_as_soon_as_it_is_noticed(
    store: Store, db_path: Path, noticed_by: str
) -> None:
    """Whoever notices the lost -wal first (the bot reads the language before it writes), what it held is in
    the file at the path before anything else happens: a crash right then loses nothing acknowledged."""
    await _notes(store, "kept", 300)
    os.remove(f"{db_path}-wal")

    with pytest.raises(StoreGone, match="-wal"):
        if noticed_by == "a read":
            await store.get_settings(1)
        else:
            await store.add_note(1, channel_id=1, user_id=1, text="not acknowledged")

    found = _look_from_another_process(db_path)  # the store is still open: this is what a crash would leave
    assert found["check"] == ["ok"]
    assert found["texts"] == [f"kept {n} " + "x" * 200 for n in range(300)]
