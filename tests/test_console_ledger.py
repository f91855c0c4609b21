"""The issue's night in the offline console, across a restart: two real processes on one database file."""

from __future__ import annotations

import re
from pathlib import Path

from tests.bot_process import offline_env, run_bot

BEFORE_RESTART = """\
/game start Friday
/ledger buyin player:Alice amount:50
/ledger buyin player:Bob amount:50
/ledger buyin player:Carol amount:50
/ledger buyin player:Carol amount:20
"""
AFTER_RESTART = """\
/ledger cashout player:Alice amount:110
/ledger cashout player:Bob amount:40
/ledger cashout player:Carol amount:20
/ledger settle
"""
TRANSFER = re.compile(r"^┃ (\S+) pays (\S+) (\d+)$", re.MULTILINE)


def test_the_issues_night_settles_in_two_transfers_after_a_restart(tmp_path: Path) -> None:
    database = tmp_path / "console.db"

    first = run_bot("--console", env=offline_env(database), stdin_text=BEFORE_RESTART)
    second = run_bot("--console", env=offline_env(database), stdin_text=AFTER_RESTART)

    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    assert "`#4` Carol bought in 20" in first.stdout and "Carol — in 70 (2 buy-ins)" in first.stdout
    assert TRANSFER.findall(second.stdout) == [("Carol", "Alice", "50"), ("Bob", "Alice", "10")]
    assert "Traceback" not in first.stderr + second.stderr
