"""Pending questions: kept across restarts, answered once, and a ruling logged at most once per question."""

from __future__ import annotations

import asyncio
import itertools
import math
from datetime import timedelta

import pytest
from raw import Raw
from store_helpers import ruling

from store import ConstraintViolation, RulingRecord, Store, Viewer
from store.database import now

DM = 0
MANAGER = Viewer(user_id=1, manager=True)
REQUEST = {
    "situation": "il mazziere ha scoperto una carta — 🂡",
    "rulebook": "robert-classic",
    "language": "it",
    "facts": {"street": "preflop", "exposed": [1, 2]},
    "private": True,
}


def _ruling(situation: str = "flop had four cards") -> RulingRecord:
    return RulingRecord(**ruling(situation))  # type: ignore[arg-type]


async def _ask(store: Store, guild_id: int = 1, **request: object) -> int:
    return await store.create_question(guild_id, channel_id=500, owner_id=900, request=request or REQUEST)


async def _question_links(raw: Raw) -> list[tuple[int, str]]:
    rows = await raw.fetch("SELECT question_id, text FROM log_entries ORDER BY id")
    return [(question, text) for question, text in rows]


async def test_a_question_keeps_what_the_bot_needs_to_carry_on(store: Store) -> None:
    question_id = await _ask(store)

    question = await store.get_question(1, question_id)

    assert question is not None
    assert (question.id, question.guild_id, question.channel_id, question.owner_id) == (question_id, 1, 500, 900)
    assert question.request == REQUEST
    assert not question.is_answered and question.answered_by is None


async def test_an_answer_logs_the_ruling_and_asks_the_next_question(store: Store, raw: Raw) -> None:
    first = await _ask(store)

    answered = await store.answer_question(1, first, answered_by=901, ruling=_ruling(), next_request={"step": 2})

    assert answered is not None and answered.entry is not None and answered.next_question_id is not None
    assert answered.entry_number == 1 and answered.entry.text == "flop had four cards"
    done, following = await store.get_question(1, first), await store.get_question(1, answered.next_question_id)
    assert done is not None and done.is_answered and done.answered_by == 901
    assert following is not None and not following.is_answered
    assert (following.channel_id, following.owner_id, following.request) == (500, 900, {"step": 2})
    assert await _question_links(raw) == [(first, "flop had four cards")]


async def test_an_answer_without_a_ruling_logs_nothing(store: Store) -> None:
    question_id = await _ask(store)
    answered = await store.answer_question(1, question_id, answered_by=900, next_request={"step": 2})
    assert answered is not None and answered.entry is None and answered.entry_number is None
    assert (await store.log_page(1, viewer=MANAGER)).entries == ()


async def test_a_double_click_is_answered_once(store: Store, raw: Raw) -> None:
    question_id = await _ask(store)

    clicks = (store.answer_question(1, question_id, answered_by=n, ruling=_ruling(), next_request={}) for n in range(5))
    results = await asyncio.gather(*clicks)

    accepted = [result for result in results if result is not None]
    assert len(accepted) == 1
    assert await _question_links(raw) == [(question_id, "flop had four cards")]


async def test_two_processes_answering_at_once_answer_once(store: Store, raw: Raw, location: str) -> None:
    """Another connection (a second bot process on the same file) races the first: the database decides."""
    other = await Store.open(location)
    try:
        question_id = await _ask(store)
        results = await asyncio.gather(
            store.answer_question(1, question_id, answered_by=900, ruling=_ruling("asker")),
            other.answer_question(1, question_id, answered_by=901, ruling=_ruling("manager")),
        )
    finally:
        await other.close()

    [winner] = [result for result in results if result is not None]
    assert winner.entry is not None
    assert await _question_links(raw) == [(question_id, winner.entry.text)]


async def test_a_stale_click_answers_nothing(store: Store, raw: Raw) -> None:
    """The buttons of question 1, clicked again after the bot moved on to question 2, must not answer it."""
    first = await _ask(store)
    answered = await store.answer_question(1, first, answered_by=900, next_request={"step": 2})
    assert answered is not None and answered.next_question_id is not None

    stale = await store.answer_question(1, first, answered_by=900, ruling=_ruling(), next_request={"step": 3})
    missing = await store.answer_question(1, 12345, answered_by=900, ruling=_ruling())
    current = await store.answer_question(1, answered.next_question_id, answered_by=900, ruling=_ruling())

    assert stale is None and missing is None
    assert current is not None and current.entry is not None
    assert await _question_links(raw) == [(answered.next_question_id, "flop had four cards")]


