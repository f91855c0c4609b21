"""Floor Call: a poker floorperson for Discord home games.

`python bot.py` runs the bot with DISCORD_TOKEN from the environment or `.env`; `python bot.py --console`
runs the same cogs offline against a local Discord stand-in (see offline/console.py).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass

import discord
from discord import app_commands
from discord.ext import commands
from dotenv import load_dotenv

from cogs.language import reply_language
from i18n import Language, text
from i18n.commands import CatalogueTranslator
from rules_engine import Engine
from store import Store

log = logging.getLogger("floorcall.bot")

# Loaded in this order by setup_hook; a new feature is one more entry here.
EXTENSIONS: tuple[str, ...] = (
    "cogs.rulings",
    "cogs.reference",
    "cogs.help",
    "cogs.games",
    "cogs.settings",
    "cogs.tools",
)

TOKEN_HELP = """\
No DISCORD_TOKEN is set, so Floor Call cannot connect to Discord.

To get a token:
  1. Open https://discord.com/developers/applications and create an application.
  2. Under "Bot", reset the token and copy it (no privileged intents are needed).
  3. Put it in a .env file next to bot.py (see .env.example): DISCORD_TOKEN=...
  4. Invite the bot with the "bot" and "applications.commands" scopes, then run it with
     SYNC_COMMANDS=guild:<your server id> once so the slash commands appear right away.

Without a token you can still try every command offline: ./run --console (or python bot.py --console)
"""


class ConfigError(ValueError):
    """A setting in the environment or .env is malformed."""


@dataclass(frozen=True, slots=True)
class Config:
    """Settings from the environment (and .env). `sync` is None, "global", or a guild id to sync to."""

    token: str | None
    database_path: str = "floorcall.db"
    log_level: str = "INFO"
    sync: int | str | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> Config:
        level = env.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
        if not isinstance(logging.getLevelName(level), int):
            raise ConfigError(f"LOG_LEVEL={level!r} is not a logging level (try INFO or DEBUG)")
        return cls(
            token=env.get("DISCORD_TOKEN", "").strip() or None,
            database_path=env.get("DATABASE_PATH", "").strip() or "floorcall.db",
            log_level=level,
            sync=_parse_sync(env.get("SYNC_COMMANDS", "")),
        )


def _parse_sync(raw: str) -> int | str | None:
    value = raw.strip()
    if not value:
        return None
    if value == "global":
        return "global"
    prefix, _, guild = value.partition(":")
    if prefix == "guild" and guild.strip().isdigit():
        return int(guild)
    raise ConfigError(f"SYNC_COMMANDS={raw!r}: use 'global' or 'guild:<server id>', or leave it unset")


class FloorTree(app_commands.CommandTree):
    """The one place where failures become a short ephemeral reply and a log line."""

    async def on_error(self, interaction: discord.Interaction, error: Exception, /) -> None:
        original = getattr(error, "original", error)
        where = f"guild={interaction.guild_id} user={interaction.user.id} command={_command_name(interaction)}"
        language = await reply_language(interaction)
        message = _friendly(error, language)
        if message is None:
            log.error("Unhandled error %s", where, exc_info=original)
            message = text(language, "errors.bug")
        else:
            log.info("Refused %s: %s", where, error)
        try:
            if interaction.response.is_done():
                await interaction.followup.send(message, ephemeral=True)
            else:
                await interaction.response.send_message(message, ephemeral=True)
        except discord.HTTPException:
            log.warning("Could not tell the user about the failure %s", where)


def _command_name(interaction: discord.Interaction) -> str:
    command = interaction.command
    if command is not None:
        return f"/{command.qualified_name}"
    data: Mapping[str, object] = interaction.data or {}
    return str(data.get("custom_id") or data.get("name") or "?")


def _friendly(error: Exception, language: Language) -> str | None:
    """The user-facing sentence for an expected failure; None for a bug."""
    if isinstance(error, app_commands.MissingPermissions | app_commands.BotMissingPermissions):
        missing = ", ".join(_permission(p, language) for p in error.missing_permissions)
        return text(language, "errors.permission", missing=missing)
    if isinstance(error, app_commands.NoPrivateMessage):
        return text(language, "errors.server_only")
    if isinstance(error, app_commands.CommandOnCooldown):
        return text(language, "errors.cooldown", seconds=error.retry_after)
    if isinstance(error, app_commands.CheckFailure):
        return text(language, "errors.not_here")
    if isinstance(error, app_commands.TransformerError):
        return text(language, "errors.unreadable", value=error.value)
    if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        return text(language, "errors.stale_command")
    return None


def _permission(name: str, language: Language) -> str:
    """Discord's name for a permission: from the catalogue for those the commands check, else from its flag."""
    try:
        return text(language, f"permissions.{name}")
    except KeyError:
        return name.replace("_", " ").replace("guild", "server")


class FloorBot(commands.Bot):
    """The bot: default (non-privileged) intents, never pings, slash commands only."""

    engine: Engine
    store: Store

    def __init__(self, config: Config) -> None:
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False  # no voice: don't warn about it
        super().__init__(
            command_prefix=commands.when_mentioned,
            help_command=None,
            intents=discord.Intents.default(),
            allowed_mentions=discord.AllowedMentions.none(),
            tree_cls=FloorTree,
        )
        self.config = config

    async def setup_hook(self) -> None:
        self.engine = Engine.load()
        self.store = await Store.open(self.config.database_path)
        await self.tree.set_translator(CatalogueTranslator())
        for extension in EXTENSIONS:
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
                await store.close()


def configure_logging(level: str) -> None:
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)-7s %(name)s: %(message)s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--console", action="store_true", help="try the commands offline, no Discord needed")
    args = parser.parse_args(argv)
    load_dotenv()
    try:
        config = Config.from_env(os.environ)
    except ConfigError as exc:
        print(f"Configuration error: {exc}", file=sys.stderr)
        return 2
    if args.console:
        return _console(config)
    if config.token is None:
        print(TOKEN_HELP, file=sys.stderr)
        if not sys.stdin.isatty():
            print(
                "No terminal to offer the offline console on; set DISCORD_TOKEN and run again.",
                file=sys.stderr,
            )
            return 1
        try:
            answer = input("Start the offline console now? [Y/n] ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            return 1
        return _console(config) if answer in ("", "y", "yes") else 1
    configure_logging(config.log_level)
    bot = FloorBot(config)
    try:
        bot.run(config.token, log_handler=None)
    except discord.LoginFailure:
        log.error("Discord refused the token: check DISCORD_TOKEN (it is not printed here)")
        return 1
    return 0


def _console(config: Config) -> int:
    from offline.console import run_console

    configure_logging("WARNING")
    try:
        return asyncio.run(run_console(FloorBot(config)))
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
