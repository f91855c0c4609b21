"""One situation's normalised words and where each concept of the lexicon occurs in them.

Topic detectors and fact readers ask a `Reading` questions ("is `flop` said within the `flop_cards` window of
this number?"); the vocabulary and the window sizes are data (lexicon/*.toml), never numbers in code.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .lexicon import Lexicon

Facts = dict[str, str | int]
T = TypeVar("T")


@dataclass(slots=True)
class Reading:
    """The normalised words of one situation and where each concept occurs in them."""

    text: str
    lexicon: Lexicon
    _cache: dict[str, list[re.Match[str]]] = field(default_factory=dict)
    doubted: set[str] = field(default_factory=set)  # facts the text puts in doubt: asked, never assumed
    _derived: dict[str, Any] = field(default_factory=dict)
    _present: frozenset[str] = field(init=False)  # the strings of the lexicon's `Needs` this text holds

    def __post_init__(self) -> None:
        self._present = self.lexicon.anchor_index.present(self.text)

    def derived(self, key: str, compute: Callable[[], T]) -> T:
        """What a reader works out from this text once (the table's seats), computed on first use."""
        if key not in self._derived:
            self._derived[key] = compute()
        result: T = self._derived[key]
        return result

    def doubt(self, fact: str) -> None:
        """The text leaves this fact in doubt ("not sure who flipped it"): the engine asks it if it matters."""
        self.doubted.add(fact)

    def matches(self, concept: str) -> list[re.Match[str]]:
        """Where `concept` occurs, in order; a pattern whose anchors the text lacks is never run."""
        found = self._cache.get(concept)
        if found is None:
            patterns = self.lexicon.concepts[concept]
            found = [m for pattern, needs in zip(patterns, self.lexicon.needs[concept], strict=True)
                     if needs is None or needs.met(self._present) for m in pattern.finditer(self.text)]
            if len(patterns) > 1:  # one pattern's matches come in order already
                found.sort(key=lambda m: m.start())
            self._cache[concept] = found
        return found

    def has(self, concept: str) -> bool:
        return bool(self.matches(concept))

    def near(self, concept: str, position: int, window: str) -> bool:
        """Whether `concept` occurs within the named window of a character position."""
        reach = self.lexicon.windows[window]
        return any(m.start() - reach <= position <= m.end() + reach for m in self.matches(concept))

    def before(self, position: int, window: str) -> str:
        """The text in the named window just before a position (patterns on it end with `$`)."""
        return self.text[max(0, position - self.lexicon.windows[window]):position]

    def after(self, position: int, window: str) -> str:
        """The text in the named window just after a position (patterns on it start with `^`)."""
        return self.text[position:position + self.lexicon.windows[window]]

    def follows(self, earlier: re.Match[str], later: re.Match[str], window: str) -> bool:
        """Whether `later` starts after `earlier` ends, at most the named window further on ("got three")."""
        return 0 <= later.start() - earlier.end() <= self.lexicon.windows[window]

    def number(self, match: re.Match[str]) -> int | None:
        """The number a match's named groups give: digits or a number word of the lexicon ("four", "un")."""
        for value in match.groupdict().values():
            if value:
                word = value.split()[0]
                if word.isdigit():
                    return int(word)
                if word in self.lexicon.numbers:
                    return self.lexicon.numbers[word]
        return None


def inside(match: re.Match[str], outer: re.Match[str]) -> bool:
    return outer.start() <= match.start() < outer.end()


def group(match: re.Match[str], name: str) -> str | None:
    """A named group's text, or None when this pattern of the concept has no such group or it did not match."""
    return match.groupdict().get(name)
