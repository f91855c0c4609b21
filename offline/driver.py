"""Runs a real discord.py bot against the stand-in, with no gateway.

Every touch of discord.py's private API is in this module, so a discord.py upgrade breaks one place
(discord.py's minor version is pinned in requirements.txt):
- `discord.http.Route.BASE` is pointed at the stand-in before `bot.login`;
- payloads are fed to `bot._connection.parsers["INTERACTION_CREATE"]`, as the gateway would;
- the tasks that parser spawns (command invocation, view callbacks) are awaited so callers see the result
  (`deliver`, also used by offline/gateway.py, a shard process fed from stdin).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Generic, TypeVar

import discord
from discord.ext import commands

from offline import payloads
from offline.payloads import Actor
from offline.standin import Clock, Recorded, StandIn

BotT = TypeVar("BotT", bound=commands.Bot | commands.AutoShardedBot)
HANDLER_TIMEOUT = 30.0  # a guard against a hung handler, not a performance budget (see Driver.handler_timeout)
WATCHED_LOGGERS = ("discord", "floorcall")


@dataclass(slots=True)
class Exchange:
    """One interaction and everything the bot sent the stand-in while handling it."""

    payload: dict[str, Any]
    requests: list[Recorded]
    message: dict[str, Any] | None  # the message this interaction posted or edited, as it stands now

    @property
    def posted(self) -> dict[str, Any]:
        """`message` for an interaction that must have posted or edited one (raises if it did not)."""
        if self.message is None:
            raise AssertionError(f"the interaction left no message; the bot sent {self.requests!r}")
        return self.message

    @property
    def callback(self) -> dict[str, Any]:
        """The JSON body of the interaction callback (raises if the bot never answered)."""
        bodies = [r.json for r in self.requests if r.is_callback]
        if not bodies:
            raise AssertionError(f"the bot sent no interaction callback; it sent {self.requests!r}")
        return bodies[0]

    @property
    def data(self) -> dict[str, Any]:
        """The callback's message data: content, embeds, components, flags, allowed_mentions."""
        return self.callback.get("data") or {}

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.data.get("embeds") or []

    @property
    def modal(self) -> dict[str, Any] | None:
        """The form the bot answered with (callback type 9), if it did and the stand-in took it."""
        bodies = [r.json for r in self.requests if r.is_callback and r.status == 200 and isinstance(r.json, dict)]
        return bodies[0].get("data") if bodies and bodies[0].get("type") == 9 else None

    @property
    def followups(self) -> list[Recorded]:
        return [r for r in self.requests if "/webhooks/" in r.path]


