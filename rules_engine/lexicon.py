"""The parser's vocabulary (lexicon/*.toml), compiled once: concepts as regular expressions over normalised text.

`common.toml` holds what every topic shares (numbers, shorthand, search windows, word lists, shared
concepts); `<topic module>.toml` holds one topic's concepts and the topic's name for players. A concept
carries `patterns`, `examples` it must find and `not` phrases it must not (checked by the tests). A pattern may
write `{name}` for a `[fragments]` entry, a word list said once (`_expanded`).
"""

from __future__ import annotations

import marshal
import re
from _collections_abc import dict_items, dict_keys, dict_values
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache, reduce
from operator import or_
from pathlib import Path
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser  # type: ignore[attr-defined]
from typing import Any, TypeVar

from .language import Text, read_text
from .literals import alternatives, conjunction, pieces, selectivity, unmatchable_edge, words
from .normalise import Speller
from .pattern_cache import Built, Deferred, PatternCache, TomlCache, TomlError, first, hinted, leftmost, spaced_text

LEXICON_DIR = Path(__file__).with_name("lexicon")
COMMON = "common.toml"
_COMMON_TABLES = {"numbers", "placed_numbers", "contractions", "phrases", "aliases", "articles", "windows",
                  "vocabulary", "concepts", "fragments"}
# A topic file may add its own windows, its own fragments, and `known`: real words near its vocabulary that must
# never be "corrected" into it ("rabbia" is not a typo of "rabbit").
_TOPIC_TABLES = {"topic", "concepts", "windows", "known", "fragments"}
_CONCEPT_KEYS = {"patterns", "examples", "not"}
# A word of a pattern that players type: not a stem followed by regex syntax ("mazzier[ei]", "expos\\w*").
_WORD = hinted(r"(?<![\\a-z])[a-z]+(?![a-z\\[?*+{])")


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


@dataclass(frozen=True, slots=True)
class Fragment:
    """A named piece of pattern (`[fragments]`), written `{name}` in the patterns of its file, or of every file when
    it is common.toml's; `users` are the concepts whose patterns name it."""

    name: str
    file: str
    text: str
    users: tuple[str, ...]


class Unit:
    """An expression of `Lexicon.concepts` (a concept's patterns joined, or one with named groups), as the readers
    and `Lexicon.says` search it in the story, its sentences and windows cut from it: by its parts (`Finder`) that
    the text's words allow, where the text's words are known already (a reading's story); else whole, since working
    out what a new piece of text allows (every word's bits over the whole lexicon) costs more than the expression's
    search, however many parts it has (callgrind over the set texts: a 12-part expression on a 33-character window
    ~1 µs whole, ~10 µs by parts; the 19-part correction expression on a whole story ~5 against ~33 µs). Either way
    it finds what the expression finds (`pattern`), as `Reading.matches` does."""

    __slots__ = ("_finder", "_index", "_parts", "_texts", "pattern")

    def __init__(self, pattern: Deferred, finder: Finder, parts: frozenset[int], index: AnchorIndex) -> None:
        self.pattern = pattern  # the expression as compiled, searched whole
        self._finder = finder
        self._parts = parts  # the finder's parts this expression is made of
        self._index = index
        self._texts = index.texts  # the texts whose words are known (`AnchorIndex.read`): asked at every search

    def search(self, text: str, position: int = 0) -> re.Match[str] | None:
        if text not in self._texts:
            return self.pattern.get().search(text, position)
        live, spaced = self._live(text)
        return first(live, text, position, spaced) if live else None

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        if text not in self._texts:
            return self.pattern.get().finditer(text)
        live, spaced = self._live(text)
        return iter(leftmost(live, text, spaced) if live else ())

    def _live(self, text: str) -> tuple[list[Built], str | None]:
        met, spaced = self._index.read(text)
        parts, own = self._finder.parts, self._parts
        return [parts[part].built() for part in self._finder.live(met) if part in own], spaced


