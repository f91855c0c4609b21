"""The words the table tools read (vocabulary.toml), loaded once, and the regex alternation that matches them."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

PATH = Path(__file__).with_name("vocabulary.toml")

with PATH.open("rb") as _file:
    VOCABULARY: dict[str, Any] = tomllib.load(_file)


def alternatives(words: Iterable[str]) -> str:
    """A regex alternation of `words`, longest first so a phrase wins over a word it starts with; spaces in a
    phrase match any run of spaces."""
    ordered = sorted(set(words), key=len, reverse=True)
    return "|".join(r"\s+".join(re.escape(part) for part in word.split()) for word in ordered)


def words_pattern(words: Iterable[str]) -> re.Pattern[str]:
    """`words` as whole words anywhere in a text, ignoring case."""
    return re.compile(rf"(?<![\w-])(?:{alternatives(words)})(?![\w-])", re.IGNORECASE)
