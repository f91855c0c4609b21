"""Two bot processes with different shard ranges, one PostgreSQL database, one Discord stand-in.

This test plays Discord's gateway: it sends each interaction only to the process that runs its server's
shard, `(guild_id >> 22) % shard_count` (offline/gateway.py explains why and what a process does with one
that is not its own). Every ruling must be logged once, and each server's log must read the same from
either process: after a restart with the shard ranges swapped, every server is served by the other process.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg

from offline import payloads
from offline.payloads import GUILD_ID, MANAGE_GUILD, MEMBER, USER_ID, Actor
from offline.standin import StandIn
from shards import shard_of

ROOT = Path(__file__).resolve().parent.parent
SHARDS = 2
GUILDS = [GUILD_ID + (n << 22) for n in range(6)]  # consecutive shifted ids: shards 0, 1, 0, 1...
SITUATIONS = (  # each one a final ruling (logged at once), not a question
    "flop had four cards",
    "the dealer turned the river before the betting on the turn was complete",
    "the dealer exposed the first card off the deck, a misdeal",
)


@dataclass
class ShardProcess:
    """A running `python -m offline.gateway` and what it said when ready."""

    process: asyncio.subprocess.Process
    shard_ids: list[int]
    schema: dict[str, Any]
    turn: asyncio.Lock = field(default_factory=asyncio.Lock)  # one interaction at a time on its stdin

    async def send(self, payload: Mapping[str, Any]) -> dict[str, Any]:
        """Deliver one interaction and wait until the process says it handled (or refused) it."""
        assert self.process.stdin is not None and self.process.stdout is not None
        async with self.turn:
            self.process.stdin.write(json.dumps(payload).encode() + b"\n")
            await self.process.stdin.drain()
            answer: dict[str, Any] = json.loads(await self.process.stdout.readline())
        assert answer["token"] == payload["token"]
        return answer

    async def stop(self) -> None:
        """End of input: the process closes the bot and exits 0."""
        assert self.process.stdin is not None and self.process.stderr is not None
        self.process.stdin.close()
        returncode = await asyncio.wait_for(self.process.wait(), 60)
        errors = (await self.process.stderr.read()).decode()
        assert returncode == 0 and "Traceback" not in errors and " ERROR " not in errors, errors


async def start(standin: StandIn, database_url: str, shard_ids: str) -> ShardProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "SYNC_COMMANDS", "DATABASE_PATH")}
    env |= {
        "DATABASE_URL": database_url,
        "SHARD_COUNT": str(SHARDS),
        "SHARD_IDS": shard_ids,
        "STANDIN_URL": standin.base_url,
        "DATABASE_PATH": "/nonexistent/never-written.db",
    }
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "offline.gateway", cwd=ROOT, env=env,
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    assert process.stdout is not None and process.stderr is not None
    line = await asyncio.wait_for(process.stdout.readline(), 120)
    if not line:
        raise AssertionError(f"the shard process did not start: {(await process.stderr.read()).decode()}")
    ready = json.loads(line)["ready"]
    assert ready["shard_count"] == SHARDS
    return ShardProcess(process, ready["shard_ids"], ready["schema"])


@asynccontextmanager
async def shard_processes(
    standin: StandIn, database_url: str, ranges: tuple[str, str]
) -> AsyncIterator[list[ShardProcess]]:
    processes = list(await asyncio.gather(*(start(standin, database_url, ids) for ids in ranges)))
    try:
        yield processes
    finally:
        for process in processes:
            if process.process.returncode is None:
                await process.stop()


def owner(processes: list[ShardProcess], guild_id: int) -> ShardProcess:
    [chosen] = [p for p in processes if shard_of(guild_id, SHARDS) in p.shard_ids]
    return chosen


def actor(guild_id: int, manager: bool = False) -> Actor:
    return Actor(
        user_id=USER_ID, name="player", guild_id=guild_id, channel_id=guild_id + 1,
        permissions=MEMBER | (MANAGE_GUILD if manager else 0),
    )  # fmt: skip


async def route(standin: StandIn, processes: list[ShardProcess], command: str, guild_id: int, *path: str,
                manager: bool = False, **options: Any) -> dict[str, Any]:  # fmt: skip
    """`/command path... options` in a server, sent to the process that runs its shard; the reply message."""
    target = owner(processes, guild_id)
    payload = payloads.slash_command(target.schema[command], actor(guild_id, manager), path, options)
    standin.expect(payload)
    answer = await target.send(payload)
    assert answer.get("handled"), answer
    message = standin.original(payload)
    assert message is not None, f"/{command} in {guild_id} got no reply"
    return message


async def test_two_shard_processes_share_one_postgresql_log(pg_url: str) -> None:
    assert {shard_of(guild, SHARDS) for guild in GUILDS} == {0, 1}
    standin = StandIn()
    await standin.start()
    try:
        async with shard_processes(standin, pg_url, ("0", "1")) as processes:
            assert [p.shard_ids for p in processes] == [[0], [1]]
            await route(standin, processes, "settings", GUILDS[0], "rulebook", manager=True, rulebook="tda-2024")

            async def one_server(guild_id: int) -> None:
                await route(standin, processes, "game", guild_id, "start", name=f"Table {guild_id}")
                for situation in SITUATIONS:
                    await route(standin, processes, "ruling", guild_id, situation=f"{situation} at {guild_id}")

            await asyncio.gather(*(one_server(guild_id) for guild_id in GUILDS))  # both processes at once

            stranger = payloads.slash_command(processes[0].schema["ruling"], actor(GUILDS[1]), (), {"situation": "x"})
            standin.expect(stranger)  # a server of shard 1, sent to the process of shard 0
            refused = await processes[0].send(stranger)
            assert "is on shard 1" in refused["refused"] and standin.original(stranger) is None

        logged = await _rows(pg_url)
        expected = [(guild, f"{situation} at {guild}") for guild in GUILDS for situation in SITUATIONS]
        assert sorted((guild, text) for guild, text, _, _ in logged) == sorted(expected)  # each once
        for guild in GUILDS:
            assert sorted(number for g, _, number, _ in logged if g == guild) == [1, 2, 3]

        async with shard_processes(standin, pg_url, ("1", "0")) as swapped:  # every server moves process
            for guild in GUILDS:
                assert swapped.index(owner(swapped, guild)) != processes.index(owner(processes, guild))
                page = json.dumps(await route(standin, swapped, "game", guild, "log"), ensure_ascii=False)
                assert all(f"{situation} at {guild}" in page for situation in SITUATIONS), page
            await route(standin, swapped, "ruling", GUILDS[0], situation="river after a flop with four cards")

        rulebooks = {text: rulebook for guild, text, _, rulebook in await _rows(pg_url) if guild == GUILDS[0]}
        assert rulebooks["river after a flop with four cards"] == "tda-2024"  # set through the other process, read here
        assert standin.errors == []
    finally:
        await standin.close()


async def _rows(url: str) -> list[tuple[int, str, int, str]]:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch("SELECT guild_id, text, number, rulebook FROM log_entries WHERE kind = 'ruling'")
    finally:
        await conn.close()
    return [(row["guild_id"], row["text"], row["number"], row["rulebook"]) for row in rows]
