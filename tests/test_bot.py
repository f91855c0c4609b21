"""bot.py: configuration, the command schema Discord will see, extension loading, the one error handler."""

from __future__ import annotations

import logging
import os
import re
import sqlite3
from contextlib import closing
from pathlib import Path

import discord
import pytest
from discord import app_commands

import bot as floorbot
from offline.payloads import GUILD_ID, PLAYER, command_schema
from tests.bot_process import offline_env, run_bot

ROOT = Path(__file__).resolve().parent.parent
NAME = re.compile(r"^[-_\w]{1,32}$")


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, floorbot.Config(token=None)),
        (
            {
                "DISCORD_TOKEN": " abc ",
                "DATABASE_PATH": "/tmp/x.db",
                "LOG_LEVEL": "debug",
                "SYNC_COMMANDS": "global",
            },
            floorbot.Config(token="abc", database_path="/tmp/x.db", log_level="DEBUG", sync="global"),
        ),
        ({"SYNC_COMMANDS": "guild:123"}, floorbot.Config(token=None, sync=123)),
        ({"DISCORD_TOKEN": "", "SYNC_COMMANDS": " "}, floorbot.Config(token=None)),
    ],
)
def test_config_from_env(env, expected) -> None:
    assert floorbot.Config.from_env(env) == expected


@pytest.mark.parametrize("env", [{"SYNC_COMMANDS": "guild:abc"}, {"SYNC_COMMANDS": "always"}, {"LOG_LEVEL": "LOUD"}])
def test_bad_config_is_explained(env) -> None:
    with pytest.raises(floorbot.ConfigError, match=next(iter(env))):
        floorbot.Config.from_env(env)


def test_bot_never_pings_and_asks_for_no_privileged_intents(bot) -> None:
    assert bot.allowed_mentions.to_dict() == {"parse": []}
    assert not (bot.intents.members or bot.intents.presences or bot.intents.message_content)
    assert floorbot.EXTENSIONS[0] == "cogs.shared"  # the error handler is installed before any command


async def test_every_extension_loads(driver) -> None:
    assert set(driver.bot.extensions) == set(floorbot.EXTENSIONS)
    assert {"ruling", "rule", "rules", "help"} <= set(driver.schema)


async def test_command_schema_fits_discord_limits(driver) -> None:
    """What Discord would accept: names, descriptions ≤ 100, ≤ 25 options, required before optional."""

    def check(entry: dict, depth: int) -> None:
        assert NAME.match(entry["name"]) and entry["name"] == entry["name"].lower(), entry["name"]
        assert 1 <= len(entry["description"]) <= 100, entry["name"]
        options = entry.get("options") or []
        assert len(options) <= 25, entry["name"]
        required = [o.get("required", False) for o in options]
        assert required == sorted(required, reverse=True), f"{entry['name']}: required options must come first"
        for option in options:
            assert depth < 3, "subcommands nest at most two levels"
            check(option, depth + 1)

    schema = command_schema(driver.bot.tree)
    assert len(schema) <= 100
    for entry in schema.values():
        check(entry, 1)
    ruling = schema["ruling"]
    assert [(o["name"], o["type"], o.get("required", False)) for o in ruling["options"]] == [
        ("situation", 3, True),
        ("private", 5, False),
    ]
    assert [o["name"] for o in schema["rule"]["options"]] == ["rule_id"]
    assert schema["rule"]["options"][0]["autocomplete"] is True
    assert schema["rules"].get("options", []) == [] and schema["help"].get("options", []) == []


async def translated_schema(tree) -> dict[str, dict]:
    """What the bot would send Discord on sync, localisations included (discord.py's own payload builder)."""
    translator = tree.translator
    assert translator is not None, "setup_hook installs the translator"
    return {
        cmd.name: await cmd.get_translated_payload(tree, translator)
        for cmd in tree.get_commands(type=discord.AppCommandType.chat_input)
    }


