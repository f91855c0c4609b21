"""SQLite's ordered schema migrations keyed by `PRAGMA user_version` (PostgreSQL's twins, at the same version
numbers: store/postgres_schema.py).

Each migration is a tuple of statements; all pending ones run in one `BEGIN IMMEDIATE` transaction
together with the new `user_version`, so a crash leaves the file at the old version or the new one.
The version is re-read inside the transaction, so two processes opening the same file cannot both
migrate. Append new migrations; never edit a released one. The same transaction marks the file as Floor
Call's (`PRAGMA application_id`), so another application's SQLite file is told apart (store.opening).
"""

from __future__ import annotations

import aiosqlite

from . import house
from .errors import StoreUnusable

NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
APPLICATION_ID = 0x464C4341  # "FLCA": SQLite's header field for the application a file belongs to

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # v1: home games and their log. (guild_id, id) is unique on games so that log entries reference a
    # game *of the same guild*: the database itself refuses a cross-server link.
    (
        f"""CREATE TABLE games (
            id         INTEGER PRIMARY KEY,
            guild_id   INTEGER NOT NULL,
            channel_id INTEGER NOT NULL,
            name       TEXT    NOT NULL,
            opened_by  INTEGER NOT NULL,
            opened_at  TEXT    NOT NULL DEFAULT ({NOW}),
            closed_at  TEXT,
            UNIQUE (guild_id, id)
        )""",
        # One open game per channel, enforced by the database rather than by a racy check.
        "CREATE UNIQUE INDEX games_open_per_channel ON games (guild_id, channel_id) WHERE closed_at IS NULL",
        f"""CREATE TABLE log_entries (
            id         INTEGER PRIMARY KEY,
            guild_id   INTEGER NOT NULL,
            game_id    INTEGER,
            channel_id INTEGER NOT NULL,
            user_id    INTEGER NOT NULL,
            kind       TEXT    NOT NULL CHECK (kind IN ('ruling', 'note')),
            text       TEXT    NOT NULL,
            status     TEXT,
            rule_id    TEXT,
            outcome    TEXT,
            rulebook   TEXT,
            created_at TEXT    NOT NULL DEFAULT ({NOW}),
            CHECK (kind = 'note' OR (status IS NOT NULL AND rulebook IS NOT NULL)),
            FOREIGN KEY (guild_id, game_id) REFERENCES games (guild_id, id) ON DELETE CASCADE
        )""",
        # Log pages are "newest first" by id; the rowid is the implicit last column of every index.
        "CREATE INDEX log_entries_by_guild ON log_entries (guild_id)",
        "CREATE INDEX log_entries_by_game ON log_entries (guild_id, game_id)",
    ),
    # v2: per-server settings arrived with /settings. NULL columns mean "not set, use the default".
    (
        """CREATE TABLE guild_settings (
            guild_id INTEGER PRIMARY KEY,
            rulebook TEXT,
            language TEXT
        )""",
    ),
    # v3: per-server numbers for games and log entries, what users see instead of the global ids (which
    # revealed other servers' counts and were reused after a delete). A per-server counter survives
    # delete_game and clear_log, so a number is never reused: a stale "#5" names #5 or nothing. Existing
    # rows are numbered per server in id order. ALTER TABLE cannot add NOT NULL without a default, so the
    # triggers enforce it, together with "above the counter" (hence never reused) and "never changes".
    (
        """CREATE TABLE guild_counters (
            guild_id   INTEGER PRIMARY KEY,
            last_game  INTEGER NOT NULL DEFAULT 0,
            last_entry INTEGER NOT NULL DEFAULT 0
        )""",
        "ALTER TABLE games ADD COLUMN number INTEGER",
        """UPDATE games SET number = ranked.n
           FROM (SELECT id, row_number() OVER (PARTITION BY guild_id ORDER BY id) AS n FROM games) AS ranked
           WHERE games.id = ranked.id""",
        "CREATE UNIQUE INDEX games_by_number ON games (guild_id, number)",
        "ALTER TABLE log_entries ADD COLUMN number INTEGER",
        """UPDATE log_entries SET number = ranked.n
           FROM (SELECT id, row_number() OVER (PARTITION BY guild_id ORDER BY id) AS n FROM log_entries) AS ranked
           WHERE log_entries.id = ranked.id""",
        "CREATE UNIQUE INDEX log_entries_by_number ON log_entries (guild_id, number)",
        """INSERT INTO guild_counters (guild_id, last_game, last_entry)
           SELECT guild_id, max(game), max(entry) FROM (
               SELECT guild_id, number AS game, 0 AS entry FROM games
               UNION ALL SELECT guild_id, 0, number FROM log_entries
           ) GROUP BY guild_id""",
        """CREATE TRIGGER games_numbered AFTER INSERT ON games BEGIN
            SELECT RAISE(ABORT, 'a game number must be above the server''s last one')
            WHERE NEW.number IS NULL
               OR NEW.number <= coalesce((SELECT last_game FROM guild_counters WHERE guild_id = NEW.guild_id), 0);
            INSERT INTO guild_counters (guild_id, last_game) VALUES (NEW.guild_id, NEW.number)
            ON CONFLICT (guild_id) DO UPDATE SET last_game = excluded.last_game;
        END""",
        """CREATE TRIGGER log_entries_numbered AFTER INSERT ON log_entries BEGIN
            SELECT RAISE(ABORT, 'an entry number must be above the server''s last one')
            WHERE NEW.number IS NULL
               OR NEW.number <= coalesce((SELECT last_entry FROM guild_counters WHERE guild_id = NEW.guild_id), 0);
            INSERT INTO guild_counters (guild_id, last_entry) VALUES (NEW.guild_id, NEW.number)
            ON CONFLICT (guild_id) DO UPDATE SET last_entry = excluded.last_entry;
        END""",
        """CREATE TRIGGER games_number_fixed BEFORE UPDATE OF number ON games BEGIN
            SELECT RAISE(ABORT, 'a game number never changes');
        END""",
        """CREATE TRIGGER log_entries_number_fixed BEFORE UPDATE OF number ON log_entries BEGIN
            SELECT RAISE(ABORT, 'an entry number never changes');
        END""",
    ),
    # v4: a ruling asked privately is logged as private: only its asker and the server's managers see it.
    ("ALTER TABLE log_entries ADD COLUMN private INTEGER NOT NULL DEFAULT 0 CHECK (private IN (0, 1))",),
    # v5: questions the bot asked and is waiting on, so their buttons survive a restart and are answered
    # once. The id is random: it travels in button ids and must not reveal how many questions were asked.
    # guild_id 0 is a direct message, which has questions but never log entries. A question yields at most
    # one log entry (the unique index): a double click cannot log a ruling twice. No foreign key: questions
    # are purged after a while, the entries they produced stay.
    (
        f"""CREATE TABLE pending_questions (
            id          INTEGER PRIMARY KEY,
            guild_id    INTEGER NOT NULL,
            channel_id  INTEGER NOT NULL,
            owner_id    INTEGER NOT NULL,
            request     TEXT    NOT NULL CHECK (json_valid(request)),
            created_at  TEXT    NOT NULL DEFAULT ({NOW}),
            answered_by INTEGER,
            answered_at TEXT,
            CHECK ((answered_by IS NULL) = (answered_at IS NULL))
        )""",
        "CREATE INDEX pending_questions_by_age ON pending_questions (created_at)",
        "ALTER TABLE log_entries ADD COLUMN question_id INTEGER",
        "CREATE UNIQUE INDEX log_entries_one_per_question ON log_entries (question_id) WHERE question_id IS NOT NULL",
        """CREATE TRIGGER log_entries_need_a_server BEFORE INSERT ON log_entries WHEN NEW.guild_id = 0 BEGIN
            SELECT RAISE(ABORT, 'log entries belong to a server, not to direct messages');
        END""",
    ),
    # v6: the home-game ledger (store/ledger.py) and the server's currency. Players are a server's members
    # (user_id) or guests (a name), one row each, found by `player_key` ('m:<id>' or 'g:<folded name>'), so a
    # guest spelled twice is merged by moving entries from one row to the other. Money is integer cents,
    # never REAL. An entry takes its number from the server's entry counter, so rulings, notes and money share
    # one sequence in /game log; it is deleted with its game (cascade); `request` (the interaction or the
    # button press that asked for it) is unique, so a press delivered twice records one entry; an undo marks
    # the entry removed, by whom and when, instead of deleting it. Times are written by the store in Python.
    (
        "ALTER TABLE guild_settings ADD COLUMN currency TEXT",
        """CREATE TABLE ledger_players (
            id         INTEGER PRIMARY KEY,
            guild_id   INTEGER NOT NULL,
            player_key TEXT    NOT NULL,
            user_id    INTEGER,
            guest      TEXT,
            created_at TEXT    NOT NULL,
            CHECK ((user_id IS NULL) <> (guest IS NULL)),
            UNIQUE (guild_id, player_key),
            UNIQUE (guild_id, id)
        )""",
        """CREATE TABLE ledger_entries (
            id          INTEGER PRIMARY KEY,
            guild_id    INTEGER NOT NULL,
            number      INTEGER NOT NULL,
            game_id     INTEGER NOT NULL,
            channel_id  INTEGER NOT NULL,
            player_id   INTEGER NOT NULL,
            kind        TEXT    NOT NULL CHECK (kind IN ('buyin', 'cashout')),
            cents       INTEGER NOT NULL CHECK (cents > 0),
            recorded_by INTEGER NOT NULL,
            recorded_at TEXT    NOT NULL,
            request     TEXT    NOT NULL,
            removed_by  INTEGER,
            removed_at  TEXT,
            CHECK ((removed_by IS NULL) = (removed_at IS NULL)),
            UNIQUE (guild_id, number),
            UNIQUE (guild_id, request),
            FOREIGN KEY (guild_id, game_id) REFERENCES games (guild_id, id) ON DELETE CASCADE,
            FOREIGN KEY (guild_id, player_id) REFERENCES ledger_players (guild_id, id)
        )""",
        # A game's log merges its rulings and notes with its money by number: both come ordered from these.
        "CREATE INDEX ledger_entries_by_game ON ledger_entries (guild_id, game_id, number)",
        "CREATE INDEX log_entries_by_game_number ON log_entries (guild_id, game_id, number)",
        "CREATE INDEX ledger_entries_by_player ON ledger_entries (guild_id, player_id)",
    ),
    # v7: house rules, the floor role, the house rule each logged ruling applied, and the floor's decision on
    # public rulings (store/house.py).
    house.MIGRATION,
)