SETS = 4
Options = tuple[tuple[frozenset[str], ...], ...]
"""What a text must hold for a pattern to match: for one of the pattern's alternatives, one string of each of that
alternative's `SETS` most selective sets (the last repeated when it has fewer: "was|got|… skipped" needs "skipped"
and one of "was", "got"…: "was" alone does not justify running it)."""


@dataclass(frozen=True, slots=True)
class Finder:
    """How a reading looks for one concept. Its patterns joined in one expression (`Lexicon.concepts`) are run here
    one by one, only those whose strings the text holds: a story of 500 characters holds the strings of a few of a
    concept's hundred patterns, and one short pattern with a literal start is found far faster than the hundred.

    `parts` are the concept's patterns in order, each compiled alone, and a pattern made of alternatives (`a|b|c`)
    as one part per alternative (a story holds the words of a few of them: the others are never run, and each one
    run is found by its own start hint); `units[i]` is the expression of `Lexicon.concepts` part `i` belongs to (a
    pattern with named groups, or the plain ones joined): a unit's parts are found together, as the unit would
    find them (`Reading._find`). Each
    requirement of each part has a bit in the lexicon's `AnchorIndex`, from bit `low` on; `owners[i]` is the part
    of bit `low + i`; `always` are the parts without one."""

    parts: tuple[Deferred, ...]  # each built when first run
    units: tuple[int, ...]
    low: int
    bits: int  # the concept's bits, shifted down by `low`
    owners: tuple[int, ...]  # in order: a part's bits follow the earlier parts'
    always: tuple[int, ...]
    mask: int  # the concept's bits where they lie in `AnchorIndex.met`: tested without shifting that long number

    def live(self, met: int) -> Sequence[int]:
        """The parts a text can match, in order, given the requirements it meets (`AnchorIndex.met`)."""
        found = met & self.mask
        if not found:  # most concepts, for most texts
            return self.always
        if len(self.parts) == 1:
            return _FIRST
        bits = found >> self.low
        live: list[int] = []
        while bits:
            lowest = bits & -bits
            owner = self.owners[lowest.bit_length() - 1]
            if not live or live[-1] != owner:  # the owners of a part's several bits, once
                live.append(owner)
            bits ^= lowest
        return sorted({*live, *self.always}) if self.always else live

    def built(self, part: int) -> Built:
        return self.parts[part].built()


_FIRST = (0,)
_TEXTS_KEPT = 256


class AnchorIndex:
    """Which requirements of every pattern a text meets, for all patterns at once, as the bits of one number.

    Each string lies inside one word (`_fragments`), with a space at an edge known to be the word's (" turn ": the
    word "turn"; " expos": a word starting so): a word's strings are found in it with a space on each side, once,
    and remembered as the bits of the requirements they meet (one number for each of an option's sets, `Options`);
    a text meets an option when one of its words (`literals.words`) meets each set.
    """

    def __init__(self, strings: Mapping[str, bytes]) -> None:
        self._strings = strings  # each string a requirement holds, and the requirements it meets (`Bits`)
        self._longest = max(map(len, strings), default=0)
        self._within = lru_cache(maxsize=16384)(self._find)
        self.texts: dict[str, tuple[int, str | None]] = {}  # `read`'s: `met` and the spaced text of the last texts

    def read(self, text: str) -> tuple[int, str | None]:
        """`met` and the spaced text (`pattern_cache.spaced_text`), kept for the last texts read: a reading's story
        is read again by the readers' expressions (`Unit`)."""
        found = self.texts.get(text)
        if found is None:
            if len(self.texts) >= _TEXTS_KEPT:
                self.texts.clear()
            found = self.texts[text] = (self.met(text), spaced_text(text))
        return found

    def met(self, text: str) -> int:
        """The bits of the requirements `text` meets."""
        met = -1
        for column in zip(*map(self._within, words(text)), strict=True):  # each set: the bits one of the words meets
            met &= reduce(or_, column)
        return met if met != -1 else 0

    def _find(self, word: str) -> tuple[int, ...]:
        word = f" {word} "
        if len(word) * self._longest > len(self._strings):  # a long run of junk: cheaper to test every string
            strings = {s for s in self._strings if s in word}
        else:
            strings = self._strings.keys() & {word[start:end] for start in range(len(word))
                                              for end in range(start + 1, min(len(word), start + self._longest) + 1)}
        found = [0] * SETS
        for string in strings:
            for code in array(_CODE, self._strings[string]):
                found[code % SETS] |= 1 << code // SETS
        return tuple(found)


