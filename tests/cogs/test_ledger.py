"""/ledger through the real discord.py path: a night in both languages, who may write, undo, merge, amounts,
buttons pressed twice, a 100-player table within Discord's limits, standings, and the ledger in /game."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import replace
from decimal import Decimal

import pytest

from bot import FloorBot
from ledger.players import PlayerRef
from ledger.settle import zero_sum_split
from offline import payloads
from offline.driver import Driver
from offline.payloads import GUILD_ID, MANAGER, PLAYER, STRANGER, Actor
from store import Viewer

EPHEMERAL = 64
UPDATE, MESSAGE = 7, 4
NIGHT_IN = [("Alice", "50"), ("Bob", "50"), ("Carol", "50"), ("Carol", "20")]
NIGHT_OUT = [("Alice", "110"), ("Bob", "40"), ("Carol", "20")]
EVERYONE = Viewer(user_id=0, manager=True)


def mention(actor: Actor) -> str:
    return f"<@{actor.user_id}>"


def said(exchange) -> str:
    """What a reply says: its content and its embeds' text, as one string."""
    data = exchange.data
    parts = [data.get("content") or ""]
    for embed in data.get("embeds") or []:
        parts += [embed.get("title") or "", embed.get("description") or "", (embed.get("footer") or {}).get("text", "")]
        parts += [f"{field['name']}\n{field['value']}" for field in embed.get("fields") or []]
    return "\n".join(part for part in parts if part)


def is_ephemeral(exchange) -> bool:
    return bool(exchange.data.get("flags", 0) & EPHEMERAL)


def buttons(message) -> list[dict]:
    return [c for row in message.get("components", []) for c in row["components"]]


def press(message, label: str, actor: Actor) -> dict:
    [button] = [b for b in buttons(message) if b["label"] == label]
    return payloads.component_click(message, button["custom_id"], actor)


async def money(driver: Driver) -> list:
    game = await driver.bot.store.open_game(GUILD_ID, channel_id=PLAYER.channel_id)
    assert game is not None
    return await driver.bot.store.game_money(GUILD_ID, game.id)


async def night(send_command, actor: Actor = PLAYER) -> list:
    """The issue's night, recorded by the game's opener (the banker)."""
    await send_command("game", "start", actor=actor, name="Friday")
    replies = [await send_command("ledger", "buyin", actor=actor, player=p, amount=a) for p, a in NIGHT_IN]
    replies += [await send_command("ledger", "cashout", actor=actor, player=p, amount=a) for p, a in NIGHT_OUT]
    return replies


async def test_a_whole_night_settles_in_two_transfers(driver, send_command) -> None:
    replies = await night(send_command)

    shown = await send_command("ledger", "show", actor=STRANGER)
    settled = await send_command("ledger", "settle", actor=STRANGER)
    ended = await send_command("game", "end")
    logged = await send_command("game", "log", game="1")

    assert not any(is_ephemeral(reply) for reply in replies)
    assert all(reply.data["allowed_mentions"] == {"parse": []} for reply in replies)
    assert "`#4` Carol bought in 20" in said(replies[3]) and "Carol — in 70 (2 buy-ins)" in said(replies[3])
    assert "Alice — in 50 · out 110 · **+60**" in said(shown) and "In and out match" in said(shown)
    assert settled.embeds[0]["description"] == "Carol pays Alice 50\nBob pays Alice 10"
    assert "2 transfer(s): the fewest" in said(settled)
    assert "is closed" in said(ended) and "Carol pays Alice 50\nBob pays Alice 10" in said(ended)
    for line in ("Alice bought in 50", "Carol bought in 20", "Alice cashed out 110", "Carol cashed out 20"):
        assert line in said(logged)


