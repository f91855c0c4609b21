"""The home-game ledger's SQL and the Store methods that run it (Store inherits `LedgerMethods`).

Portable on purpose: named parameters, RETURNING, ON CONFLICT, CASE sums, LIKE, FALSE, no SQLite functions,
every time computed here in Python, one literal statement per variant instead of `:x IS NULL OR …`, so the
PostgreSQL backend runs these statements unchanged. Every statement is scoped by `:guild_id`, and every
write goes through the backend's writer, so an entry is committed before the bot replies. An entry's number
comes from the server's counter row (`NEXT_NUMBER`), which PostgreSQL locks until commit, so two shard
processes numbering one server's entries take turns.

Exactly once: an entry carries the request that asked for it (an interaction id, a button press), unique per
server; the same request again returns the entry it already made, inside the same transaction that would
have written it, so a press delivered twice, or a double click, records one entry and never loses one.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Any, TypeVar

from ledger.players import GUEST_PREFIX, MEMBER_PREFIX, PlayerRef, fold

from .database import Transaction, now
from .house import EXPORT_COLUMNS
from .models import LedgerEntry, LedgerPlayer, LogEntry, Merged, MoneyKind, Recorded, Standing
from .sql import CLAIM_NUMBERS, INSERT_ENTRY, GameFilter, note_params, numbered, run_all

if TYPE_CHECKING:
    from .database import Database, Work

T = TypeVar("T")

AUTOCOMPLETE_MAX = 25

# -- entries -------------------------------------------------------------------------------------------------

ENTRY_FIELDS = """
    l.id, l.number, l.guild_id, l.game_id, g.number AS game_number, l.channel_id, l.player_id,
    p.player_key, p.user_id AS player_user_id, p.guest AS player_guest, l.kind, l.cents, l.recorded_by,
    l.recorded_at, l.removed_by, l.removed_at
"""
_ENTRIES = f"""
    SELECT {ENTRY_FIELDS}
    FROM ledger_entries AS l
    JOIN games AS g ON g.guild_id = l.guild_id AND g.id = l.game_id
    JOIN ledger_players AS p ON p.guild_id = l.guild_id AND p.id = l.player_id
    WHERE l.guild_id = :guild_id
"""
GAME_ENTRIES = _ENTRIES + " AND l.game_id = :game_id ORDER BY l.number"
ENTRY_BY_NUMBER = _ENTRIES + " AND l.number = :number"
ENTRY_BY_ID = _ENTRIES + " AND l.id = :id"
ENTRY_BY_REQUEST = _ENTRIES + " AND l.request = :request"

OPEN_GAME = "SELECT id FROM games WHERE guild_id = :guild_id AND id = :game_id AND closed_at IS NULL"
# A player's row, made on first use; on conflict the no-op update makes RETURNING give the existing row.
UPSERT_PLAYER = """
    INSERT INTO ledger_players (guild_id, player_key, user_id, guest, created_at)
    VALUES (:guild_id, :player_key, :user_id, :guest, :now)
    ON CONFLICT (guild_id, player_key) DO UPDATE SET player_key = excluded.player_key
    RETURNING id
"""
# The server's next entry number, from the counter log entries use, so money, rulings and notes share one
# sequence and a number is never reused (log_entries' own insert trigger checks it is above the counter).
NEXT_NUMBER = """
    INSERT INTO guild_counters (guild_id, last_entry) VALUES (:guild_id, 1)
    ON CONFLICT (guild_id) DO UPDATE SET last_entry = guild_counters.last_entry + 1
    RETURNING last_entry
"""
INSERT_MONEY = """
    INSERT INTO ledger_entries (guild_id, number, game_id, channel_id, player_id, kind, cents, recorded_by,
                                recorded_at, request)
    VALUES (:guild_id, :number, :game_id, :channel_id, :player_id, :kind, :cents, :recorded_by, :now, :request)
    RETURNING id