async def test_the_database_refuses_a_second_entry_for_a_question(store: Store, raw: Raw) -> None:
    question_id = await _ask(store)
    await store.answer_question(1, question_id, answered_by=900, ruling=_ruling())
    with pytest.raises(raw.refused, match=r"(?i)unique"):
        await raw.execute(
            "INSERT INTO log_entries (guild_id, number, channel_id, user_id, kind, text, question_id) "
            "VALUES (1, 2, 500, 900, 'note', 'again', :question_id)",
            {"question_id": question_id},
        )


async def test_an_answer_that_fails_leaves_the_question_open(store: Store) -> None:
    """Direct messages have questions but no log: a ruling there fails the whole answer, not half of it."""
    question_id = await _ask(store, DM)

    with pytest.raises(ConstraintViolation, match="belong to a server"):
        await store.answer_question(DM, question_id, answered_by=900, ruling=_ruling(), next_request={"step": 2})

    question = await store.get_question(DM, question_id)
    assert question is not None and not question.is_answered
    answered = await store.answer_question(DM, question_id, answered_by=900, next_request={"step": 2})
    assert answered is not None and answered.next_question_id is not None


async def test_direct_messages_are_their_own_scope(store: Store) -> None:
    in_dm = await _ask(store, DM)
    in_server = await _ask(store, 1)

    assert await store.get_question(1, in_dm) is None
    assert await store.get_question(DM, in_server) is None
    assert await store.answer_question(1, in_dm, answered_by=900) is None
    with pytest.raises(ConstraintViolation, match="belong to a server"):
        await store.log_ruling(DM, **ruling())


async def test_questions_survive_a_restart(location: str) -> None:
    store = await Store.open(location)
    question_id = await _ask(store)
    await store.close()

    store = await Store.open(location)
    try:
        question = await store.get_question(1, question_id)
        answered = await store.answer_question(1, question_id, answered_by=900, ruling=_ruling())
    finally:
        await store.close()
    assert question is not None and question.request == REQUEST
    assert answered is not None and answered.entry_number == 1


async def test_questions_older_than_thirty_days_are_purged_at_start(location: str, raw: Raw) -> None:
    store = await Store.open(location)
    old, recent, fresh = [await _ask(store) for _ in range(3)]
    await store.close()
    for question_id, days in ((old, 31), (recent, 29)):
        await raw.execute(
            "UPDATE pending_questions SET created_at = :created_at WHERE id = :id",
            {"created_at": now(timedelta(days=days)), "id": question_id},
        )

    store = await Store.open(location)
    try:
        kept = {q: await store.get_question(1, q) is not None for q in (old, recent, fresh)}
    finally:
        await store.close()
    assert kept == {old: False, recent: True, fresh: True}


@pytest.mark.parametrize("request_", [{"facts": {1, 2}}, {"odds": math.nan}], ids=["a set", "NaN"])
async def test_a_request_that_is_not_json_is_refused_before_anything_is_stored(
    store: Store, raw: Raw, request_: dict[str, object]
) -> None:
    question_id = await _ask(store)
    with pytest.raises((TypeError, ValueError)):
        await store.create_question(1, channel_id=500, owner_id=900, request=request_)
    with pytest.raises((TypeError, ValueError)):
        await store.answer_question(1, question_id, answered_by=900, next_request=request_)

    assert await raw.fetch("SELECT id, answered_at FROM pending_questions") == [(question_id, None)]


async def test_question_ids_reveal_no_count(store: Store) -> None:
    """They travel in button ids: consecutive ids would tell anyone how many questions all servers asked."""
    ids = sorted([await _ask(store) for _ in range(20)])
    assert len(set(ids)) == 20
    assert [b - a for a, b in itertools.pairwise(ids)] != [1] * 19
    assert all(0 < question_id < 2**53 for question_id in ids)