async def test_a_whole_night_in_italian(driver, send_command) -> None:
    italian = replace(PLAYER, locale="it")
    replies = await night(send_command, italian)

    settled = await send_command("ledger", "settle", actor=italian)
    ended = await send_command("game", "end", actor=italian)
    wrong = await send_command("ledger", "buyin", actor=italian, player="Alice", amount="cinquanta")
    late = await send_command("ledger", "buyin", actor=italian, player="Alice", amount="50")

    assert "`#4` Carol: buy-in di 20" in said(replies[3]) and "entrati 70 (2 buy-in)" in said(replies[3])
    assert settled.embeds[0]["description"] == "Carol paga 50 a Alice\nBob paga 10 a Alice"
    assert "Chi paga chi" in said(settled) and "il minimo possibile" in said(settled)
    assert "è chiusa" in said(ended) and "Carol paga 50 a Alice" in said(ended)
    assert is_ephemeral(wrong) and "“cinquanta” non è un importo" in said(wrong)
    assert is_ephemeral(late) and "Nessuna partita aperta" in said(late)


async def test_who_may_record_for_whom(driver, send_command) -> None:
    await send_command("game", "start", actor=PLAYER, name="Friday")  # PLAYER is the banker

    own = await send_command("ledger", "buyin", actor=STRANGER, player=mention(STRANGER), amount="50")
    for_a_guest = await send_command("ledger", "buyin", actor=STRANGER, player="Alice", amount="50")
    for_the_banker = await send_command("ledger", "cashout", actor=STRANGER, player=mention(PLAYER), amount="5")
    by_the_banker = await send_command("ledger", "buyin", actor=PLAYER, player=mention(STRANGER), amount="20")
    by_a_manager = await send_command("ledger", "buyin", actor=MANAGER, player="Alice", amount="30")

    assert not is_ephemeral(own) and f"`#1` {mention(STRANGER)} bought in 50" in said(own)
    for refused in (for_a_guest, for_the_banker):
        assert is_ephemeral(refused) and "only your own" in said(refused) and mention(PLAYER) in said(refused)
    assert not is_ephemeral(by_the_banker) and not is_ephemeral(by_a_manager)
    recorded = await money(driver)
    assert [(e.player.user_id, e.player.guest, e.recorded_by) for e in recorded] == [
        (STRANGER.user_id, None, STRANGER.user_id),
        (STRANGER.user_id, None, PLAYER.user_id),
        (None, "Alice", MANAGER.user_id),
    ]


async def test_undo_takes_back_your_last_entry_or_any_for_the_banker(driver, send_command, click) -> None:
    await send_command("game", "start", actor=PLAYER, name="Friday")
    await send_command("ledger", "buyin", actor=STRANGER, player=mention(STRANGER), amount="50")
    bankers = await send_command("ledger", "buyin", actor=PLAYER, player="Alice", amount="30")

    not_yours = await click(bankers, "Undo #2", actor=STRANGER)
    mine = await send_command("ledger", "undo", actor=STRANGER)
    nothing = await send_command("ledger", "undo", actor=STRANGER)
    banker = await send_command("ledger", "undo", actor=PLAYER)
    logged = await send_command("game", "log", actor=MANAGER)

    assert is_ephemeral(not_yours) and "Only whoever recorded `#2`" in said(not_yours)
    assert not is_ephemeral(mine) and f"undid `#1`: {mention(STRANGER)} bought in 50" in said(mine)
    assert is_ephemeral(nothing) and "nothing left to undo" in said(nothing)
    assert "undid `#2`: Alice bought in 30" in said(banker)
    assert [(e.removed_by, e.removed) for e in await money(driver)] == [
        (STRANGER.user_id, True),
        (PLAYER.user_id, True),
    ]
    assert said(logged).count("↩ undone by") == 2
    assert "Nothing left to undo" in said(await send_command("ledger", "undo", actor=PLAYER))


async def test_a_double_click_on_rebuy_records_one_rebuy(driver, send_command) -> None:
    await send_command("game", "start", actor=PLAYER, name="Friday")
    first = await send_command("ledger", "buyin", actor=PLAYER, player="Carol", amount="20")

    one, two = await driver.feed_together([press(first.message, "Rebuy 20", PLAYER) for _ in range(2)])

    assert sorted(r.callback["type"] for r in (one, two)) == [MESSAGE, UPDATE]
    [again] = [r for r in (one, two) if r.callback["type"] == MESSAGE]
    assert is_ephemeral(again) and "recorded once, as `#2`" in said(again)
    assert [(e.number, e.amount) for e in await money(driver)] == [(1, 20), (2, 20)]
    card = driver.standin.messages[int(first.message["id"])]
    assert "`#2` Carol bought in 20" in card["content"] and "(2 buy-ins)" in card["content"]
    assert [b["label"] for b in buttons(card)] == ["Rebuy 20", "Undo #2"]


