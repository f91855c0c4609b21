"""House rules, the floor role and floor calls in the store: kept across restarts, logged with the ruling they
touched in one transaction, one decision per ruling, gone with the entries they hang off, settings kept."""

from __future__ import annotations

import asyncio
import json

import pytest
from raw import Raw
from store_helpers import ruling

from store import ConstraintViolation, FloorCall, HouseApplied, RulingMark, RulingRecord, Store, Viewer

FLOP = "holdem.flop-too-many-cards"
CARD = {"text": "flop had four cards", "rulebook": "robert-classic", "facts": {"card_count": 4}, "language": "it"}
HOUSE = HouseApplied(FLOP, "Here the extra card is burned — «play on»", "scramble-flop", "redeal-flop")
EVERYONE = Viewer(user_id=0, manager=True)


async def _public_ruling(store: Store, guild_id: int = 1, **overrides: object) -> int:
    values = ruling(**overrides) | {"house": HOUSE, "card": CARD}
    return (await store.log_ruling(guild_id, **values)).number  # type: ignore[arg-type]


async def _decide(store: Store, number: int, by: int, guild_id: int = 1) -> FloorCall | None:
    return await store.decide_floor_call(
        guild_id, number, verdict="overruled", decision=f"decided by {by}", outcome="redeal-flop", decided_by=by
    )


async def _rows(raw: Raw, table: str) -> list[tuple[object, ...]]:
    return await raw.fetch(f"SELECT * FROM {table} ORDER BY 1, 2")


async def test_a_house_rule_is_set_replaced_listed_and_cleared(store: Store) -> None:
    first = await store.set_house_rule(1, FLOP, text="burn it", outcome=None, set_by=7)
    replaced = await store.set_house_rule(1, FLOP, text="burn it and play on", outcome="scramble-flop", set_by=8)
    exposed = "holdem.exposed-holecard"
    other = await store.set_house_rule(1, exposed, text="any exposed card: misdeal", outcome="misdeal", set_by=7)

    assert (first.text, first.outcome, first.set_by) == ("burn it", None, 7)
    assert (replaced.text, replaced.outcome, replaced.set_by) == ("burn it and play on", "scramble-flop", 8)
    assert await store.get_house_rule(1, FLOP) == replaced
    assert await store.list_house_rules(1) == [other, replaced]  # by rule id
    assert await store.clear_house_rule(1, FLOP) == replaced
    assert await store.clear_house_rule(1, FLOP) is None
    assert await store.get_house_rule(1, FLOP) is None
    assert await store.list_house_rules(1) == [other]


async def test_the_floor_role_is_set_replaced_and_removed(store: Store) -> None:
    assert await store.get_floor_role(1) is None
    assert await store.set_floor_role(1, 555, set_by=7) == 555
    assert await store.set_floor_role(1, 2**63 - 1, set_by=7) == 2**63 - 1  # a snowflake of the far future
    assert await store.get_floor_role(1) == 2**63 - 1
    assert await store.set_floor_role(1, None, set_by=7) is None
    assert await store.get_floor_role(1) is None


async def test_a_public_ruling_keeps_its_card_and_house_rule_with_the_entry(store: Store) -> None:
    number = await _public_ruling(store, outcome="scramble-flop")

    call = await store.get_floor_call(1, number)

    assert call is not None
    assert (call.entry_number, call.user_id, call.rule_id, call.outcome) == (number, 900, FLOP, "scramble-flop")
    assert call.card == CARD and call.house == HOUSE and call.decision is None


async def test_a_ruling_without_a_card_has_no_floor_call(store: Store) -> None:
    private = await store.log_ruling(1, **ruling(private=True), house=HOUSE)  # type: ignore[arg-type]
    plain = await store.log_ruling(1, **ruling())  # type: ignore[arg-type]

    assert await store.get_floor_call(1, private.number) is None
    assert await store.get_floor_call(1, plain.number) is None
    marks = await store.ruling_marks(1, [private.number, plain.number])
    assert marks == {
        private.number: RulingMark(house=True, house_outcome="scramble-flop", verdict=None, floor_outcome=None)
    }


async def test_a_question_answered_logs_the_house_rule_and_the_card_with_the_ruling(store: Store) -> None:
    question = await store.create_question(1, channel_id=500, owner_id=900, request={"text": "card exposed"})
    record = RulingRecord(**ruling(), house=HOUSE, card=CARD)  # type: ignore[arg-type]

    answered = await store.answer_question(1, question, answered_by=900, ruling=record)

    assert answered is not None and answered.entry is not None
    call = await store.get_floor_call(1, answered.entry.number)
    assert call is not None and call.house == HOUSE and call.card == CARD


async def test_one_decision_per_ruling_two_at_once_one_wins(store: Store, raw: Raw) -> None:
    number = await _public_ruling(store)

    results = await asyncio.gather(*(_decide(store, number, by) for by in (11, 12, 13)))

    decided = [r for r in results if r is not None]
    assert len(decided) == 1 and results.count(None) == 2
    [call] = decided
    assert call.decision is not None and call.decision.overruled
    assert call.decision.decision == f"decided by {call.decision.decided_by}"
    assert (call.decision.outcome, call.outcome) == ("redeal-flop", "redeal-flop")  # the bot's ruling is kept
    assert await _decide(store, number, 14) is None
    assert await store.get_floor_call(1, number) == call
    [row] = await _rows(raw, "floor_decisions")
    assert row[4] == "redeal-flop" and row[5] == call.decision.decided_by