@dataclass(frozen=True, slots=True)
class Lexicon:
    concepts: dict[str, tuple[Unit, ...]]
    finders: dict[str, Finder]  # how a reading runs each concept's patterns
    anchor_index: AnchorIndex  # which requirements of the finders' parts a text meets, for all at once
    entries: dict[str, Concept]  # each pattern with its fragments written out
    fragments: dict[str, Fragment]
    numbers: dict[str, int]
    number_words: dict[str, int]  # every number word with its value, "sei" too: what an amount in words is read with
    number_heads: tuple[str, ...]  # what a word made of number words starts with: one of them, or one without its
    # last vowel ("vent" of "ventuno"); most words start with none, and are no amount
    number_start: re.Pattern[str]  # where a word made wholly of `number_heads` begins ("trentacinque", "hundred";
    # not "tried", "only"): only such a word can be an amount in words, found in one search
    contractions: dict[str, str]  # "di il" → "del": a preposition and an article written as one word
    windows: dict[str, int]  # name → characters
    topics: dict[str, Text]  # topic name → how players are told it
    italian: frozenset[str]
    english: frozenset[str]
    speller: Speller

    def says(self, concept: str, text: str) -> bool:
        """Whether a piece of text holds the concept: a window cut around a match, where the concept's `^` patterns
        hold right after it ("…exposed | another one") and its `$` patterns right before it."""
        units = self.concepts[concept]
        if len(units) == 1:  # most concepts (the event reader asks ~60 a story)
            return units[0].search(text) is not None
        return any(unit.search(text) for unit in units)

    def find(self, concept: str, text: str, position: int = 0) -> re.Match[str] | None:
        """Where a concept occurs first in a piece of text, from a position: the leftmost match of its expressions,
        the first expression's where several start there."""
        units = self.concepts[concept]
        if len(units) == 1:
            return units[0].search(text, position)
        found = [match for unit in units if (match := unit.search(text, position))]
        return min(found, key=lambda match: match.start()) if found else None

    @classmethod
    def load(cls, directory: Path = LEXICON_DIR) -> Lexicon:
        files = _read(directory)
        common = files[COMMON]
        entries, fragments = _entries(files)
        cache = PatternCache()
        patterns = "\n".join(p for entry in entries.values() for p in entry.patterns)  # one scan finds all
        words, class_words, stems = cache.derived(patterns, lambda: (
            set(_WORD.findall(patterns)), set(_CLASS_WORD.findall(patterns)), set(_STEM.findall(patterns))))
        vocabulary = common["vocabulary"]
        targets = words | set(vocabulary["targets"])
        targets -= set(vocabulary.get("never_guessed", ()))  # "burnato" is no typo of "burraco"
        targets |= {stem + letter for stem, letters in class_words for letter in letters}  # "butt[oa]": butto, butta
        known = {*vocabulary["known"], *vocabulary["italian"], *vocabulary["english"], *common["numbers"],
                 *vocabulary.get("never_guessed", ()),
                 *(word for data in files.values() for word in data.get("known", ()) if data is not common)}
        # stems: "buttat" from "buttat\\w*"
        forms = {stem + ending for stem in stems if len(stem) >= 5 and stem.endswith("t") for ending in _ENDINGS}
        # each concept compiled when first read (a start reads a few hundred of ~650); all of them at once when the
        # bits are laid out anew below (a pattern new or changed: parsed now, a broken one refused at load)
        compiled = BuiltOnUse(entries, lambda name: _compile(entries[name], cache))
        speller = Speller(targets, known, common["aliases"], phrases=common["phrases"], stems=stems, forms=forms,
                          core=vocabulary["core"], articles=_articles(common.get("articles", {})),
                          compile=cache.compile)
        # the bits of every part's requirements, kept like the words: one pass over every part's options at each start
        layout = "\n".join(f"{name} {pattern}" for name, entry in entries.items() for pattern in entry.patterns)
        strings, layouts = cache.derived(layout, lambda: _bits(compiled))
        anchor_index = AnchorIndex(strings)
        finders = BuiltOnUse(entries, lambda name: _finder(compiled[name][1], layouts[name]))
        number_words = {**common["numbers"], **common.get("placed_numbers", {})}
        heads = _number_heads(number_words)
        number_start = cache.compile(_number_start(heads))
        if cache.fresh:  # the cache keeps what this start used: every expression, so the next start finds them all
            compiled.complete()
        cache.save()
        return cls(
            concepts=BuiltOnUse(entries, lambda name: _units(*compiled[name], finders[name], anchor_index)),
            finders=finders,
            anchor_index=anchor_index,
            entries=entries,
            fragments=fragments,
            numbers=dict(common["numbers"]),
            number_words=number_words, number_heads=heads, number_start=number_start,
            contractions=dict(common.get("contractions", {})),
            windows=_all_windows(files), topics=_topics(files),
            italian=frozenset(vocabulary["italian"]), english=frozenset(vocabulary["english"]),
            speller=speller,
        )