async def test_a_double_click_on_undo_removes_one_entry(driver, send_command) -> None:
    await send_command("game", "start", actor=PLAYER, name="Friday")
    await send_command("ledger", "buyin", actor=PLAYER, player="Alice", amount="50")
    card = await send_command("ledger", "buyin", actor=PLAYER, player="Bob", amount="50")

    results = await driver.feed_together(
        [press(card.message, "Undo #2", PLAYER), press(card.message, "Undo #2", MANAGER)]
    )

    assert sorted(r.callback["type"] for r in results) == [MESSAGE, UPDATE]
    assert [e.removed for e in await money(driver)] == [False, True]
    [late] = [r for r in results if r.callback["type"] == MESSAGE]
    assert is_ephemeral(late) and "already undone" in said(late)


async def test_members_writing_at_once_lose_nothing(driver, send_command) -> None:
    await send_command("game", "start", actor=MANAGER, name="Friday")
    members = [Actor(user_id=PLAYER.user_id + 100 + n, name=f"m{n}") for n in range(20)]
    schema = driver.command_schema("ledger")
    buyins = [
        payloads.slash_command(schema, m, ("buyin",), {"player": mention(m), "amount": f"{10 + n}.5"})
        for n, m in enumerate(members)
    ]

    replies = await driver.feed_together(buyins)

    assert all(not is_ephemeral(r) for r in replies)
    recorded = await money(driver)
    assert sorted(e.recorded_by for e in recorded) == sorted(m.user_id for m in members)
    assert sorted(e.number for e in recorded) == list(range(1, 21))
    assert sum(e.amount for e in recorded) == sum(Decimal(f"{10 + n}.5") for n in range(20))


async def test_buttons_work_after_a_restart(bot, config, error_log) -> None:
    first = await Driver.start(bot)
    try:
        await first.command("game", PLAYER, ("start",), name="Friday")
        card = dict((await first.command("ledger", PLAYER, ("buyin",), player="Alice", amount="50")).posted)
    finally:
        await first.close()
    second = await Driver.start(FloorBot(config))
    try:
        second.standin.messages[int(card["id"])] = card
        rebought = await second.feed(press(card, "Rebuy 50", PLAYER))
        assert rebought.callback["type"] == UPDATE and "`#2` Alice bought in 50" in rebought.data["content"]
        assert not second.standin.errors
    finally:
        await second.close()


@pytest.mark.parametrize(
    ("typed", "answer"),
    [
        ("-10", "must be more than zero"),
        ("0", "must be more than zero"),
        ("fifty", "isn't an amount"),
        ("1e309", "isn't an amount"),
        ("nan", "isn't an amount"),
        ("0.001", "at most two decimals"),
        ("1.000", "could mean one or a thousand"),
        ("2000000", "the most one entry can hold"),
        ("1.999,999", "at most two decimals"),  # 1999.999, not 1,999,999 (too large: the wrong reason)
        ("@everyone", "isn't an amount"),
    ],
)
async def test_bad_amounts_get_clear_answers_and_record_nothing(driver, send_command, typed, answer) -> None:
    await send_command("game", "start", actor=PLAYER, name="Friday")

    refused = await send_command("ledger", "buyin", actor=PLAYER, player="Alice", amount=typed)

    assert is_ephemeral(refused) and answer in said(refused)
    assert "@everyone" not in said(refused).replace("@\u200beveryone", "")  # echoed escaped, never a ping
    assert await money(driver) == []


