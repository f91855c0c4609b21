"""House rules, the floor role, and the floor's decision on a ruling: their tables, their SQL, their methods.

What is kept, per server:
- `house_rules`: the server's own text for a rule, and optionally the outcome it puts in place of the
  rulebook's (one per rule);
- `floor_roles`: the role whose members may set house rules and decide floor calls (besides Manage Server);
- `house_rulings`: for a logged ruling a house rule touched, the house rule as it applied then (a later
  change to the house rule does not rewrite the log) and the rulebook's own outcome beside the one logged;
- `floor_calls`: for a public ruling, what its card was built from, so the card can be drawn again with the
  floor's decision, after a restart too;
- `floor_decisions`: the floor's decision on one: confirmed or overruled, in words, the outcome put in place
  if any, who and when. One decision per ruling is the primary key: of two floor members deciding at once,
  one row goes in and the other finds it there (INSERT … ON CONFLICT DO NOTHING). A decision is never updated.

The log tables hang off the entry by (guild_id, number) with ON DELETE CASCADE, so `/game delete` and
`/game clear` take them with the entries; house rules and the floor role are settings and stay.

Portable SQL, so the PostgreSQL backend runs it unchanged: named parameters, RETURNING, ON CONFLICT,
BIGINT ids, no AUTOINCREMENT, no JSON functions, no SQLite date functions (timestamps come from Python).
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from .database import Row, Statement, Transaction, now

if TYPE_CHECKING:
    from .database import Database, Work

T = TypeVar("T")

Verdict = Literal["confirmed", "overruled"]
VERDICTS: tuple[Verdict, ...] = ("confirmed", "overruled")

# Schema v7 (issue 13), after the ledger's v6: see store/schema.py (PostgreSQL's twin: store/postgres_schema.py).
MIGRATION: tuple[str, ...] = (
    """CREATE TABLE house_rules (
        guild_id BIGINT NOT NULL,
        rule_id  TEXT   NOT NULL,
        text     TEXT   NOT NULL,
        outcome  TEXT,
        set_by   BIGINT NOT NULL,
        set_at   TEXT   NOT NULL,
        PRIMARY KEY (guild_id, rule_id)
    )""",
    """CREATE TABLE floor_roles (
        guild_id BIGINT PRIMARY KEY,
        role_id  BIGINT NOT NULL,
        set_by   BIGINT NOT NULL,
        set_at   TEXT   NOT NULL
    )""",
    """CREATE TABLE house_rulings (
        guild_id         BIGINT NOT NULL,
        entry_number     BIGINT NOT NULL,
        rule_id          TEXT   NOT NULL,
        text             TEXT   NOT NULL,
        outcome          TEXT,
        rulebook_outcome TEXT,
        PRIMARY KEY (guild_id, entry_number),
        FOREIGN KEY (guild_id, entry_number) REFERENCES log_entries (guild_id, number) ON DELETE CASCADE
    )""",
    """CREATE TABLE floor_calls (
        guild_id     BIGINT NOT NULL,
        entry_number BIGINT NOT NULL,
        card         TEXT   NOT NULL,
        PRIMARY KEY (guild_id, entry_number),
        FOREIGN KEY (guild_id, entry_number) REFERENCES log_entries (guild_id, number) ON DELETE CASCADE
    )""",
    # One decision per ruling: the primary key. Never updated: a decision stands as it was made.
    """CREATE TABLE floor_decisions (
        guild_id     BIGINT NOT NULL,
        entry_number BIGINT NOT NULL,
        verdict      TEXT   NOT NULL CHECK (verdict IN ('confirmed', 'overruled')),
        decision     TEXT   NOT NULL,
        outcome      TEXT,
        decided_by   BIGINT NOT NULL,
        decided_at   TEXT   NOT NULL,
        PRIMARY KEY (guild_id, entry_number),
        FOREIGN KEY (guild_id, entry_number) REFERENCES floor_calls (guild_id, entry_number) ON DELETE CASCADE,
        CHECK (outcome IS NULL OR verdict = 'overruled')
    )""",
)


@dataclass(frozen=True, slots=True)
class HouseRule:
    """A server's own text for a rule; `outcome` (one of the rule's outcomes) replaces the rulebook's, if set."""

    rule_id: str
    text: str
    outcome: str | None
    set_by: int
    set_at: datetime


