"""/game through the real discord.py path: the JSON the bot sends, and what ends up in the store."""

from __future__ import annotations

import csv
import io
import json
import random
import zipfile

import pytest

from bot import FloorBot
from offline import payloads
from offline.console import run_console
from offline.payloads import GUILD_ID, MANAGER, PLAYER, STRANGER, Actor
from store import Viewer

EPHEMERAL = 64
FLOP = "the flop had four cards"
HOSTILE = "@everyone <@&123> **bold** `x`"
NO_PINGS: dict[str, list[str]] = {"parse": []}
OTHER_MANAGER = Actor(user_id=MANAGER.user_id + 1, name="other manager", permissions=MANAGER.permissions)


async def start(driver, name: str, actor: Actor = PLAYER):
    """`/game start name:…`. Not via send_command: its own `name` parameter swallows the option (reported)."""
    schema = driver.command_schema("game")
    return await driver.feed(payloads.slash_command(schema, actor, ("start",), {"name": name}))


async def entries(driver, guild_id: int = GUILD_ID):
    """Every entry of the server, oldest first, as a manager reads them."""
    page = await driver.bot.store.log_page(guild_id, viewer=Viewer(user_id=0, manager=True), per_page=1000)
    return list(reversed(page.entries))


def is_ephemeral(data) -> bool:
    return bool(data.get("flags", 0) & EPHEMERAL)


def button_labels(message) -> list[str]:
    return [button["label"] for row in message["components"] for button in row["components"]]


async def test_start_opens_one_game_per_channel(driver, send_command) -> None:
    opened = await start(driver, "Friday")
    again = await start(driver, "Saturday")

    assert "Friday" in opened.data["content"] and not is_ephemeral(opened.data)
    assert opened.data["allowed_mentions"] == NO_PINGS
    assert is_ephemeral(again.data) and "already open" in again.data["content"]
    assert "Friday" in again.data["content"]


async def test_final_rulings_land_in_the_open_game_then_the_server_log(driver, send_command) -> None:
    await start(driver, "Friday")
    await send_command("ruling", situation=FLOP)
    ended = await send_command("game", "end")
    await send_command("ruling", situation=FLOP)

    assert "closed" in ended.data["content"]
    in_game, after = await entries(driver)
    assert (in_game.game_name, in_game.rule_id, in_game.outcome) == (
        "Friday",
        "holdem.flop-too-many-cards",
        "redeal-flop",
    )
    assert (in_game.text, in_game.user_id, in_game.kind) == (FLOP, PLAYER.user_id, "ruling")
    assert after.game_id is None


async def test_end_without_a_game_says_so(send_command) -> None:
    ended = await send_command("game", "end")
    assert is_ephemeral(ended.data) and "No game is open" in ended.data["content"]


async def test_note_is_stored_exactly_and_echoed_without_pings_or_markdown(driver, send_command) -> None:
    await start(driver, "Friday")
    noted = await send_command("game", "note", text=HOSTILE)

    [entry] = await entries(driver)
    assert (entry.kind, entry.text, entry.game_name) == ("note", HOSTILE, "Friday")
    content = noted.data["content"]
    assert noted.data["allowed_mentions"] == NO_PINGS
    assert "@everyone" not in content and "<@&123>" not in content and "**bold**" not in content


async def test_log_pages_newest_first_with_previous_and_next(driver, send_command, click) -> None:
    for n in range(12):
        await driver.bot.store.add_note(GUILD_ID, channel_id=1, user_id=PLAYER.user_id, text=f"note {n}")

    first = await send_command("game", "log")
    [embed] = first.embeds
    assert embed["description"].index("note 11") < embed["description"].index("note 2")
    assert "note 1\n" not in embed["description"] + "\n"  # the 11th and 12th newest are on page 2
    assert button_labels(first.message) == ["Previous", "Next"]
    assert [b["disabled"] for row in first.message["components"] for b in row["components"]] == [True, False]

    second = await click(first, "Next")

    [embed] = second.message["embeds"]
    assert "note 1" in embed["description"] and "note 0" in embed["description"]
    assert "note 11" not in embed["description"]
    assert [b["disabled"] for row in second.message["components"] for b in row["components"]] == [False, True]


async def test_a_short_log_has_no_buttons(driver, send_command) -> None:
    await send_command("game", "note", text="only one")
    shown = await send_command("game", "log")
    assert shown.data.get("components", []) == []
    assert "only one" in shown.embeds[0]["description"]


