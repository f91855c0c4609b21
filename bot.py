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
from dotenv import load_dotenv

from cogs.core import FloorBot
from shards import parse_shard_ids
from store import Store, StoreUnusable, is_postgres_url

log = logging.getLogger("floorcall.bot")

# Loaded in this order by setup_hook; a new feature is one more entry here. What the cogs share comes first.
EXTENSIONS: tuple[str, ...] = (
    "cogs.shared",
    "cogs.rulings",
    "cogs.reference",
    "cogs.help",
    "cogs.games",
    "cogs.settings",
    "cogs.tools",
    "cogs.ledger",
    "cogs.houserules",
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
    """Settings from the environment (and .env). `sync` is None, "global", or a guild id to sync to;
    `extensions` are the cogs FloorBot loads (tests may load fewer). `database_url` (PostgreSQL), when set,
    is used instead of `database_path` (SQLite). `shard_count` None lets Discord recommend one; `shard_ids`
    None runs every shard in this process."""

    token: str | None
    database_path: str = "floorcall.db"
    log_level: str = "INFO"
    sync: int | str | None = None
    extensions: tuple[str, ...] = EXTENSIONS
    database_url: str | None = None
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None

    @property
    def database(self) -> str:
        """Where the log is: DATABASE_URL if set, else DATABASE_PATH."""
        return self.database_url or self.database_path

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> Config:
        level = env.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
        if not isinstance(logging.getLevelName(level), int):
            raise ConfigError(f"LOG_LEVEL={level!r} is not a logging level (try INFO or DEBUG)")
        url = env.get("DATABASE_URL", "").strip() or None
        if url is not None and not is_postgres_url(url):
            raise ConfigError("DATABASE_URL must start with postgresql:// (for SQLite, set DATABASE_PATH instead)")
        shard_count, shard_ids = _parse_shards(env.get("SHARD_COUNT", ""), env.get("SHARD_IDS", ""))
        if shard_ids is not None and shard_count is not None and len(shard_ids) < shard_count and url is None:
            raise ConfigError(
                "SHARD_IDS runs only some of the shards here, so other processes serve the rest and must share "
                "this one's log: set DATABASE_URL to a PostgreSQL database they all use"
            )
        return cls(
            token=env.get("DISCORD_TOKEN", "").strip() or None,
            database_path=env.get("DATABASE_PATH", "").strip() or "floorcall.db",
            log_level=level,
            sync=_parse_sync(env.get("SYNC_COMMANDS", "")),
            database_url=url,
            shard_count=shard_count,
            shard_ids=shard_ids,
        )


def _parse_shards(count: str, ids: str) -> tuple[int | None, tuple[int, ...] | None]:
    """SHARD_COUNT (a whole number from 1) and SHARD_IDS (`0-3,7`, which needs SHARD_COUNT)."""
    count, ids = count.strip(), ids.strip()
    if not count:
        if ids:
            raise ConfigError("SHARD_IDS needs SHARD_COUNT: the total number of shards across every process")
        return None, None
    if not count.isdigit() or int(count) < 1:
        raise ConfigError(f"SHARD_COUNT={count!r} must be a whole number from 1 (Discord: one shard per 2,500 servers)")
    if not ids:
        return int(count), None
    try:
        return int(count), parse_shard_ids(ids, int(count))
    except ValueError as error:
        raise ConfigError(f"SHARD_IDS={ids!r}: {error}") from None


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
    unusable = database_problem(config.database)
    if unusable is not None:
        print(unusable, file=sys.stderr)
        return 1
    configure_logging(config.log_level)
    bot = FloorBot(config)
    try:
        bot.run(config.token, log_handler=None)
    except discord.LoginFailure:
        log.error("Discord refused the token: check DISCORD_TOKEN (it is not printed here)")
        return 1
    return 0


def database_problem(location: str) -> str | None:
    """One line naming the database (the file, or the URL without its password), what is wrong with it and the
    fix, if the store refuses it; checked before anything connects to Discord, so a bad DATABASE_PATH or
    DATABASE_URL never gets as far as a traceback."""

    async def check() -> None:
        store = await Store.open(location)
        await store.close()

    try:
        asyncio.run(check())
    except StoreUnusable as unusable:
        return f"Floor Call cannot use its database: {unusable}"
    return None


def _console(config: Config) -> int:
    from offline.console import run_console

    unusable = database_problem(config.database)
    if unusable is not None:
        print(unusable, file=sys.stderr)
        return 1
    configure_logging("WARNING")
    try:
        return asyncio.run(run_console(FloorBot(config)))
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
