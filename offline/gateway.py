"""One shard process of a sharded bot, offline: interactions arrive on stdin instead of Discord's gateway.

Discord sends each server's events on shard `(guild_id >> 22) % shard_count` (direct messages on shard 0),
over that shard's own connection, so a process hears only the servers of its SHARD_IDS. Offline there is no
gateway, so whoever drives the processes plays it: it sends each INTERACTION_CREATE payload, as one JSON line,
to the process that runs the payload's shard. This process delivers it to the real bot and cogs as the
gateway would, or refuses it without delivering when the server is on another process's shards (answering it
here too would answer that server twice). The bot's replies go to the stand-in at STANDIN_URL, which the
driver runs and checks; the log goes to DATABASE_URL, shared with the other processes.

    STANDIN_URL=http://127.0.0.1:PORT/api/v10 DATABASE_URL=postgresql://... SHARD_COUNT=2 SHARD_IDS=0 \
        python -m offline.gateway

stdout, one JSON object a line: first `{"ready": {"shard_count", "shard_ids", "schema"}}` (the command schema, to
build payloads from), then `{"token", "handled": true}` or `{"token", "refused": why}` for each payload line.
At the end of stdin the bot closes (its store too) and the process exits 0.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from typing import Any

import discord
from dotenv import load_dotenv

from bot import Config, configure_logging
from cogs.core import FloorBot
from offline import payloads
from offline.driver import deliver
from shards import shard_of


def refusal(bot: FloorBot, payload: dict[str, Any]) -> str | None:
    """Why this process must not handle the payload, if it must not: its server is on another's shards."""
    guild_id = int(payload.get("guild_id") or 0)  # a direct message comes on shard 0
    shard = shard_of(guild_id, bot.shard_count or 1)
    if bot.shard_ids is None or shard in bot.shard_ids:
        return None
    return f"server {guild_id} is on shard {shard}; this process runs shards {bot.shard_ids}"


async def serve(bot: FloorBot, standin_url: str) -> None:
    discord.http.Route.BASE = standin_url
    try:
        await bot.login("offline-token")
        schema = payloads.command_schema(bot.tree)
        say({"ready": {"shard_count": bot.shard_count, "shard_ids": bot.shard_ids, "schema": schema}})
        while line := await asyncio.to_thread(sys.stdin.readline):
            payload = json.loads(line)
            why = refusal(bot, payload)
            if why is None:
                await deliver(bot, [payload])
                say({"token": payload["token"], "handled": True})
            else:
                say({"token": payload["token"], "refused": why})
    finally:
        await bot.close()


def say(message: dict[str, Any]) -> None:
    print(json.dumps(message), flush=True)


def main() -> int:
    load_dotenv()
    config = Config.from_env(os.environ)
    configure_logging("WARNING")
    asyncio.run(serve(FloorBot(config), os.environ["STANDIN_URL"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