@pytest.mark.parametrize(
    ("typed", "answer"),
    [
        ("\u200b", "Who?"),
        ("\u3164", "Who?"),  # a Hangul filler draws as nothing
        ("<@99999999999999999999>", "can't contain"),  # no member has that id: was an OverflowError
        ("@everyone", "can't contain"),
        ("<@&123456789012345678>", "can't contain"),
        ("50", "looks like a number"),
        ("x" * 40, "at most 32 characters"),
    ],
)
async def test_bad_players_get_clear_answers(driver, send_command, typed, answer) -> None:
    await send_command("game", "start", actor=PLAYER, name="Friday")
    refused = await send_command("ledger", "buyin", actor=PLAYER, player=typed, amount="50")
    assert is_ephemeral(refused) and answer in said(refused)
    assert await money(driver) == []


async def test_decimal_amounts_add_up_exactly(driver, send_command) -> None:
    await send_command("game", "start", actor=PLAYER, name="Friday")
    for amount in ("12,50", "7.25", "0.10", "0.20"):
        await send_command("ledger", "buyin", actor=PLAYER, player="Alice", amount=amount)
    await send_command("ledger", "cashout", actor=PLAYER, player="Bob", amount="20.05")

    shown = await send_command("ledger", "show")

    assert "Alice — in 20.05 (4 buy-ins) · out 0 · **-20.05**" in said(shown)
    assert "in 20.05 · out 20.05" in said(shown) and "In and out match" in said(shown)
    settled = await send_command("ledger", "settle")
    assert settled.embeds[0]["description"] == "Alice pays Bob 20.05"
    in_italian = await send_command("ledger", "settle", actor=replace(PLAYER, locale="it"))
    assert in_italian.embeds[0]["description"] == "Alice paga 20,05 a Bob"


async def test_a_thousand_with_a_decimal_mark_is_a_thousand_not_a_million(driver, send_command) -> None:
    """`1,000.000` (English) and `1.000,000` (Italian) are a thousand with zero decimals; reading every
    separator as a thousands group recorded a million, in a closed game's money forever."""
    await send_command("game", "start", actor=PLAYER, name="Friday")
    english = await send_command("ledger", "buyin", actor=PLAYER, player="Alice", amount="1,000.000")
    italian = await send_command("ledger", "cashout", actor=PLAYER, player="Alice", amount="1.000,000")

    assert "Alice bought in 1000" in said(english) and "1000000" not in said(english)
    assert "1000000" not in said(italian)
    assert [entry.cents for entry in await money(driver)] == [100_000, 100_000]


async def test_settling_the_same_table_again_does_not_search_again(driver, send_command) -> None:
    """The exact search holds the GIL for ~80 ms on 15 players and /ledger settle is a read anyone may repeat:
    the split of an unchanged table is remembered, so asking again (or ending the game) costs nothing."""
    zero_sum_split.cache_clear()
    await night(send_command)

    first = await send_command("ledger", "settle", actor=STRANGER)
    again = await send_command("ledger", "settle", actor=STRANGER)
    ended = await send_command("game", "end")

    for reply in (first, again):
        assert reply.embeds[0]["description"] == "Carol pays Alice 50\nBob pays Alice 10"
    assert "Carol pays Alice 50\nBob pays Alice 10" in said(ended)
    assert (zero_sum_split.cache_info().misses, zero_sum_split.cache_info().hits) == (1, 2)


async def test_settle_refuses_a_difference_unless_told_and_says_how_it_was_absorbed(driver, send_command) -> None:
    await send_command("game", "start", actor=PLAYER, name="Friday")
    for player, kind, amount in [("Alice", "buyin", "50"), ("Bob", "buyin", "50"), ("Alice", "cashout", "110")]:
        await send_command("ledger", kind, actor=PLAYER, player=player, amount=amount)

    refused = await send_command("ledger", "settle")
    anyway = await send_command("ledger", "settle", anyway=True)
    ended = await send_command("game", "end")

    assert is_ephemeral(refused) and "10 more cashed out than bought in: recount before settling" in said(refused)
    assert anyway.embeds[0]["description"] == "Bob pays Alice 50"
    assert "Settled anyway" in said(anyway) and "Alice +60 → +50" in said(anyway)
    assert "10 more cashed out than bought in" in said(ended) and "/ledger settle game:1 anyway:true" in said(ended)
    after = await send_command("ledger", "settle", game="1", anyway=True)
    assert after.embeds[0]["description"] == "Bob pays Alice 50"


