"""The parser's vocabulary (lexicon.toml), compiled once: concepts as regular expressions over normalised text."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from .normalise import Speller

LEXICON_PATH = Path(__file__).with_name("lexicon.toml")
# A word of a pattern that players type: not a stem followed by regex syntax ("mazzier[ei]", "expos\\w*").
_WORD = re.compile(r"(?<![\\a-z])[a-z]+(?![a-z\\[?*+{])")


@dataclass(frozen=True, slots=True)
class Lexicon:
    concepts: dict[str, tuple[re.Pattern[str], ...]]
    numbers: dict[str, int]
    windows: dict[str, int]  # name → characters
    italian: frozenset[str]
    english: frozenset[str]
    speller: Speller

    @classmethod
    def load(cls, path: Path = LEXICON_PATH) -> Lexicon:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
        concepts = {name: _compile(name, patterns) for name, patterns in data["concepts"].items()}
        vocabulary = data["vocabulary"]
        targets = {word for patterns in data["concepts"].values() for p in patterns for word in _WORD.findall(p)}
        targets |= set(vocabulary["targets"])
        targets |= {stem + letter for patterns in data["concepts"].values() for p in patterns
                    for stem, letters in _CLASS_WORD.findall(p) for letter in letters}  # "butt[oa]": butto, butta
        known = {*vocabulary["known"], *vocabulary["italian"], *vocabulary["english"], *data["numbers"]}
        stems = _stems(data["concepts"].values())
        forms = {stem + ending for stem in stems if len(stem) >= 5 and stem.endswith("t") for ending in _ENDINGS}
        return cls(
            concepts=concepts, numbers=dict(data["numbers"]), windows=_windows(data["windows"]),
            italian=frozenset(vocabulary["italian"]),
            english=frozenset(vocabulary["english"]),
            speller=Speller(targets, known, data["aliases"], phrases=data["phrases"], stems=stems, forms=forms,
                            core=vocabulary["core"]),
        )


# Endings that make an Italian participle stem a word players type, so its typos can be corrected
# ("getatto" → "gettato" from "gettat\\w*").
_ENDINGS = ("o", "a", "e", "i")
_CLASS_WORD = re.compile(r"(?<![\\a-z])([a-z]{3,})\[([a-z]+)\](?![a-z\\[?*+{(])")
_STEM = re.compile(r"([a-z]+)\\w[*+]")


def _stems(concepts: object) -> set[str]:
    """Word stems the patterns accept any ending for: "buttat" from "buttat\\w*"."""
    return {stem for patterns in concepts for pattern in patterns for stem in _STEM.findall(pattern)}  # type: ignore[attr-defined]


CHARACTERS_PER_WORD = 7  # a normalised word and the space after it, on average
_WINDOW = re.compile(r"^(\d+) (words?|characters?)$")


def _windows(spec: dict[str, str]) -> dict[str, int]:
    """`doubt = "12 words"` or `owner_before = "30 characters"` → characters of normalised text."""
    windows = {}
    for name, size in spec.items():
        match = _WINDOW.match(size)
        if not match:
            raise LexiconError(f"window {name!r}: {size!r} should read like \"12 words\" or \"30 characters\"")
        windows[name] = int(match[1]) * (CHARACTERS_PER_WORD if match[2].startswith("word") else 1)
    return windows


class LexiconError(ValueError):
    """A pattern in lexicon.toml does not compile; the message names the concept and the pattern."""


def _compile(name: str, patterns: list[str]) -> tuple[re.Pattern[str], ...]:
    """One regex per concept where possible (one scan of the text); patterns with named groups stay apart."""
    plain = [p for p in patterns if "(?P<" not in p]
    grouped = [p for p in patterns if "(?P<" in p]
    joined = ["|".join(f"(?:{p})" for p in plain)] if plain else []
    try:
        return tuple(_whole_words(p) for p in grouped + joined)
    except re.error:
        for pattern in patterns:  # only on failure: find the pattern to name
            try:
                re.compile(pattern)
            except re.error as error:
                raise LexiconError(f"lexicon.toml: concept {name!r}, pattern {pattern!r}: {error}") from error
        raise


def _whole_words(pattern: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![a-z0-9])(?:{pattern})(?![a-z0-9])")
