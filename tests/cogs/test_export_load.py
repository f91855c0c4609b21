"""`/game export` of a 100,000-entry log while other servers keep ruling, through the real discord.py path.

Checks what must hold whatever the machine's speed: every ruling elsewhere is answered and logged once,
the export attaches files within the upload limit that hold every entry exactly once, and the stand-in
refused nothing. How long the rulings waited meanwhile is measured by bench/interaction.py, not asserted.
"""

from __future__ import annotations

import asyncio
import csv
import io
import sqlite3
import zipfile
from dataclasses import replace
from pathlib import Path

from bot import Config, FloorBot
from offline.driver import Driver, Exchange
from offline.payloads import GUILD_ID, MANAGER, PLAYER, Actor
from store import Store, Viewer

ENTRIES = 100_000
FLOP = "the flop had four cards"
SERVERS = 5


async def fill(path: Path, entries: int) -> None:
    """The schema from the store, then the exported server's notes straight into the file (the store's own
    tests do the same: writing 100,000 entries one by one would take the suite 15 s)."""
    await (await Store.open(path)).close()
    with sqlite3.connect(path) as conn:
        conn.executemany(
            "INSERT INTO log_entries (guild_id, number, channel_id, user_id, kind, text) "
            "VALUES (?, ?, 500, 900, 'note', ?)",
            (
                (GUILD_ID, n, f"note {n}: the dealer exposed the burn card at table {n % 9}")
                for n in range(1, entries + 1)
            ),
        )


def elsewhere(index: int) -> Actor:
    return replace(PLAYER, user_id=PLAYER.user_id + 100 + index, guild_id=GUILD_ID + 1 + index % SERVERS)


def rows_of(data: bytes, filename: str) -> list[dict[str, str]]:
    if filename.endswith(".zip"):
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            [name] = archive.namelist()
            data = archive.read(name)
    return list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"), newline="")))


async def test_an_export_of_100000_entries_while_other_servers_rule(tmp_path, error_log) -> None:
    path = tmp_path / "floorcall.db"
    await fill(path, ENTRIES)
    driver = await Driver.start(FloorBot(Config(token=None, database_path=str(path))))
    try:
        exporting = asyncio.create_task(driver.command("game", MANAGER, ("export",), format="csv"))
        rulings: list[Exchange] = []
        during = 0
        while not exporting.done() or len(rulings) < 20:
            rulings.append(await driver.command("ruling", elsewhere(len(rulings)), situation=FLOP))
            during += not exporting.done()
        exported = await exporting

        assert during > 0  # rulings were answered while the export was under way
        assert all(r.embeds and r.embeds[0]["title"] == driver.bot.engine.rule(FLOP).headline for r in rulings)
        everything = Viewer(user_id=0, manager=True)
        logged = 0
        for guild in range(GUILD_ID + 1, GUILD_ID + 1 + SERVERS):
            entries = (await driver.bot.store.log_page(guild, viewer=everything, per_page=len(rulings) + 1)).entries
            assert [e.number for e in entries] == list(range(len(entries), 0, -1))  # once each, none lost
            logged += len(entries)
        assert logged == len(rulings)

        files = [file for request in exported.requests for file in request.files]
        limit = exported.payload["attachment_size_limit"]
        assert files and all(len(file.data) <= limit for file in files)
        numbers = [int(row["number"]) for file in files for row in rows_of(file.data, file.filename or "")]
        assert sorted(numbers) == list(range(1, ENTRIES + 1))
        assert f"{ENTRIES:,} entries" in exported.posted["content"]
        assert not driver.standin.errors
    finally:
        await driver.close()
