"""Slash commands in Italian: the catalogue of names and descriptions, and the discord.py Translator over it.

Discord localises a command's name, description, options and choices when the bot syncs; discord.py asks the
tree's translator for each string once per locale. Commands and groups are always asked about; options and
choices only when declared as `locale_str` — hence `describe` and `choice` below, which the cogs use instead
of `app_commands.describe` and `app_commands.Choice`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where
from discord.app_commands import locale_str

from i18n import DEFAULT_LANGUAGE, LANGUAGES, Language, text

FOLDER = Path(__file__).parent
LOCALES: dict[discord.Locale, Language] = {discord.Locale.italian: "it"}
_FIELDS: dict[Where, str] = {
    Where.command_name: "name",
    Where.group_name: "name",
    Where.parameter_name: "name",
    Where.command_description: "description",
    Where.group_description: "description",
    Where.parameter_description: "description",
}
_OPTIONS = (Where.parameter_name, Where.parameter_description)

Entry = Mapping[str, Any]
T = TypeVar("T")
ChoiceValue = TypeVar("ChoiceValue", str, int, float)  # what Discord allows a choice to carry


class CommandCatalogue:
    """Each language's names and descriptions, keyed by the command's English qualified name."""

    def __init__(self, entries: Mapping[Language, Mapping[str, Entry]]) -> None:
        self.entries = entries

    @classmethod
    def load(cls, folder: Path = FOLDER) -> CommandCatalogue:
        """One `commands_<language>.toml` per language other than English, which lives in the code."""
        entries = {}
        for language in LANGUAGES:
            if language != DEFAULT_LANGUAGE:
                with (folder / f"commands_{language}.toml").open("rb") as file:
                    entries[language] = tomllib.load(file)
        return cls(entries)

    def entry(self, qualified_name: str, language: Language) -> Entry | None:
        return self.entries.get(language, {}).get(qualified_name)

    def option(self, qualified_name: str, option: str, language: Language) -> Entry | None:
        return ((self.entry(qualified_name, language) or {}).get("options") or {}).get(option)

    def path(self, qualified_name: str, language: Language) -> str:
        """`settings language` as a member of `language` types it: `impostazioni lingua` (English if missing)."""
        words = qualified_name.split()
        names = []
        for depth, word in enumerate(words, 1):
            entry = self.entry(" ".join(words[:depth]), language)
            names.append(entry["name"] if entry else word)
        return " ".join(names)

    def description(self, command: app_commands.Command[Any, ..., Any], language: Language) -> str:
        entry = self.entry(command.qualified_name, language)
        return entry["description"] if entry else command.description


COMMANDS = CommandCatalogue.load()


class CatalogueTranslator(app_commands.Translator):
    """Answers discord.py from the catalogue; None (Discord shows the English) for any other locale or string."""

    def __init__(self, catalogue: CommandCatalogue = COMMANDS) -> None:
        self.catalogue = catalogue

    async def translate(self, string: locale_str, locale: discord.Locale, context: Any) -> str | None:
        language = LOCALES.get(locale)
        if language is None:
            return None
        if context.location is Where.choice_name:
            return string.extras.get(language)  # choices carry their translations: see `choice`
        field = _FIELDS.get(context.location)
        if field is None:
            return None
        if context.location in _OPTIONS:
            entry = self.catalogue.option(context.data.command.qualified_name, context.data.display_name, language)
        else:
            entry = self.catalogue.entry(context.data.qualified_name, language)
        return entry.get(field) if entry else None


def describe(**descriptions: str) -> Callable[[T], T]:
    """`app_commands.describe` that also gets each option's name and description translated."""

    def decorate(func: T) -> T:
        func = app_commands.rename(**{name: locale_str(name) for name in descriptions})(func)
        return app_commands.describe(**{name: locale_str(about) for name, about in descriptions.items()})(func)

    return decorate


def choice(name: str, value: ChoiceValue, **translations: str) -> app_commands.Choice[ChoiceValue]:
    """A choice whose name carries its translations (`it="..."`), for names that come from data."""
    return app_commands.Choice(name=locale_str(name, **translations), value=value)


def string_choice(key: str, value: ChoiceValue) -> app_commands.Choice[ChoiceValue]:
    """A choice named by strings.toml's `key`, in English with every other language as its translation."""
    others = {language: text(language, key) for language in LANGUAGES if language != DEFAULT_LANGUAGE}
    return choice(text(DEFAULT_LANGUAGE, key), value, **others)
