"""The parser's vocabulary (lexicon/*.toml), compiled once: concepts as regular expressions over normalised text.

`common.toml` holds what every topic shares (numbers, shorthand, search windows, word lists, shared
concepts); `<topic module>.toml` holds one topic's concepts and the topic's name for players. A concept
carries `patterns`, `examples` it must find and `not` phrases it must not (checked by the tests).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from re import _compiler, _parser  # type: ignore[attr-defined]
from re import _constants as sre  # type: ignore[attr-defined]
from typing import Any

from .language import Text, read_text
from .normalise import Speller

LEXICON_DIR = Path(__file__).with_name("lexicon")
COMMON = "common.toml"
_COMMON_TABLES = {"numbers", "phrases", "aliases", "windows", "vocabulary", "concepts"}
# A topic file may add its own windows, and `known`: real words near its vocabulary that must never be "corrected"
# into it ("rabbia" is not a typo of "rabbit").
_TOPIC_TABLES = {"topic", "concepts", "windows", "known"}
_CONCEPT_KEYS = {"patterns", "examples", "not"}
# A word of a pattern that players type: not a stem followed by regex syntax ("mazzier[ei]", "expos\\w*").
_WORD = re.compile(r"(?<![\\a-z])[a-z]+(?![a-z\\[?*+{])")


class LexiconError(ValueError):
    """A lexicon file is malformed; the message names the file and the concept."""


@dataclass(frozen=True, slots=True)
class Concept:
    """One concept as written in its file: the patterns, and the phrases that show what they are for."""

    name: str
    file: str
    patterns: tuple[str, ...]
    examples: tuple[str, ...]
    not_examples: tuple[str, ...]


Anchors = frozenset[str] | None
"""Strings one of which any match of a pattern contains (None: none known, the pattern is always tried)."""


class AnchorIndex:
    """Finds, in one scan of a text, every anchor of every pattern it contains.

    Checking each pattern's anchors with `in` costs more than the patterns themselves (thousands of strings, many
    as common as "card"); one regular expression shaped as a trie of all anchors finds, at each position, the
    longest anchor starting there, and every shorter anchor starting there is one of its prefixes.
    """

    def __init__(self, anchors: Iterable[str]) -> None:
        strings = frozenset(anchors)
        self._finder = re.compile(f"(?=({_trie(strings)}))") if strings else None
        self._prefixes = {s: tuple(s[:end] for end in range(1, len(s) + 1) if s[:end] in strings) for s in strings}

    def present(self, text: str) -> frozenset[str]:
        """The anchors `text` contains."""
        if self._finder is None:
            return frozenset()
        prefixes = self._prefixes
        return frozenset(s for longest in set(self._finder.findall(text)) for s in prefixes[longest])


def _trie(strings: Iterable[str]) -> str:
    """An alternation of literal strings factored by common prefixes, so the matcher follows one branch per
    character instead of trying every string in turn."""
    root: dict[str, Any] = {}
    for string in strings:
        node = root
        for character in string:
            node = node.setdefault(character, {})
        node[""] = {}

    def branch(node: dict[str, Any]) -> str:
        alternatives = [re.escape(character) + branch(child) for character, child in sorted(node.items()) if character]
        if not alternatives:
            return ""
        body = alternatives[0] if len(alternatives) == 1 and "" not in node else f"(?:{'|'.join(alternatives)})"
        return body + ("?" if "" in node else "")

    return branch(root)


@dataclass(frozen=True, slots=True)
class Lexicon:
    concepts: dict[str, tuple[re.Pattern[str], ...]]
    anchors: dict[str, tuple[Anchors, ...]]  # per compiled pattern: a text containing none of them cannot match
    anchor_index: AnchorIndex  # which anchors a text contains, for all patterns at once
    entries: dict[str, Concept]
    numbers: dict[str, int]
    windows: dict[str, int]  # name → characters
    topics: dict[str, Text]  # topic name → how players are told it
    italian: frozenset[str]
    english: frozenset[str]
    speller: Speller

    @classmethod
    def load(cls, directory: Path = LEXICON_DIR) -> Lexicon:
        files = _read(directory)
        common = files[COMMON]
        entries = _entries(files)
        patterns = [p for entry in entries.values() for p in entry.patterns]
        vocabulary = common["vocabulary"]
        targets = {word for p in patterns for word in _WORD.findall(p)} | set(vocabulary["targets"])
        targets |= {stem + letter for p in patterns
                    for stem, letters in _CLASS_WORD.findall(p) for letter in letters}  # "butt[oa]": butto, butta
        known = {*vocabulary["known"], *vocabulary["italian"], *vocabulary["english"], *common["numbers"],
                 *(word for data in files.values() for word in data.get("known", ()) if data is not common)}
        stems = {stem for p in patterns for stem in _STEM.findall(p)}  # "buttat" from "buttat\\w*"
        forms = {stem + ending for stem in stems if len(stem) >= 5 and stem.endswith("t") for ending in _ENDINGS}
        compiled = {name: _compile(entry) for name, entry in entries.items()}
        return cls(
            concepts={name: tuple(pattern for pattern, _ in pairs) for name, pairs in compiled.items()},
            anchors={name: tuple(needs for _, needs in pairs) for name, pairs in compiled.items()},
            anchor_index=AnchorIndex(s for pairs in compiled.values() for _, needs in pairs for s in needs or ()),
            entries=entries,
            numbers=dict(common["numbers"]), windows=_all_windows(files), topics=_topics(files),
            italian=frozenset(vocabulary["italian"]), english=frozenset(vocabulary["english"]),
            speller=Speller(targets, known, common["aliases"], phrases=common["phrases"], stems=stems, forms=forms,
                            core=vocabulary["core"]),
        )


def topic_labels(directory: Path = LEXICON_DIR) -> dict[str, Text]:
    """Each topic's name for players, from its lexicon file, without compiling any pattern."""
    return _topics(_read(directory))


