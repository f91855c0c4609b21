"""Games and the log: where entries go, paging newest first, deleting, clearing, settings."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import asyncpg
import pytest
from store_helpers import EVERYONE, all_entries, ruling

from store import DEFAULT_RULEBOOK, GameAlreadyOpen, GuildSettings, LogExtent, Store, Viewer
from store.postgres import arguments
from store.sql import GameFilter
from store.store import NO_NUMBER_ABOVE, page_query

PAGE_PARAMS = {
    **{"guild_id": 1, "game_number": 7, "viewer_id": 900, "manager": False, "before": NO_NUMBER_ABOVE},
    **{"limit": 11, "offset": 990, "depth": 1001},
}


async def test_rulings_go_into_the_channels_open_game(store: Store) -> None:
    game = await store.start_game(1, channel_id=500, user_id=900, name="Friday")
    in_game = await store.log_ruling(1, **ruling("in the game"))
    elsewhere = await store.log_ruling(1, **ruling("other channel", channel_id=501))
    await store.end_game(1, channel_id=500)
    after = await store.log_ruling(1, **ruling("after the end"))

    assert (in_game.game_number, in_game.game_name) == (game.number, "Friday")
    assert (elsewhere.game_number, elsewhere.game_name) == (None, None)
    assert after.game_number is None
    assert await all_entries(store, 1) == [in_game, elsewhere, after]
    assert [e.text for e in await all_entries(store, 1, game.number)] == ["in the game"]


async def test_one_open_game_per_channel(store: Store) -> None:
    first = await store.start_game(1, channel_id=500, user_id=900, name="Friday")
    with pytest.raises(GameAlreadyOpen) as raised:
        await store.start_game(1, channel_id=500, user_id=901, name="Saturday")
    assert raised.value.game == first
    await store.start_game(1, channel_id=501, user_id=901, name="other table")  # another channel is fine

    ended = await store.end_game(1, channel_id=500)
    assert ended is not None and ended.closed_at is not None and not ended.is_open
    assert await store.end_game(1, channel_id=500) is None
    assert await store.open_game(1, channel_id=500) is None
    assert (await store.start_game(1, channel_id=500, user_id=900, name="Saturday")).is_open


async def test_games_are_listed_newest_first_and_searchable(store: Store) -> None:
    for name in ("Friday", "Saturday", "friday rematch"):
        await store.start_game(1, channel_id=500, user_id=900, name=name)
        await store.end_game(1, channel_id=500)
    assert [g.name for g in await store.list_games(1)] == ["friday rematch", "Saturday", "Friday"]
    assert [g.name for g in await store.list_games(1, search="FRI")] == ["friday rematch", "Friday"]
    assert [g.name for g in await store.list_games(1, limit=1)] == ["friday rematch"]


async def test_a_search_is_text_not_a_pattern(store: Store) -> None:
    for name in ("100% fun", "a_b", "axb", "back\\slash", "Àlbèrt"):
        await store.start_game(1, channel_id=500, user_id=900, name=name)
        await store.end_game(1, channel_id=500)
    assert [g.name for g in await store.list_games(1, search="%")] == ["100% fun"]
    assert [g.name for g in await store.list_games(1, search="_")] == ["a_b"]
    assert [g.name for g in await store.list_games(1, search="\\")] == ["back\\slash"]
    assert [g.name for g in await store.list_games(1, search="bè")] == ["Àlbèrt"]


async def test_log_pages_newest_first(store: Store) -> None:
    for n in range(25):
        await store.log_ruling(1, **ruling(str(n)))

    pages = [await store.log_page(1, viewer=EVERYONE, page=page, per_page=10) for page in (1, 2, 3, 4)]

    assert [[e.text for e in p.entries] for p in pages[:3]] == [
        [str(n) for n in range(24, 14, -1)],
        [str(n) for n in range(14, 4, -1)],
        [str(n) for n in range(4, -1, -1)],
    ]
    assert [(p.has_previous, p.has_next) for p in pages] == [
        (False, True),
        (True, True),
        (True, False),
        (True, False),
    ]
    assert pages[3].entries == ()
    assert (await store.log_page(1, viewer=EVERYONE, page=0)).page == 1


async def test_delete_game_takes_its_entries_only(store: Store) -> None:
    game = await store.start_game(1, channel_id=500, user_id=900, name="Friday")
    await store.log_ruling(1, **ruling("in the game"))
    await store.end_game(1, channel_id=500)
    await store.add_note(1, channel_id=500, user_id=900, text="general")

    deleted = await store.delete_game(1, game.number)

    assert deleted is not None and deleted.name == "Friday"
    assert await store.get_game(1, game.number) is None
    assert [e.text for e in await all_entries(store, 1)] == ["general"]
    assert await store.delete_game(1, game.number) is None


async def test_clear_log_empties_the_server_but_keeps_settings(store: Store) -> None:
    await store.start_game(1, channel_id=500, user_id=900, name="Friday")
    await store.log_ruling(1, **ruling())
    await store.add_note(1, channel_id=501, user_id=900, text="general")
    await store.set_rulebook(1, "tda-2024")

    await store.clear_log(1)

    assert await all_entries(store, 1) == []
    assert await store.list_games(1) == []
    assert (await store.get_settings(1)).rulebook == "tda-2024"


async def test_settings_default_and_update_independently(store: Store) -> None:
    assert await store.get_settings(1) == GuildSettings(rulebook=DEFAULT_RULEBOOK, language=None)
    assert await store.set_language(1, "it") == GuildSettings(rulebook=DEFAULT_RULEBOOK, language="it")
    assert await store.set_rulebook(1, "robert-v11") == GuildSettings(rulebook="robert-v11", language="it")
    assert await store.set_language(1, None) == GuildSettings(rulebook="robert-v11", language=None)
    assert await store.get_settings(1) == GuildSettings(rulebook="robert-v11", language=None)


@pytest.mark.backends("sqlite")
@pytest.mark.parametrize("game", [None, "number"], ids=["server log", "one game"])
async def test_log_page_query_walks_indexes(store: Store, db_path: Path, game: GameFilter) -> None:
    """The plan, not a timing: each half of a page is an index range scan in number order, never a scan of a
    server's whole log plus a sort (only the page's own rows are merged)."""
    with sqlite3.connect(db_path) as conn:
        steps = [row[3] for row in conn.execute("EXPLAIN QUERY PLAN " + page_query(game), PAGE_PARAMS)]
    assert any(step.startswith("SEARCH e USING INDEX log_entries_by_") for step in steps), steps
    assert any(step.startswith("SEARCH l USING INDEX") for step in steps), steps
    assert not {"SCAN e", "SCAN l"} & set(steps), steps  # the sorts that remain order the page's own rows


@pytest.mark.backends("postgres")
@pytest.mark.parametrize("game", [None, "number"], ids=["server log", "one game"])
async def test_log_page_query_can_walk_indexes_backwards(store: Store, location: str, game: GameFilter) -> None:
    """With whole-table scans priced out (an empty table would rather be scanned), each half of a page is a
    backward index scan: indexes that give the order exist, and the query lets the planner use them."""
    conn = await asyncpg.connect(location)
    try:
        for setting in ("enable_seqscan", "enable_bitmapscan"):
            await conn.execute(f"SET {setting} = off")
        query, *args = arguments("EXPLAIN " + page_query(game), PAGE_PARAMS)
        plan = " | ".join(row[0] for row in await conn.fetch(query, *args))
    finally:
        await conn.close()
    assert "Index Scan Backward using log_entries_by_" in plan
    assert "Index Scan Backward using ledger_entries_by_game" in plan or game is None
    assert "Seq Scan on log_entries" not in plan and "Seq Scan on ledger_entries" not in plan


async def test_a_clear_through_an_extent_keeps_what_came_after_and_its_game(store: Store) -> None:
    """A /game clear asked earlier deletes what existed then: a later note and the game it was logged in stay
    (QA report 4); the numbers still never come back."""
    old = await store.start_game(1, channel_id=10, user_id=1, name="old")
    await store.add_note(1, channel_id=10, user_id=1, text="before")
    await store.end_game(1, channel_id=10)
    kept = await store.start_game(1, channel_id=11, user_id=1, name="open")
    await store.add_note(1, channel_id=11, user_id=1, text="before, in the open game")
    extent = await store.log_extent(1)
    await store.add_note(1, channel_id=11, user_id=1, text="after")

    await store.clear_log(1, through=extent)

    everyone = Viewer(user_id=0, manager=True)
    assert [e.text for e in (await store.log_page(1, viewer=everyone)).entries] == ["after"]
    assert [g.number for g in await store.list_games(1)] == [kept.number]
    assert old.number < kept.number and await store.log_extent(1) == LogExtent(kept.number, extent.last_entry + 1)
    assert (await store.add_note(1, channel_id=11, user_id=1, text="next")).number == extent.last_entry + 2
