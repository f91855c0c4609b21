"""Run `python bot.py …` as a newcomer would: a real process, no token, a throwaway database."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def offline_env(database: Path) -> dict[str, str]:
    """No token (an empty DISCORD_TOKEN also shadows any developer .env) and the given database."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "SYNC_COMMANDS")}
    return env | {"DISCORD_TOKEN": "", "DATABASE_PATH": str(database)}


def run_bot(*args: str, env: dict[str, str], stdin_text: str | None = None) -> subprocess.CompletedProcess[str]:
    """`python bot.py *args`; with no `stdin_text` stdin is closed, as under CI."""
    return subprocess.run(
        [sys.executable, "bot.py", *args],
        cwd=ROOT,
        env=env,
        input=stdin_text,
        stdin=subprocess.DEVNULL if stdin_text is None else None,
        capture_output=True,
        text=True,
        timeout=120,
    )
