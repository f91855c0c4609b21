"""The two languages Floor Call answers in, and `Text`: one sentence written in both.

Every sentence a player reads comes from data as a `Text`, so answering in a language is one lookup
(`text[language]`) and no code chooses between an English and an Italian branch.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from .pattern_cache import TomlCache

Language = Literal["en", "it"]
LANGUAGES: tuple[Language, ...] = ("en", "it")
PHRASES_PATH = Path(__file__).with_name("phrases.toml")


@dataclass(frozen=True, slots=True)
class Text:
    """A sentence in English and Italian; `text["it"]` is the Italian one."""

    en: str
    it: str

    def __getitem__(self, language: str) -> str:
        if language not in LANGUAGES:
            raise KeyError(f"unknown language {language!r}; choose one of {', '.join(LANGUAGES)}")
        return str(getattr(self, language))

    @property
    def fields(self) -> frozenset[str]:
        """The `{names}` a sentence is filled with (a note quoting amounts: "a raise must go to {min_raise_to}")."""
        return frozenset(fields_of(self.en) | fields_of(self.it))

    def filled(self, values: Mapping[str, object]) -> Text | None:
        """The sentence with its `{fields}` filled from `values`; None when one of them is not known, so a note
        about numbers is said only when the numbers are."""
        if not self.fields <= values.keys():
            return None
        return Text(self.en.format_map(values), self.it.format_map(values)) if self.fields else self


def in_language(texts: Iterable[Text], language: str) -> tuple[str, ...]:
    """Steps, notes…: each one in `language`, in order."""
    return tuple(text[language] for text in texts)


def read_text(spec: Mapping[str, Any], key: str) -> Text:
    """The data's convention for a bilingual field: `key` in English beside `key_it` in Italian."""
    return Text(spec[key], spec[f"{key}_it"])


def read_optional_text(spec: Mapping[str, Any], key: str) -> Text | None:
    """A bilingual field that may be absent; present in one language only is an error."""
    if key not in spec and f"{key}_it" not in spec:
        return None
    return read_text(spec, key)


def read_texts(spec: Mapping[str, Any], key: str) -> tuple[Text, ...]:
    """A bilingual list (`steps` and `steps_it`): the same number of entries in each language, paired."""
    english, italian = spec.get(key, ()), spec.get(f"{key}_it", ())
    if len(english) != len(italian):
        raise ValueError(f"`{key}` and `{key}_it` need the same number of entries")
    return tuple(Text(en, it) for en, it in zip(english, italian, strict=True))


class PhrasesError(ValueError):
    """phrases.toml lacks a language for a phrase, or its languages disagree on the `{fields}`."""


def load_phrases(path: Path = PHRASES_PATH) -> dict[str, Text]:
    """The fixed sentences the engine writes around the rules data ("No rule found", "Under …: …")."""
    cache = TomlCache(path.parent)  # parsed once, then read back like the rules (tomllib not even imported)
    data = cache.load(path)
    cache.save()
    phrases = {}
    for name, spec in data.items():
        if not isinstance(spec, dict) or set(spec) != set(LANGUAGES):
            raise PhrasesError(f"{path.name}: {name} needs exactly {', '.join(LANGUAGES)}")
        text = Text(spec["en"], spec["it"])
        if fields_of(text.en) != fields_of(text.it):
            raise PhrasesError(f"{path.name}: {name} has different {{fields}} in each language")
        phrases[name] = text
    return phrases


def fields_of(sentence: str) -> set[str]:
    """The `{names}` a sentence is filled with."""
    return {name for _, name, _, _ in string.Formatter().parse(sentence) if name}


PHRASES = load_phrases()
