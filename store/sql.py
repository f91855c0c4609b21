"""The SQL the store runs, once for both backends, and the parameters it takes; every query is scoped by
`:guild_id`. Written in the subset SQLite and PostgreSQL share (see `store.database`)."""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from typing import Any, Literal

from .database import Row, Statement, Transaction, now
from .models import RulingRecord, Viewer

GAME_COLUMNS = "id, number, guild_id, channel_id, name, opened_by, opened_at, closed_at"
_ENTRY_COLUMNS = (
    "guild_id, number, game_id, channel_id, user_id, kind, text, status, rule_id, outcome, rulebook, private, "
    "question_id, created_at"
)
# A LogEntry's columns, over `e` (the entry) and `g` (its game, if any).
LOG_ENTRY_FIELDS = """
    e.id, e.number, e.guild_id, e.game_id, g.number AS game_number, g.name AS game_name, e.channel_id,
    e.user_id, e.kind, e.text, e.status, e.rule_id, e.outcome, e.rulebook, e.private, e.created_at
"""
# Entries `viewer` may read: public ones, their own private ones, every one for a manager.
_VISIBLE_ENTRIES = """
    FROM log_entries AS e LEFT JOIN games AS g ON g.guild_id = e.guild_id AND g.id = e.game_id
    WHERE e.guild_id = :guild_id AND (NOT e.private OR :manager OR e.user_id = :viewer_id)
"""
# One game's entries by its number, or the whole server's. Two literal variants rather than
# `:x IS NULL OR ...`, so each plan uses its index.
_GAME_FILTERS = {
    "number": " AND e.game_id = (SELECT id FROM games WHERE guild_id = :guild_id AND number = :game_number)",
    None: "",
}
GAME_EXISTS = "SELECT 1 FROM games WHERE guild_id = :guild_id AND number = :game_number"
_OPEN_GAME_ID = "(SELECT id FROM games WHERE guild_id = :guild_id AND channel_id = :channel_id AND closed_at IS NULL)"

# Taken first, where writes run in parallel (PostgreSQL: pooled transactions, several processes), by every
# write that numbers a row: creates the server's counters and locks them until commit, so two writes numbering
# rows of one server take turns and read each other's last number. SQLite's single writer runs writes one at a
# time, so there it is left out (it would cost a statement and a savepoint per write).
CLAIM_NUMBERS = """
    INSERT INTO guild_counters (guild_id, last_game, last_entry) VALUES (:guild_id, 0, 0)
    ON CONFLICT (guild_id) DO UPDATE SET last_game = guild_counters.last_game
"""


def _next_number(counter: str) -> str:
    """The server's next game or entry number (1 before its counters exist: SQLite does not claim them); the
    insert trigger then advances the counter."""
    return f"coalesce((SELECT {counter} FROM guild_counters WHERE guild_id = :guild_id), 0) + 1"


INSERT_ENTRY = f"""
    INSERT INTO log_entries ({_ENTRY_COLUMNS})
    VALUES (:guild_id, {_next_number("last_entry")}, {_OPEN_GAME_ID}, :channel_id, :user_id, :kind, :text,
            :status, :rule_id, :outcome, :rulebook, :private, :question_id, :now)
    RETURNING id, number, guild_id, game_id,
              (SELECT number FROM games AS g WHERE g.guild_id = log_entries.guild_id
                                               AND g.id = log_entries.game_id) AS game_number,
              (SELECT name FROM games AS g WHERE g.guild_id = log_entries.guild_id
                                             AND g.id = log_entries.game_id) AS game_name,
              channel_id, user_id, kind, text, status, rule_id, outcome, rulebook, private, created_at
"""
INSERT_GAME = f"""
    INSERT INTO games (guild_id, number, channel_id, name, opened_by, opened_at)
    VALUES (:guild_id, {_next_number("last_game")}, :channel_id, :name, :user_id, :now)
    RETURNING {GAME_COLUMNS}
"""


def numbered(sql: str, params: Mapping[str, Any], *, claim: bool) -> tuple[Statement, ...]:
    """A statement that numbers a row (`INSERT_ENTRY`, `INSERT_GAME`), after the claim on the server's counters
    where writes run in parallel (`claim`: the backend's `parallel_writes`); its rows are the last one's."""
    insert = (sql, params)
    return ((CLAIM_NUMBERS, {"guild_id": params["guild_id"]}), insert) if claim else (insert,)


async def run_all(transaction: Transaction, statements: tuple[Statement, ...]) -> list[Row]:
    """The statements in order inside `transaction`; the last one's rows."""
    rows: list[Row] = []
    for sql, params in statements:
        rows = await transaction.fetch(sql, params)
    return rows


