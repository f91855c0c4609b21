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
    sentences: tuple[int, ...] = (0,)  # where each sentence starts in `text`
    _cache: dict[str, list[re.Match[str]]] = field(default_factory=dict)
    doubted: set[str] = field(default_factory=set)  # facts the text puts in doubt: asked, never assumed
    _derived: dict[str, Any] = field(default_factory=dict)
    _seen: dict[str, bool] = field(default_factory=dict)  # concept → occurs, when only that was asked
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

    def sentence_end(self, position: int) -> int:
        """Where the sentence holding a position ends (the next one's start, or the end of the text)."""
        return next((start - 1 for start in self.sentences if start > position), len(self.text))

    def _live(self, concept: str) -> list[re.Pattern[str]]:
        """The concept's patterns that can match here: a text lacking what a pattern needs never runs it."""
        patterns = zip(self.lexicon.concepts[concept], self.lexicon.needs[concept], strict=True)
        return [pattern for pattern, needs in patterns if needs is None or needs.met(self._present)]

    def matches(self, concept: str) -> list[re.Match[str]]:
        """Where `concept` occurs, in order."""
        if concept not in self._cache:
            live = self._live(concept)
            found = [m for pattern in live for m in pattern.finditer(self.text)]
            self._cache[concept] = sorted(found, key=lambda m: m.start()) if len(live) > 1 else found
        return self._cache[concept]

    def has(self, concept: str) -> bool:
        """Whether the concept occurs at all: the first occurrence is enough (every one is found only if asked)."""
        if concept in self._cache:
            return bool(self._cache[concept])
        if concept not in self._seen:
            self._seen[concept] = any(pattern.search(self.text) for pattern in self._live(concept))
        return self._seen[concept]

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


def joined(sentences: list[str]) -> tuple[str, tuple[int, ...]]:
    """Sentences put back into one text, and where each starts: what a reader that drops words leaves."""
    kept = [sentence.strip() for sentence in sentences if sentence.strip()]
    starts: list[int] = []
    length = 0
    for sentence in kept:
        starts.append(length + (1 if starts else 0))
        length = starts[-1] + len(sentence)
    return " ".join(kept), tuple(starts) or (0,)