"""

# -- undo: which entry, in literal variants ------------------------------------------------------------------

_STILL_COUNTS = (
    "guild_id = :guild_id AND game_id = :game_id AND removed_at IS NULL"
    " AND game_id IN (SELECT id FROM games WHERE guild_id = :guild_id AND closed_at IS NULL)"
)
_MINE = " AND recorded_by = :recorded_by"
# (an entry named by number?, only the asker's own?) -> which entry to remove
_WHICH: dict[tuple[bool, bool], str] = {
    (False, False): f"number = (SELECT max(number) FROM ledger_entries WHERE {_STILL_COUNTS})",
    (False, True): f"number = (SELECT max(number) FROM ledger_entries WHERE {_STILL_COUNTS}{_MINE})",
    (True, False): "number = :number",
    (True, True): f"number = :number{_MINE}",
}


def remove_query(by_number: bool, only_mine: bool) -> str:
    return (
        f"UPDATE ledger_entries SET removed_by = :removed_by, removed_at = :now "
        f"WHERE {_STILL_COUNTS} AND {_WHICH[by_number, only_mine]} RETURNING id"
    )


# -- players -------------------------------------------------------------------------------------------------

PLAYER_COLUMNS = "id, player_key, user_id, guest"
PLAYER_BY_KEY = f"SELECT {PLAYER_COLUMNS} FROM ledger_players WHERE guild_id = :guild_id AND player_key = :key"
# Players who have at least one entry, most recently seen first: a guest's folded name contains the search, or
# (on an empty search) anyone. LIKE runs on the folded key, so it matches as Python folds, in any alphabet.
RECENT_PLAYERS = """
    SELECT p.id, p.player_key, p.user_id, p.guest, max(l.number) AS last_seen
    FROM ledger_players AS p JOIN ledger_entries AS l ON l.guild_id = p.guild_id AND l.player_id = p.id
    WHERE p.guild_id = :guild_id AND p.player_key LIKE :pattern ESCAPE '!'
    GROUP BY p.id, p.player_key, p.user_id, p.guest
    ORDER BY last_seen DESC
    LIMIT :limit
"""
MOVE_ENTRIES = (
    "UPDATE ledger_entries SET player_id = :into_id WHERE guild_id = :guild_id AND player_id = :guest_id RETURNING id"
)
DELETE_PLAYER = "DELETE FROM ledger_players WHERE guild_id = :guild_id AND id = :guest_id"

# -- standings -----------------------------------------------------------------------------------------------

_STANDINGS = """
    SELECT p.id, p.player_key, p.user_id, p.guest,
           sum(CASE WHEN l.kind = 'buyin' THEN l.cents ELSE 0 END) AS bought_in,
           sum(CASE WHEN l.kind = 'cashout' THEN l.cents ELSE 0 END) AS cashed_out,
           count(DISTINCT l.game_id) AS games
    FROM ledger_entries AS l
    JOIN games AS g ON g.guild_id = l.guild_id AND g.id = l.game_id
    JOIN ledger_players AS p ON p.guild_id = l.guild_id AND p.id = l.player_id
    WHERE l.guild_id = :guild_id AND l.removed_at IS NULL AND g.closed_at IS NOT NULL {since}
    GROUP BY p.id, p.player_key, p.user_id, p.guest
"""
STANDINGS = _STANDINGS.format(since="")
STANDINGS_SINCE = _STANDINGS.format(since="AND g.opened_at >= :since")

# -- the ledger in /game log and exports ---------------------------------------------------------------------

# What a log entry (rulings, notes) has in the ledger's columns: nothing, typed as the ledger's columns are, for
# PostgreSQL (SQLite takes any type name, and CAST(NULL AS ...) is NULL there).
NO_MONEY = (
    "CAST(NULL AS TEXT) AS player, CAST(NULL AS BIGINT) AS player_user_id, CAST(NULL AS BIGINT) AS cents, "
    "CAST(NULL AS BIGINT) AS removed_by, CAST(NULL AS TIMESTAMPTZ) AS removed_at"
)
# The ledger's entries as rows of the log: LogEntry's columns, then the ledger's own. Always public.
MONEY_AS_LOG = """
    l.id, l.number, l.guild_id, l.game_id, g.number AS game_number, g.name AS game_name, l.channel_id,
    l.recorded_by AS user_id, l.kind, '' AS text, NULL AS status, NULL AS rule_id, NULL AS outcome,
    NULL AS rulebook, FALSE AS private, l.recorded_at AS created_at,
    p.guest AS player, p.user_id AS player_user_id, l.cents, l.removed_by, l.removed_at
