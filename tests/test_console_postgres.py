"""The console with DATABASE_URL set: the log is kept in PostgreSQL (and no SQLite file is written), so a ruling
in a game is still in `/game log` after a restart."""

from __future__ import annotations

from pathlib import Path

import asyncpg

from offline.payloads import GUILD_ID
from tests.bot_process import offline_env, run_bot


def console(lines: str, env: dict[str, str]) -> str:
    result = run_bot("--console", env=env, stdin_text=lines)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    return result.stdout


async def test_a_ruling_in_a_game_is_in_the_log_after_a_restart(tmp_path: Path, pg_url: str) -> None:
    sqlite_file = tmp_path / "floorcall.db"
    env = offline_env(sqlite_file) | {"DATABASE_URL": pg_url}

    first = console("/game start name:Friday\n/ruling flop had four cards\nquit\n", env)
    second = console("/game log\nquit\n", env)

    assert "Log: postgresql://" in first
    assert "flop had four cards" in second.split("/game log", 1)[-1] and "Friday" in second
    assert not sqlite_file.exists() and list(tmp_path.iterdir()) == []
    conn = await asyncpg.connect(pg_url)
    try:
        rows = await conn.fetch(
            "SELECT e.text, g.name FROM log_entries AS e JOIN games AS g ON g.id = e.game_id WHERE e.guild_id = $1",
            GUILD_ID,
        )
    finally:
        await conn.close()
    assert [(row["text"], row["name"]) for row in rows] == [("flop had four cards", "Friday")]


def test_an_unreachable_server_is_refused_in_one_line_without_the_password(tmp_path: Path) -> None:
    url = f"postgresql://floorcall:hunter2@/floorcall?host={tmp_path}"
    result = run_bot("--console", env=offline_env(tmp_path / "x.db") | {"DATABASE_URL": url}, stdin_text="")
    assert result.returncode == 1
    [line] = result.stderr.strip().splitlines()
    assert f"postgresql://floorcall@/floorcall?host={tmp_path}" in line and "hunter2" not in line
    assert "start PostgreSQL" in line and "Traceback" not in result.stderr
