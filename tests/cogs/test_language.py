"""Reply language through the real discord.py path: server setting, else an Italian client, else the input's."""

from __future__ import annotations

from dataclasses import replace

from offline.payloads import GUILD_ID, MANAGER, PLAYER, STRANGER
from store import Viewer

EVERYONE = Viewer(user_id=0, manager=True)  # reads every entry, private ones too

FLOP = "the flop had four cards"
FLOP_IT = "il flop aveva quattro carte"
ITALIAN = replace(PLAYER, locale="it")
ITALIAN_STRANGER = replace(STRANGER, locale="it")
QUESTION = "the dealer exposed a card"
IT_CHROME = {"understood": "Ho capito", "situation": "Situazione", "asked_by": "chiesto da"}
EN_CHROME = {"understood": "Understood", "situation": "Situation", "asked_by": "asked by"}


def fields(embed) -> dict[str, str]:
    return {field["name"]: field["value"] for field in embed.get("fields", [])}


def assert_ruling_card(embed, ruling, *, understood: str, situation: str, asked_by: str) -> None:
    """The card carries the engine's headline and steps, and the fixed words of the same language."""
    assert embed["title"] == ruling.headline
    for number, step in enumerate(ruling.steps, 1):
        assert f"{number}. {step}" in embed["description"]
    assert f"{understood}: " in embed["description"]
    assert situation in fields(embed)
    assert asked_by in embed["footer"]["text"]


async def test_an_italian_client_gets_italian_for_an_english_situation(driver, send_command) -> None:
    italian = driver.bot.engine.rule(FLOP, reply_language="it")
    assert italian.steps != driver.bot.engine.rule(FLOP).steps  # the engine really has Italian steps

    exchange = await send_command("ruling", actor=ITALIAN, situation=FLOP)

    [embed] = exchange.embeds
    assert_ruling_card(embed, italian, **IT_CHROME)
    assert "Note" in fields(embed)
    [entry] = (await driver.bot.store.log_page(GUILD_ID, viewer=EVERYONE)).entries
    assert (entry.rule_id, entry.outcome, entry.text) == ("holdem.flop-too-many-cards", "redeal-flop", FLOP)


async def test_a_server_set_to_english_answers_an_italian_client_in_english(driver, send_command) -> None:
    await driver.bot.store.set_language(GUILD_ID, "en")

    exchange = await send_command("ruling", actor=ITALIAN, situation=FLOP_IT)

    english = driver.bot.engine.rule(FLOP_IT, reply_language="en")
    assert_ruling_card(exchange.embeds[0], english, **EN_CHROME)


async def test_with_no_preference_the_ruling_follows_the_situations_language(driver, send_command) -> None:
    exchange = await send_command("ruling", actor=PLAYER, situation=FLOP_IT)  # en-US client, no server setting

    italian = driver.bot.engine.rule(FLOP_IT)
    assert italian.language == "it"
    assert_ruling_card(exchange.embeds[0], italian, **IT_CHROME)


async def test_an_answered_question_stays_in_the_askers_language(driver, send_command, click) -> None:
    asked = driver.bot.engine.rule(QUESTION, reply_language="it")
    assert asked.status == "question"
    question = asked.questions[0]

    exchange = await send_command("ruling", actor=ITALIAN, situation=QUESTION)

    assert exchange.embeds[0]["title"] == question.text
    assert "Scegli la risposta qui sotto." in exchange.embeds[0]["description"]
    option = question.options[0]
    answered = await click(exchange, option.label, actor=MANAGER)  # an English-client manager answers for them

    expected = driver.bot.engine.rule(QUESTION, facts={question.fact: option.value}, reply_language="it")
    title = expected.headline if expected.status == "ruling" else expected.questions[0].text
    assert answered.embeds[0]["title"] == title
    assert "chiesto da" in answered.embeds[0]["footer"]["text"]


async def test_the_language_setting_changes_every_reply_and_auto_gives_it_back(driver, send_command) -> None:
    changed = await send_command("settings", "language", actor=MANAGER, language="it")
    assert changed.data["content"] == "Risposte in questo server: **Italiano**."
    assert fields(changed.embeds[0]) == {
        "Regolamento": "Robert's Rules of Poker (edizione classica) (`robert-classic`)",
        "Lingua": "Italiano",
        "Valuta": "nessuna: numeri semplici (50)",
    }

    ruling = await send_command("ruling", actor=PLAYER, situation=FLOP)
    helped = await send_command("help", actor=PLAYER)
    assert ruling.embeds[0]["title"] == driver.bot.engine.rule(FLOP, reply_language="it").headline
    assert helped.embeds[0]["title"] == "Floor Call — il tuo floor di poker"

    await send_command("settings", "language", actor=MANAGER, language="auto")

    ruling = await send_command("ruling", actor=PLAYER, situation=FLOP)
    helped = await send_command("help", actor=PLAYER)
    assert ruling.embeds[0]["title"] == driver.bot.engine.rule(FLOP).headline
    assert helped.embeds[0]["title"] == "Floor Call — your poker floorperson"


async def test_italian_help_lists_every_command_as_an_italian_client_sees_it(driver, send_command) -> None:
    from i18n.commands import COMMANDS

    exchange = await send_command("help", actor=ITALIAN)

    [embed] = exchange.embeds
    listed = "\n".join(f["value"] for f in embed["fields"] if f["name"] in ("Comandi", "\u200b"))
    for command in driver.bot.tree.walk_commands():
        if not hasattr(command, "walk_commands"):  # groups are listed through their subcommands
            assert f"`/{COMMANDS.path(command.qualified_name, 'it')}` — " in listed, command.qualified_name
    assert "`/decisione il flop aveva quattro carte`" in fields(embed)["Esempi"]
    assert "`/decisione the flop had four cards`" in fields(embed)["Examples in English"]


async def test_other_cogs_and_errors_answer_an_italian_client_in_italian(driver, send_command, click) -> None:
    refused = await send_command("settings", "language", actor=ITALIAN, language="en")
    assert refused.data["content"] == "Per questo ti serve il permesso Gestisci server."

    opened = await send_command("game", "start", actor=ITALIAN, name="Venerdì")
    assert "**Venerdì** è aperta" in opened.data["content"] and "`/partita chiudi`" in opened.data["content"]

    card = (await send_command("rule", actor=ITALIAN, rule_id="holdem.premature-turn")).embeds[0]
    rule = driver.bot.engine.rules["holdem.premature-turn"]
    assert card["title"] == rule.title.it
    assert rule.cases[0].headline.it in card["fields"][0]["value"]
    assert "Fonti" in fields(card)

    question = await send_command("ruling", actor=PLAYER, situation=QUESTION)
    label = question.data["components"][0]["components"][0]["label"]
    not_yours = await click(question, label, actor=ITALIAN_STRANGER)
    assert not_yours.data["content"].startswith("Solo chi ha chiesto")
