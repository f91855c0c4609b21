"""FloorBot: the discord.py bot every cog runs in, typed so cogs can say `discord.Interaction[FloorBot]`.

It lives here, below the cogs, so nothing imports bot.py (the entry point) back: bot.py builds a FloorBot
from its configuration, the cogs and views only import this module, and this module imports no cog (the
extensions, the error handler among them, are loaded by name in `setup_hook`).
"""

from __future__ import annotations

import logging
from typing import Protocol

import discord
from discord.ext import commands

from cogs.cooldown import MemberLimits
from i18n.commands import CatalogueTranslator
from rules_engine import Engine
from store import Store

log = logging.getLogger("floorcall.bot")


class BotConfig(Protocol):
    """What the bot needs from bot.py's Config: where the log is, whether to sync, which extensions, which
    shards."""

    @property
    def database(self) -> str: ...

    @property
    def shard_count(self) -> int | None: ...

    @property
    def shard_ids(self) -> tuple[int, ...] | None: ...

    @property
    def sync(self) -> int | str | None: ...

    @property
    def extensions(self) -> tuple[str, ...]: ...


class FloorBot(commands.AutoShardedBot):
    """The bot: default (non-privileged) intents, never pings, slash commands only. Sharded: one process runs
    the shards `config.shard_ids` of `config.shard_count` (every shard, and Discord's recommended count, when
    unset), so a bot in many servers runs as several processes over one PostgreSQL database (see shards.py)."""

    engine: Engine
    store: Store

    def __init__(self, config: BotConfig) -> None:
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False  # no voice: don't warn about it
        super().__init__(
            command_prefix=commands.when_mentioned,
            help_command=None,
            intents=discord.Intents.default(),
            allowed_mentions=discord.AllowedMentions.none(),
            shard_count=config.shard_count,
        )
        # Set here, not passed above: discord.py's types take no None for "every shard" (Config checked them).
        self.shard_ids = None if config.shard_ids is None else list(config.shard_ids)
        self.config = config
        self.limits = MemberLimits()

    async def setup_hook(self) -> None:
        self.engine = Engine.load()
        self.store = await Store.open(self.config.database)
        await self.tree.set_translator(CatalogueTranslator())
        for extension in self.config.extensions:
            await self.load_extension(extension)
        await self._sync_commands()

    async def _sync_commands(self) -> None:
        """Sync only when asked: syncing on every start is rate limited and slow to propagate."""
        target = self.config.sync
        if target is None:
            return
        guild = None if target == "global" else discord.Object(id=int(target))
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        synced = await self.tree.sync(guild=guild)
        log.info("Synced %d commands to %s", len(synced), "everyone" if guild is None else f"guild {target}")

    async def on_ready(self) -> None:
        log.info("Ready as %s in %d servers", self.user, len(self.guilds))

    async def close(self) -> None:
        try:
            await super().close()
        finally:
            store = getattr(self, "store", None)
            if store is not None:
                try:
                    await store.close()
                except Exception:  # a full disk can refuse even the last writes: shutting down must still finish
                    log.exception("The database did not close cleanly")