async def test_only_the_asker_or_a_manager_turns_pages(driver, send_command, click) -> None:
    for n in range(12):
        await driver.bot.store.add_note(GUILD_ID, channel_id=1, user_id=PLAYER.user_id, text=f"note {n}")
    first = await send_command("game", "log")

    refused = await click(first, "Next", actor=STRANGER)

    assert is_ephemeral(refused.data)
    assert "Page 1" in driver.standin.messages[int(first.message["id"])]["embeds"][0]["footer"]["text"]
    assert "Page 2" in (await click(first, "Next", actor=MANAGER)).message["embeds"][0]["footer"]["text"]


async def test_log_of_one_game_by_id_or_name(driver, send_command) -> None:
    await start(driver, "Friday")
    await send_command("game", "note", text="in Friday")
    await send_command("game", "end")
    await send_command("game", "note", text="outside")
    [game] = await driver.bot.store.list_games(GUILD_ID)

    for ref in (str(game.number), f"#{game.number}", "friday"):
        [embed] = (await send_command("game", "log", game=ref)).embeds
        assert "Friday" in embed["title"]
        assert "in Friday" in embed["description"] and "outside" not in embed["description"]

    missing = await send_command("game", "log", game="Sunday")
    assert is_ephemeral(missing.data) and "no game" in missing.data["content"]


async def test_game_autocomplete_offers_this_servers_games(driver) -> None:
    await driver.bot.store.start_game(GUILD_ID, channel_id=1, user_id=1, name="Friday")
    await driver.bot.store.start_game(GUILD_ID + 1, channel_id=2, user_id=1, name="Friday elsewhere")

    exchange = await driver.autocomplete("game", PLAYER, "game", ("log",), game="fri")

    choices = exchange.callback["data"]["choices"]
    assert [choice["name"] for choice in choices] == [f"#{choices[0]['value']} Friday"]


@pytest.mark.parametrize("file_format", ["csv", "json"])
async def test_export_attaches_a_file_that_parses_back(driver, send_command, file_format: str) -> None:
    await start(driver, "Friday")
    await send_command("ruling", situation=FLOP)
    await send_command("game", "note", text=HOSTILE)
    logged = await entries(driver)

    exchange = await send_command("game", "export", format=file_format)

    assert is_ephemeral(exchange.data)  # deferred ("thinking"), then the reply edited in with the file
    [edit] = [request for request in exchange.requests if request.method == "PATCH"]
    assert edit.json["allowed_mentions"] == NO_PINGS
    assert [a["filename"] for a in exchange.message["attachments"]] == [f"floorcall-server-log.{file_format}"]
    assert is_ephemeral(exchange.message) and "2 entries" in exchange.message["content"]
    [attachment] = edit.files
    text = attachment.data.decode("utf-8-sig")  # CSV starts with a byte-order mark, for Excel
    rows = json.loads(text) if file_format == "json" else list(csv.DictReader(io.StringIO(text, newline="")))
    # CSV neutralises a cell a spreadsheet would run as a formula (here the "@"); JSON keeps the text exactly.
    shown = HOSTILE if file_format == "json" else "'" + HOSTILE
    assert [row["text"] for row in rows] == [FLOP, shown]
    assert [str(row["number"]) for row in rows] == [str(e.number) for e in logged]
    assert "id" not in rows[0]  # internal ids would reveal other servers' counts


async def test_list_shows_games_newest_first(driver, send_command) -> None:
    await start(driver, "Friday")
    await send_command("game", "end")
    await start(driver, "Saturday")

    listed = await send_command("game", "list")

    description = listed.embeds[0]["description"]
    assert description.index("Saturday") < description.index("Friday")
    assert "open" in description and "closed" in description


async def test_delete_needs_manage_server(driver, send_command) -> None:
    await start(driver, "Friday")
    [game] = await driver.bot.store.list_games(GUILD_ID)

    refused = await send_command("game", "delete", game=str(game.number))

    assert is_ephemeral(refused.data) and "Manage Server" in refused.data["content"].title()
    assert await driver.bot.store.get_game(GUILD_ID, game.number) is not None