async def test_every_command_option_and_choice_has_italian_within_discords_limits(driver) -> None:
    """Every name and description in Italian, and only Italian; names valid and unique among siblings."""

    def check(entry: dict, where: str) -> None:
        assert entry.get("name_localizations", {}).keys() == {"it"}, where
        assert entry.get("description_localizations", {}).keys() == {"it"}, where
        name, description = entry["name_localizations"]["it"], entry["description_localizations"]["it"]
        assert NAME.match(name) and name == name.lower(), f"{where}: {name!r}"
        assert 1 <= len(description) <= 100, f"{where}: {len(description)} characters"
        options = entry.get("options") or []
        names = [o["name_localizations"]["it"] for o in options if "name_localizations" in o]
        assert len(names) == len(set(names)), f"{where}: two options share an Italian name: {names}"
        for option in options:
            check(option, f"{where} {option['name']}")
            for choice in option.get("choices") or []:
                assert choice.get("name_localizations", {}).keys() == {"it"}, f"{where} {option['name']}"
                assert 1 <= len(choice["name_localizations"]["it"]) <= 100, choice

    schema = await translated_schema(driver.bot.tree)
    for entry in schema.values():
        check(entry, entry["name"])
    top = [entry["name_localizations"]["it"] for entry in schema.values()]
    assert len(top) == len(set(top)), f"two commands share an Italian name: {top}"


async def test_the_italian_catalogue_has_no_entry_for_a_command_or_option_that_does_not_exist(driver) -> None:
    from i18n.commands import COMMANDS

    known: dict[str, set[str]] = {}
    for command in driver.bot.tree.walk_commands(type=discord.AppCommandType.chat_input):
        options = command.parameters if isinstance(command, app_commands.Command) else []
        known[command.qualified_name] = {p.display_name for p in options}
    for qualified, entry in COMMANDS.entries["it"].items():
        assert qualified in known, f"commands_it.toml: no command /{qualified}"
        assert set(entry.get("options", {})) <= known[qualified], f"commands_it.toml: /{qualified} options"


async def test_commands_are_synced_only_when_asked(driver) -> None:
    assert not [r for r in driver.standin.requests if r.method == "PUT"]


@pytest.mark.parametrize(("sync", "path"), [(GUILD_ID, f"/guilds/{GUILD_ID}/commands"), ("global", "/commands")])
async def test_sync_commands_to_a_guild_or_globally(tmp_path, error_log, sync, path) -> None:
    from offline.driver import Driver

    config = floorbot.Config(token=None, database_path=str(tmp_path / "db.sqlite"), sync=sync)
    driver = await Driver.start(floorbot.FloorBot(config))
    try:
        [put] = [r for r in driver.standin.requests if r.method == "PUT"]
        assert put.path.endswith(path)
        assert {c["name"] for c in put.json} >= {"ruling", "rule", "rules", "help"}
    finally:
        await driver.close()


async def test_a_failing_command_gets_a_short_ephemeral_reply_and_a_log_line(driver, error_log, caplog) -> None:
    @driver.bot.tree.command(name="boom", description="Test-only: always fails.")
    async def boom(interaction: discord.Interaction) -> None:
        raise RuntimeError("kaboom")

    exchange = await driver.command("boom", PLAYER)

    assert exchange.data["flags"] == 64
    assert "Something went wrong" in exchange.data["content"]
    assert "kaboom" not in exchange.data["content"]
    [record] = error_log.records
    assert f"guild={GUILD_ID}" in record.getMessage() and f"user={PLAYER.user_id}" in record.getMessage()
    assert "command=/boom" in record.getMessage()
    error_log.records.clear()