def _articles(spec: Mapping[str, Any]) -> dict[str, tuple[str, tuple[str, ...]]]:
    """`[articles.il] forms = ["o", "u"], before = ["mazziere", …]` → {"o": ("il", nouns), "u": ("il", nouns)}."""
    return {form: (standard, tuple(entry["before"])) for standard, entry in spec.items() for form in entry["forms"]}


def topic_labels(directory: Path = LEXICON_DIR) -> dict[str, Text]:
    """Each topic's name for players, from its lexicon file, without compiling any pattern."""
    return _topics(_read(directory))


def topic_file(topic: str) -> str:
    """`exposed-holecard` → `exposed_holecard.toml`, the file named like the topic's module."""
    return f"{topic.replace('-', '_')}.toml"


def _read(directory: Path) -> dict[str, dict[str, Any]]:
    files = {}
    cache = TomlCache(directory)
    for path in sorted(directory.glob("*.toml")):
        try:
            files[path.name] = cache.load(path)
        except TomlError as error:
            raise LexiconError(f"{path.name}: {error}") from error
    cache.save()
    if COMMON not in files:
        raise LexiconError(f"{directory}: no {COMMON}")
    for name, data in files.items():
        allowed = _COMMON_TABLES if name == COMMON else _TOPIC_TABLES
        if set(data) - allowed:
            raise LexiconError(f"{name}: unknown tables {sorted(set(data) - allowed)}; it may hold {sorted(allowed)}")
    return files


def _entries(files: Mapping[str, dict[str, Any]]) -> tuple[dict[str, Concept], dict[str, Fragment]]:
    """Every concept of every file, its patterns with their fragments written out (`_expanded`), and every
    fragment with the concepts using it; a name used twice is refused, naming both files."""
    fragments = _fragment_texts(files)
    users: dict[str, list[str]] = {name: [] for name in fragments}
    entries: dict[str, Concept] = {}
    for file, data in files.items():
        for name, spec in data.get("concepts", {}).items():
            if name in entries:
                raise LexiconError(f"{file}: concept {name!r} is already defined in {entries[name].file}")
            if not isinstance(spec, dict) or set(spec) - _CONCEPT_KEYS or not spec.get("patterns") \
                    or not spec.get("examples"):
                raise LexiconError(f"{file}: concept {name!r} needs `patterns` and `examples` (and may have `not`)")
            patterns = spec["patterns"]
            if _REFERENCE.search("\n".join(patterns)):  # few concepts: one search tells the others apart
                patterns = [_expanded(pattern, fragments, file, name, users) for pattern in patterns]
            entries[name] = Concept(name, file, tuple(patterns), tuple(spec["examples"]), tuple(spec.get("not", ())))
    return entries, {name: Fragment(name, file, text, tuple(dict.fromkeys(users[name])))
                     for name, (file, text) in fragments.items()}


