"""`python -m rules_engine` as the contract in design.md §2 describes it."""

import json
import subprocess
import sys
from pathlib import Path


def _cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rules_engine", *args], input=stdin, capture_output=True,
                          text=True, timeout=60)


def test_readable_output_names_the_remedy() -> None:
    result = _cli("flop had four cards")
    assert result.returncode == 0
    assert "Redeal the flop" in result.stdout and "1." in result.stdout


def test_json_is_one_ruling() -> None:
    data = json.loads(_cli("--json", "flop had four cards").stdout)
    assert (data["status"], data["rule_id"], data["outcome"]) == ("ruling", "holdem.flop-too-many-cards",
                                                                   "redeal-flop")


def test_jsonl_is_one_line_per_input_line_and_blank_is_no_match() -> None:
    result = _cli("--jsonl", stdin="flop had four cards\n\nturn came early\n")
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line["status"] for line in lines] == ["ruling", "no-match", "ruling"]


def test_rulebook_and_fact() -> None:
    result = _cli("--json", "--rulebook", "tda-2024", "--fact", "betting_complete=no", "the turn was dealt")
    data = json.loads(result.stdout)
    assert (data["rule_id"], data["outcome"], data["rulebook"]) == ("holdem.premature-turn", "reshuffle-turn",
                                                                     "tda-2024")


def test_a_topic_given_as_a_fact_is_the_story_s() -> None:
    """The answer to "which is the dispute?" comes back as --fact topic=…: read as that topic, never asked again."""
    ruled = json.loads(_cli("--json", "--fact", "topic=flop-count", "the flop had four cards").stdout)
    answer = (ruled["status"], ruled["rule_id"], ruled["facts"]["card_count"])
    assert answer == ("ruling", "holdem.flop-too-many-cards", 4)
    other = json.loads(_cli("--json", "--fact", "topic=board-card-dealt", "the flop had four cards").stdout)
    assert other["facts"]["topic"] == "board-card-dealt"
    assert all(question["fact"] != "topic" for question in other["questions"])


def test_list_and_show() -> None:
    assert "holdem.premature-turn" in _cli("--list").stdout
    shown = _cli("--show", "holdem.premature-turn").stdout
    assert "replace-turn" in shown and "reshuffle-turn" in shown


def test_bad_usage_exits_2_with_one_line() -> None:
    for args in (["--rulebook", "wsop", "x"], ["--fact", "colour=red", "x"], ["--fact", "nope", "x"],
                 ["--show", "holdem.nope"], []):
        result = _cli(*args)
        assert result.returncode == 2, args
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_a_closed_output_pipe_stops_quietly(tmp_path: Path) -> None:
    """`python -m rules_engine --jsonl < big | head -1`: no traceback, the shell's closed-pipe status."""
    big = tmp_path / "big.txt"
    big.write_text("flop had four cards\n" * 5000, encoding="utf-8")
    with big.open() as situations:
        reader = subprocess.Popen([sys.executable, "-m", "rules_engine", "--jsonl"], stdin=situations,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert reader.stdout and reader.stderr
        assert json.loads(reader.stdout.readline())["status"] == "ruling"
        reader.stdout.close()
        assert reader.wait(timeout=60) in (0, 141)
        assert reader.stderr.read() == ""


def _cli_without_packages(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """The CLI under a Python that cannot see the pinned packages (`-S`: no site-packages), as the system's
    `python3` run in the project root would be."""
    return subprocess.run([sys.executable, "-S", "-m", "rules_engine", *args], capture_output=True, text=True,
                          timeout=60, env={"PATH": "/usr/bin:/bin", **env})


def test_a_python_without_the_packages_rules_in_the_project_environment() -> None:
    result = _cli_without_packages("--json", "flop had for cards")  # a typo: correcting it needs rapidfuzz
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["rule_id"] == "holdem.flop-too-many-cards"


def test_with_no_project_environment_it_says_how_to_make_one() -> None:
    result = _cli_without_packages("flop had for cards", FLOORCALL_CLI_REEXECUTED="1")
    assert result.returncode == 1
    assert "requirements.txt" in result.stderr and "Traceback" not in result.stderr
