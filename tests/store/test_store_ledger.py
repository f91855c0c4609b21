"""The ledger's store methods: entries recorded once and in order, undo on the record, merge, standings, and
the ledger in log pages, exports, deletes and upgrades."""

from __future__ import annotations

import asyncio
import csv
import io
import json
from datetime import date
from pathlib import Path

import aiosqlite
import pytest
from raw import Raw
from test_store_migrations import NUMBERED, SEEDS

from ledger.players import PlayerRef
from store import Game, Store, Viewer
from store.export import COLUMNS
from store.ledger import MONEY_EXPORT_COLUMNS
from store.schema import migrate

G = 1
CHANNEL = 500
BANKER, BOB_ID = 900, 901
ALICE, CAROL = PlayerRef(guest="Alice"), PlayerRef(guest="Carol")
BOB = PlayerRef(user_id=BOB_ID)
EVERYONE = Viewer(user_id=0, manager=True)


async def record(store: Store, game: Game, player: PlayerRef, kind: str, cents: int, request: str, by: int = BANKER):
    return await store.record_money(
        G,
        game_id=game.id,
        channel_id=game.channel_id,
        player=player,
        kind=kind,  # type: ignore[arg-type]
        cents=cents,
        recorded_by=by,
        request=request,
    )


async def night(store: Store, channel_id: int = CHANNEL) -> Game:
    return await store.start_game(G, channel_id=channel_id, user_id=BANKER, name="Friday")


async def test_an_entry_is_recorded_once_per_request(store: Store) -> None:
    game = await night(store)
    note = await store.add_note(G, channel_id=CHANNEL, user_id=BANKER, text="seats drawn")

    first = await record(store, game, ALICE, "buyin", 5000, "i:1")
    again = await record(store, game, PlayerRef(guest="alice"), "buyin", 5000, "i:1")

    assert first is not None and again is not None
    assert first.new and not again.new and again.entry == first.entry
    entry = first.entry
    assert (entry.number, entry.game_number, entry.kind, entry.amount, entry.recorded_by) == (
        note.number + 1,
        game.number,
        "buyin",
        50,
        BANKER,
    )
    assert entry.player.guest == "Alice" and not entry.removed
    assert len(await store.game_money(G, game.id)) == 1


async def test_the_same_guest_however_typed_is_one_player(store: Store) -> None:
    game = await night(store)
    a = await record(store, game, ALICE, "buyin", 100, "i:1")
    b = await record(store, game, PlayerRef(guest="ALICE"), "buyin", 100, "i:2")
    assert a is not None and b is not None and a.entry.player == b.entry.player


async def test_nothing_is_recorded_in_a_closed_game(store: Store) -> None:
    game = await night(store)
    await store.end_game(G, channel_id=CHANNEL)
    assert await record(store, game, ALICE, "buyin", 100, "i:1") is None
    assert await store.game_money(G, game.id) == []


async def test_concurrent_writes_lose_nothing_and_double_one_nothing(store: Store) -> None:
    game = await night(store)
    many = [record(store, game, PlayerRef(guest=f"P{n}"), "buyin", 100 + n, f"i:{n}") for n in range(50)]
    doubled = [record(store, game, BOB, "cashout", 777, "click:9") for _ in range(10)]

    results = await asyncio.gather(*many, *doubled)

    assert all(result is not None for result in results)
    entries = await store.game_money(G, game.id)
    assert len(entries) == 51
    assert sorted(e.number for e in entries) == list(range(1, 52))
    assert sum(e.cents for e in entries if e.kind == "buyin") == sum(100 + n for n in range(50))
    assert [r.new for r in results[50:] if r is not None].count(True) == 1


async def test_undo_removes_on_the_record(store: Store) -> None:
    game = await night(store)
    mine = await record(store, game, BOB, "buyin", 100, "i:1", by=BOB_ID)
    last = await record(store, game, ALICE, "buyin", 200, "i:2")
    assert mine is not None and last is not None

    only_mine = await store.remove_money(G, game_id=game.id, removed_by=BOB_ID, recorded_by=BOB_ID)
    anyones = await store.remove_money(G, game_id=game.id, removed_by=BANKER)
    nothing_left = await store.remove_money(G, game_id=game.id, removed_by=BANKER)

    assert only_mine is not None and only_mine.number == mine.entry.number and only_mine.removed_by == BOB_ID
    assert anyones is not None and anyones.number == last.entry.number and anyones.removed_at is not None
    assert nothing_left is None
    assert [e.removed for e in await store.game_money(G, game.id)] == [True, True]


async def test_undo_by_number_once_and_only_ones_own(store: Store) -> None:
    game = await night(store)
    entry = await record(store, game, ALICE, "buyin", 200, "i:1")
    assert entry is not None
    number = entry.entry.number

    not_theirs = await store.remove_money(G, game_id=game.id, removed_by=BOB_ID, number=number, recorded_by=BOB_ID)
    twice = await asyncio.gather(
        *(store.remove_money(G, game_id=game.id, removed_by=BANKER, number=number) for _ in range(2))
    )

    assert not_theirs is None
    assert sum(result is not None for result in twice) == 1
    assert await store.remove_money(G, game_id=game.id, removed_by=BANKER, number=2**70) is None