def topic_file(topic: str) -> str:
    """`exposed-holecard` → `exposed_holecard.toml`, the file named like the topic's module."""
    return f"{topic.replace('-', '_')}.toml"


def _read(directory: Path) -> dict[str, dict[str, Any]]:
    files = {}
    for path in sorted(directory.glob("*.toml")):
        try:
            with path.open("rb") as handle:
                files[path.name] = tomllib.load(handle)
        except tomllib.TOMLDecodeError as error:
            raise LexiconError(f"{path.name}: {error}") from error
    if COMMON not in files:
        raise LexiconError(f"{directory}: no {COMMON}")
    for name, data in files.items():
        allowed = _COMMON_TABLES if name == COMMON else _TOPIC_TABLES
        if set(data) - allowed:
            raise LexiconError(f"{name}: unknown tables {sorted(set(data) - allowed)}; it may hold {sorted(allowed)}")
    return files


def _entries(files: Mapping[str, dict[str, Any]]) -> dict[str, Concept]:
    """Every concept of every file; a name used twice is refused, naming both files."""
    entries: dict[str, Concept] = {}
    for file, data in files.items():
        for name, spec in data.get("concepts", {}).items():
            if name in entries:
                raise LexiconError(f"{file}: concept {name!r} is already defined in {entries[name].file}")
            if not isinstance(spec, dict) or set(spec) - _CONCEPT_KEYS or not spec.get("patterns") \
                    or not spec.get("examples"):
                raise LexiconError(f"{file}: concept {name!r} needs `patterns` and `examples` (and may have `not`)")
            entries[name] = Concept(name, file, tuple(spec["patterns"]), tuple(spec["examples"]),
                                    tuple(spec.get("not", ())))
    return entries


def _topics(files: Mapping[str, dict[str, Any]]) -> dict[str, Text]:
    topics = {}
    for file, data in files.items():
        if file == COMMON:
            continue
        if "topic" not in data:
            raise LexiconError(f"{file}: a topic's lexicon needs [topic] with label and label_it")
        try:
            topics[file.removesuffix(".toml").replace("_", "-")] = read_text(data["topic"], "label")
        except KeyError as error:
            raise LexiconError(f"{file}: [topic] needs {error}") from error
    return topics


# Endings that make an Italian participle stem a word players type, so its typos can be corrected
# ("getatto" → "gettato" from "gettat\\w*").
_ENDINGS = ("o", "a", "e", "i")
_CLASS_WORD = re.compile(r"(?<![\\a-z])([a-z]{3,})\[([a-z]+)\](?![a-z\\[?*+{(])")
_STEM = re.compile(r"([a-z]+)\\w[*+]")


CHARACTERS_PER_WORD = 7  # a normalised word and the space after it, on average
_WINDOW = re.compile(r"^(\d+) (words?|characters?)$")