async def test_an_expected_refusal_is_friendly_and_not_an_error(driver, caplog) -> None:
    @driver.bot.tree.command(name="managers", description="Test-only: needs Manage Server.")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def managers(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("ok")

    with caplog.at_level(logging.INFO, logger="floorcall"):
        exchange = await driver.command("managers", PLAYER)

    assert exchange.data["flags"] == 64
    assert exchange.data["content"] == "You need the manage server permission for that."
    assert any("command=/managers" in r.getMessage() for r in caplog.records)


def clean_env(tmp_path: Path) -> dict[str, str]:
    return offline_env(tmp_path / "console.db")


def test_no_token_and_no_terminal_exits_non_zero_with_instructions(tmp_path) -> None:
    result = run_bot(env=clean_env(tmp_path))
    assert result.returncode == 1
    assert "No DISCORD_TOKEN" in result.stderr
    assert "discord.com/developers/applications" in result.stderr
    assert "--console" in result.stderr


def test_bad_sync_setting_exits_with_a_clear_message(tmp_path) -> None:
    result = run_bot(env=clean_env(tmp_path) | {"SYNC_COMMANDS": "sometimes"})
    assert result.returncode == 2
    assert "SYNC_COMMANDS" in result.stderr and "Traceback" not in result.stderr


def test_no_cog_imports_the_entry_point() -> None:
    """bot.py builds the bot from the cogs; a cog importing bot.py back would be an import cycle."""
    import ast

    for path in sorted((ROOT / "cogs").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert "bot" not in imported, f"{path.name} imports bot.py"


def a_folder(tmp_path: Path) -> Path:
    return tmp_path


def not_a_database(tmp_path: Path) -> Path:
    path = tmp_path / "junk.db"
    path.write_bytes(b"this is not an SQLite file " * 40)
    return path


def a_newer_schema(tmp_path: Path) -> Path:
    path = tmp_path / "future.db"
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version = 999")
    return path


def a_corrupt_file(tmp_path: Path) -> Path:
    """A real log with one of its pages overwritten (a bad disk, a torn copy)."""
    path = tmp_path / "corrupt.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE filler (text)")
        conn.executemany("INSERT INTO filler VALUES (?)", [("note " * 100,) for _ in range(200)])
    with path.open("r+b") as file:
        file.seek(4096 * 3)
        file.write(b"\xff" * 4096)
    return path


def a_dangling_link(tmp_path: Path) -> Path:
    path = tmp_path / "floorcall.db"
    path.symlink_to(tmp_path / "gone" / "floorcall.db")
    return path


def a_pipe(tmp_path: Path) -> Path:
    path = tmp_path / "floorcall.db"
    os.mkfifo(path)
    return path


def a_device(_: Path) -> Path:
    return Path("/dev/null")


def a_name_too_long(tmp_path: Path) -> Path:
    return tmp_path / ("x" * 300 + ".db")


def another_applications_database(tmp_path: Path) -> Path:
    """A journal app's SQLite file with tables of its own and no schema version: not to be adopted."""
    path = tmp_path / "journal.db"
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE entries (day TEXT, body TEXT)")
        conn.execute("INSERT INTO entries VALUES ('2025-01-01', 'dear diary')")
        conn.commit()
    return path


# Each unusable database and a word the one line must use for it.
UNUSABLE = {
    "a folder": (a_folder, "folder"),
    "not a database": (not_a_database, "not an SQLite database"),
    "a newer schema": (a_newer_schema, "newer"),
    "a corrupt file": (a_corrupt_file, "corrupt"),
    "a dangling symbolic link": (a_dangling_link, "symbolic link"),
    "a pipe": (a_pipe, "pipe"),
    "a device": (a_device, "device"),
    "a name too long": (a_name_too_long, "too long"),
    "another application's database": (another_applications_database, "another application's"),
}


@pytest.mark.parametrize("case", list(UNUSABLE))
@pytest.mark.parametrize("args", [("--console",), ()], ids=["console", "with a token"])
def test_an_unusable_database_is_refused_in_one_line_before_anything_starts(tmp_path, case, args) -> None:
    make, problem = UNUSABLE[case]
    database = make(tmp_path)
    env = offline_env(database) | ({} if args else {"DISCORD_TOKEN": "not-a-real-token"})

    result = run_bot(*args, env=env, stdin_text="/help\n")

    assert result.returncode == 1
    [line] = result.stderr.strip().splitlines()
    assert str(database) in line and problem in line and "Fix:" in line
    assert "Traceback" not in result.stderr and result.stdout == ""