async def test_the_database_holds_one_whole_decision_per_ruling(store: Store, raw: Raw) -> None:
    number = await _public_ruling(store)
    with pytest.raises(ConstraintViolation):  # a confirmation puts no outcome in place
        await store.decide_floor_call(1, number, verdict="confirmed", decision="ok", outcome="misdeal", decided_by=1)
    with pytest.raises(ValueError, match="verdict"):
        await store.decide_floor_call(
            1,
            number,
            verdict="maybe",  # type: ignore[arg-type]
            decision="ok",
            outcome=None,
            decided_by=1,
        )
    confirmed = await store.decide_floor_call(1, number, verdict="confirmed", decision="ok", outcome=None, decided_by=1)

    second = {"number": number, "at": "2024-01-01T00:00:00.000Z"}
    with pytest.raises(raw.refused, match=r"(?i)unique"):
        await raw.execute(
            "INSERT INTO floor_decisions (guild_id, entry_number, verdict, decision, outcome, decided_by, decided_at) "
            "VALUES (1, :number, 'overruled', 'no', NULL, 2, :at)",
            second,
        )
    assert confirmed is not None and confirmed.decision is not None and confirmed.decision.verdict == "confirmed"
    assert await store.get_floor_call(1, number) == confirmed


async def test_a_card_that_is_not_json_fails_its_caller_and_logs_nothing(store: Store) -> None:
    with pytest.raises(TypeError):
        await store.log_ruling(1, **ruling(), card={"when": object()})  # type: ignore[arg-type]
    assert (await store.log_page(1, viewer=EVERYONE)).entries == ()


async def test_marks_name_the_house_rule_and_the_verdict_of_each_ruling_on_a_page(store: Store) -> None:
    touched = await _public_ruling(store)
    plain = (await store.log_ruling(1, **ruling(), card=CARD)).number  # type: ignore[arg-type]
    decided = (await store.log_ruling(1, **ruling(), card=CARD)).number  # type: ignore[arg-type]
    note = (await store.add_note(1, channel_id=500, user_id=900, text="new deck")).number
    await store.decide_floor_call(1, decided, verdict="confirmed", decision="right", outcome=None, decided_by=3)

    marks = await store.ruling_marks(1, [touched, plain, decided, note])

    assert marks == {
        touched: RulingMark(house=True, house_outcome="scramble-flop", verdict=None, floor_outcome=None),
        decided: RulingMark(house=False, house_outcome=None, verdict="confirmed", floor_outcome=None),
    }
    assert await store.ruling_marks(1, [plain]) == {}  # a range query, filtered to the numbers asked
    assert await store.ruling_marks(1, []) == {}
    assert await store.ruling_marks(1, [2**70]) == {}


async def test_deleting_the_log_takes_calls_and_applied_house_rules_and_keeps_the_settings(
    store: Store, raw: Raw
) -> None:
    await store.start_game(1, channel_id=500, user_id=900, name="Friday")
    in_game = await _public_ruling(store)
    await store.end_game(1, channel_id=500)
    outside = await _public_ruling(store, channel_id=501)
    await store.set_house_rule(1, FLOP, text="burn it", outcome=None, set_by=7)
    await store.set_floor_role(1, 555, set_by=7)

    await store.delete_game(1, 1)

    assert await store.get_floor_call(1, in_game) is None
    assert await store.get_floor_call(1, outside) is not None
    await store.clear_log(1)
    for table in ("floor_calls", "floor_decisions", "house_rulings"):
        assert await _rows(raw, table) == []
    assert await store.get_house_rule(1, FLOP) is not None and await store.get_floor_role(1) == 555


async def test_house_rules_and_undecided_calls_survive_a_restart(location: str) -> None:
    store = await Store.open(location)
    try:
        await store.set_house_rule(1, FLOP, text="burn it", outcome="scramble-flop", set_by=7)
        await store.set_floor_role(1, 555, set_by=7)
        number = await _public_ruling(store)
    finally:
        await store.close()

    reopened = await Store.open(location)
    try:
        rule = await reopened.get_house_rule(1, FLOP)
        assert rule is not None and rule.outcome == "scramble-flop"
        assert await reopened.get_floor_role(1) == 555
        assert await _decide(reopened, number, 11) is not None
    finally:
        await reopened.close()


async def test_numbers_sqlite_cannot_hold_name_no_call(store: Store) -> None:
    assert await store.get_floor_call(1, 10**20) is None
    assert await _decide(store, 10**20, 11) is None


async def test_an_export_carries_the_house_rule_and_the_floor_decision_beside_each_ruling(store: Store) -> None:
    decided = await _public_ruling(store, outcome="scramble-flop")
    await store.log_ruling(1, **ruling("plain"))  # type: ignore[arg-type]
    call = await _decide(store, decided, 11)
    assert call is not None and call.decision is not None

    export = await store.export(1, viewer=EVERYONE, fmt="json", max_bytes=10_000_000)

    assert export is not None
    first, plain = json.loads(export.parts[0].data)
    assert first["outcome"] == "scramble-flop" and first["house_rule"] == HOUSE.text
    assert (first["rulebook_outcome"], first["floor_verdict"], first["floor_outcome"]) == (
        "redeal-flop",
        "overruled",
        "redeal-flop",
    )
    assert (first["floor_decision"], first["floor_decided_by"]) == ("decided by 11", 11)
    assert first["floor_decided_at"] == call.decision.decided_at.isoformat(timespec="milliseconds").replace(
        "+00:00", "Z"
    )
    assert all(plain[column] is None for column in ("house_rule", "floor_verdict", "floor_decided_at"))
