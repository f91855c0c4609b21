"""/game as a hostile or careless member uses it, through the real discord.py path and the strict stand-in:
over-limit names and notes, bad references, empty text, stale and double confirmations, flooding.

The `driver` fixture fails a test on any request the stand-in refused (over a limit, too late, twice), and
`error_log` on any error the bot logged, so "nothing went wrong" is checked by every test here.
"""

from __future__ import annotations

import re
import sys
from dataclasses import replace

import pytest

from offline import payloads
from offline.payloads import GUILD_ID, MANAGER, PLAYER, STRANGER
from store import Viewer

EVERYONE = Viewer(user_id=0, manager=True)  # reads every entry, private ones too

EPHEMERAL = 64
MARKDOWN = "*_~|`" * 20  # 100 characters that each gain a backslash when escaped: 200 once shown


def is_ephemeral(data) -> bool:
    return bool(data.get("flags", 0) & EPHEMERAL)


def components(message) -> list[dict]:
    return [c for row in message.get("components", []) for c in row["components"]]


async def start(driver, name: str, actor=PLAYER):
    schema = driver.command_schema("game")
    return await driver.feed(payloads.slash_command(schema, actor, ("start",), {"name": name}))


async def test_list_with_long_markdown_names_pages_by_characters(driver, send_command, click) -> None:
    for channel in range(25):
        await driver.bot.store.start_game(GUILD_ID, channel_id=channel, user_id=PLAYER.user_id, name=MARKDOWN)

    listed = await send_command("game", "list")

    [embed] = listed.embeds
    assert len(embed["description"]) <= 4096
    pages = int(embed["footer"]["text"].rsplit(" ", 1)[1])
    assert pages >= 3  # 25 lines of ~300 characters: paged by characters, not only by count
    shown = {embed["description"]}
    message = listed.message
    for _ in range(pages - 1):
        message = (await click(message, "Next")).message
        shown.add(message["embeds"][0]["description"])
    assert len(shown) == pages
    assert sum(text.count("\n") + 1 for text in shown) == 25  # every game listed exactly once
    assert [c["disabled"] for c in components(message)] == [False, True]


async def test_log_with_markdown_heavy_notes_fits_on_every_page(driver, send_command, click) -> None:
    for _ in range(25):
        await driver.bot.store.add_note(GUILD_ID, channel_id=1, user_id=PLAYER.user_id, text=MARKDOWN * 10)
    await start(driver, MARKDOWN)

    first = await send_command("game", "log")
    second = await click(first, "Next")
    third = await click(second, "Next")

    for message in (first.message, second.message, third.message):
        [embed] = message["embeds"]
        assert len(embed["description"]) <= 4096
        assert embed["description"].count("📝") == (10 if message is not third.message else 5)
    assert "\\*" in first.message["embeds"][0]["description"]  # escaped, then cut: no live markdown


async def test_a_game_log_title_with_a_long_markdown_name_fits(driver, send_command) -> None:
    await start(driver, MARKDOWN)
    await send_command("game", "note", text=MARKDOWN * 10)

    shown = await send_command("game", "log", game="1")

    [embed] = shown.embeds
    assert embed["title"].startswith("Log — #1 ") and len(embed["title"]) <= 256


async def test_games_are_numbered_per_server_and_shown_by_number(driver, send_command) -> None:
    for guild in (GUILD_ID + 1, GUILD_ID + 2):
        await driver.bot.store.start_game(guild, channel_id=9, user_id=1, name="elsewhere")

    opened = await start(driver, "Friday")
    await send_command("game", "end")
    second = await start(driver, "Saturday")

    assert "#1 **Friday**" in opened.data["content"]
    assert "#2 **Saturday**" in second.data["content"]


@pytest.mark.parametrize(
    "ref",
    ["²", "٣", "99999999999999999999", "9" * 5000, "#" + "9" * 5000, "-1", "1e3", "<@&123>"],
    ids=["superscript", "arabic-indic", "20 digits", "5000 digits", "#5000 digits", "negative", "exponent", "mention"],
)
@pytest.mark.parametrize("subcommand", ["log", "export", "delete"])
async def test_a_bad_game_reference_gets_a_friendly_answer(driver, send_command, ref, subcommand) -> None:
    await start(driver, "Friday")

    answered = await send_command("game", subcommand, actor=MANAGER, game=ref)

    assert is_ephemeral(answered.data)
    assert "no game" in answered.data["content"] and len(answered.data["content"]) < 300
    assert "<@&123>" not in answered.data["content"]
    assert await driver.bot.store.get_game(GUILD_ID, 1) is not None