async def test_a_guest_spelled_twice_is_merged_once(driver, send_command, click) -> None:
    await send_command("game", "start", actor=PLAYER, name="Friday")
    await send_command("ledger", "buyin", actor=PLAYER, player="Alise", amount="50")
    await send_command("ledger", "cashout", actor=PLAYER, player="Alice", amount="50")

    stranger = await send_command("ledger", "merge", actor=STRANGER, guest="Alise", into="Alice")
    member = await send_command("ledger", "merge", actor=MANAGER, guest=mention(STRANGER), into="Alice")
    unknown = await send_command("ledger", "merge", actor=MANAGER, guest="Nobody", into="Alice")
    asked = await send_command("ledger", "merge", actor=MANAGER, guest="alise", into="Alice")
    done = await driver.feed_together([press(asked.message, "Merge", MANAGER) for _ in range(2)])
    shown = await send_command("ledger", "show")

    assert is_ephemeral(stranger) and "rewrites every game" in said(stranger)
    assert is_ephemeral(member) and "Only a guest's name" in said(member)
    assert is_ephemeral(unknown) and "has no guest Nobody" in said(unknown)
    assert is_ephemeral(asked) and "Merge the guest Alise into Alice?" in said(asked)
    outcomes = [said(reply) for reply in done]
    assert sum("Merged Alise into Alice: 1 entries moved" in o for o in outcomes) == 1
    assert sum("no longer active" in o for o in outcomes) == 1  # the first press decides (cogs/views.Confirm)
    assert "Alice — in 50 · out 50 · **0**" in said(shown) and "Alise" not in said(shown)
    notes = [e.text for e in (await driver.bot.store.log_page(GUILD_ID, viewer=EVERYONE)).entries if e.kind == "note"]
    assert notes == ["Ledger: the guest “Alise” was merged into “Alice”."]


async def test_only_the_floor_merges_even_a_banker_cannot_rewrite_closed_games(driver, send_command, click) -> None:
    """The hijack the hostile tester found: a member opens a game in an empty channel, so is its banker, and
    merges a guest of someone else's closed game into themselves. A merge rewrites every game: floor only."""
    elsewhere = replace(STRANGER, channel_id=STRANGER.channel_id + 1)
    floor_role = 777_000_000_000_000_777
    floor = Actor(user_id=STRANGER.user_id + 10, name="floor", roles=(floor_role,))
    await send_command("game", "start", actor=PLAYER, name="Last Friday")
    await send_command("ledger", "buyin", actor=PLAYER, player="Alice", amount="50")
    await send_command("ledger", "cashout", actor=PLAYER, player="Alice", amount="100")
    await send_command("game", "end", actor=PLAYER)
    await send_command("game", "start", actor=elsewhere, name="mine")  # `elsewhere` is now a banker

    hijack = await send_command("ledger", "merge", actor=elsewhere, guest="Alice", into=mention(elsewhere))
    by_the_old_banker = await send_command("ledger", "merge", actor=PLAYER, guest="Alice", into="Alicia")
    await send_command("settings", "floor-role", actor=MANAGER, role=floor_role)
    named_role = await send_command("ledger", "merge", actor=elsewhere, guest="Alice", into=mention(elsewhere))
    by_the_floor = await send_command("ledger", "merge", actor=floor, guest="Alice", into="Alicia")
    await click(by_the_floor.message, "Merge", floor)

    for refused in (hijack, by_the_old_banker):
        assert is_ephemeral(refused) and not refused.data.get("components")  # no Merge button to press
        assert "Manage Server" in said(refused) and "/settings floor-role" in said(refused)
    assert is_ephemeral(named_role) and f"<@&{floor_role}>" in said(named_role)
    assert named_role.data["allowed_mentions"] == {"parse": []}
    [(player, _net)] = [(row.player, row.net) for row in await driver.bot.store.standings(GUILD_ID)]
    assert (player.user_id, player.guest) == (None, "Alicia")  # merged once, by the floor, into a guest