async def test_undo_needs_the_game_open(store: Store) -> None:
    game = await night(store)
    await record(store, game, ALICE, "buyin", 200, "i:1")
    await store.end_game(G, channel_id=CHANNEL)
    assert await store.remove_money(G, game_id=game.id, removed_by=BANKER) is None


async def test_log_pages_and_exports_hold_the_money_in_order(store: Store) -> None:
    game = await night(store)
    await store.add_note(G, channel_id=CHANNEL, user_id=BANKER, text="seats drawn")
    await record(store, game, ALICE, "buyin", 1250, "i:1")
    await store.add_note(G, channel_id=CHANNEL, user_id=BANKER, text="new deck")
    await record(store, game, BOB, "cashout", 99_999_999, "i:2")
    await store.remove_money(G, game_id=game.id, removed_by=BOB_ID)

    page = await store.log_page(G, viewer=EVERYONE, game_number=game.number, per_page=3)
    older = await store.log_page(G, viewer=EVERYONE, game_number=game.number, page=2, per_page=3)
    entries = [*page.entries, *older.entries]
    csv_export = await store.export(G, viewer=EVERYONE, game_number=game.number, fmt="csv", max_bytes=10**6)
    json_export = await store.export(G, viewer=EVERYONE, fmt="json", max_bytes=10**6)

    assert [(e.number, e.kind) for e in entries] == [(4, "cashout"), (3, "note"), (2, "buyin"), (1, "note")]
    assert page.has_next and not older.has_next
    cash, _, buy, _ = entries
    assert (buy.player, buy.player_user_id, buy.amount, buy.user_id) == ("Alice", None, 12.5, BANKER)
    assert (cash.player, cash.player_user_id, cash.removed_by) == (None, BOB_ID, BOB_ID)
    assert csv_export is not None and json_export is not None
    rows = list(csv.DictReader(io.StringIO(csv_export.parts[0].data.decode("utf-8-sig"))))
    assert [(r["kind"], r["player"], r["amount"]) for r in rows] == [
        ("note", "", ""),
        ("buyin", "Alice", "12.50"),
        ("note", "", ""),
        ("cashout", "", "999999.99"),
    ]
    records = json.loads(json_export.parts[0].data)
    assert records[3]["amount"] == "999999.99" and records[3]["player_user_id"] == BOB_ID
    assert records[3]["removed_by"] == BOB_ID and records[3]["removed_at"]


def test_the_ledgers_export_columns_are_the_exports() -> None:
    assert list(MONEY_EXPORT_COLUMNS) == list(COLUMNS)


async def test_the_money_goes_with_its_game_and_the_names_with_the_log(store: Store, raw: Raw) -> None:
    game = await night(store)
    other = await night(store, channel_id=CHANNEL + 1)
    await record(store, game, ALICE, "buyin", 100, "i:1")
    await record(store, other, CAROL, "buyin", 100, "i:2")

    await store.delete_game(G, game.number)
    assert await store.game_money(G, game.id) == []
    assert [p.guest for p in await store.recent_players(G)] == ["Carol"]

    await store.clear_log(G)
    for table in ("ledger_entries", "ledger_players"):
        assert await raw.fetch(f"SELECT count(*) FROM {table}") == [(0,)], table


async def test_merge_moves_a_guests_entries_in_every_game_and_logs_it(store: Store) -> None:
    first = await night(store)
    await record(store, first, PlayerRef(guest="Alise"), "buyin", 100, "i:1")
    await store.end_game(G, channel_id=CHANNEL)
    second = await night(store)
    await record(store, second, ALICE, "buyin", 100, "i:2")
    await record(store, second, PlayerRef(guest="alise"), "cashout", 300, "i:3")

    merged = await store.merge_guest(
        G, guest=PlayerRef(guest="Alise"), into=ALICE, channel_id=CHANNEL, user_id=BANKER, note="Alise is Alice"
    )
    again = await store.merge_guest(
        G, guest=PlayerRef(guest="Alise"), into=ALICE, channel_id=CHANNEL, user_id=BANKER, note="twice"
    )

    assert merged is not None and merged.entries == 2 and again is None
    assert merged.note.text == "Alise is Alice" and merged.note.game_number == second.number
    everything = [*await store.game_money(G, first.id), *await store.game_money(G, second.id)]
    assert {e.player.guest for e in everything} == {"Alice"}
    assert await store.find_player(G, PlayerRef(guest="Alise")) is None


async def test_merge_into_a_new_name_renames_and_into_a_member_joins_them(store: Store) -> None:
    game = await night(store)
    await record(store, game, PlayerRef(guest="Alise"), "buyin", 100, "i:1")
    await record(store, game, CAROL, "buyin", 100, "i:2")

    renamed = await store.merge_guest(G, guest=PlayerRef(guest="Alise"), into=ALICE, channel_id=1, user_id=1, note="a")
    joined = await store.merge_guest(G, guest=CAROL, into=BOB, channel_id=1, user_id=1, note="b")

    assert renamed is not None and joined is not None
    assert [(e.player.guest, e.player.user_id) for e in await store.game_money(G, game.id)] == [
        ("Alice", None),
        (None, BOB_ID),
    ]