class ErrorLog(logging.Handler):
    """Collects ERROR records: discord.py logs and swallows command errors, so callers must look here."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def attach(self) -> None:
        for name in WATCHED_LOGGERS:
            logging.getLogger(name).addHandler(self)

    def detach(self) -> None:
        for name in WATCHED_LOGGERS:
            logging.getLogger(name).removeHandler(self)

    def summary(self) -> str:
        formatter = logging.Formatter("%(name)s: %(message)s")
        return "\n".join(formatter.format(record) for record in self.records)


class Driver(Generic[BotT]):
    """A logged-in bot wired to a running stand-in; send it commands and clicks like Discord would."""

    def __init__(self, bot: BotT, standin: StandIn, handler_timeout: float = HANDLER_TIMEOUT) -> None:
        self.bot = bot
        self.standin = standin
        # How long `feed` waits for the bot's handlers. Discord allows a deferred reply 15 minutes
        # (limits.TOKEN_LIFETIME): a test of something that slow (an export of a huge log) may allow as much.
        self.handler_timeout = handler_timeout
        self._saved_base = discord.http.Route.BASE

    @classmethod
    async def start(
        cls, bot: BotT, clock: Clock | None = None, *, handler_timeout: float = HANDLER_TIMEOUT
    ) -> Driver[BotT]:
        """Start a stand-in (in its own thread, reading time from `clock`, default the real one), point discord.py
        at it and log in (runs `setup_hook`; opens no gateway)."""
        standin = StandIn() if clock is None else StandIn(clock)
        await standin.start()
        driver = cls(bot, standin, handler_timeout)
        discord.http.Route.BASE = standin.base_url
        try:
            await bot.login("offline-token")
        except BaseException:
            await driver.close()
            raise
        return driver

    async def close(self) -> None:
        try:
            for view in self.live_views():
                view.stop()  # cancels its timeout task, which would otherwise outlive the loop
            await self.bot.close()
        finally:
            discord.http.Route.BASE = self._saved_base
            await self.standin.close()

    def live_views(self) -> set[discord.ui.view.BaseView]:
        """Views still listening for clicks (discord.py keeps them in a private store)."""
        store = self.bot._connection._view_store._views
        return {item.view for items in store.values() for item in items.values() if item.view is not None}

    @cached_property
    def schema(self) -> dict[str, dict[str, Any]]:
        return payloads.command_schema(self.bot.tree)

    def command_schema(self, name: str) -> dict[str, Any]:
        try:
            return self.schema[name]
        except KeyError:
            raise payloads.PayloadError(f"no command /{name}; commands are {sorted(self.schema)}") from None

    async def feed(self, payload: dict[str, Any]) -> Exchange:
        """Deliver an INTERACTION_CREATE payload as the gateway would and wait until it is handled."""
        [exchange] = await self.feed_together([payload])
        return exchange

    async def feed_together(self, payloads: Sequence[dict[str, Any]]) -> list[Exchange]:
        """Deliver several payloads at once (a double click, two members on one button), as one gateway
        read would, then wait until every one is handled. Each exchange holds its own token's requests."""
        first = len(self.standin.requests)
        for payload in payloads:
            self.standin.expect(payload)
        await deliver(self.bot, payloads, self.handler_timeout)
        requests = self.standin.requests[first:]
        return [
            Exchange(payload, [r for r in requests if r.token == payload["token"]], self.standin.original(payload))
            for payload in payloads
        ]

    async def command(self, name: str, actor: Actor, path: Sequence[str] = (), /, **options: Any) -> Exchange:
        """Run `/name path... option:value ...` as `actor` (positional-only, so an option may be called `name`)."""
        return await self.feed(payloads.slash_command(self.command_schema(name), actor, path, options))

    async def autocomplete(
        self, name: str, actor: Actor, focused: str, path: Sequence[str] = (), /, **options: Any
    ) -> Exchange:
        """Ask for autocomplete choices while `actor` types in option `focused`."""
        schema = self.command_schema(name)
        return await self.feed(payloads.autocomplete(schema, actor, focused, path, options))

    async def click(
        self, message: Mapping[str, Any], custom_id: str, actor: Actor, values: Sequence[str] | None = None
    ) -> Exchange:
        """Press a button (or pick `values` in a select) on a message the stand-in holds."""
        current = self.standin.messages.get(int(message["id"]), message)
        return await self.feed(payloads.component_click(current, custom_id, actor, values))

    async def submit(self, opened: Exchange, actor: Actor, values: Mapping[str, str | Sequence[str]]) -> Exchange:
        """Fill in and send the form `opened` answered with, as `actor`: by custom id, text for a text input and
        the picked values for a select. A form opened from a message's component carries that message (as the
        stand-in holds it now)."""
        modal = self.standin.modal(opened.payload)
        if modal is None:
            raise payloads.PayloadError("that interaction opened no form")
        shown = opened.payload.get("message")
        message = None if shown is None else self.standin.messages.get(int(shown["id"]), shown)
        return await self.feed(payloads.modal_submit(modal, actor, values, message))


async def deliver(
    bot: commands.Bot | commands.AutoShardedBot, payloads: Sequence[dict[str, Any]], timeout: float = HANDLER_TIMEOUT
) -> None:
    """Feed INTERACTION_CREATE payloads to the bot as one gateway read would; return once every one is handled
    (or raise TimeoutError after `timeout` seconds)."""
    before = asyncio.all_tasks()
    for payload in payloads:
        bot._connection.parsers["INTERACTION_CREATE"](payload)
    spawned = asyncio.all_tasks() - before
    if spawned:
        await asyncio.wait_for(asyncio.gather(*spawned), timeout)