# `{name}`: a fragment named in a pattern (a regex quantifier `{2}`, `{0,3}` starts with a digit or a comma)
_REFERENCE = re.compile(r"\{([A-Za-z_]\w*)\}")
_FRAGMENT_NAME = re.compile(r"[a-z_][a-z0-9_]*")
# What may stand right before a fragment written as it is: the start of the pattern or a group, or `|`
_OPENS_ALTERNATIVE = re.compile(r"(?:^|(?<!\\)\|)\Z|(?<!\\)\((?:\?(?::|P<\w+>|[=!]|<[=!]))?\Z")


def _fragment_texts(files: Mapping[str, dict[str, Any]]) -> dict[str, tuple[str, str]]:
    """Every file's `[fragments]`: name → its file, its text. A name used twice is refused, naming both files; so
    is a fragment that names another (each is written out once, in a pattern)."""
    fragments: dict[str, tuple[str, str]] = {}
    for file, data in files.items():
        for name, text in data.get("fragments", {}).items():
            if name in fragments:
                raise LexiconError(f"{file}: fragment {name!r} is already defined in {fragments[name][0]}")
            if not _FRAGMENT_NAME.fullmatch(name) or not isinstance(text, str) or not text or _REFERENCE.search(text):
                raise LexiconError(f"{file}: fragment {name!r} must be named in lower case (a-z, 0-9, _) and be a "
                                   f"non-empty piece of pattern naming no other fragment")
            fragments[name] = (file, text)
    return fragments


def _expanded(pattern: str, fragments: Mapping[str, tuple[str, str]], file: str, concept: str,
              users: dict[str, list[str]]) -> str:
    """A pattern with each `{name}` replaced by the fragment's text: as it is where the reference is a whole
    alternative (`(pushed|{release_verb_en})`, `({release_verb_en})`: the pattern reads as if the words were
    written there), else as a group `(?:…)` so that its `|` stays inside (`{release_verb_en} his cards`). A name no
    fragment of common.toml or of the pattern's own file has is refused, naming the file and the concept."""
    def replace(reference: re.Match[str]) -> str:
        name = reference[1]
        where, text = fragments.get(name, ("", ""))
        if where not in (file, COMMON):
            elsewhere = f" ({where} has one, for its own patterns only)" if where else ""
            raise LexiconError(f"{file}: concept {concept!r}, pattern {pattern!r}: no fragment {name!r}{elsewhere}; "
                               f"a pattern names its own file's [fragments] or {COMMON}'s")
        users[name].append(concept)
        start, end = reference.span()
        if pattern[end:end + 1] in ("", "|", ")") and _OPENS_ALTERNATIVE.search(pattern, 0, start):
            return text
        return f"(?:{text})"

    return _REFERENCE.sub(replace, pattern)


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
_CLASS_WORD = hinted(r"(?<![\\a-z])([a-z]{3,})\[([a-z]+)\](?![a-z\\[?*+{(])")
_STEM = hinted(r"([a-z]+)\\w[*+]")


CHARACTERS_PER_WORD = 7  # a normalised word and the space after it, on average
_WINDOW = re.compile(r"^(\d+) (words?|characters?)$")


def _number_heads(number_words: Mapping[str, int]) -> tuple[str, ...]:
    """Each number word, and each one ending in a vowel without it: a word holding number words starts with one."""
    return tuple({*number_words, *(word[:-1] for word in number_words if len(word) > 1 and word[-1] in "aeiou")})


