"""Run Floor Call as N shard processes on this machine, all writing to one PostgreSQL database.

    DATABASE_URL=postgresql://floorcall:…@db.example/floorcall DISCORD_TOKEN=… \\
        python launcher.py --processes 4 --shards 16

starts four `bot.py` processes with SHARD_COUNT=16 and SHARD_IDS 0-3, 4-7, 8-11, 12-15 (every other setting
comes from the environment or .env, as for one bot). Discord wants a shard per 2,500 servers at most; more
shards than that, spread over processes, leave room to grow without resharding. A process that stops makes
the launcher stop the others and exit with its status, so whatever supervises the launcher (systemd, a
container runtime) restarts the set. Across machines, run `bot.py` on each with its own SHARD_IDS instead.
Ctrl-C (SIGINT) or SIGTERM stops every process cleanly (each closes its store).
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from types import FrameType

from dotenv import load_dotenv

from shards import spelled, split

BOT = Path(__file__).resolve().with_name("bot.py")


def commands(processes: int, shards: int, env: dict[str, str]) -> list[dict[str, str]]:
    """The environment of each process: the same settings, its own range of shards."""
    return [env | {"SHARD_COUNT": str(shards), "SHARD_IDS": spelled(ids)} for ids in split(shards, processes)]


def run(envs: Sequence[dict[str, str]]) -> int:
    children = [subprocess.Popen([sys.executable, str(BOT)], env=env, stdin=subprocess.DEVNULL) for env in envs]

    def stop(signum: int, frame: FrameType | None) -> None:
        for child in children:
            if child.poll() is None:
                child.send_signal(signal.SIGINT)  # the bot's own clean shutdown

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    pid, status = os.wait()
    first = next(child for child in children if child.pid == pid)
    first.returncode = os.waitstatus_to_exitcode(status)
    stop(signal.SIGTERM, None)
    for child in children:
        child.wait()
    shards = envs[children.index(first)]["SHARD_IDS"]
    print(f"launcher: the process of shards {shards} exited with {first.returncode}; stopped them all", file=sys.stderr)
    return first.returncode if first.returncode > 0 else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, required=True, help="how many bot processes")
    parser.add_argument("--shards", type=int, help="SHARD_COUNT across them all (default: one per process)")
    args = parser.parse_args(argv)
    load_dotenv()
    env = dict(os.environ)
    if args.processes > 1 and not env.get("DATABASE_URL", "").strip():
        parser.error("several processes share one log: set DATABASE_URL to a PostgreSQL database")
    try:
        envs = commands(args.processes, args.shards or args.processes, env)
    except ValueError as error:
        parser.error(str(error))
    return run(envs)


if __name__ == "__main__":
    sys.exit(main())
