"""One situation's normalised words and where each concept of the lexicon occurs in them.

Topic detectors and fact readers ask a `Reading` questions ("is `flop` said within the `flop_cards` window of
this number?"); the vocabulary and the window sizes are data (lexicon/*.toml), never numbers in code.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import groupby
from operator import methodcaller
from typing import Any, TypeVar

from .lexicon import Lexicon
from .pattern_cache import Built, every, leftmost

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
    _seen: dict[str, bool] = field(init=False, default_factory=dict)  # concept → occurs, when only that was asked
    _met: int = field(init=False)  # the requirements of the lexicon's patterns this text meets (`AnchorIndex`)
    _spaced: str | None = field(init=False)  # where spaced forms search (`pattern_cache.spaced_text`)

    def __post_init__(self) -> None:
        self._met, self._spaced = self.lexicon.anchor_index.read(self.text)

    def derived(self, key: str, compute: Callable[[], T]) -> T:
        """What a reader works out from this text once (the table's seats), computed on first use."""
        if key not in self._derived:
            self._derived[key] = compute()
        result: T = self._derived[key]
        return result

    def doubt(self, fact: str) -> None:
        """The text leaves this fact in doubt ("not sure who flipped it"): the engine asks it if it matters."""
        self.doubted.add(fact)

    def sentence_start(self, position: int) -> int:
        """Where the sentence holding a position starts (the first sentence starts at 0)."""
        return max(start for start in self.sentences if start <= position)

    def sentence_end(self, position: int) -> int:
        """Where the sentence holding a position ends (the next one's start, or the end of the text)."""
        return next((start - 1 for start in self.sentences if start > position), len(self.text))

    def matches(self, concept: str) -> list[re.Match[str]]:
        """Where `concept` occurs, in order: what its expressions (`Lexicon.concepts`) find, run on their own."""
        found = self._cache.get(concept)
        if found is None:  # `has` found it absent (a cue tests it, a reader then reads it): nothing to look for
            found = self._cache[concept] = [] if self._seen.get(concept) is False else self._find(concept)
        return found

    def has(self, concept: str) -> bool:
        """Whether the concept occurs at all: the first occurrence is enough (every one is found only if asked)."""
        found = self._cache.get(concept)
        if found is not None:
            return bool(found)
        seen = self._seen.get(concept)
        if seen is None:
            seen = self._seen[concept] = self._occurs(concept)
        return seen

    def may_find(self, concept: str, group: str) -> bool:
        """Whether the text's words allow a match of the concept holding this named group: a part whose words the text
        lacks is ruled out without a search (`Finder.live`). A cue asks it before a slow reader that needs such a match
        ("an all-in told": the events)."""
        finder = self.lexicon.finders[concept]
        return any(finder.parts[part].named(group) for part in finder.live(self._met))

    def _find(self, concept: str) -> list[re.Match[str]]:
        """Every match of the concept's parts this text can match, as its expressions would find them."""
        finder = self.lexicon.finders[concept]
        live = finder.live(self._met)
        if not live:
            return []
        text, spaced = self.text, self._spaced
        if len(live) == 1:
            return every(finder.built(live[0]), text, spaced)
        units = finder.units  # the parts of one expression of `Lexicon.concepts` are found together
        if units[live[0]] == units[live[-1]]:
            return leftmost([finder.built(part) for part in live], text, spaced)
        found = []
        for _, parts in groupby(live, units.__getitem__):
            found += leftmost(list(map(finder.built, parts)), text, spaced)
        found.sort(key=_start)
        return found

    def _occurs(self, concept: str) -> bool:
        """Whether one of the concept's parts this text can match finds something (a part's spaced form finding the
        space before a match is enough: no need for the match itself)."""
        finder = self.lexicon.finders[concept]
        live = finder.live(self._met)
        return bool(live) and any(map(self._occurs_part, map(finder.built, live)))

    def _occurs_part(self, part: Built) -> bool:
        pattern, spaced = part
        if spaced is None or self._spaced is None:
            return pattern.search(self.text) is not None
        return spaced.search(self._spaced) is not None

    def near(self, concept: str, position: int, window: str) -> bool:
        """Whether `concept` occurs within the named window of a character position."""
        return bool(self._near(concept, position, window))

    def uncertain_near(self, position: int, window: str) -> bool:
        """Whether a doubt ("not sure", "c'è discussione") is told within the named window of a position, in its
        sentence or opening another ("was someone still to act? | can't remember"): "the button hadn't acted yet
        when she turned the turn. The floor comes and there's an argument" doubts what to do, not whether he had."""
        sentence, opens = self.sentence_start(position), self.lexicon.windows["doubt_opens"]
        return any(self.sentence_start(m.start()) == sentence
                   or m.start() - self.sentence_start(m.start()) <= opens
                   for m in self._near("uncertain", position, window))

    def _near(self, concept: str, position: int, window: str) -> list[re.Match[str]]:
        reach = self.lexicon.windows[window]
        return [m for m in self.matches(concept) if m.start() - reach <= position <= m.end() + reach]

    def said_within(self, concept: str, start: int, end: int) -> bool:
        """Whether `concept` occurs wholly between two character positions (a clause, a phrase's own span)."""
        return any(start <= m.start() and m.end() <= end for m in self.matches(concept))

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


_start = methodcaller("start")


def inside(match: re.Match[str], outer: re.Match[str]) -> bool:
    return outer.start() <= match.start() < outer.end()


def group(match: re.Match[str], name: str) -> str | None:
    """A named group's text, or None when this pattern of the concept has no such group or it did not match."""
    return match.group(name) if name in match.re.groupindex else None  # not `groupdict()`: a dict of every group


def joined(sentences: list[str]) -> tuple[str, tuple[int, ...]]:
    """Sentences put back into one text, and where each starts: what a reader that drops words leaves."""
    kept = [sentence.strip() for sentence in sentences if sentence.strip()]
    starts: list[int] = []
    length = 0
    for sentence in kept:
        starts.append(length + (1 if starts else 0))
        length = starts[-1] + len(sentence)
    return " ".join(kept), tuple(starts) or (0,)