LATEST_VERSION = len(MIGRATIONS)


class SchemaTooNew(StoreUnusable):
    """The file was written by a newer Floor Call; refusing to guess at its schema."""


async def schema_version(conn: aiosqlite.Connection) -> int:
    """The file's `PRAGMA user_version` (0 for an empty file)."""
    rows = await conn.execute_fetchall("PRAGMA user_version")
    return int(next(iter(rows))[0])


async def migrate(conn: aiosqlite.Connection, target: int = LATEST_VERSION) -> int:
    """Bring the file up to `target` in one transaction; a no-op when it is already there."""
    await conn.execute("BEGIN IMMEDIATE")
    try:
        current = await schema_version(conn)
        if current > LATEST_VERSION:
            [path] = [file for _, name, file in await conn.execute_fetchall("PRAGMA database_list") if name == "main"]
            raise SchemaTooNew(
                path,
                f"its schema is v{current}, newer than this Floor Call's (v{LATEST_VERSION})",
                "run the newer Floor Call that wrote it, or restore a backup made by this version",
            )
        for statements in MIGRATIONS[current:target]:
            for statement in statements:
                await conn.execute(statement)
        if target > current:
            # PRAGMA takes no parameters; target is an int we computed, not user input.
            await conn.execute(f"PRAGMA user_version = {int(target)}")
        [(application_id,)] = await conn.execute_fetchall("PRAGMA application_id")
        if application_id != APPLICATION_ID:
            await conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        await conn.execute("COMMIT")
    except BaseException:
        await conn.execute("ROLLBACK")
        raise
    return max(current, target)
