"""Shared fixtures: a logged-in FloorBot with a temporary database, driven through the Discord stand-in.

Use `send_command("ruling", situation="...")`, `send_command("game", "start", name="Friday")` and
`click(exchange, "Yes")`; every test that uses them fails if discord.py or the bot logged an error, or if
the bot called a route the stand-in does not serve.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pytest

from offline.driver import Driver, ErrorLog, Exchange
from offline.payloads import PLAYER, Actor, PayloadError, interactive_components
from offline.standin import OffsetClock

if TYPE_CHECKING:
    from bot import Config, FloorBot

pytest_plugins = ("tests.postgres_fixtures",)  # pg_cluster, own_cluster, pg_url: real PostgreSQL servers


@pytest.fixture
def error_log() -> Iterator[ErrorLog]:
    """ERROR records from `discord` and `floorcall`; a test that expects one must `records.clear()` it."""
    log = ErrorLog()
    log.attach()
    yield log
    log.detach()
    assert not log.records, f"the bot logged errors:\n{log.summary()}"


@pytest.fixture
def config(tmp_path) -> Config:
    from bot import Config  # imported here so store-only test runs don't need the engine and cogs

    return Config(token=None, database_path=str(tmp_path / "floorcall.db"))


@pytest.fixture
def bot(config: Config) -> FloorBot:
    from bot import FloorBot

    return FloorBot(config)


@pytest.fixture
def clock() -> OffsetClock:
    """The stand-in's clock: `clock.advance(4)` ages every interaction by 4 seconds, no sleeping."""
    return OffsetClock()


@pytest.fixture
async def driver(bot: FloorBot, error_log: ErrorLog, clock: OffsetClock) -> AsyncIterator[Driver]:
    """The bot logged in against a fresh stand-in (setup_hook has run: engine, store, cogs). The stand-in
    refuses what Discord would refuse; the test fails on any refusal it did not clear from `errors`."""
    driver = await Driver.start(bot, clock)
    yield driver
    await driver.close()
    assert not driver.standin.errors, f"the stand-in refused requests Discord would refuse: {driver.standin.errors}"


SendCommand = Callable[..., Awaitable[Exchange]]
Click = Callable[..., Awaitable[Exchange]]


@pytest.fixture
def send_command(driver: Driver) -> SendCommand:
    """`await send_command(name, *subcommand_path, actor=PLAYER, **options)` -> Exchange."""

    async def send(command: str, /, *path: str, actor: Actor = PLAYER, **options: Any) -> Exchange:
        return await driver.command(command, actor, path, **options)

    return send


@pytest.fixture
def click(driver: Driver) -> Click:
    """`await click(exchange_or_message, "Yes" | custom_id, actor=PLAYER, values=None)` -> Exchange.

    A select is found by custom_id or by one of its option labels (then that option is picked).
    """

    async def press(
        target: Exchange | Mapping[str, Any],
        control: str,
        actor: Actor = PLAYER,
        values: Sequence[str] | None = None,
    ) -> Exchange:
        message = target.message if isinstance(target, Exchange) else target
        assert message is not None, "that exchange left no message to click on"
        custom_id, picked = find_control(message, control)
        return await driver.click(message, custom_id, actor, values if values is not None else picked)

    return press


def find_control(message: Mapping[str, Any], control: str) -> tuple[str, list[str] | None]:
    """The custom_id (and select values) for a button label, a select option label, or a custom_id."""
    for component in interactive_components(message):
        if control in (component.get("custom_id"), component.get("label")):
            return component["custom_id"], None
        for option in component.get("options", []):
            if control in (option["label"], option["value"]):
                return component["custom_id"], [option["value"]]
    raise PayloadError(f"no control {control!r} on message {message['id']}")
