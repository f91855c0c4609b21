"""`python -m store.migrate`: an SQLite log copied into PostgreSQL reads the same there, numbers carry on where
they stopped, a second run copies nothing, and a PostgreSQL that holds another log of a server is refused."""

from __future__ import annotations

import asyncio
import io
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from raw import Raw
from store_helpers import all_entries, ruling

from ledger.players import PlayerRef
from store import HouseApplied, LogEntry, RulingRecord, Store
from store.migrate import Refused, migrate

pytestmark = pytest.mark.backends("postgres")
ROOT = Path(__file__).resolve().parents[2]
A, B = 111_111_111_111_111_111, 222
ALICE = PlayerRef(guest="Alice")
RULING = RulingRecord(**ruling("answered after the move"))  # type: ignore[arg-type]


async def _sqlite_log(path: Path) -> int:
    """Two servers' log, with what a copy could get wrong; the id of the question still open."""
    store = await Store.open(path)
    try:
        for name in ("Friday", "Saturday", "Sunday"):
            await store.start_game(A, channel_id=500, user_id=1, name=name)
            await store.log_ruling(A, **ruling(f"in {name}"))
            await store.end_game(A, channel_id=500)
        await store.delete_game(A, 3)  # the counter (3) is above every number left (2)
        await store.log_ruling(A, **ruling("private one", private=True))
        await store.add_note(A, channel_id=501, user_id=2, text="nul \x00 and =formula")
        game = await store.start_game(B, channel_id=500, user_id=1, name="B's open game")
        await store.log_ruling(B, **ruling("B's ruling"))
        for n, (player, kind) in enumerate([(ALICE, "buyin"), (PlayerRef(user_id=7), "buyin"), (ALICE, "cashout")]):
            await store.record_money(
                B, game_id=game.id, channel_id=500, player=player, kind=kind, cents=1000 + n, recorded_by=1,
                request=f"i:{n}",
            )  # fmt: skip
        await store.remove_money(B, game_id=game.id, removed_by=1)
        house = HouseApplied("holdem.flop-too-many-cards", "burn it", "scramble-flop", "redeal-flop")
        await store.set_house_rule(A, house.rule_id, text=house.text, outcome=house.outcome, set_by=1)
        await store.set_floor_role(A, 555, set_by=1)
        called = await store.log_ruling(A, **ruling("called"), house=house, card={"text": "called"})  # type: ignore[arg-type]
        await store.decide_floor_call(
            A, called.number, verdict="confirmed", decision="fine", outcome=None, decided_by=2
        )
        await store.set_rulebook(A, "tda-2024")
        await store.set_language(B, "it")
        asked = await store.create_question(A, channel_id=500, owner_id=1, request={"situation": "é \x00"})
        await store.answer_question(A, asked, answered_by=1, ruling=None, next_request={"step": 2})
        return await store.create_question(B, channel_id=500, owner_id=1, request={"situation": "open"})
    finally:
        await store.close()


async def _everything(location: str | Path) -> dict[str, object]:
    """What users can see of both servers, internal ids left out."""
    store = await Store.open(location)
    try:
        seen: dict[str, object] = {}
        for guild in (A, B):
            entries: list[LogEntry] = await all_entries(store, guild)
            seen[f"{guild} entries"] = [replace(e, id=0, game_id=None) for e in entries]
            games = await store.list_games(guild)
            seen[f"{guild} games"] = [(g.number, g.name, g.opened_at, g.closed_at) for g in games]
            seen[f"{guild} money"] = [
                (e.number, e.game_number, e.player.key, e.kind, e.cents, e.recorded_at, e.removed_at)
                for game in games
                for e in await store.game_money(guild, game.id)
            ]
            seen[f"{guild} settings"] = await store.get_settings(guild)
            seen[f"{guild} house"] = (await store.list_house_rules(guild), await store.get_floor_role(guild))
            seen[f"{guild} calls"] = [await store.get_floor_call(guild, e.number) for e in entries]
        return seen
    finally:
        await store.close()


async def test_a_copy_reads_the_same_and_numbers_carry_on(db_path: Path, location: str, raw: Raw) -> None:
    open_question = await _sqlite_log(db_path)
    out = io.StringIO()

    await migrate(str(db_path), location, out)

    assert "Copied" in out.getvalue() and "Verified" in out.getvalue()
    assert await _everything(location) == await _everything(db_path)
    store = await Store.open(location)
    try:
        assert (await store.start_game(A, channel_id=9, user_id=1, name="next")).number == 4  # not 3: deleted
        assert (await store.add_note(A, channel_id=9, user_id=1, text="next")).number == 7
        answered = await store.answer_question(B, open_question, answered_by=1, ruling=RULING)
        assert answered is not None and answered.entry is not None and answered.entry.number == 5  # after money
    finally:
        await store.close()
    [(text,)] = await raw.fetch("SELECT text FROM log_entries WHERE text LIKE 'nul%'")
    assert text == "nul \ufffd and =formula"


async def test_a_second_run_copies_nothing_and_says_so(db_path: Path, location: str, raw: Raw) -> None:
    await _sqlite_log(db_path)
    await migrate(str(db_path), location, io.StringIO())
    before = {table: await raw.fetch(f"SELECT * FROM {table} ORDER BY 1") for table in await raw.tables()}
    out = io.StringIO()

    await migrate(str(db_path), location, out)

    assert out.getvalue().startswith("Nothing to copy: every row of")
    assert {table: await raw.fetch(f"SELECT * FROM {table} ORDER BY 1") for table in await raw.tables()} == before


async def test_another_log_of_the_same_server_is_refused_and_nothing_copied(
    db_path: Path, location: str, store: Store, raw: Raw
) -> None:
    await store.log_ruling(A, **ruling("written on PostgreSQL first"))  # entry #1 of A, unlike SQLite's #1
    await store.close()
    await _sqlite_log(db_path)

    with pytest.raises(Refused, match="already in PostgreSQL with other contents"):
        await migrate(str(db_path), location, io.StringIO())

    assert await raw.fetch("SELECT text FROM log_entries") == [("written on PostgreSQL first",)]
    assert await raw.fetch("SELECT count(*) FROM games") == [(0,)]


def test_the_command_line(db_path: Path, location: str, tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "store.migrate", *args]
        return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False)

    missing = run("--from", str(tmp_path / "none.db"), "--to", location)
    assert missing.returncode == 1 and "no such SQLite file" in missing.stderr
    assert not (tmp_path / "none.db").exists()

    asyncio.run(_sqlite_log(db_path))
    copied = run("--from", str(db_path), "--to", location)
    again = run("--from", str(db_path), "--to", location)
    assert copied.returncode == 0 and "Copied" in copied.stdout, copied.stderr
    assert again.returncode == 0 and "Nothing to copy" in again.stdout
