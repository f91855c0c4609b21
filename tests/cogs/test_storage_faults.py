"""Storage faults through the real discord.py path: a database that vanishes, is replaced or fills up gives a
clear "not saved" (a ruling is still shown, marked not logged), and nothing is acknowledged that was not
saved. Start-up with an unusable database is in tests/test_bot.py (a real process).
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from offline import payloads
from offline.payloads import GUILD_ID, MANAGER, PLAYER
from store import StoreFull, Viewer

EPHEMERAL = 64
FLOP = "the flop had four cards"
EVERYTHING = Viewer(user_id=0, manager=True)


def delete(path: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def replace_file(path: Path) -> None:
    other = path.with_name("restored.db")
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE restored (x)")
    os.replace(other, path)


def not_logged(exchange) -> bool:
    return "not logged" in exchange.embeds[0]["footer"]["text"]


@pytest.mark.parametrize("fault", [delete, replace_file], ids=["deleted", "replaced"])
async def test_a_vanished_database_is_never_acknowledged(driver, send_command, config, error_log, fault) -> None:
    await send_command("game", "note", text="before")
    fault(Path(config.database_path))

    noted = await send_command("game", "note", text="after")
    ruled = await send_command("ruling", situation=FLOP)
    opened = await send_command("game", "start", actor=MANAGER, name="Friday")

    for refused in (noted, opened):
        assert refused.data["flags"] & EPHEMERAL
        said = refused.data["content"]
        assert said.startswith("⚠ Not saved") and "moved, deleted or changed" in said
    assert ruled.embeds[0]["title"] == driver.bot.engine.rule(FLOP).headline and not_logged(ruled)
    assert {r.name for r in error_log.records} == {"floorcall.bot", "floorcall.rulings"}
    assert all(str(config.database_path) in r.getMessage() for r in error_log.records)  # one line, with the path
    assert all(r.exc_info is None for r in error_log.records)
    error_log.records.clear()


async def fill_up(store) -> None:
    """Let the database not grow any more, then use up what room is left (a full disk, as the store sees it)."""
    [(pages,)] = await store._db.conn.execute_fetchall("PRAGMA page_count")
    await store._db.conn.execute(f"PRAGMA max_page_count = {pages}")
    for words in (100, 10, 1):  # big notes first, then smaller ones into the last gaps
        try:
            while True:
                await store.add_note(GUILD_ID + 1, channel_id=1, user_id=1, text="filler " * words)
        except StoreFull:
            continue


async def test_a_full_disk_is_not_saved_and_the_log_carries_on_when_there_is_room(
    driver, send_command, error_log
) -> None:
    await send_command("game", "note", text="kept")
    await fill_up(driver.bot.store)

    noted = await send_command("game", "note", text="a long note " * 80)
    ruled = await send_command("ruling", situation=FLOP)

    assert noted.data["flags"] & EPHEMERAL and "disk is full" in noted.data["content"]
    assert not_logged(ruled)
    error_log.records.clear()
    await driver.bot.store._db.conn.execute("PRAGMA max_page_count = 1073741823")
    again = await send_command("game", "note", text="room again")
    assert "Noted" in again.data["content"]
    texts = [e.text for e in (await driver.bot.store.log_page(GUILD_ID, viewer=EVERYTHING)).entries]
    assert texts == ["room again", "kept"]


async def test_a_full_disk_while_answering_a_question_shows_the_ruling_unlogged(
    driver, send_command, click, error_log
) -> None:
    asked = await send_command("ruling", situation="the dealer exposed a card")
    await fill_up(driver.bot.store)

    answered = await click(asked, driver.bot.engine.rule("the dealer exposed a card").questions[0].options[0].label)

    assert answered.callback["type"] == 7 and not_logged(answered)
    assert answered.message["components"] == []
    error_log.records.clear()
    assert (await driver.bot.store.log_page(GUILD_ID, viewer=EVERYTHING)).entries == ()
    await driver.bot.store._db.conn.execute("PRAGMA max_page_count = 1073741823")  # Store.close writes too


async def test_reads_after_the_file_vanished_say_so_too(driver, send_command, config, error_log) -> None:
    delete(Path(config.database_path))

    shown = await send_command("game", "log", actor=PLAYER)

    assert shown.data["flags"] & EPHEMERAL and "moved, deleted or changed" in shown.data["content"]
    error_log.records.clear()


async def test_a_disk_that_refuses_writes_is_not_saved_never_a_bug(driver, send_command, error_log) -> None:
    """A file or filesystem turned read-only, a failing disk (here: SQLite's own read-only refusal, code 8):
    every write answers "⚠ Not saved", a ruling still arrives marked not logged, reads carry on."""
    await send_command("game", "note", text="kept")
    await driver.bot.store._db.conn.execute("PRAGMA query_only = ON")

    refused = [
        await send_command("game", "note", text="after"),
        await send_command("game", "start", actor=MANAGER, name="Friday"),
        await send_command("settings", "language", actor=MANAGER, language="it"),
        await send_command("ruling", situation="the dealer exposed a card"),  # asks a question: stored first
    ]
    ruled = await send_command("ruling", situation=FLOP)
    read = await send_command("game", "log", actor=MANAGER)

    for exchange in refused:
        said = exchange.posted["content"]
        assert said.startswith("⚠ Not saved") and "disk refused" in said, said
    assert not_logged(ruled)
    assert "kept" in read.embeds[0]["description"]
    assert all(record.exc_info is None for record in error_log.records)  # a fault in one line, not a bug's traceback
    error_log.records.clear()
    await driver.bot.store._db.conn.execute("PRAGMA query_only = OFF")


async def test_another_program_holding_the_lock_holds_up_no_read_and_a_write_says_try_again(
    driver, config, error_log
) -> None:
    """The sqlite3 shell left in a transaction, a second bot: reads in every server are answered at once, and a
    write, deferred in Discord's window, then says it was not saved and to try again."""
    schema = driver.command_schema
    elsewhere = replace(PLAYER, guild_id=GUILD_ID + 1, user_id=PLAYER.user_id + 1)
    blocker = sqlite3.connect(config.database_path, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        note, log, settings = await driver.feed_together(
            [
                payloads.slash_command(schema("game"), PLAYER, ("note",), {"text": "while locked"}),
                payloads.slash_command(schema("game"), PLAYER, ("log",), {}),
                payloads.slash_command(schema("settings"), elsewhere, ("show",), {}),
            ]
        )
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()

    assert note.callback["type"] == 5  # deferred ("thinking…") while the write waited
    said = note.posted["content"]
    assert said.startswith("⚠ Not saved") and "Try again" in said, said
    assert log.callback["type"] == 4 and settings.callback["type"] == 4  # answered, not deferred nor dropped
    assert [r.name for r in error_log.records] == ["floorcall.bot"]
    error_log.records.clear()
    again = await driver.command("game", PLAYER, ("note",), text="later")
    assert "Noted" in again.posted["content"]
