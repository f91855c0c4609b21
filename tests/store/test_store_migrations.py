"""SQLite's schema migrations: from an empty file, from every earlier version with data, atomically, once.
PostgreSQL's: test_store_postgres_migrations.py."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import NamedTuple

import aiosqlite
import pytest
from store_helpers import all_entries

from store import HouseApplied, RulingRecord, Store, StoreUnusable, Viewer
from store.schema import LATEST_VERSION, SchemaTooNew, migrate, schema_version
from store.sqlite import SQLiteDatabase

pytestmark = pytest.mark.backends("sqlite")
NOBODY = Viewer(user_id=0, manager=False)  # reads as nobody in particular: public entries only


class Seed(NamedTuple):
    statements: tuple[str, ...]
    log_texts: tuple[str, ...]  # what /game log must show after the upgrade, newest first


# Rows a real file at each earlier version could hold. A new migration must add its predecessor here.
SEEDS: dict[int, Seed] = {
    0: Seed((), ()),
    1: Seed(
        (
            "INSERT INTO games (id, guild_id, channel_id, name, opened_by, opened_at, closed_at) "
            "VALUES (7, 1, 10, 'Old Friday', 42, '2024-01-05T20:00:00.000Z', '2024-01-06T02:00:00.000Z')",
            "INSERT INTO log_entries (guild_id, game_id, channel_id, user_id, kind, text, status, rule_id, "
            "outcome, rulebook, created_at) VALUES (1, 7, 10, 42, 'ruling', 'turn came early', 'ruling', "
            "'holdem.premature-turn', 'replace-turn', 'robert-classic', '2024-01-05T21:00:00.000Z')",
            "INSERT INTO log_entries (guild_id, game_id, channel_id, user_id, kind, text, created_at) "
            "VALUES (1, NULL, 11, 43, 'note', 'new deck opened', '2024-01-05T22:00:00.000Z')",
        ),
        ("new deck opened", "turn came early"),
    ),
    # Two servers whose games and entries interleave by id, a deleted game (id 2) and settings.
    2: Seed(
        (
            "INSERT INTO games (id, guild_id, channel_id, name, opened_by, opened_at, closed_at) VALUES "
            "(1, 2, 20, 'Other server', 50, '2024-02-01T20:00:00.000Z', NULL), "
            "(3, 1, 10, 'Old Friday', 42, '2024-02-02T20:00:00.000Z', '2024-02-03T01:00:00.000Z'), "
            "(4, 1, 10, 'Old Saturday', 42, '2024-02-03T20:00:00.000Z', NULL)",
            "INSERT INTO log_entries (id, guild_id, game_id, channel_id, user_id, kind, text, status, rule_id, "
            "outcome, rulebook, created_at) VALUES "
            "(1, 2, 1, 20, 50, 'note', 'elsewhere', NULL, NULL, NULL, NULL, '2024-02-01T21:00:00.000Z'), "
            "(2, 1, 3, 10, 42, 'ruling', 'turn came early', 'ruling', 'holdem.premature-turn', 'replace-turn', "
            "'robert-classic', '2024-02-02T21:00:00.000Z'), "
            "(5, 1, NULL, 11, 43, 'note', 'new deck opened', NULL, NULL, NULL, NULL, '2024-02-03T19:00:00.000Z'), "
            "(6, 2, 1, 20, 50, 'note', 'elsewhere again', NULL, NULL, NULL, NULL, '2024-02-03T21:00:00.000Z'), "
            "(7, 1, 4, 10, 42, 'note', 'Saturday starts', NULL, NULL, NULL, NULL, '2024-02-03T21:30:00.000Z')",
            "INSERT INTO guild_settings (guild_id, rulebook, language) VALUES (1, 'robert-classic', 'it')",
        ),
        ("Saturday starts", "new deck opened", "turn came early"),
    ),
    # Numbered rows, and a counter above the last remaining number (game #2 and entry #2 were deleted).
    3: Seed(
        (
            "INSERT INTO games (id, number, guild_id, channel_id, name, opened_by, opened_at) "
            "VALUES (5, 1, 1, 10, 'Old Friday', 42, '2024-03-01T20:00:00.000Z')",
            "INSERT INTO log_entries (id, number, guild_id, game_id, channel_id, user_id, kind, text, status, "
            "rule_id, outcome, rulebook, created_at) VALUES (9, 3, 1, 5, 10, 42, 'ruling', 'turn came early', "
            "'ruling', 'holdem.premature-turn', 'replace-turn', 'robert-classic', '2024-03-01T21:00:00.000Z')",
            "UPDATE guild_counters SET last_game = 2 WHERE guild_id = 1",
        ),
        ("turn came early",),
    ),
    # A private ruling beside a public note.
    4: Seed(
        (
            "INSERT INTO log_entries (number, guild_id, channel_id, user_id, kind, text, status, rulebook, private, "
            "created_at) VALUES (1, 1, 10, 42, 'ruling', 'secret', 'ruling', 'robert-classic', 1, "
            "'2024-04-01T21:00:00.000Z')",
            "INSERT INTO log_entries (number, guild_id, channel_id, user_id, kind, text, created_at) "
            "VALUES (2, 1, 10, 43, 'note', 'public', '2024-04-01T22:00:00.000Z')",
        ),
        ("public",),  # the upgrade test reads as nobody in particular: the private ruling stays hidden
    ),
    # An open game with a note, a question waiting on its answer, and settings with a language.
    5: Seed(
        (
            "INSERT INTO games (id, number, guild_id, channel_id, name, opened_by, opened_at) "
            "VALUES (3, 1, 1, 10, 'Friday', 42, '2024-05-01T20:00:00.000Z')",
            "INSERT INTO log_entries (number, guild_id, game_id, channel_id, user_id, kind, text, created_at) "
            "VALUES (1, 1, 3, 10, 42, 'note', 'seats drawn', '2024-05-01T20:05:00.000Z')",
            "INSERT INTO pending_questions (id, guild_id, channel_id, owner_id, request) "
            'VALUES (77, 1, 10, 42, \'{"text": "card exposed"}\')',
            "INSERT INTO guild_settings (guild_id, rulebook, language) VALUES (1, 'robert-classic', 'it')",
        ),
        ("seats drawn",),
    ),
    # The ledger: a guest's buy-in (#1) in an open game, then a ruling (#2) a question's answer logged, another
    # question still waiting.
    6: Seed(
        (
            "INSERT INTO games (id, number, guild_id, channel_id, name, opened_by, opened_at) "
            "VALUES (4, 1, 1, 10, 'Saturday', 42, '2024-06-01T20:00:00.000Z')",
            "INSERT INTO ledger_players (id, guild_id, player_key, guest, created_at) "
            "VALUES (1, 1, 'g:carol', 'Carol', '2024-06-01T20:01:00.000Z')",
            "INSERT INTO ledger_entries (guild_id, number, game_id, channel_id, player_id, kind, cents, recorded_by, "
            "recorded_at, request) VALUES (1, 1, 4, 10, 1, 'buyin', 5000, 42, '2024-06-01T20:02:00.000Z', 'r1')",
            "INSERT INTO pending_questions (id, guild_id, channel_id, owner_id, request, answered_by, answered_at) "
            "VALUES (77, 1, 10, 42, '{\"text\": \"card exposed\"}', 42, strftime('%Y-%m-%dT%H:%M:%fZ')), "
            "(78, 1, 10, 42, '{}', NULL, NULL)",
            "INSERT INTO log_entries (number, guild_id, game_id, channel_id, user_id, kind, text, status, rule_id, "
            "outcome, rulebook, question_id, created_at) VALUES (2, 1, 4, 10, 42, 'ruling', 'card exposed', 'ruling', "
            "'holdem.exposed-holecard', 'misdeal', 'robert-classic', 77, '2024-06-01T20:03:00.000Z')",
            "INSERT INTO guild_settings (guild_id, rulebook, language) VALUES (1, 'tda-2024', 'it')",
        ),
        ("card exposed", ""),  # the log page shows the buy-in (no text) under the ruling
    ),
}

# A question each seed has waiting on its answer, from before the upgrade.
PENDING = {5: 77, 6: 78}

# After v3, what each seed's rows are numbered: (guild, game id) -> number and (guild, entry text) -> number.
NUMBERED: dict[int, tuple[dict[tuple[int, str], int], dict[tuple[int, str], int]]] = {
    0: ({}, {}),
    1: ({(1, "Old Friday"): 1}, {(1, "turn came early"): 1, (1, "new deck opened"): 2}),
    2: (
        {(2, "Other server"): 1, (1, "Old Friday"): 1, (1, "Old Saturday"): 2},
        {
            (2, "elsewhere"): 1,
            (1, "turn came early"): 1,
            (1, "new deck opened"): 2,
            (2, "elsewhere again"): 2,
            (1, "Saturday starts"): 3,
        },
    ),
    3: ({(1, "Old Friday"): 1}, {(1, "turn came early"): 3}),
    4: ({}, {(1, "public"): 2}),
    5: ({(1, "Friday"): 1}, {(1, "seats drawn"): 1}),
    6: ({(1, "Saturday"): 1}, {(1, "card exposed"): 2}),
}


def test_every_earlier_version_has_a_seed() -> None:
    assert set(SEEDS) == set(range(LATEST_VERSION))
    assert set(NUMBERED) == set(SEEDS)


async def _file_at_version(path: Path, version: int) -> None:
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        await migrate(conn, target=version)
        for statement in SEEDS[version].statements:
            await conn.execute(statement)


async def test_empty_file_reaches_latest_version(store: Store, db_path: Path) -> None:
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST_VERSION
        tables = {name for (name,) in conn.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")}
    assert tables == {
        "games",
        "log_entries",
        "guild_settings",
        "guild_counters",
        "pending_questions",
        "ledger_players",
        "ledger_entries",
        "house_rules",
        "floor_roles",
        "house_rulings",
        "floor_calls",
        "floor_decisions",
    }
    assert (await store.log_page(1, viewer=NOBODY)).entries == ()


@pytest.mark.parametrize("version", sorted(SEEDS))
async def test_upgrade_keeps_data(db_path: Path, version: int) -> None:
    await _file_at_version(db_path, version)
    before = _dump(db_path)

    store = await Store.open(db_path)
    try:
        page = await store.log_page(1, viewer=NOBODY)
        settings = await store.get_settings(1)
        await store.log_ruling(
            1,
            channel_id=10,
            user_id=42,
            situation="after upgrade",
            status="ruling",
            rule_id=None,
            outcome=None,
            rulebook="robert-classic",
        )
    finally:
        await store.close()

    assert settings.rulebook == ("tda-2024" if version == 6 else "robert-classic")
    assert tuple(entry.text for entry in page.entries) == SEEDS[version].log_texts
    after = _dump(db_path)
    assert after["user_version"] == [(LATEST_VERSION,)]
    for table, rows in before.items():
        # Counters advance with the ruling logged above; test_upgrade_numbers_… checks where they carry on.
        if table not in {"user_version", "guild_counters"} and rows:
            kept = {row[: len(rows[0])] for row in after[table]}  # migrations append columns, never reorder
            assert set(rows) <= kept, f"{table} lost rows on upgrade from v{version}"


@pytest.mark.parametrize("version", sorted(SEEDS))
async def test_upgrade_numbers_each_servers_rows_in_id_order_and_carries_on(db_path: Path, version: int) -> None:
    await _file_at_version(db_path, version)
    games, entries = NUMBERED[version]

    store = await Store.open(db_path)
    try:
        for (guild_id, name), number in games.items():
            game = await store.get_game(guild_id, number)
            assert game is not None and game.name == name
        for guild_id in {guild for guild, _ in entries}:
            logged = {
                (guild_id, e.text): e.number
                for e in await all_entries(store, guild_id, viewer=NOBODY)
                if e.kind in ("ruling", "note")  # the ledger's have their own seeds
            }
            assert logged == {key: n for key, n in entries.items() if key[0] == guild_id}
        new_game = await store.start_game(1, channel_id=99, user_id=42, name="after upgrade")
        new_entry = await store.add_note(1, channel_id=99, user_id=42, text="after upgrade")
    finally:
        await store.close()

    # The seeds' counters are at their last number, except v3's, where the newest game was deleted.
    assert new_game.number == 1 + max((n for (guild, _), n in games.items() if guild == 1), default=0) + (version == 3)
    assert new_entry.number == 1 + max((n for (guild, _), n in entries.items() if guild == 1), default=0)
    assert new_entry.game_number == new_game.number


@pytest.mark.parametrize("version", sorted(SEEDS))
async def test_upgrade_to_house_rules_leaves_earlier_rulings_undecidable_and_carries_on(
    db_path: Path, version: int
) -> None:
    """Rulings logged before floor calls existed have none (their cards had no button); what comes after works,
    a question asked before the upgrade included."""
    await _file_at_version(db_path, version)
    store = await Store.open(db_path)
    try:
        earlier = [e.number for e in await all_entries(store, 1)]
        assert [await store.get_floor_call(1, n) for n in earlier] == [None] * len(earlier)
        assert await store.ruling_marks(1, earlier) == {}
        house = HouseApplied("holdem.flop-too-many-cards", "burn it", None, "redeal-flop")
        await store.set_house_rule(1, house.rule_id, text=house.text, outcome=None, set_by=42)
        record = RulingRecord(
            10,
            42,
            "flop had four cards",
            "ruling",
            house.rule_id,
            "redeal-flop",
            "robert-classic",
            house=house,
            card={"text": "flop had four cards"},
        )
        if version in PENDING:
            answered = await store.answer_question(1, PENDING[version], answered_by=42, ruling=record)
            assert answered is not None and answered.entry is not None
            logged = answered.entry
        else:
            logged = await store.log_ruling(1, **{f: getattr(record, f) for f in RulingRecord.__dataclass_fields__})
        call = await store.get_floor_call(1, logged.number)
        assert call is not None and call.house == house and call.decision is None
    finally:
        await store.close()


async def test_reopening_is_idempotent(db_path: Path) -> None:
    for _ in range(3):
        store = await Store.open(db_path)
        await store.close()
    async with aiosqlite.connect(db_path, isolation_level=None) as conn:
        assert await migrate(conn) == LATEST_VERSION
        assert await schema_version(conn) == LATEST_VERSION


async def test_failed_migration_changes_nothing(db_path: Path) -> None:
    await _file_at_version(db_path, 1)
    with sqlite3.connect(db_path) as conn:  # a stray table that makes migration 2 fail half way
        conn.execute("CREATE TABLE guild_settings (x)")
    before = _dump(db_path)

    with pytest.raises(StoreUnusable, match="already exists"):  # refused in one line, not a traceback
        await Store.open(db_path)

    assert _dump(db_path) == before


async def test_refuses_a_newer_schema(db_path: Path) -> None:
    with sqlite3.connect(db_path) as conn:
        conn.execute(f"PRAGMA user_version = {LATEST_VERSION + 1}")
    with pytest.raises(SchemaTooNew):
        await Store.open(db_path)


async def test_connection_settings(store: Store, db_path: Path) -> None:
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert isinstance(store._db, SQLiteDatabase)
    rows = {
        pragma: (await store._db.conn.execute_fetchall(f"PRAGMA {pragma}"))[0][0]
        for pragma in ("foreign_keys", "synchronous", "busy_timeout")
    }
    assert rows == {"foreign_keys": 1, "synchronous": 2, "busy_timeout": 5000}  # synchronous 2 = FULL


def _dump(path: Path) -> dict[str, list[tuple[object, ...]]]:
    with sqlite3.connect(path) as conn:
        tables = [name for (name,) in conn.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")]
        dump = {table: sorted(conn.execute(f"SELECT * FROM {table}").fetchall()) for table in tables}
        dump["user_version"] = conn.execute("PRAGMA user_version").fetchall()
    return dump
