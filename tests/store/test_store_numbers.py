"""Per-server numbers: what users see for games and entries. From 1 per server, never reused, and a
reference by number binds to exactly that row (a stale "#5" names #5 or nothing)."""

from __future__ import annotations

import asyncio

import pytest
from raw import Raw
from store_helpers import ruling

from store import ConstraintViolation, GameAlreadyOpen, Store, Viewer


async def _game(store: Store, guild_id: int, name: str, channel_id: int = 500) -> int:
    game = await store.start_game(guild_id, channel_id=channel_id, user_id=1, name=name)
    await store.end_game(guild_id, channel_id=channel_id)
    return game.number


async def test_each_server_counts_from_one(store: Store) -> None:
    numbers = [await _game(store, guild_id, f"{guild_id}-{n}") for n in range(3) for guild_id in (1, 2)]
    entries = [await store.add_note(guild_id, channel_id=1, user_id=1, text="x") for guild_id in (2, 1, 2, 2)]

    assert numbers == [1, 1, 2, 2, 3, 3]
    assert [(e.guild_id, e.number) for e in entries] == [(2, 1), (1, 1), (2, 2), (2, 3)]
    assert [g.number for g in await store.list_games(1)] == [3, 2, 1]


async def test_games_started_at_once_get_consecutive_numbers(store: Store, backend: str) -> None:
    games = await asyncio.gather(
        *(store.start_game(1, channel_id=channel, user_id=1, name=str(channel)) for channel in range(20))
    )
    assert sorted(g.number for g in games) == list(range(1, 21))
    if backend == "sqlite":  # one batch, numbered in submission order
        assert [g.number for g in games] == list(range(1, 21))


async def test_a_refused_write_uses_no_number(store: Store) -> None:
    await store.start_game(1, channel_id=500, user_id=1, name="open")
    with pytest.raises(GameAlreadyOpen):
        await store.start_game(1, channel_id=500, user_id=1, name="again")
    with pytest.raises(ConstraintViolation):
        await store.log_ruling(1, **ruling(status=None))  # type: ignore[arg-type]

    assert (await store.start_game(1, channel_id=501, user_id=1, name="next")).number == 2
    assert (await store.log_ruling(1, **ruling())).number == 1


async def test_numbers_are_never_reused_after_delete_game(store: Store) -> None:
    for name in ("one", "two", "three"):
        await _game(store, 1, name)
        await store.log_ruling(1, **ruling(name))
    await store.delete_game(1, 3)  # the newest game: a reused number would be 3 again
    await store.delete_game(1, 2)

    assert await _game(store, 1, "four") == 4
    assert (await store.add_note(1, channel_id=1, user_id=1, text="after")).number == 4
    assert [g.name for g in await store.list_games(1)] == ["four", "one"]


async def test_numbers_are_never_reused_after_clear_log(store: Store) -> None:
    await _game(store, 1, "one")
    await _game(store, 1, "two")
    await store.add_note(1, channel_id=1, user_id=1, text="note")
    await store.clear_log(1)

    assert await store.get_game(1, 1) is None
    assert await _game(store, 1, "three") == 3
    assert (await store.add_note(1, channel_id=1, user_id=1, text="after")).number == 2


async def test_a_stale_delete_deletes_that_game_or_nothing(store: Store) -> None:
    """Two managers confirm "delete #2": the first deletes it, the second deletes nothing (not #3)."""
    for name in ("one", "two", "three"):
        await _game(store, 1, name)

    first, second = await asyncio.gather(store.delete_game(1, 2), store.delete_game(1, 2))
    await _game(store, 1, "four")  # a new game cannot take the freed number either
    stale = await store.delete_game(1, 2)

    assert first is not None and first.name == "two"
    assert second is None and stale is None
    assert [g.number for g in await store.list_games(1)] == [4, 3, 1]


async def test_the_database_itself_refuses_a_reused_missing_or_changed_number(store: Store, raw: Raw) -> None:
    """The guarantee holds for any writer of the file, not only through the Store's SQL."""
    await _game(store, 1, "one")
    await _game(store, 1, "two")
    await store.delete_game(1, 2)
    await store.add_note(1, channel_id=1, user_id=1, text="x")
    refused = {
        "reused game": "INSERT INTO games (guild_id, number, channel_id, name, opened_by) VALUES (1, 2, 1, 'x', 1)",
        "unnumbered game": "INSERT INTO games (guild_id, channel_id, name, opened_by) VALUES (1, 1, 'x', 1)",
        "renumbered game": "UPDATE games SET number = 9 WHERE guild_id = 1",
        "reused entry": "INSERT INTO log_entries (guild_id, number, channel_id, user_id, kind, text) "
        "VALUES (1, 1, 1, 1, 'note', 'x')",
        "unnumbered entry": "INSERT INTO log_entries (guild_id, channel_id, user_id, kind, text) "
        "VALUES (1, 1, 1, 'note', 'x')",
        "renumbered entry": "UPDATE log_entries SET number = 9 WHERE guild_id = 1",
    }
    for label, statement in refused.items():
        with pytest.raises(raw.refused):
            await raw.execute(statement)
            pytest.fail(f"{label} was accepted")
    await raw.execute("INSERT INTO games (guild_id, number, channel_id, name, opened_by) VALUES (1, 3, 1, 'x', 1)")


@pytest.mark.parametrize("number", [0, -1, 2**63, 10**20, -(2**63) - 1], ids=str)
async def test_a_number_that_names_nothing_finds_nothing(store: Store, number: int) -> None:
    """Out of SQLite's range too (a typed 99999999999999999999): "no such game", not an OverflowError."""
    await _game(store, 1, "one")
    question_id = await store.create_question(1, channel_id=1, owner_id=1, request={})
    manager = Viewer(user_id=1, manager=True)

    assert await store.get_game(1, number) is None
    assert await store.delete_game(1, number) is None
    assert (await store.log_page(1, viewer=manager, game_number=number)).entries == ()
    assert await store.export(1, viewer=manager, game_number=number, fmt="csv", max_bytes=10_000) is None
    assert await store.get_question(1, number) is None
    assert await store.answer_question(1, number, answered_by=1) is None
    assert [g.number for g in await store.list_games(1)] == [1]
    assert await store.get_question(1, question_id) is not None