def _number_start(heads: Sequence[str]) -> str:
    """An expression finding where a word of a text (words between spaces) is made of heads only: a word made of
    number words is ("ventuno" of "vent" and "uno"), while most words that merely start with one ("tried", "only")
    are not, and are never looked at (each was split every way into number words, and failed). Longest first, in a
    fixed order: the text is the expression's key in the pattern cache."""
    ordered = sorted(set(heads), key=lambda head: (-len(head), head))
    return "(?<![^ ])(?:" + "|".join(map(re.escape, ordered)) + ")+(?![^ ])"


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


_ALWAYS = marshal.dumps(None)  # no requirement known: the part is always run
Part = tuple[Deferred, bytes, int]
"""A pattern of a concept compiled alone (or one of its alternatives), what a text must hold for it to match
(`_compile_one`), its unit."""
Compiled = tuple[Deferred, bytes, bool, tuple[tuple[Deferred, bytes], ...]]
"""An expression (`_compile_one`): built when first used, what a text must hold for it to match, whether a match may
be empty, and each of its alternatives compiled alone with what it needs (none when it is not split)."""


def _compile(concept: Concept, cache: PatternCache) -> tuple[tuple[Deferred, ...], list[Part]]:
    """The concept's expressions (`_sources`) and its parts (`Finder`), each from one parse (parsing is most of the
    load time) or from the pattern cache without any."""
    try:
        units = [_compile_one(source, cache, split="(?P<" in source) for source in _sources(concept)]
        plain = [p for p in concept.patterns if "(?P<" not in p]
        grouped = len(units) - (1 if plain else 0)
        parts = [part for unit, compiled in enumerate(units[:grouped]) for part in _parts(compiled, unit)]
        alone = [_compile_one(p, cache) for p in plain] if len(plain) > 1 else units[grouped:]
        if any(empty for _, _, empty, _ in alone):  # found one by one, an empty match would not advance: joined
            parts.append((units[-1][0], _ALWAYS, grouped))
        else:
            parts += [(pattern, options, grouped) for pattern, options, _, _ in alone]
    except re.error:
        for pattern in concept.patterns:  # only on failure: find the pattern to name
            try:
                re.compile(pattern)
                _parsed(_WHOLE_WORDS.format(pattern))
            except re.error as error:
                raise LexiconError(f"{concept.file}: concept {concept.name!r}, pattern {pattern!r}: {error}") from error
        raise
    return tuple(pattern for pattern, _, _, _ in units), parts


def _units(units: tuple[Deferred, ...], parts: list[Part], finder: Finder, index: AnchorIndex) -> tuple[Unit, ...]:
    """Each expression of a concept with the parts it is made of."""
    return tuple(Unit(pattern, finder, frozenset(i for i, (_, _, unit) in enumerate(parts) if unit == number), index)
                 for number, pattern in enumerate(units))


def _parts(compiled: Compiled, unit: int) -> list[Part]:
    pattern, options, _, alternatives = compiled
    return [(alternative, needs, unit) for alternative, needs in alternatives] or [(pattern, options, unit)]


def _compile_one(source: str, cache: PatternCache, split: bool = False) -> Compiled:
    """An expression on whole words (built when first used), what a text needs for it to match (`Options | None`,
    marshalled: read only when the bits are computed anew, `_bits`), whether a match may be empty, and its
    alternatives (`_split`), each kept in the cache under the expression and its number."""
    whole = _WHOLE_WORDS.format(source)
    stored = cache.defer(whole)
    if stored:
        pattern, (options, empty, count) = stored
        if not count:  # most expressions: read as they are, at every start
            return pattern, options, empty, ()
        kept = [cache.defer(f"{whole}{_ALTERNATIVE}{index}") for index in range(count)]
        if all(kept):
            return pattern, options, empty, tuple((alternative, needs) for alternative, needs in filter(None, kept))
    parsed = _parsed(whole)
    options, empty = marshal.dumps(_needs(parsed)), parsed.getwidth()[0] == 0
    alternatives = _split(parsed) if split else []
    pattern = cache.add(whole, parsed, (options, empty, len(alternatives)))
    needs = [marshal.dumps(_needs(alternative)) for alternative in alternatives]
    return pattern, options, empty, tuple(
        (cache.add(f"{whole}{_ALTERNATIVE}{index}", alternative, needs[index]), needs[index])
        for index, alternative in enumerate(alternatives))