@dataclass(frozen=True, slots=True)
class HouseApplied:
    """A house rule as it applied to one ruling: its text, the outcome it put in place (None: the rulebook's
    stood) and the rulebook's own outcome, kept beside the logged one."""

    rule_id: str
    text: str
    outcome: str | None
    rulebook_outcome: str | None


@dataclass(frozen=True, slots=True)
class FloorDecision:
    """The floor's word on a ruling: confirmed or overruled, why, the outcome put in place (if any), who, when."""

    verdict: Verdict
    decision: str
    outcome: str | None
    decided_by: int
    decided_at: datetime

    @property
    def overruled(self) -> bool:
        return self.verdict == "overruled"


@dataclass(frozen=True, slots=True)
class FloorCall:
    """A public ruling the floor may confirm or overrule: its log entry, what its card was built from, the
    house rule it applied and the decision, once there is one."""

    entry_number: int
    user_id: int  # who asked
    rule_id: str | None
    outcome: str | None  # as logged (a house rule's, if one replaced the rulebook's)
    rulebook: str | None
    card: Mapping[str, Any]
    house: HouseApplied | None
    decision: FloorDecision | None


@dataclass(frozen=True, slots=True)
class RulingMark:
    """What `/game log` marks on a ruling: a house rule applied (its outcome, if it replaced the rulebook's),
    the floor's verdict (and the outcome it put in place)."""

    house: bool
    house_outcome: str | None
    verdict: Verdict | None
    floor_outcome: str | None


_HOUSE_RULE_COLUMNS = "rule_id, text, outcome, set_by, set_at"
_SET_HOUSE_RULE = f"""
    INSERT INTO house_rules (guild_id, rule_id, text, outcome, set_by, set_at)
    VALUES (:guild_id, :rule_id, :text, :outcome, :set_by, :set_at)
    ON CONFLICT (guild_id, rule_id) DO UPDATE
    SET text = excluded.text, outcome = excluded.outcome, set_by = excluded.set_by, set_at = excluded.set_at
    RETURNING {_HOUSE_RULE_COLUMNS}
"""
_SET_FLOOR_ROLE = """
    INSERT INTO floor_roles (guild_id, role_id, set_by, set_at) VALUES (:guild_id, :role_id, :set_by, :set_at)
    ON CONFLICT (guild_id) DO UPDATE SET role_id = excluded.role_id, set_by = excluded.set_by, set_at = excluded.set_at
    RETURNING role_id
"""
_LOG_HOUSE = """
    INSERT INTO house_rulings (guild_id, entry_number, rule_id, text, outcome, rulebook_outcome)
    VALUES (:guild_id, :entry_number, :rule_id, :text, :outcome, :rulebook_outcome)
"""
_LOG_CALL = "INSERT INTO floor_calls (guild_id, entry_number, card) VALUES (:guild_id, :entry_number, :card)"
_GET_CALL = """
    SELECT e.number, e.user_id, e.rule_id, e.outcome, e.rulebook, f.card, d.verdict, d.decision,
           d.outcome AS decided_outcome, d.decided_by, d.decided_at, h.rule_id AS house_rule_id,
           h.text AS house_text, h.outcome AS house_outcome, h.rulebook_outcome
    FROM floor_calls AS f
    JOIN log_entries AS e ON e.guild_id = f.guild_id AND e.number = f.entry_number
    LEFT JOIN floor_decisions AS d ON d.guild_id = f.guild_id AND d.entry_number = f.entry_number
    LEFT JOIN house_rulings AS h ON h.guild_id = f.guild_id AND h.entry_number = f.entry_number
    WHERE f.guild_id = :guild_id AND f.entry_number = :entry_number
"""
# The first decision on a call goes in; a second finds the primary key taken and inserts nothing (no row back),
# and a ruling without a call (private, deleted) has nothing to select.
_DECIDE = """
    INSERT INTO floor_decisions (guild_id, entry_number, verdict, decision, outcome, decided_by, decided_at)
    SELECT guild_id, entry_number, :verdict, :decision, :outcome, :decided_by, :decided_at FROM floor_calls
    WHERE guild_id = :guild_id AND entry_number = :entry_number
    ON CONFLICT (guild_id, entry_number) DO NOTHING
    RETURNING entry_number
"""
# Marks for a page of the log: its numbers lie between the page's lowest and highest (one index range each).
_MARKS = """
    SELECT e.number, h.rule_id AS house_rule_id, h.outcome AS house_outcome, f.verdict, f.outcome AS floor_outcome
    FROM log_entries AS e
    LEFT JOIN house_rulings AS h ON h.guild_id = e.guild_id AND h.entry_number = e.number
    LEFT JOIN floor_decisions AS f ON f.guild_id = e.guild_id AND f.entry_number = e.number
    WHERE e.guild_id = :guild_id AND e.number BETWEEN :low AND :high
      AND (h.rule_id IS NOT NULL OR f.verdict IS NOT NULL)
"""