async def test_delete_asks_and_only_the_asker_can_confirm(driver, send_command, click) -> None:
    await start(driver, "Friday")
    await send_command("ruling", situation=FLOP)
    [game] = await driver.bot.store.list_games(GUILD_ID)

    asked = await send_command("game", "delete", actor=MANAGER, game=str(game.number))

    assert is_ephemeral(asked.data) and "Friday" in asked.data["content"]
    assert button_labels(asked.message) == ["Delete", "Cancel"]
    for intruder in (PLAYER, STRANGER, OTHER_MANAGER):
        refused = await click(asked, "Delete", actor=intruder)
        assert is_ephemeral(refused.data)
        assert await driver.bot.store.get_game(GUILD_ID, game.number) is not None

    done = await click(asked, "Delete", actor=MANAGER)

    assert "Deleted" in done.message["content"] and done.message["components"] == []
    assert await driver.bot.store.get_game(GUILD_ID, game.number) is None
    assert await entries(driver) == []


async def test_cancel_keeps_everything(driver, send_command, click) -> None:
    await send_command("game", "note", text="keep me")
    asked = await send_command("game", "clear", actor=MANAGER)

    cancelled = await click(asked, "Cancel", actor=MANAGER)

    assert "nothing was deleted" in cancelled.message["content"]
    assert [e.text for e in await entries(driver)] == ["keep me"]


async def test_clear_empties_only_this_servers_log(driver, send_command, click) -> None:
    await start(driver, "Friday")
    await send_command("game", "note", text="ours")
    await driver.bot.store.add_note(GUILD_ID + 1, channel_id=1, user_id=1, text="theirs")

    refused = await send_command("game", "clear")
    assert is_ephemeral(refused.data) and len(await entries(driver)) == 1

    asked = await send_command("game", "clear", actor=MANAGER)
    await click(asked, "Delete", actor=MANAGER)

    assert await entries(driver) == []
    assert await driver.bot.store.list_games(GUILD_ID) == []
    assert [e.text for e in await entries(driver, GUILD_ID + 1)] == ["theirs"]


async def test_servers_see_only_their_own_games(driver, send_command) -> None:
    await driver.bot.store.start_game(GUILD_ID + 1, channel_id=1, user_id=1, name="Elsewhere")
    elsewhere = (await driver.bot.store.list_games(GUILD_ID + 1))[0]

    shown = await send_command("game", "log", game=str(elsewhere.number))
    listed = await send_command("game", "list")

    assert is_ephemeral(shown.data) and "no game" in shown.data["content"]
    assert "Elsewhere" not in listed.embeds[0]["description"]


async def test_an_export_over_the_upload_limit_is_zipped_or_split_to_fit(driver) -> None:
    for n in range(200):  # hex digits of random bytes: a log that zip can only halve
        await driver.bot.store.add_note(GUILD_ID, channel_id=1, user_id=1, text=random.Random(n).randbytes(250).hex())
    payload = payloads.slash_command(driver.command_schema("game"), MANAGER, ("export",), {})
    payload["attachment_size_limit"] = 8192  # the stand-in refuses any upload over it (413)

    exchange = await driver.feed(payload)

    assert "200 entries, zipped" in exchange.message["content"]
    files = [file for request in exchange.requests for file in request.files]
    assert len(files) >= 2 and all(len(file.data) <= 8192 for file in files)
    rows = []
    for file in files:
        with zipfile.ZipFile(io.BytesIO(file.data)) as archive:
            [name] = archive.namelist()
            rows += list(csv.DictReader(io.StringIO(archive.read(name).decode("utf-8-sig"), newline="")))
    assert sorted(int(row["number"]) for row in rows) == list(range(1, 201))


async def test_an_upload_limit_too_small_for_any_export_is_explained(driver) -> None:
    await driver.bot.store.add_note(GUILD_ID, channel_id=1, user_id=1, text="x")
    payload = payloads.slash_command(driver.command_schema("game"), PLAYER, ("export",), {})
    payload["attachment_size_limit"] = 100

    exchange = await driver.feed(payload)

    assert is_ephemeral(exchange.data) and "no file big enough" in exchange.data["content"]


async def test_the_log_survives_a_console_restart(config, error_log) -> None:
    """The newcomer's walk-through: open a game, get a ruling, close it; restart; the log still has it."""
    # Unnamed start: offline.Driver.command's own `name` parameter swallows a `name` option (reported).
    first = await _console(config, "/game start\n/ruling flop had four cards\n/game end\n")
    second = await _console(config, "/game log\n")

    assert "is open" in first and "is closed" in first
    assert "flop had four cards" in second and "holdem.flop-too-many-cards" in second


async def _console(config, typed: str) -> str:
    out = io.StringIO()
    assert await run_console(FloorBot(config), io.StringIO(typed), out) == 0
    return out.getvalue()