def _parsed(source: str) -> Any:
    """An expression on whole words parsed, refused like a malformed one (`re.error`) where it, or an alternative in
    it, can never match normalised text (`literals.unmatchable_edge`): checked when parsed, so a pattern new or
    changed is checked at load, and a stored one was when it was stored. Parsed with ASCII classes: normalised text
    is ASCII, where `\\w`, `\\d` and `\\b` hold as with Unicode ones, and `re` tests an ASCII class by a table
    instead of four Unicode look-ups a character (~3 % of a ruling's instructions went there)."""
    parsed = _parser.parse(source, sre.SRE_FLAG_ASCII)
    side = unmatchable_edge(parsed)
    if side:
        raise re.error(f"it, or an alternative in it, can only {side} on a space (or another character that is no "
                       f"letter or digit), which the whole-word guards never let match in normalised text")
    return parsed


_ALTERNATIVE = "\x00"  # between an expression and an alternative's number, in the cache: never in a pattern


def _split(parsed: Any) -> list[Any]:
    """The alternatives of an expression `guard(?:a|b|c)guard`, each between the same guards and keeping the groups
    of the whole (their numbers and names), so it finds what the whole finds with that alternative, as the same
    match objects. Together they find what the whole finds: where one of them matches first, the first of those
    there (`reading._leftmost`). None when a match may be empty (found one by one, it would not advance).

    A choice inside a group is split too, and a choice inside an alternative, when what comes before it matches in
    one way only (zero-width tests, single characters: `(?P<bet>\\b(?<!the )(bet|punta|…))`): at each place the
    whole tries the alternatives in order, each with the rest, as its parts do one by one."""
    split = [_parser.SubPattern(parsed.state, items) for items in _alternatives(parsed.data, parsed.state)]
    if len(split) < 2 or any(alternative.getwidth()[0] == 0 for alternative in split):
        return []
    return split


def _alternatives(items: Any, state: Any) -> list[list[Any]]:
    """A parsed sequence as the sequences of its alternatives, in the order `re` tries them (`_split`): the first
    choice reached through items that match in one way only, each of its branches in its place (a choice a branch
    opens with split too; one after it is not: the parts would multiply)."""
    for index, (op, value) in enumerate(items):
        if op is _BRANCH:
            inner = [split for branch in value[1] for split in _alternatives(branch.data, state)]
        elif op is _GROUP and not value[1] and not value[2]:
            inner = [[(op, (*value[:3], _parser.SubPattern(state, branch)))]
                     for branch in _alternatives(value[3].data, state)]
            if len(inner) == 1 and _one_way(value[3].data):
                continue
        elif op in _ONE_WAY:
            continue
        else:
            return [items]
        return [[*items[:index], *branch, *items[index + 1:]] for branch in inner]
    return [items]


def _one_way(items: Any) -> bool:
    return all(op in _ONE_WAY or (op is _GROUP and not value[1] and not value[2] and _one_way(value[3].data))
               for op, value in items)


Bits = tuple[dict[str, bytes], dict[str, tuple[int, int, tuple[int, ...], tuple[int, ...]]]]
"""Every string a requirement of a part holds, with the requirements it meets (`AnchorIndex`), and each concept's
first bit, count of bits, owners and parts without one (`Finder`): plain data, kept in the pattern cache. A string
meets a few of ~8,000 requirements, each in one of an option's `SETS` sets: kept as the codes `bit * SETS + set`,
one array's bytes for each string (read in one copy at each start; as the bits' positions in tuples, one for each
set, they were most of what a start read), the numbers made when a word holding the string is read."""