"""
# The same rows for an export: each of store.export's COLUMNS (same names, same order; a test checks).
MONEY_EXPORT_COLUMNS: dict[str, str] = {
    "number": "l.number",
    "created_at": "l.recorded_at",
    "game_number": "g.number",
    "game_name": "g.name",
    "channel_id": "l.channel_id",
    "user_id": "l.recorded_by",
    "kind": "l.kind",
    "text": "''",
    "status": "NULL",
    "rule_id": "NULL",
    "outcome": "NULL",
    "rulebook": "NULL",
    "private": "FALSE",
    "player": "p.guest",
    "player_user_id": "p.user_id",
    "amount": "l.cents",
    "removed_by": "l.removed_by",
    "removed_at": "l.removed_at",
    **dict.fromkeys(EXPORT_COLUMNS, "NULL"),  # money has no house rule and no floor decision (store/house.py)
}
_MONEY_GAME_FILTERS: dict[GameFilter, str] = {
    "number": " AND l.game_id = (SELECT id FROM games WHERE guild_id = :guild_id AND number = :game_number)",
    None: "",
}


def money_rows(game: GameFilter, fields: str = MONEY_AS_LOG) -> str:
    """The ledger's half of a log query: `entries_query(...) UNION ALL money_rows(...) ORDER BY number`
    (a page: `store.sql.page_query`)."""
    return (
        f"SELECT {fields} FROM ledger_entries AS l "
        f"JOIN games AS g ON g.guild_id = l.guild_id AND g.id = l.game_id "
        f"JOIN ledger_players AS p ON p.guild_id = l.guild_id AND p.id = l.player_id "
        f"WHERE l.guild_id = :guild_id{_MONEY_GAME_FILTERS[game]}"
    )


def like_pattern(prefix: str, search: str) -> str:
    """`prefix%search%` for LIKE … ESCAPE '!', the search folded as guest keys are."""
    escaped = fold(search).replace("!", "!!").replace("%", "!%").replace("_", "!_")
    return f"{prefix}%{escaped}%" if escaped else f"{prefix}%"


class LedgerMethods:
    """The ledger's part of `Store`: buy-ins and cash-outs of a game, undo, players, merge, standings."""

    _db: Database

    if TYPE_CHECKING:

        async def _run(self, work: Work[T]) -> T: ...

    async def record_money(
        self,
        guild_id: int,
        *,
        game_id: int,
        channel_id: int,
        player: PlayerRef,
        kind: MoneyKind,
        cents: int,
        recorded_by: int,
        request: str,
    ) -> Recorded | None:
        """Record a buy-in or cash-out in an open game (`game_id`, from `open_game`), once per `request`; None
        if the game is no longer open. The same request again returns its entry, marked not new."""
        params: dict[str, Any] = {
            "guild_id": guild_id,
            "game_id": game_id,
            "channel_id": channel_id,
            "player_key": player.key,
            "user_id": player.user_id,
            "guest": player.guest,
            "kind": kind,
            "cents": cents,
            "recorded_by": recorded_by,
            "request": request,
            "now": now(),
        }

        parallel = self._db.parallel_writes

        async def record(transaction: Transaction) -> Recorded | None:
            if parallel:  # the server's counters first: a second process with the same request waits here, then
                # sees this one's entry below instead of failing on the request's unique key
                await transaction.fetch(CLAIM_NUMBERS, params)
            done = await transaction.fetch(ENTRY_BY_REQUEST, params)
            if done:
                return Recorded(LedgerEntry.from_row(done[0]), new=False)
            if not await transaction.fetch(OPEN_GAME, params):
                return None
            [(player_id,)] = await transaction.fetch(UPSERT_PLAYER, params)
            [(number,)] = await transaction.fetch(NEXT_NUMBER, params)
            [(entry_id,)] = await transaction.fetch(INSERT_MONEY, {**params, "player_id": player_id, "number": number})
            [row] = await transaction.fetch(ENTRY_BY_ID, {"guild_id": guild_id, "id": entry_id})
            return Recorded(LedgerEntry.from_row(row), new=True)

        return await self._run(record)

    async def remove_money(
        self,
        guild_id: int,
        *,
        game_id: int,
        removed_by: int,
        number: int | None = None,
        recorded_by: int | None = None,
    ) -> LedgerEntry | None:
        """Undo an entry of an open game: entry `number`, or the game's last one still counting; only one
        `recorded_by` recorded if given. The entry stays, marked removed by whom and when (the undo is on the
        record). None if there is no such entry still counting, or the game is closed."""
        params = {
            "guild_id": guild_id,
            "game_id": game_id,
            "removed_by": removed_by,
            "number": number,
            "recorded_by": recorded_by,
            "now": now(),
        }
        if number is not None and not -(2**63) <= number < 2**63:
            return None

        parallel = self._db.parallel_writes

        async def remove(transaction: Transaction) -> LedgerEntry | None:
            if parallel:  # undos of one server in turn, as SQLite's single writer runs them
                await transaction.fetch(CLAIM_NUMBERS, params)
            query = remove_query(number is not None, recorded_by is not None)
            rows = await transaction.fetch(query, params)
            if not rows:
                return None
            [row] = await transaction.fetch(ENTRY_BY_ID, {"guild_id": guild_id, "id": rows[0][0]})
            return LedgerEntry.from_row(row)

        return await self._run(remove)

    async def game_money(self, guild_id: int, game_id: int) -> list[LedgerEntry]:
        """Every entry of a game (`Game.id`, from the store), removed ones too, in the order recorded."""
        rows = await self._db.read(GAME_ENTRIES, {"guild_id": guild_id, "game_id": game_id})
        return [LedgerEntry.from_row(row) for row in rows]

    async def money_entry(self, guild_id: int, number: int) -> LedgerEntry | None:
        """The server's ledger entry #number, removed or not; None if it has none."""
        if not -(2**63) <= number < 2**63:
            return None
        rows = await self._db.read(ENTRY_BY_NUMBER, {"guild_id": guild_id, "number": number})
        return LedgerEntry.from_row(rows[0]) if rows else None

    async def find_player(self, guild_id: int, player: PlayerRef) -> LedgerPlayer | None:
        """The server's player `player` names, if they were ever recorded."""
        rows = await self._db.read(PLAYER_BY_KEY, {"guild_id": guild_id, "key": player.key})
        return LedgerPlayer.from_row(rows[0]) if rows else None

    async def recent_players(
        self, guild_id: int, *, search: str = "", members: bool = True, limit: int = AUTOCOMPLETE_MAX
    ) -> list[LedgerPlayer]:
        """Players with entries, most recently recorded first: guests whose name contains `search`, then
        (with `members`) members, for autocomplete (members have no stored name to search)."""
        found: list[LedgerPlayer] = []
        patterns = [like_pattern(GUEST_PREFIX, search)] + ([f"{MEMBER_PREFIX}%"] if members else [])
        for pattern in patterns:
            params = {"guild_id": guild_id, "pattern": pattern, "limit": limit}
            found += [LedgerPlayer.from_row(row) for row in await self._db.read(RECENT_PLAYERS, params)]
        return found[:limit]

    async def merge_guest(
        self, guild_id: int, *, guest: PlayerRef, into: PlayerRef, channel_id: int, user_id: int, note: str
    ) -> Merged | None:
        """Move every entry of guest `guest` (in every game of the server) to `into` (a guest or a member, made a
        player if new: a rename, or a guest who joined Discord), forget the guest's name, and log `note` (by
        `user_id`, in the channel's open game, else the server log), in one transaction. None if `guest` is
        not a guest with entries here, or is `into`."""
        keys = {"guild_id": guild_id}
        target = {**keys, "player_key": into.key, "user_id": into.user_id, "guest": into.guest, "now": now()}
        logging_the_note = numbered(
            INSERT_ENTRY, note_params(guild_id, channel_id, user_id, note), claim=self._db.parallel_writes
        )

        async def merge(transaction: Transaction) -> Merged | None:
            found = await transaction.fetch(PLAYER_BY_KEY, {**keys, "key": guest.key})
            if not found or guest.guest is None or guest.key == into.key:
                return None
            [(into_id,)] = await transaction.fetch(UPSERT_PLAYER, target)
            ids = {**keys, "guest_id": found[0]["id"], "into_id": into_id}
            moved = await transaction.fetch(MOVE_ENTRIES, ids)
            await transaction.fetch(DELETE_PLAYER, ids)
            [row] = await run_all(transaction, logging_the_note)
            return Merged(entries=len(moved), note=LogEntry.from_row(row))

        return await self._run(merge)

    async def standings(self, guild_id: int, *, since: date | None = None) -> list[Standing]:
        """Each player's totals over the server's closed games (opened on or after `since`), biggest winner
        first; undone entries do not count, and an open game counts once it ends."""
        if since is None:
            rows = await self._db.read(STANDINGS, {"guild_id": guild_id})
        else:
            rows = await self._db.read(STANDINGS_SINCE, {"guild_id": guild_id, "since": since.isoformat()})
        standings = [
            Standing(LedgerPlayer.from_row(row), int(row["bought_in"]), int(row["cashed_out"]), int(row["games"]))
            for row in rows
        ]
        return sorted(standings, key=lambda s: (-s.net, -s.games, s.player.id))
