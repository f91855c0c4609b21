"""launcher.py: N bot processes over shard ranges, one PostgreSQL; stopped together."""

from __future__ import annotations

import subprocess
import sys

from launcher import commands
from tests.bot_process import ROOT, offline_env


def test_each_process_gets_its_range_and_the_same_settings() -> None:
    envs = commands(3, 8, {"DATABASE_URL": "postgresql://db/floorcall", "DISCORD_TOKEN": "t"})
    assert [(env["SHARD_COUNT"], env["SHARD_IDS"]) for env in envs] == [("8", "0-2"), ("8", "3-5"), ("8", "6-7")]
    assert {(env["DATABASE_URL"], env["DISCORD_TOKEN"]) for env in envs} == {("postgresql://db/floorcall", "t")}


def launch(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "launcher.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
        stdin=subprocess.DEVNULL,
    )  # fmt: skip


def test_several_processes_need_a_shared_database(tmp_path) -> None:
    result = launch("--processes", "2", env=offline_env(tmp_path / "x.db"))
    assert result.returncode == 2 and "set DATABASE_URL to a PostgreSQL database" in result.stderr


def test_more_processes_than_shards_is_refused(tmp_path) -> None:
    env = offline_env(tmp_path / "x.db") | {"DATABASE_URL": "postgresql://db/floorcall"}
    result = launch("--processes", "3", "--shards", "2", env=env)
    assert result.returncode == 2 and "3 processes cannot share 2 shards" in result.stderr


def test_when_one_process_stops_they_all_stop_with_its_status(tmp_path, pg_url: str) -> None:
    """No token: each bot process explains how to get one and exits 1; the launcher passes that on."""
    env = offline_env(tmp_path / "x.db") | {"DATABASE_URL": pg_url}
    result = launch("--processes", "2", "--shards", "4", env=env)
    assert result.returncode == 1 and "No DISCORD_TOKEN is set" in result.stderr
    assert "the process of shards 0-1 exited with 1" in result.stderr or "shards 2-3 exited with 1" in result.stderr