@pytest.mark.parametrize("ref", ["", "   ", "\u200b", "\u200b\u200d\u2060\ufeff", "\u3164", "\n\t"])
async def test_a_blank_reference_asks_which_game_instead_of_picking_one(driver, send_command, ref) -> None:
    await start(driver, "Friday")

    answered = await send_command("game", "delete", actor=MANAGER, game=ref)

    assert is_ephemeral(answered.data) and "Which game?" in answered.data["content"]
    assert answered.message is not None and components(answered.message) == []


@pytest.mark.parametrize("blank", [" ", "\u200b" * 50, "\u200c\u200d", "\u2800\u3164", " \u00a0\u2003 "])
async def test_invisible_names_and_notes_are_refused_clearly(driver, send_command, blank) -> None:
    named = await start(driver, blank)
    noted = await send_command("game", "note", text=blank)

    assert is_ephemeral(named.data) and "nothing anyone could read" in named.data["content"]
    assert is_ephemeral(noted.data) and "nothing anyone could read" in noted.data["content"]
    assert await driver.bot.store.list_games(GUILD_ID) == []
    assert (await driver.bot.store.log_page(GUILD_ID, viewer=EVERYONE)).entries == ()


async def test_a_stale_confirmation_never_deletes_another_game(driver, send_command, click) -> None:
    await start(driver, "Friday")
    stale = await send_command("game", "delete", actor=MANAGER, game="1")
    fresh = await send_command("game", "delete", actor=MANAGER, game="1")
    await click(fresh, "Delete", actor=MANAGER)
    await send_command("game", "end")
    reopened = await start(driver, "Saturday")  # numbers are never reused: this is #2, not #1
    assert "#2" in reopened.data["content"]

    pressed = await click(stale, "Delete", actor=MANAGER)

    assert "#1 was already gone" in pressed.message["content"]
    [survivor] = await driver.bot.store.list_games(GUILD_ID)
    assert (survivor.number, survivor.name) == (2, "Saturday")


async def test_two_presses_on_delete_at_once_delete_once(driver, send_command) -> None:
    await start(driver, "Friday")
    await send_command("game", "end")
    await start(driver, "Saturday")
    asked = await send_command("game", "delete", actor=MANAGER, game="1")
    [button] = [c for c in components(asked.message) if c["label"] == "Delete"]
    presses = [payloads.component_click(asked.message, button["custom_id"], MANAGER) for _ in range(2)]

    first, second = await driver.feed_together(presses)

    assert [g.number for g in await driver.bot.store.list_games(GUILD_ID)] == [2]
    outcomes = [e.data.get("content") or "" for e in (first, second)]  # each press's own reply
    assert sum("Deleted" in text for text in outcomes) == 1
    assert sum("no longer active" in text for text in outcomes) == 1


@pytest.mark.parametrize("order", [("Delete", "Cancel"), ("Cancel", "Delete")])
async def test_delete_and_cancel_pressed_together_the_first_decides_and_the_card_tells_the_truth(
    driver, send_command, order
) -> None:
    """QA report 9: the Cancel press said 'nothing was deleted' while the Delete press deleted the game."""
    await start(driver, "Friday")
    asked = await send_command("game", "delete", actor=MANAGER, game="1")
    ids = {c["label"]: c["custom_id"] for c in components(asked.message)}
    presses = [payloads.component_click(asked.message, ids[label], MANAGER) for label in order]

    _, second = await driver.feed_together(presses)

    deleted = await driver.bot.store.get_game(GUILD_ID, 1) is None
    assert deleted == (order[0] == "Delete")
    card = driver.standin.original(asked.payload)
    assert card is not None and components(card) == []
    assert ("Deleted" in card["content"]) == deleted and ("nothing was deleted" in card["content"]) != deleted
    assert "no longer active" in (second.data.get("content") or "")


async def test_a_press_on_a_used_confirmation_says_it_is_no_longer_active(driver, send_command, click) -> None:
    await driver.bot.store.add_note(GUILD_ID, channel_id=1, user_id=1, text="keep")
    asked = await send_command("game", "clear", actor=MANAGER)
    [delete] = [c for c in components(asked.message) if c["label"] == "Delete"]
    snapshot = dict(asked.message)  # what a second client still shows: the buttons before the first press
    await click(asked, "Cancel", actor=MANAGER)

    late = await driver.feed(payloads.component_click(snapshot, delete["custom_id"], MANAGER))

    [notice] = late.followups
    assert notice.json["flags"] & EPHEMERAL and "no longer active" in notice.json["content"]
    assert [e.text for e in (await driver.bot.store.log_page(GUILD_ID, viewer=EVERYONE)).entries] == ["keep"]


