"""The bot's words in English and Italian, kept as data in strings.toml so a translator edits no code.

`text(language, key, **fields)` is the only way a cog gets a fixed sentence; the catalogue is checked when
this module is imported (every key in every language, the same placeholders), so a gap fails at start-up,
not in front of a player.
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Literal, cast

Language = Literal["en", "it"]
LANGUAGES: tuple[Language, ...] = ("en", "it")
DEFAULT_LANGUAGE: Language = "en"
STRINGS_PATH = Path(__file__).with_name("strings.toml")


class CatalogueError(ValueError):
    """strings.toml is missing a language for a key, or its translations disagree on placeholders."""


def load_strings(path: Path = STRINGS_PATH) -> dict[str, dict[Language, str]]:
    """`{"ruling.notes": {"en": "Notes", "it": "Note"}, ...}` from nested TOML tables."""
    with path.open("rb") as file:
        data = tomllib.load(file)
    catalogue = dict(_leaves(data, ""))
    for key, texts in catalogue.items():
        if set(texts) != set(LANGUAGES):
            raise CatalogueError(f"{path.name}: {key} has {sorted(texts)}, needs {list(LANGUAGES)}")
        fields = {language: placeholders(text) for language, text in texts.items()}
        if len({frozenset(names) for names in fields.values()}) != 1:
            raise CatalogueError(f"{path.name}: {key} has different placeholders per language: {fields}")
    return catalogue


def _leaves(table: Mapping[str, Any], prefix: str) -> Iterator[tuple[str, dict[Language, str]]]:
    """A table whose values are all strings is one entry; any other table is a namespace."""
    for name, value in table.items():
        key = f"{prefix}{name}"
        if not isinstance(value, dict):
            raise CatalogueError(f"{key} must be a table of languages, not {value!r}")
        if all(isinstance(v, str) for v in value.values()):
            yield key, cast(dict[Language, str], value)
        else:
            yield from _leaves(value, f"{key}.")


def placeholders(text: str) -> set[str]:
    """The `{name}` fields a text expects (format specs and conversions ignored)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


STRINGS = load_strings()


def text(language: Language, key: str, /, **fields: Any) -> str:
    """The catalogue's sentence for `key` in `language`, with `fields` filled in. An unknown key is a bug: KeyError."""
    return STRINGS[key][language].format(**fields)


def from_locale(locale: object) -> Language | None:
    """An Italian Discord client (it, it-IT…) is a choice of language; en-US is Discord's default, so it says
    nothing about what the member reads and gives None."""
    return "it" if str(locale).lower().startswith("it") else None

