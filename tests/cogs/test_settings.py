"""/settings through the real discord.py path: who may change what, and that rulings follow it."""

from __future__ import annotations

import pytest

from offline.payloads import GUILD_ID, MANAGER, PLAYER
from rules_engine import RULEBOOKS
from store import GuildSettings, Viewer

EPHEMERAL = 64


def fields(exchange) -> dict[str, str]:
    return {field["name"]: field["value"] for field in exchange.embeds[0]["fields"]}


async def test_show_has_the_defaults_for_anyone(send_command) -> None:
    shown = await send_command("settings", "show")

    assert shown.data["flags"] & EPHEMERAL
    assert shown.data["allowed_mentions"] == {"parse": []}
    assert RULEBOOKS["robert-classic"] in fields(shown)["Rulebook"]
    assert "Auto" in fields(shown)["Language"]


async def test_rulebook_choices_are_the_engines_rulebooks(driver) -> None:
    subcommands = {o["name"]: o for o in driver.command_schema("settings")["options"]}
    [rulebook] = subcommands["rulebook"]["options"]
    assert {c["value"]: c["name"] for c in rulebook["choices"]} == dict(RULEBOOKS)


@pytest.mark.parametrize("rulebook", list(RULEBOOKS))
async def test_a_manager_sets_the_rulebook(driver, send_command, rulebook: str) -> None:
    changed = await send_command("settings", "rulebook", actor=MANAGER, rulebook=rulebook)

    assert not changed.data.get("flags", 0) & EPHEMERAL
    assert RULEBOOKS[rulebook] in changed.data["content"]
    assert (await driver.bot.store.get_settings(GUILD_ID)).rulebook == rulebook


@pytest.mark.parametrize(("choice", "stored"), [("it", "it"), ("en", "en"), ("auto", None)])
async def test_a_manager_sets_the_language(driver, send_command, choice: str, stored: str | None) -> None:
    await driver.bot.store.set_language(GUILD_ID, "it")

    changed = await send_command("settings", "language", actor=MANAGER, language=choice)

    assert changed.data["allowed_mentions"] == {"parse": []}
    assert (await driver.bot.store.get_settings(GUILD_ID)).language == stored


@pytest.mark.parametrize(
    ("subcommand", "option", "value"), [("rulebook", "rulebook", "tda-2024"), ("language", "language", "it")]
)
async def test_members_without_manage_server_cannot_change(driver, send_command, subcommand, option, value) -> None:
    refused = await send_command("settings", subcommand, actor=PLAYER, **{option: value})

    assert refused.data["flags"] & EPHEMERAL
    assert "manage server" in refused.data["content"].lower()
    assert await driver.bot.store.get_settings(GUILD_ID) == GuildSettings()


async def test_rulings_follow_the_servers_rulebook(driver, send_command) -> None:
    await send_command("settings", "rulebook", actor=MANAGER, rulebook="tda-2024")

    await send_command("ruling", situation="the flop had four cards")

    [entry] = (await driver.bot.store.log_page(GUILD_ID, viewer=Viewer(user_id=0, manager=True))).entries
    assert entry.rulebook == "tda-2024"
    assert entry.outcome == "scramble-flop"  # design.md §2: TDA's remedy for a four-card flop
