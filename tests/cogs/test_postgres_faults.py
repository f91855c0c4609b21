"""A PostgreSQL server that goes away while the bot runs, through the real discord.py path: each write answers
"not saved" (a ruling is still shown, marked not logged), and once the server is back the bot carries on."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot import Config, FloorBot
from offline.driver import Driver
from offline.payloads import GUILD_ID, PLAYER
from offline.standin import OffsetClock
from store import Viewer
from tests.postgres_cluster import Cluster

FLOP = "the flop had four cards"
EVERYTHING = Viewer(user_id=0, manager=True)


@pytest.fixture
async def pg_driver(own_cluster: Cluster, tmp_path) -> AsyncIterator[Driver]:
    url = own_cluster.create_database("floorcall")
    config = Config(token=None, database_path=str(tmp_path / "unused.db"), database_url=url)
    driver = await Driver.start(FloorBot(config), OffsetClock())
    yield driver
    await driver.close()
    assert not driver.standin.errors


async def test_a_server_that_goes_away_is_never_acknowledged(
    pg_driver: Driver, own_cluster: Cluster, error_log
) -> None:
    await pg_driver.command("game", PLAYER, ("note",), text="before")
    own_cluster.halt()
    noted = await pg_driver.command("game", PLAYER, ("note",), text="during")
    ruled = await pg_driver.command("ruling", PLAYER, situation=FLOP)
    own_cluster.resume()
    after = await pg_driver.command("game", PLAYER, ("note",), text="after")

    assert noted.data["content"].startswith("⚠ Not saved") and "cannot reach its database" in noted.data["content"]
    assert ruled.embeds[0]["title"] == pg_driver.bot.engine.rule(FLOP).headline
    assert "not logged" in ruled.embeds[0]["footer"]["text"]
    assert (after.data.get("content") or "").startswith("📝")
    logged = [record.getMessage() for record in error_log.records]
    assert logged and all("postgresql://" in line and "Fix:" in line for line in logged)
    error_log.records.clear()
    texts = [e.text for e in (await pg_driver.bot.store.log_page(GUILD_ID, viewer=EVERYTHING)).entries]
    assert texts[0] == "after" and texts[-1] == "before" and "during" not in texts
