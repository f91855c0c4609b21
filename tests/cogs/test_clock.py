"""Discord's clock, through the real discord.py path: every write answers within 3 seconds by the same rule,
expired controls disable themselves while their token is valid, and a press on a dead control is answered.

The stand-in refuses a first response later than 3 s after the interaction was created (10062) and any
use of a token older than 15 minutes (50027); the `driver` fixture fails a test on any such refusal.
"""

from __future__ import annotations

import asyncio

import pytest

from cogs import respond, views
from offline import payloads
from offline.driver import Driver
from offline.payloads import GUILD_ID, MANAGER, PLAYER

EPHEMERAL, LOADING = 64, 128
THINKING, DEFERRED_UPDATE, UPDATE = 5, 6, 7


def slow(monkeypatch, store, method: str, clock=None, seconds: float = 5.0) -> None:
    """Make a store write slow: it takes a little real time and, on the stand-in's clock, `seconds`."""
    real = getattr(store, method)

    async def slowly(*args, **kwargs):
        await asyncio.sleep(0.05)
        if clock is not None:
            clock.advance(seconds)
        return await real(*args, **kwargs)

    monkeypatch.setattr(store, method, slowly)


WRITES = [
    ("ruling", (), {"situation": "the flop had four cards"}, "log_ruling"),
    ("game", ("start",), {"name": "Friday"}, "start_game"),
    ("game", ("note",), {"text": "new deck"}, "add_note"),
    ("game", ("end",), {}, "end_game"),
]


@pytest.mark.parametrize(("command", "path", "options", "method"), WRITES, ids=[w[3] for w in WRITES])
async def test_every_slow_write_defers_within_the_window_then_fills_the_reply(
    driver, clock, monkeypatch, command, path, options, method
) -> None:
    if method == "end_game":
        await driver.bot.store.start_game(GUILD_ID, channel_id=PLAYER.channel_id, user_id=1, name="Friday")
    monkeypatch.setattr(respond, "DEFER_AFTER", 0.01)
    slow(monkeypatch, driver.bot.store, method, clock)  # 5 s on Discord's clock: too late to answer directly

    exchange = await driver.command(command, PLAYER, path, **options)

    assert exchange.callback["type"] == THINKING
    assert exchange.message is not None and not exchange.message["flags"] & LOADING  # filled in
    assert exchange.message["content"] or exchange.message["embeds"]


async def test_an_interaction_that_arrives_late_is_deferred_at_once(driver, monkeypatch) -> None:
    """Two of the three seconds are gone before the handler starts (a slow gateway): the rule counts from
    when Discord created the interaction, so the bot defers instead of waiting another 1.5 s."""
    slow(monkeypatch, driver.bot.store, "add_note")
    payload = payloads.slash_command(driver.command_schema("game"), PLAYER, ("note",), {"text": "late"})

    exchange = await driver.feed(payloads.aged(payload, 2.0))

    assert exchange.callback["type"] == THINKING
    assert "late" in exchange.message["content"]


async def test_a_fast_write_answers_directly(driver) -> None:
    exchange = await driver.command("game", PLAYER, ("note",), text="quick")
    assert exchange.callback["type"] == 4


async def test_a_slow_confirmation_defers_as_an_update(driver, clock, monkeypatch, send_command, click) -> None:
    await driver.bot.store.start_game(GUILD_ID, channel_id=1, user_id=1, name="Friday")
    asked = await send_command("game", "delete", actor=MANAGER, game="1")
    monkeypatch.setattr(respond, "DEFER_AFTER", 0.01)
    slow(monkeypatch, driver.bot.store, "delete_game", clock)

    done = await click(asked, "Delete", actor=MANAGER)

    assert done.callback["type"] == DEFERRED_UPDATE
    assert "Deleted" in done.message["content"] and done.message["components"] == []


async def test_expired_controls_disable_themselves_while_the_token_is_valid(driver, monkeypatch, send_command) -> None:
    monkeypatch.setattr(views, "VIEW_TIMEOUT", 0.05)
    for n in range(12):
        await driver.bot.store.add_note(GUILD_ID, channel_id=1, user_id=PLAYER.user_id, text=f"note {n}")
    shown = await send_command("game", "log")
    [pager] = driver.live_views()

    await pager.wait()  # the timeout fires; on_timeout edits the message
    await asyncio.sleep(0.05)

    message = driver.standin.messages[int(shown.message["id"])]
    assert [b["disabled"] for row in message["components"] for b in row["components"]] == [True, True]
    [edit] = [r for r in driver.standin.requests if r.method == "PATCH" and r.token == shown.payload["token"]]
    assert edit.status == 200


async def test_the_expiry_comes_before_the_token_dies() -> None:
    """Controls stop 14 minutes after the last press; that press's token lives 15 minutes."""
    assert views.VIEW_TIMEOUT < 15 * 60 - 30


async def test_a_press_on_controls_from_before_a_restart_is_answered(bot, config, error_log) -> None:
    first = await Driver.start(bot)
    try:
        for n in range(12):
            await first.bot.store.add_note(GUILD_ID, channel_id=1, user_id=PLAYER.user_id, text=f"note {n}")
        shown = dict((await first.command("game", PLAYER, ("log",))).posted)
    finally:
        await first.close()
    from bot import FloorBot

    second = await Driver.start(FloorBot(config))
    try:
        second.standin.messages[int(shown["id"])] = shown
        [_, following] = payloads.interactive_components(shown)
        pressed = await second.feed(payloads.component_click(shown, following["custom_id"], PLAYER))

        assert pressed.callback["type"] == UPDATE
        assert all(b["disabled"] for b in payloads.interactive_components(pressed.posted))
        [notice] = pressed.followups
        assert notice.json["flags"] & EPHEMERAL and "no longer active" in notice.json["content"]
        assert not second.standin.errors
    finally:
        await second.close()