def _beside(table: str, column: str) -> str:
    """One column of the row of `table` that hangs off the exported entry `e`, if it has one."""
    return f"(SELECT x.{column} FROM {table} AS x WHERE x.guild_id = e.guild_id AND x.entry_number = e.number)"


# What an export (store.export) carries besides the entry: the house rule as it applied (and the rulebook's
# outcome beside the logged one), and the floor's decision with who and when.
EXPORT_COLUMNS: dict[str, str] = {
    "house_rule": _beside("house_rulings", "text"),
    "rulebook_outcome": _beside("house_rulings", "rulebook_outcome"),
    "floor_verdict": _beside("floor_decisions", "verdict"),
    "floor_decision": _beside("floor_decisions", "decision"),
    "floor_outcome": _beside("floor_decisions", "outcome"),
    "floor_decided_by": _beside("floor_decisions", "decided_by"),
    "floor_decided_at": _beside("floor_decisions", "decided_at"),
}


def card_json(card: Mapping[str, Any]) -> str:
    """A card as stored; serialised before the write is queued, so a card that is not JSON fails its caller."""
    return json.dumps(dict(card), ensure_ascii=False, allow_nan=False)


async def log_extras(
    transaction: Transaction,
    guild_id: int,
    entry_number: int,
    *,
    house: HouseApplied | None,
    card: str | None,
) -> None:
    """What a ruling logs beside its entry, in the entry's transaction: the house rule it applied, and for a
    public ruling the card a floor call rebuilds (`card_json`)."""
    where = {"guild_id": guild_id, "entry_number": entry_number}
    if house is not None:
        await transaction.fetch(_LOG_HOUSE, {**where, **_house_params(house)})
    if card is not None:
        await transaction.fetch(_LOG_CALL, {**where, "card": card})


def _house_params(house: HouseApplied) -> dict[str, Any]:
    return {
        "rule_id": house.rule_id,
        "text": house.text,
        "outcome": house.outcome,
        "rulebook_outcome": house.rulebook_outcome,
    }