@pytest.mark.parametrize(
    ("guest", "into"),
    [(BOB, ALICE), (ALICE, ALICE), (ALICE, PlayerRef(guest="alice ")), (PlayerRef(guest="Nobody"), ALICE)],
)
async def test_merge_refuses_a_member_the_same_player_or_an_unknown_guest(store: Store, guest, into) -> None:
    game = await night(store)
    await record(store, game, ALICE, "buyin", 100, "i:1")
    await record(store, game, BOB, "buyin", 100, "i:2")
    assert await store.merge_guest(G, guest=guest, into=into, channel_id=CHANNEL, user_id=BANKER, note="x") is None
    assert len((await store.log_page(G, viewer=EVERYONE)).entries) == 2  # no note was logged


async def test_standings_count_closed_games_since_a_date_without_undone_entries(store: Store, raw: Raw) -> None:
    old = await night(store)
    await record(store, old, ALICE, "buyin", 5000, "i:1")
    await record(store, old, ALICE, "cashout", 8000, "i:2")
    await record(store, old, BOB, "buyin", 3000, "i:3")
    await store.end_game(G, channel_id=CHANNEL)
    recent = await night(store)
    await record(store, recent, ALICE, "buyin", 1000, "i:4")
    await record(store, recent, BOB, "cashout", 1000, "i:5")
    await record(store, recent, BOB, "cashout", 99999, "i:6")
    await store.remove_money(G, game_id=recent.id, removed_by=BANKER)
    playing = await night(store, channel_id=CHANNEL + 1)
    await record(store, playing, CAROL, "buyin", 100, "i:7")
    await store.end_game(G, channel_id=CHANNEL)
    # the old game was a year ago
    await raw.execute("UPDATE games SET opened_at = '2023-01-01T20:00:00.000Z' WHERE id = :id", {"id": old.id})

    everything = await store.standings(G)
    since = await store.standings(G, since=date(2024, 1, 1))

    assert [(s.player.guest, s.player.user_id, s.net, s.games) for s in everything] == [
        ("Alice", None, 2000, 2),
        (None, BOB_ID, -2000, 2),
    ]
    assert [(s.player.guest, s.bought_in, s.cashed_out, s.games) for s in since] == [
        (None, 0, 1000, 1),
        ("Alice", 1000, 0, 1),
    ]


async def test_recent_players_for_autocomplete(store: Store) -> None:
    game = await night(store)
    for n, player in enumerate([ALICE, PlayerRef(guest="100% Luca"), BOB, PlayerRef(guest="Ålice")]):
        await record(store, game, player, "buyin", 100, f"i:{n}")

    assert [p.guest for p in await store.recent_players(G, search="ALI", members=False)] == ["Alice"]
    assert [p.guest for p in await store.recent_players(G, search="ålI", members=False)] == ["Ålice"]
    assert [p.guest for p in await store.recent_players(G, search="%", members=False)] == ["100% Luca"]
    assert [p.guest for p in await store.recent_players(G, search="_", members=False)] == []
    everyone = await store.recent_players(G)
    assert [p.guest or p.user_id for p in everyone] == ["Ålice", "100% Luca", "Alice", BOB_ID]
    assert len(await store.recent_players(G, limit=2)) == 2


async def test_currency_is_unset_until_chosen(store: Store) -> None:
    assert (await store.get_settings(G)).currency is None
    assert (await store.set_currency(G, "€")).currency == "€"
    assert (await store.set_language(G, "it")).currency == "€"
    assert (await store.set_currency(G, None)).currency is None


@pytest.mark.backends("sqlite")
@pytest.mark.parametrize("version", sorted(SEEDS))
async def test_an_upgraded_file_records_money_after_its_numbers(db_path: Path, version: int) -> None:
    async with aiosqlite.connect(db_path, isolation_level=None) as conn:
        await migrate(conn, target=version)
        for statement in SEEDS[version].statements:
            await conn.execute(statement)
    store = await Store.open(db_path)
    try:
        game = await store.start_game(G, channel_id=999, user_id=BANKER, name="after upgrade")
        recorded = await record(store, game, ALICE, "buyin", 100, "i:1")
        settings = await store.get_settings(G)
    finally:
        await store.close()
    _, entries = NUMBERED[version]
    assert recorded is not None
    assert recorded.entry.number == 1 + max((n for (guild, _), n in entries.items() if guild == G), default=0)
    assert settings.currency is None


async def test_a_clear_through_an_extent_keeps_later_money_its_game_and_its_player(store: Store) -> None:
    game = await night(store)
    await record(store, game, ALICE, "buyin", 100, "i:1")
    extent = await store.log_extent(G)
    await record(store, game, CAROL, "buyin", 200, "i:2")  # after the clear was asked, in the same game

    await store.clear_log(G, through=extent)

    assert [(m.cents, m.player.guest) for m in await store.game_money(G, game.id)] == [(200, "Carol")]
    assert [p.guest for p in await store.recent_players(G)] == ["Carol"]