def _bits(compiled: Mapping[str, tuple[Any, list[Part]]]) -> Bits:
    codes: dict[str, list[int]] = {}
    concepts = {}
    bit = 0
    for name, (_, parts) in compiled.items():
        low, owners, always = bit, [], []
        for index, (_, stored, _) in enumerate(parts):
            options: Options | None = marshal.loads(stored)
            if options is None:
                always.append(index)
            for option in options or ():
                for which, strings in enumerate(option):
                    for string in strings:
                        codes.setdefault(string, []).append(bit * SETS + which)
                owners.append(index)
                bit += 1
        concepts[name] = (low, bit - low, tuple(owners), tuple(always))
    return {string: array(_CODE, found).tobytes() for string, found in codes.items()}, concepts


_CODE = "I"  # a requirement's code (`Bits`)


def _finder(parts: list[Part], layout: tuple[int, int, tuple[int, ...], tuple[int, ...]]) -> Finder:
    """A concept's `Finder`, from its parts and where its bits lie (`Bits`)."""
    low, count, owners, always = layout
    return Finder(tuple(pattern for pattern, _, _ in parts), tuple(unit for _, _, unit in parts), low,
                  (1 << count) - 1, owners, always, ((1 << count) - 1) << low)


V = TypeVar("V")


class BuiltOnUse(dict[str, V]):
    """A value for each name, built when first read: a start builds only the concepts its rulings read (compiling
    all ~650 was a third of `Engine.load()`). Read by name it is a plain dict; asked for every name (iterated,
    counted, its items), it builds them all first, in the names' order."""

    def __init__(self, names: Iterable[str], build: Callable[[str], V]) -> None:
        super().__init__()
        self._names = dict.fromkeys(names)
        self._build = build

    def __missing__(self, name: str) -> V:
        if name not in self._names:
            raise KeyError(name)
        value = self[name] = self._build(name)
        return value

    def complete(self) -> None:
        """Every value built, kept in the names' order."""
        if dict.__len__(self) < len(self._names):
            values = {name: self[name] for name in self._names}
            self.clear()
            self.update(values)

    def get(self, name: str, default: Any = None) -> Any:
        return self[name] if name in self._names else default

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def keys(self) -> dict_keys[str, V]:
        self.complete()
        return super().keys()

    def values(self) -> dict_values[str, V]:
        self.complete()
        return super().values()

    def items(self) -> dict_items[str, V]:
        self.complete()
        return super().items()


def _needs(parsed: Any) -> Options | None:
    """What a text must hold for a pattern to match (the pattern cache stores it): None when an alternative requires
    no literal at all."""
    options = [sorted(_fragments(conjunction(items, left, right)), key=selectivity, reverse=True)
               for items, left, right in alternatives(parsed)]
    if not all(options):
        return None
    return tuple(tuple(option[index % len(option)] for index in range(SETS)) for option in options)


def _fragments(needed: list[frozenset[str]]) -> list[frozenset[str]]:
    """The sets as the word-by-word `AnchorIndex` can test them: one string alone is cut into its words, each
    required ("out of turn": " out ", " of ", " turn "); a choice of strings keeps the longest word of each; a set
    left with nothing to test goes."""
    cut: list[frozenset[str]] = []
    for strings in needed:
        if len(strings) == 1:
            cut += [frozenset((piece,)) for piece in pieces(next(iter(strings)))]
        else:
            longest = frozenset(max(pieces(string), key=_longest_word, default="") for string in strings)
            cut += [longest] if "" not in longest else []
    return cut


def _longest_word(piece: str) -> tuple[int, int]:
    return len(piece.strip()), len(piece)


_WHOLE_WORDS = "(?<![a-z0-9])(?:{})(?![a-z0-9])"
_BRANCH = sre.BRANCH
_GROUP = sre.SUBPATTERN
_ONE_WAY = {sre.AT, sre.ASSERT, sre.ASSERT_NOT, sre.LITERAL, sre.IN}  # match in one way or not at all


def whole_words(pattern: str) -> re.Pattern[str]:
    """A pattern as the lexicon applies it: on whole words only ("turn" never inside "return"), ASCII classes
    (`_parsed`)."""
    return re.compile(_WHOLE_WORDS.format(pattern), re.ASCII)