async def test_writes_are_rate_limited_per_member(driver, send_command) -> None:
    answers = [await send_command("game", "note", text=f"note {n}") for n in range(22)]
    other = await send_command("game", "note", actor=replace(STRANGER, permissions=PLAYER.permissions), text="mine")

    refused = [a for a in answers if "Slow down" in (a.data.get("content") or "")]
    assert len(refused) == 2 and all(is_ephemeral(a.data) for a in refused)
    assert "Noted" in other.data["content"]
    assert len((await driver.bot.store.log_page(GUILD_ID, viewer=EVERYONE, per_page=50)).entries) == 21


async def test_private_rulings_are_shown_only_to_their_asker_and_managers(driver, send_command) -> None:
    store = driver.bot.store
    ruling = {
        "status": "ruling",
        "rule_id": "holdem.premature-turn",
        "outcome": "replace-turn",
        "rulebook": "robert-classic",
    }
    await store.log_ruling(GUILD_ID, channel_id=1, user_id=PLAYER.user_id, situation="secret", private=True, **ruling)
    await store.log_ruling(GUILD_ID, channel_id=1, user_id=PLAYER.user_id, situation="open", **ruling)

    replies = {who.name: await send_command("game", "log", actor=who) for who in (PLAYER, STRANGER, MANAGER)}
    seen = {name: reply.embeds[0]["description"] for name, reply in replies.items()}

    assert all(is_ephemeral(reply.data) for reply in replies.values())  # never posted where others could read it
    assert "secret" in seen["player"] and "🔒" in seen["player"]
    assert "secret" in seen["manager"]
    assert "secret" not in seen["stranger"] and "open" in seen["stranger"]


async def test_autocomplete_with_long_markdown_names_stays_within_discords_limits(driver) -> None:
    for channel in range(30):
        await driver.bot.store.start_game(GUILD_ID, channel_id=channel, user_id=1, name=MARKDOWN)

    offered = await driver.autocomplete("game", PLAYER, "game", ("log",), game="*")

    choices = offered.callback["data"]["choices"]
    assert len(choices) == 25 and all(len(c["name"]) <= 100 for c in choices)
    assert choices[0]["value"] == "30"  # the newest game's number


async def test_a_long_markdown_note_and_name_are_echoed_within_limits(driver, send_command) -> None:
    opened = await start(driver, MARKDOWN)
    noted = await send_command("game", "note", text=MARKDOWN * 10)

    assert len(opened.data["content"]) <= 2000 and len(noted.data["content"]) <= 2000
    quoted = noted.data["content"].split("“", 1)[1]
    assert quoted.count("*") == quoted.count("\\*") > 0  # every star of the note is escaped


@pytest.mark.parametrize("ref", ["20", "0", "-1", "12", "#0", "+4", "0020"])
@pytest.mark.parametrize("subcommand", ["log", "export", "delete"])
async def test_a_number_names_that_game_or_none_never_one_whose_name_holds_it(
    driver, send_command, ref, subcommand
) -> None:
    """Default names are dates: '20' or '-1' used to fall back to 'Game 2026-12-01' (QA report 3)."""
    for name in ("Game 2026-12-01", "Game night 20", "Friday 12 -1"):
        await start(driver, name)
        await send_command("game", "end")

    answered = await send_command("game", subcommand, actor=MANAGER, game=ref)

    assert is_ephemeral(answered.data) and "no game" in answered.data["content"]
    assert answered.message is not None and components(answered.message) == []
    assert len(await driver.bot.store.list_games(GUILD_ID)) == 3


async def test_a_deleted_number_does_not_fall_back_to_another_game(driver, send_command, click) -> None:
    for name in ("Game night 1", "Game night 2", "Game night 3"):
        await start(driver, name)
        await send_command("game", "end")
    await click(await send_command("game", "delete", actor=MANAGER, game="2"), "Delete", actor=MANAGER)

    shown = await send_command("game", "log", game="2")
    plus = await send_command("game", "log", game="+3")

    assert "no game" in shown.data["content"] and not shown.embeds
    assert "#3" in plus.embeds[0]["title"]


async def test_an_exact_name_is_found_among_all_games_and_a_part_of_a_name_never_deletes(
    driver, send_command
) -> None:
    store = driver.bot.store
    for name in ["Friday"] + [f"Friday late {n}" for n in range(26)]:  # more newer matches than a search returns
        await store.start_game(GUILD_ID, channel_id=1, user_id=PLAYER.user_id, name=name)
        await store.end_game(GUILD_ID, channel_id=1)

    exact = await send_command("game", "delete", actor=MANAGER, game="friday")
    part = await send_command("game", "delete", actor=MANAGER, game="Friday lat")
    shown = await send_command("game", "log", game="Friday lat")

    assert "#1 **Friday**" in exact.data["content"]
    assert "no game" in part.data["content"] and components(part.message) == []
    assert "#27" in shown.embeds[0]["title"]  # a part of a name still finds the newest game to read