def _all_windows(files: Mapping[str, dict[str, Any]]) -> dict[str, int]:
    """The windows of every file (common.toml's and each topic's own); a name used twice is refused."""
    windows: dict[str, int] = {}
    where: dict[str, str] = {}
    for file, data in files.items():
        for name, size in _windows(data.get("windows", {})).items():
            if name in windows:
                raise LexiconError(f"{file}: window {name!r} is already defined in {where[name]}")
            windows[name], where[name] = size, file
    return windows


def _windows(spec: dict[str, object]) -> dict[str, int]:
    """`doubt = "12 words"` or `owner_before = "30 characters"` → characters of normalised text."""
    windows = {}
    for name, size in spec.items():
        match = _WINDOW.match(size) if isinstance(size, str) else None
        if not match:
            raise LexiconError(f"window {name!r}: {size!r} should read like \"12 words\" or \"30 characters\"")
        windows[name] = int(match[1]) * (CHARACTERS_PER_WORD if match[2].startswith("word") else 1)
    return windows


def _sources(concept: Concept) -> list[str]:
    """A concept's regular expressions as compiled: one per pattern with named groups, the others joined into one
    (one scan of the text)."""
    plain = [p for p in concept.patterns if "(?P<" not in p]
    grouped = [p for p in concept.patterns if "(?P<" in p]
    return grouped + (["|".join(f"(?:{p})" for p in plain)] if plain else [])


def _compile(concept: Concept) -> tuple[tuple[re.Pattern[str], Anchors], ...]:
    """Each regular expression with its anchors, from one parse (parsing is most of the load time)."""
    try:
        return tuple(_compile_one(source) for source in _sources(concept))
    except re.error:
        for pattern in concept.patterns:  # only on failure: find the pattern to name
            try:
                re.compile(pattern)
            except re.error as error:
                raise LexiconError(f"{concept.file}: concept {concept.name!r}, pattern {pattern!r}: {error}") from error
        raise


def _compile_one(source: str) -> tuple[re.Pattern[str], Anchors]:
    parsed = _parser.parse(_WHOLE_WORDS.format(source))
    needs = _minimal(_required(parsed))
    return _compiler.compile(parsed), needs


def anchors(pattern: str) -> Anchors:
    """Literal strings one of which every match of `pattern` contains, read from its parsed form, so a reading
    skips the regular expression when the text holds none of them (most concepts, for most situations)."""
    return _minimal(_required(_parser.parse(pattern)))


def _minimal(needed: Anchors) -> Anchors:
    """A string containing another of the set adds nothing and is left out."""
    if needed is None:
        return None
    return frozenset(s for s in needed if not any(other != s and other in s for other in needed))


def _required(items: Any) -> Anchors:
    """The most selective set of strings a sequence of regex items requires (longest shortest string)."""
    options: list[frozenset[str]] = []
    run: list[str] = []
    for op, value in items:
        if op is _LITERAL:
            run.append(chr(value))
            continue
        if run:
            options.append(frozenset(("".join(run),)))
            run = []
        needed = _item(op, value)
        if needed:
            options.append(needed)
    if run:
        options.append(frozenset(("".join(run),)))
    return max(options, key=lambda strings: (min(map(len, strings)), -len(strings)), default=None)


def _item(op: Any, value: Any) -> Anchors:
    if op is _SUBPATTERN:
        return _required(value[-1])
    if op is _BRANCH:
        branches = [_required(branch) for branch in value[1]]
        return frozenset().union(*branches) if all(b is not None for b in branches) else None  # type: ignore[arg-type]
    if op is _MAX_REPEAT or op is _MIN_REPEAT:
        low, _, item = value
        return _required(item) if low >= 1 else None
    return None  # classes, anchors, lookarounds, backreferences: nothing literal is known to be required


_WHOLE_WORDS = "(?<![a-z0-9])(?:{})(?![a-z0-9])"
_LITERAL, _SUBPATTERN, _BRANCH = sre.LITERAL, sre.SUBPATTERN, sre.BRANCH
_MAX_REPEAT, _MIN_REPEAT = sre.MAX_REPEAT, sre.MIN_REPEAT


def whole_words(pattern: str) -> re.Pattern[str]:
    """A pattern as the lexicon applies it: on whole words only ("turn" never inside "return")."""
    return re.compile(_WHOLE_WORDS.format(pattern))