async def test_autocomplete_offers_you_and_the_servers_players(driver, send_command) -> None:
    await send_command("game", "start", actor=PLAYER, name="Friday")
    await send_command("ledger", "buyin", actor=PLAYER, player="Alice", amount="50")
    await send_command("ledger", "buyin", actor=STRANGER, player=mention(STRANGER), amount="50")
    await send_command("ledger", "buyin", actor=PLAYER, player="Alberto", amount="50")

    everyone = await driver.autocomplete("ledger", PLAYER, "player", ("buyin",), player="")
    typed = await driver.autocomplete("ledger", PLAYER, "player", ("cashout",), player="al")
    guests = await driver.autocomplete("ledger", PLAYER, "guest", ("merge",), guest="")

    choices = everyone.callback["data"]["choices"]
    assert [c["value"] for c in choices] == [mention(PLAYER), "Alberto", "Alice", mention(STRANGER)]
    assert choices[0]["name"] == "You (player)" and choices[3]["name"] == "@stranger"
    assert [c["value"] for c in typed.callback["data"]["choices"]] == ["Alberto", "Alice"]
    assert [c["value"] for c in guests.callback["data"]["choices"]] == ["Alberto", "Alice"]


async def test_a_hundred_player_table_fits_discord_and_pages(driver, send_command, click) -> None:
    game = (await send_command("game", "start", actor=PLAYER, name="Big night")).data
    assert "Big night" in game["content"]
    store = driver.bot.store
    opened = await store.open_game(GUILD_ID, channel_id=PLAYER.channel_id)
    assert opened is not None
    long_names = [f"Guest {n:03d} " + "W" * 22 for n in range(100)]
    for n, name in enumerate(long_names):
        for kind, cents, tag in (("buyin", 10_000, "in"), ("cashout", 10_000 + (n - 49.5) * 2 * 100, "out")):
            await store.record_money(
                GUILD_ID,
                game_id=opened.id,
                channel_id=opened.channel_id,
                player=PlayerRef(guest=name),
                kind=kind,
                cents=int(cents),
                recorded_by=PLAYER.user_id,
                request=f"seed:{tag}:{n}",
            )

    pages = [await send_command("ledger", "show")]
    while any(b["label"] == "Next" and not b.get("disabled") for b in buttons(pages[-1].message)):
        pages.append(await click(pages[-1], "Next"))
    settled = [await send_command("ledger", "settle")]
    while any(b["label"] == "Next" and not b.get("disabled") for b in buttons(settled[-1].message)):
        settled.append(await click(settled[-1], "Next"))
    ended = await send_command("game", "end", actor=PLAYER)

    shown = [line for page in pages for line in page.embeds[0]["description"].split("\n")]  # as each press showed it
    assert len(pages) == 5 and len(shown) == 100  # 20 players a page
    assert all(name.strip() in "\n".join(shown) for name in long_names)
    transfers = [line for page in settled for line in page.embeds[0]["description"].split("\n")]
    assert 50 <= len(transfers) <= 99 and all(" pays " in line for line in transfers)
    assert "at most one fewer than the players" in said(settled[0])
    assert "every line: /ledger settle game:1" in said(ended)


async def test_the_ledger_is_exported_and_deleted_with_its_game(driver, send_command, click) -> None:
    await night(send_command)
    await send_command("game", "end")

    exported = await send_command("game", "export", game="1", format="json")
    as_csv = await send_command("game", "export", game="1", format="csv")
    [json_file] = next(r for r in exported.requests if r.files).files
    [csv_file] = next(r for r in as_csv.requests if r.files).files
    records = [r for r in json.loads(json_file.data) if r["kind"] in ("buyin", "cashout")]
    read_back = csv.DictReader(io.StringIO(csv_file.data.decode("utf-8-sig")))
    rows = [r for r in read_back if r["kind"] in ("buyin", "cashout")]

    assert [(r["kind"], r["player"], r["amount"]) for r in records][:2] == [
        ("buyin", "Alice", "50.00"),
        ("buyin", "Bob", "50.00"),
    ]
    assert len(records) == len(rows) == 7 and rows[3]["amount"] == "20.00" and rows[3]["user_id"] == str(PLAYER.user_id)

    asked = await send_command("game", "delete", actor=MANAGER, game="1")
    await click(asked, "Delete", actor=MANAGER)
    game_money = await driver.bot.store.game_money(GUILD_ID, 1)
    assert game_money == [] and await driver.bot.store.standings(GUILD_ID) == []