class HouseStore:
    """The Store's methods for house rules, the floor role and floor calls; every one scoped by guild_id.
    Mixed into `Store`, whose writer and reads they use."""

    _db: Database

    if TYPE_CHECKING:

        async def _write(self, *statements: Statement) -> list[Row]: ...

        async def _run(self, work: Work[T]) -> T: ...

    # -- house rules ---------------------------------------------------------------------------------

    async def set_house_rule(
        self, guild_id: int, rule_id: str, *, text: str, outcome: str | None, set_by: int
    ) -> HouseRule:
        """The server's house rule for `rule_id`, set or replaced; the caller checks `outcome` is the rule's."""
        params = {"guild_id": guild_id, "rule_id": rule_id, "text": text, "outcome": outcome}
        [row] = await self._write((_SET_HOUSE_RULE, {**params, "set_by": set_by, "set_at": now()}))
        return _house_rule(row)

    async def get_house_rule(self, guild_id: int, rule_id: str) -> HouseRule | None:
        rows = await self._db.read(
            f"SELECT {_HOUSE_RULE_COLUMNS} FROM house_rules WHERE guild_id = :guild_id AND rule_id = :rule_id",
            {"guild_id": guild_id, "rule_id": rule_id},
        )
        return _house_rule(rows[0]) if rows else None

    async def list_house_rules(self, guild_id: int) -> list[HouseRule]:
        """The server's house rules by rule id."""
        rows = await self._db.read(
            f"SELECT {_HOUSE_RULE_COLUMNS} FROM house_rules WHERE guild_id = :guild_id ORDER BY rule_id",
            {"guild_id": guild_id},
        )
        return [_house_rule(row) for row in rows]

    async def clear_house_rule(self, guild_id: int, rule_id: str) -> HouseRule | None:
        """Remove the house rule for `rule_id`; the one removed, None if there was none."""
        rows = await self._write(
            (
                f"DELETE FROM house_rules WHERE guild_id = :guild_id AND rule_id = :rule_id "
                f"RETURNING {_HOUSE_RULE_COLUMNS}",
                {"guild_id": guild_id, "rule_id": rule_id},
            )
        )
        return _house_rule(rows[0]) if rows else None

    # -- the floor role ------------------------------------------------------------------------------

    async def set_floor_role(self, guild_id: int, role_id: int | None, *, set_by: int) -> int | None:
        """Choose the server's floor role (None: no floor role, Manage Server alone decides); the role now set."""
        if role_id is None:
            await self._write(("DELETE FROM floor_roles WHERE guild_id = :guild_id", {"guild_id": guild_id}))
            return None
        params = {"guild_id": guild_id, "role_id": role_id, "set_by": set_by, "set_at": now()}
        [row] = await self._write((_SET_FLOOR_ROLE, params))
        return int(row["role_id"])

    async def get_floor_role(self, guild_id: int) -> int | None:
        rows = await self._db.read("SELECT role_id FROM floor_roles WHERE guild_id = :guild_id", {"guild_id": guild_id})
        return int(rows[0]["role_id"]) if rows else None

    # -- floor calls ---------------------------------------------------------------------------------

    async def get_floor_call(self, guild_id: int, entry_number: int) -> FloorCall | None:
        """The public ruling #entry_number with its card, house rule and decision; None if the server has no
        such ruling with a floor call (a private ruling, a note, an entry deleted since)."""
        if not _fits(entry_number):
            return None
        rows = await self._db.read(_GET_CALL, {"guild_id": guild_id, "entry_number": entry_number})
        return _floor_call(rows[0]) if rows else None

    async def decide_floor_call(
        self,
        guild_id: int,
        entry_number: int,
        *,
        verdict: Verdict,
        decision: str,
        outcome: str | None,
        decided_by: int,
    ) -> FloorCall | None:
        """Record the floor's decision on ruling #entry_number, if it has none yet; the call as decided. None if
        another decision came first, or there is no such call."""
        if verdict not in VERDICTS:
            raise ValueError(f"verdict must be one of {VERDICTS}, not {verdict!r}")
        if not _fits(entry_number):
            return None
        where = {"guild_id": guild_id, "entry_number": entry_number}
        params = {**where, "verdict": verdict, "decision": decision, "outcome": outcome}
        params |= {"decided_by": decided_by, "decided_at": now()}

        async def decide(transaction: Transaction) -> FloorCall | None:
            if not await transaction.fetch(_DECIDE, params):
                return None
            [row] = await transaction.fetch(_GET_CALL, where)
            return _floor_call(row)

        return await self._run(decide)

    async def ruling_marks(self, guild_id: int, entry_numbers: Collection[int]) -> dict[int, RulingMark]:
        """For the rulings among `entry_numbers` (a page of the log) that a house rule touched or the floor
        decided, what `/game log` marks on them."""
        numbers = {n for n in entry_numbers if _fits(n)}
        if not numbers:
            return {}
        rows = await self._db.read(_MARKS, {"guild_id": guild_id, "low": min(numbers), "high": max(numbers)})
        return {
            int(row["number"]): RulingMark(
                house=row["house_rule_id"] is not None,
                house_outcome=row["house_outcome"],
                verdict=row["verdict"],
                floor_outcome=row["floor_outcome"],
            )
            for row in rows
            if row["number"] in numbers
        }


def _fits(number: int) -> bool:
    """A number SQLite can hold: a forged button's 20 digits name nothing rather than overflow."""
    return -(2**63) <= number < 2**63


def _house_rule(row: Row) -> HouseRule:
    return HouseRule(
        rule_id=row["rule_id"],
        text=row["text"],
        outcome=row["outcome"],
        set_by=int(row["set_by"]),
        set_at=datetime.fromisoformat(row["set_at"]),
    )


def _floor_call(row: Row) -> FloorCall:
    house = None
    if row["house_rule_id"] is not None:
        house = HouseApplied(row["house_rule_id"], row["house_text"], row["house_outcome"], row["rulebook_outcome"])
    decision = None
    if row["verdict"] is not None:
        decision = FloorDecision(
            verdict=row["verdict"],
            decision=row["decision"],
            outcome=row["decided_outcome"],
            decided_by=int(row["decided_by"]),
            decided_at=datetime.fromisoformat(row["decided_at"]),
        )
    return FloorCall(
        entry_number=int(row["number"]),
        user_id=int(row["user_id"]),
        rule_id=row["rule_id"],
        outcome=row["outcome"],
        rulebook=row["rulebook"],
        card=json.loads(row["card"]),
        house=house,
        decision=decision,
    )