GameFilter = Literal["number"] | None

# What a server's log holds up to now: its last game and entry numbers (numbers only grow, so "at most these"
# names exactly what existed then, whatever was logged since).
LOG_EXTENT = "SELECT last_game, last_entry FROM guild_counters WHERE guild_id = :guild_id"
# A clear bound to an extent: what was logged after it stays, and so does the game it was logged in. Ledger
# entries go by number first (their game's cascade would take later ones), players once they have none left.
CLEAR_THROUGH = (
    "DELETE FROM log_entries WHERE guild_id = :guild_id AND number <= :last_entry",
    "DELETE FROM ledger_entries WHERE guild_id = :guild_id AND number <= :last_entry",
    """DELETE FROM games WHERE guild_id = :guild_id AND number <= :last_game
       AND NOT EXISTS (SELECT 1 FROM log_entries AS e WHERE e.guild_id = games.guild_id AND e.game_id = games.id)
       AND NOT EXISTS (SELECT 1 FROM ledger_entries AS m WHERE m.guild_id = games.guild_id AND m.game_id = games.id)""",
    """DELETE FROM ledger_players WHERE guild_id = :guild_id
       AND NOT EXISTS (SELECT 1 FROM ledger_entries AS m
                       WHERE m.guild_id = ledger_players.guild_id AND m.player_id = ledger_players.id)""",
)


def entries_query(game: GameFilter, fields: str = LOG_ENTRY_FIELDS) -> str:
    """`fields` of the entries a viewer may read, of one game or of the whole server; callers add the order."""
    return f"SELECT {fields} {_VISIBLE_ENTRIES} {_GAME_FILTERS[game]}"


def visible_to(viewer: Viewer) -> dict[str, Any]:
    """Parameters of the visibility clause in `entries_query`."""
    return {"viewer_id": viewer.user_id, "manager": viewer.manager}


def game_filter(game_number: int | None) -> GameFilter:
    return None if game_number is None else "number"


def ruling_params(guild_id: int, ruling: RulingRecord, *, question_id: int | None = None) -> dict[str, Any]:
    """`INSERT_ENTRY`'s parameters for a ruling, linked to the question it answers if any."""
    return {
        "guild_id": guild_id,
        "channel_id": ruling.channel_id,
        "user_id": ruling.user_id,
        "kind": "ruling",
        "text": ruling.situation,
        "status": ruling.status,
        "rule_id": ruling.rule_id,
        "outcome": ruling.outcome,
        "rulebook": ruling.rulebook,
        "private": ruling.private,
        "question_id": question_id,
        "now": now(),
    }


def note_params(guild_id: int, channel_id: int, user_id: int, text: str) -> dict[str, Any]:
    """`INSERT_ENTRY`'s parameters for a note."""
    return {
        "guild_id": guild_id,
        "channel_id": channel_id,
        "user_id": user_id,
        "kind": "note",
        "text": text,
        "status": None,
        "rule_id": None,
        "outcome": None,
        "rulebook": None,
        "private": False,
        "question_id": None,
        "now": now(),
    }


def question_params(guild_id: int, channel_id: int, owner_id: int, request: Mapping[str, Any]) -> dict[str, Any]:
    """`INSERT_QUESTION`'s parameters. The request is serialised here, so one that is not JSON fails its caller
    (TypeError, ValueError) before anything is queued. Ids are random below 2**53 (exact in any JSON reader);
    two alike among the questions of 30 days is a chance of about 1 in 10**9 per million questions."""
    return {
        "id": secrets.randbelow(2**53 - 1) + 1,
        "guild_id": guild_id,
        "channel_id": channel_id,
        "owner_id": owner_id,
        "request": json.dumps(dict(request), ensure_ascii=False, allow_nan=False),
        "now": now(),
    }


QUESTION_COLUMNS = "id, guild_id, channel_id, owner_id, request, created_at, answered_by, answered_at"
INSERT_QUESTION = """
    INSERT INTO pending_questions (id, guild_id, channel_id, owner_id, request, created_at)
    VALUES (:id, :guild_id, :channel_id, :owner_id, :request, :now) RETURNING id
"""
# Only an unanswered question can be answered: the first accepted click wins, a second finds no row.
ANSWER_QUESTION = """
    UPDATE pending_questions SET answered_by = :answered_by, answered_at = :now
    WHERE guild_id = :guild_id AND id = :question_id AND answered_at IS NULL
    RETURNING channel_id, owner_id
"""
PURGE_QUESTIONS = "DELETE FROM pending_questions WHERE created_at < :before"