async def test_a_clear_left_open_keeps_what_was_logged_after_it_was_asked(driver, send_command, click) -> None:
    await start(driver, "Friday")
    await send_command("game", "note", text="before")
    await send_command("game", "end")
    asked = await send_command("game", "clear", actor=MANAGER)
    await start(driver, "Saturday")
    await send_command("game", "note", text="after")

    done = await click(asked, "Delete", actor=MANAGER)

    assert "Anything logged since is kept" in done.message["content"]
    assert [e.text for e in (await driver.bot.store.log_page(GUILD_ID, viewer=EVERYONE)).entries] == ["after"]
    assert [g.name for g in await driver.bot.store.list_games(GUILD_ID)] == ["Saturday"]


def shown_numbers(message) -> list[int]:
    """The entry numbers a log page shows, in order (each line starts with `#n`)."""
    [embed] = message["embeds"]
    return [int(n) for n in re.findall(r"^`#(\d+)`", embed["description"], flags=re.M)]


async def test_turning_a_page_while_entries_arrive_or_go_repeats_and_skips_nothing(driver, send_command, click) -> None:
    """QA report 12: pages by offset, so four notes logged while page 1 was open started page 2 with page 1's
    last four entries (and a delete skipped entries the same way)."""
    store = driver.bot.store
    await store.start_game(GUILD_ID, channel_id=2, user_id=PLAYER.user_id, name="deleted later")
    for n in range(1, 26):  # entries 3 and 4 in that game's channel, so in that game
        await store.add_note(GUILD_ID, channel_id=2 if n in (3, 4) else 1, user_id=PLAYER.user_id, text=f"note {n}")
    first = await send_command("game", "log")
    assert shown_numbers(first.message) == list(range(25, 15, -1))

    for n in range(4):
        await store.add_note(GUILD_ID, channel_id=1, user_id=PLAYER.user_id, text=f"late {n}")
    second = await click(first, "Next")
    assert shown_numbers(second.message) == list(range(15, 5, -1))

    await store.delete_game(GUILD_ID, 1)  # and entries 3 and 4 with it
    third = await click(second, "Next")
    assert shown_numbers(third.message) == [5, 2, 1]


async def walk_list(send_command, click) -> tuple[list[int], str]:
    """Every game number /game list shows over all its pages, and the footer of its first page."""
    shown = await send_command("game", "list")
    message, numbers = shown.message, []
    while True:
        [embed] = message["embeds"]
        numbers += [int(n) for n in re.findall(r"#(\d+) \*\*", embed["description"])]
        labels = {c["label"]: c for c in components(message)}
        if "Next" not in labels or labels["Next"].get("disabled"):
            return numbers, shown.message["embeds"][0].get("footer", {}).get("text", "")
        message = (await click(message, "Next")).message


async def test_the_game_list_pages_past_25_games_and_says_when_it_stops(
    driver, send_command, click, monkeypatch
) -> None:
    """QA report 10: with 30 games, #1-#5 were on no page and nothing said so."""
    store = driver.bot.store
    for n in range(30):
        await store.start_game(GUILD_ID, channel_id=1, user_id=PLAYER.user_id, name=f"Game {n + 1}")
        await store.end_game(GUILD_ID, channel_id=1)

    numbers, footer = await walk_list(send_command, click)
    assert numbers == list(range(30, 0, -1)) and "newest" not in footer

    monkeypatch.setattr(sys.modules["cogs.games"], "LIST_GAMES", 12)  # the module the bot loaded as its cog
    numbers, footer = await walk_list(send_command, click)
    assert numbers == list(range(30, 18, -1)) and "The 12 newest games" in footer


async def test_a_right_to_left_override_in_a_name_does_not_reorder_the_list_line(driver, send_command) -> None:
    """QA report 18: a game name holding U+202E reversed the rest of its /game list line on screen."""
    await start(driver, "Fri\u202eday\u2066 night\u2069")

    listed = await send_command("game", "list")

    description = listed.embeds[0]["description"]
    assert "Friday night" in description
    assert not any(control in description for control in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
    assert (await driver.bot.store.get_game(GUILD_ID, 1)).name == "Fri\u202eday\u2066 night\u2069"  # stored as typed