async def test_standings_over_the_servers_closed_games(driver, send_command) -> None:
    await night(send_command)
    await send_command("game", "end")
    await send_command("game", "start", actor=PLAYER, name="Saturday")
    await send_command("ledger", "buyin", actor=PLAYER, player="alice", amount="100")
    await send_command("ledger", "cashout", actor=PLAYER, player="Bob", amount="100")
    during = await send_command("ledger", "standings")
    await send_command("game", "end")

    after = await send_command("ledger", "standings")
    future = await send_command("ledger", "standings", since="2999-01-01")
    bad = await send_command("ledger", "standings", since="yesterday")

    assert "Alice **+60** · 1 game(s)" in said(during)
    lines = after.embeds[0]["description"].split("\n")
    assert lines == [
        "1. Bob **+90** · 2 game(s) · in 50 · out 140",
        "2. Alice **-40** · 2 game(s) · in 150 · out 110",
        "3. Carol **-50** · 1 game(s) · in 70 · out 20",
    ]
    assert "No closed game has a ledger yet" in said(future)
    assert is_ephemeral(bad) and "2025-01-31" in said(bad)


async def test_the_currency_setting(driver, send_command) -> None:
    member = await send_command("settings", "currency", actor=PLAYER, currency="€")
    bad = await send_command("settings", "currency", actor=MANAGER, currency="euros!")
    chosen = await send_command("settings", "currency", actor=MANAGER, currency="€")
    await send_command("game", "start", actor=PLAYER, name="Friday")
    recorded = await send_command("ledger", "buyin", actor=PLAYER, player="Alice", amount="€ 12.50")
    shown = await send_command("settings", "show")
    cleared = await send_command("settings", "currency", actor=MANAGER)

    assert is_ephemeral(member) and "manage server" in said(member).lower()
    assert is_ephemeral(bad) and "isn't a currency" in said(bad)
    assert "**€50**" in said(chosen)
    assert "Alice bought in €12.50" in said(recorded) and "Rebuy €12.50" in [
        b["label"] for b in buttons(recorded.message)
    ]
    assert "Currency\n€50" in said(shown)
    assert "plain numbers" in said(cleared) and (await driver.bot.store.get_settings(GUILD_ID)).currency is None


async def test_no_open_game_is_said_plainly(driver, send_command) -> None:
    for sub, options in (("buyin", {"player": "Alice", "amount": "5"}), ("undo", {}), ("show", {}), ("settle", {})):
        reply = await send_command("ledger", sub, actor=PLAYER, **options)
        assert is_ephemeral(reply) and "No game is open in this channel" in said(reply)


async def test_writes_count_against_the_members_limit(driver, send_command, click, monkeypatch) -> None:
    monkeypatch.setattr(driver.bot.limits.writes, "clock", lambda: 1000.0)  # no token comes back meanwhile
    await send_command("game", "start", actor=MANAGER, name="Friday")  # a write too: 19 of 20 left
    replies = [await send_command("ledger", "buyin", actor=MANAGER, player="Alice", amount="1") for _ in range(20)]

    rebuy = await click(replies[0], "Rebuy 1", actor=MANAGER)
    other = await send_command("ledger", "buyin", actor=PLAYER, player=mention(PLAYER), amount="1")

    assert [("Slow down" in said(reply)) for reply in replies] == [False] * 19 + [True]
    assert is_ephemeral(rebuy) and "Slow down" in said(rebuy)
    assert not is_ephemeral(other)  # the limit is each member's own
    assert len(await money(driver)) == 20


async def test_a_member_records_themselves_in_the_console_as_at_you(bot, error_log) -> None:
    from offline.console import run_console

    out = io.StringIO()
    lines = "/game start Friday\n/ledger buyin player:@you amount:50\n/ledger show\n"
    assert await run_console(bot, io.StringIO(lines), out) == 0
    text = out.getvalue()
    assert "@you bought in 50" in text and "@you — in 50" in text
