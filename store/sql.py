"""The SQL the store runs, and the parameters it takes; every query is scoped by `:guild_id`."""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from typing import Any, Literal

from .models import RulingRecord, Viewer

GAME_COLUMNS = "id, number, guild_id, channel_id, name, opened_by, opened_at, closed_at"
_ENTRY_COLUMNS = (
    "id, guild_id, number, game_id, channel_id, user_id, kind, text, status, rule_id, outcome, rulebook, private, "
    "question_id"
)
# A LogEntry's columns, over `e` (the entry) and `g` (its game, if any).
LOG_ENTRY_FIELDS = """
    e.id, e.number, e.guild_id, e.game_id, g.number AS game_number, g.name AS game_name, e.channel_id,
    e.user_id, e.kind, e.text, e.status, e.rule_id, e.outcome, e.rulebook, e.private, e.created_at
"""
# Entries `viewer` may read: public ones, their own private ones, every one for a manager.
_VISIBLE_ENTRIES = """
    FROM log_entries AS e LEFT JOIN games AS g ON g.guild_id = e.guild_id AND g.id = e.game_id
    WHERE e.guild_id = :guild_id AND (e.private = 0 OR :manager OR e.user_id = :viewer_id)
"""
# Which game's entries: one game by its number, or (transitional, for the cogs until they use numbers) by
# its internal id. Separate literal variants rather than `:x IS NULL OR ...`, so each plan uses its index.
_GAME_FILTERS = {
    "number": " AND e.game_id = (SELECT id FROM games WHERE guild_id = :guild_id AND number = :game_number)",
    "id": " AND e.game_id = :game_id",
    None: "",
}
GAME_EXISTS = "SELECT 1 FROM games WHERE guild_id = :guild_id AND number = :game_number"
_OPEN_GAME_ID = "(SELECT id FROM games WHERE guild_id = :guild_id AND channel_id = :channel_id AND closed_at IS NULL)"


def _next_number(counter: str) -> str:
    """The server's next game or entry number; the insert trigger then advances the counter."""
    return f"coalesce((SELECT {counter} FROM guild_counters WHERE guild_id = :guild_id), 0) + 1"


INSERT_ENTRY = f"""
    INSERT INTO log_entries ({_ENTRY_COLUMNS})
    VALUES (NULL, :guild_id, {_next_number("last_entry")}, {_OPEN_GAME_ID}, :channel_id, :user_id, :kind, :text,
            :status, :rule_id, :outcome, :rulebook, :private, :question_id)
    RETURNING id, number, guild_id, game_id,
              (SELECT number FROM games AS g WHERE g.guild_id = log_entries.guild_id
                                               AND g.id = log_entries.game_id) AS game_number,
              (SELECT name FROM games AS g WHERE g.guild_id = log_entries.guild_id
                                             AND g.id = log_entries.game_id) AS game_name,
              channel_id, user_id, kind, text, status, rule_id, outcome, rulebook, private, created_at
"""
INSERT_GAME = f"""
    INSERT INTO games (guild_id, number, channel_id, name, opened_by)
    VALUES (:guild_id, {_next_number("last_game")}, :channel_id, :name, :user_id)
    RETURNING {GAME_COLUMNS}
"""

GameFilter = Literal["number", "id"] | None

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


def visible_to(viewer: Viewer | None) -> dict[str, Any]:
    """Parameters of the visibility clause in `entries_query`; no viewer sees public entries only."""
    if viewer is None:
        return {"viewer_id": None, "manager": False}
    return {"viewer_id": viewer.user_id, "manager": viewer.manager}


def game_filter(game_number: int | None, game_id: int | None) -> GameFilter:
    if game_number is not None:
        return "number"
    return None if game_id is None else "id"


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
    }


QUESTION_COLUMNS = "id, guild_id, channel_id, owner_id, request, created_at, answered_by, answered_at"
INSERT_QUESTION = """
    INSERT INTO pending_questions (id, guild_id, channel_id, owner_id, request)
    VALUES (:id, :guild_id, :channel_id, :owner_id, :request) RETURNING id
"""
# Only an unanswered question can be answered: the first accepted click wins, a second finds no row.
ANSWER_QUESTION = """
    UPDATE pending_questions SET answered_by = :answered_by, answered_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
    WHERE guild_id = :guild_id AND id = :question_id AND answered_at IS NULL
    RETURNING channel_id, owner_id
"""
PURGE_QUESTIONS = "DELETE FROM pending_questions WHERE created_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', :age)"
