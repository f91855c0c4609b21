"""`python bot.py --console`: piped lines go through the real cogs; replies come back as readable text."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

from offline.console import run_console
from offline.payloads import GUILD_ID
from store import Viewer
from tests.bot_process import offline_env, run_bot

EVERYONE = Viewer(user_id=0, manager=True)  # reads every entry, private ones too

ROOT = Path(__file__).resolve().parent.parent


def console(lines: str, database: Path) -> subprocess.CompletedProcess[str]:
    return run_bot("--console", env=offline_env(database), stdin_text=lines)


def test_piped_ruling_prints_the_redeal_steps_and_exits_0(tmp_path) -> None:
    from rules_engine import Engine

    expected = Engine.load().rule("flop had four cards")

    result = console("/ruling flop had four cards\n", tmp_path / "console.db")

    assert result.returncode == 0, result.stderr
    assert expected.headline in result.stdout
    for number, step in enumerate(expected.steps, 1):
        assert f"{number}. {step}" in result.stdout
    assert "Traceback" not in result.stderr


async def test_console_log_persists_across_runs_in_database_path(tmp_path) -> None:
    from store import Store

    database = tmp_path / "console.db"
    for _ in range(2):
        assert console("/ruling flop had four cards\nquit\n", database).returncode == 0
    store = await Store.open(str(database))
    try:
        entries = (await store.log_page(GUILD_ID, viewer=EVERYONE, per_page=10)).entries
    finally:
        await store.close()
    assert [e.rule_id for e in entries] == ["holdem.flop-too-many-cards"] * 2


async def run(bot, lines: str) -> str:
    out = io.StringIO()
    assert await run_console(bot, io.StringIO(lines), out) == 0
    return out.getvalue()


async def test_buttons_are_numbered_and_pressed_by_number(bot, error_log) -> None:
    from rules_engine import Engine

    question = Engine.load().rule("the dealer exposed a card")
    assert question.status == "question"
    option = question.questions[0].options[0]
    answered = Engine.load().rule("the dealer exposed a card", facts={question.questions[0].fact: option.value})

    text = await run(bot, "/ruling the dealer exposed a card\n1\n")

    assert f"[1] {option.label}" in text
    assert answered.headline in text.split(f"[1] {option.label}", 1)[1]


async def test_select_options_are_numbered_too(bot, error_log) -> None:
    from rules_engine import Engine

    first_section = next(iter(Engine.load().sections().values()))
    text = await run(bot, "/rules\n1\n")
    assert "[1] " in text
    assert first_section[0].id in text


async def test_help_unknown_command_bad_number_and_quit(bot, error_log) -> None:
    text = await run(bot, "/help\n/poker now\n7\nquit\n/ruling flop had four cards\n")

    assert "Esempi in italiano" in text
    assert "Unknown command /poker. Commands: " in text and "/ruling" in text.split("Unknown command", 1)[1]
    assert "Nothing to press" in text
    assert "Redeal" not in text  # nothing runs after quit


async def test_a_group_without_its_subcommand_lists_them(bot, error_log) -> None:
    text = await run(bot, "/game\n")
    assert "/game needs one of:" in text and "start" in text


async def test_attachments_are_saved_and_their_path_printed(bot, error_log, tmp_path, monkeypatch) -> None:
    import discord

    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))

    async def attach(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(file=discord.File(io.BytesIO(b"a,b\n"), "log.csv"))

    bot.tree.add_command(discord.app_commands.Command(name="attach", description="Test-only.", callback=attach))

    text = await run(bot, "/attach\n")

    [line] = [line for line in text.splitlines() if line.startswith("Saved attachment: ")]
    saved = Path(line.removeprefix("Saved attachment: "))
    assert saved.read_bytes() == b"a,b\n" and tmp_path in saved.parents


async def test_other_cogs_subcommands_take_words_or_named_options(bot, error_log) -> None:
    text = await run(bot, "/game start Friday\n/game end\n/game start name:Saturday night\n")
    assert "Friday" in text and "Saturday night" in text
    assert "<@" not in text  # mentions are shown as names


async def test_send_command_fixture_accepts_an_option_called_name(send_command) -> None:
    exchange = await send_command("game", "start", name="Friday")
    assert exchange.callback["type"] == 4
    assert "Friday" in str(exchange.data)


def test_a_house_rule_set_in_the_console_shows_on_the_ruling_after_a_restart(tmp_path) -> None:
    """The issue's walk-through: set the house rule, leave, come back, ask: the house rule first, with its text,
    and the rulebook's redeal beside it."""
    from rules_engine import Engine

    redeal = Engine.load().rule("flop had four cards")
    database = tmp_path / "console.db"
    house = "Here the extra card is burned and play goes on"

    first = console(f"/houserule set rule_id:holdem.flop-too-many-cards text:{house}\nquit\n", database)
    second = console("/ruling flop had four cards\n", database)

    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    assert house in first.stdout
    card = second.stdout
    assert f"🏠 **House rule:** {house}" in card
    assert f"📖 The rulebook says: {redeal.headline}:" in card  # beside it, labelled, with its steps
    for number, step in enumerate(redeal.steps, 1):
        assert f"{number}. {step}" in card
    assert card.index(house) < card.index("📖 The rulebook says")
    assert "[1] Call the floor" in card
    assert "Traceback" not in first.stderr + second.stderr
