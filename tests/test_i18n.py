"""i18n: the string catalogue is complete and consistent, and the Translator answers Italian and only Italian."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest
from discord.app_commands import TranslationContext, locale_str
from discord.app_commands import TranslationContextLocation as Where

from i18n import LANGUAGES, STRINGS, CatalogueError, from_locale, load_strings, text
from i18n.commands import COMMANDS, CatalogueTranslator

COMMAND_MENTION = re.compile(r"(?<![\w/])/([a-z_-]+)(?: ([a-z_-]+))?")


def test_a_key_missing_a_language_fails_at_load(tmp_path) -> None:
    path = tmp_path / "strings.toml"
    path.write_text('[ruling.notes]\nen = "Notes"\n', encoding="utf-8")
    with pytest.raises(CatalogueError, match=r"ruling\.notes"):
        load_strings(path)


def test_translations_with_different_placeholders_fail_at_load(tmp_path) -> None:
    path = tmp_path / "strings.toml"
    path.write_text('[ruling.asked_by]\nen = "asked by {asker}"\nit = "chiesto da {who}"\n', encoding="utf-8")
    with pytest.raises(CatalogueError, match="placeholders"):
        load_strings(path)


def test_text_fills_in_the_placeholders_in_the_language_asked() -> None:
    assert text("en", "ruling.asked_by", asker="Marco") == "asked by Marco"
    assert text("it", "ruling.asked_by", asker="Marco") == "chiesto da Marco"


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("it", "it"),
        (discord.Locale.italian, "it"),
        ("en-US", None),
        (discord.Locale.british_english, None),
        ("fr", None),
    ],
)
def test_only_an_italian_client_counts_as_a_language_choice(locale, expected) -> None:
    assert from_locale(locale) == expected


@pytest.mark.parametrize("language", LANGUAGES)
def test_commands_named_in_the_strings_are_the_ones_that_language_sees(language) -> None:
    """`/aiuto` in an Italian sentence, `/help` in an English one: a renamed command must not leave stale text."""
    visible = {COMMANDS.path(qualified, language) for qualified in COMMANDS.entries["it"]}
    mentioned = set()
    for key, texts in STRINGS.items():
        for match in COMMAND_MENTION.finditer(texts[language]):
            command, sub = match.groups()
            assert command in {name.split()[0] for name in visible}, f"{key}: /{command} ({language})"
            if any(name.startswith(f"{command} ") for name in visible):
                assert f"{command} {sub}" in visible, f"{key}: /{command} {sub} ({language})"
            mentioned.add(command)
    assert mentioned, "the check found no command mentions at all"


def context(location: Where, data: Any) -> TranslationContext[Any, Any]:
    # discord.py's overloads pair each literal location with its data's type; here the location is a value.
    make: Any = TranslationContext
    return make(location=location, data=data)


async def test_the_translator_answers_italian_only(driver) -> None:
    translator = CatalogueTranslator()
    ruling = driver.bot.tree.get_command("ruling")
    name = context(Where.command_name, ruling)

    assert await translator.translate(locale_str("ruling"), discord.Locale.italian, name) == "decisione"
    for other in (discord.Locale.american_english, discord.Locale.french, discord.Locale.spain_spanish):
        assert await translator.translate(locale_str("ruling"), other, name) is None
    choice = context(Where.choice_name, None)
    assert await translator.translate(locale_str("Auto", it="Automatica"), discord.Locale.italian, choice) == (
        "Automatica"
    )
    assert await translator.translate(locale_str("Auto", it="Automatica"), discord.Locale.german, choice) is None
