"""Compiled regular expressions, and parsed TOML files, kept on disk between starts, as Python keeps `.pyc` files.

Parsing and compiling the lexicon's ~550 regular expressions is most of `Engine.load()`, and the result depends only
on each expression's text and the interpreter: the compiled program is stored under `__pycache__`, keyed by the
expression's text, and rebuilt from there at the next start. An expression that is new or changed is parsed and
compiled as ever (so a broken one is still refused at load); a cache that cannot be read or written is ignored.

Each program also says where a match can start (`_start_hint`): every lexicon expression begins with a whole-word
guard, a lookbehind, and `re` then tries the whole expression at every character of the text. Told the literal
prefix or the set of first characters of every match, it skips straight to the places where one can start, as it
does for an expression that begins with a literal. Only where the search starts changes, never what matches.
"""

from __future__ import annotations

import _sre  # type: ignore[import-not-found]
import dataclasses
import gc
import marshal
import mmap
import os
import re
import sys
from array import array
from bisect import bisect_left
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from re import _compiler, _parser  # type: ignore[attr-defined]
from re import _constants as sre  # type: ignore[attr-defined]
from typing import Any, TypeVar
from zlib import crc32

from .literals import edge

CACHE = Path(__file__).with_name("__pycache__") / f"lexicon.{sys.implementation.cache_tag}.{_sre.MAGIC}.marshal"
# The compiled program's format belongs to the interpreter that wrote it, to the way it is compiled here, and to
# what the lexicon stores with it (`extra`) or the data cache keeps (the topic model packed): a change to either is a
# new version.
_VERSION = (f"{sys.version} start-hint, parts, bytes, derived, options marshalled, alternatives, possessive, word"
            " edges, sets as bytes, anchored first, nested alternatives, programs mapped, entries by checksum, bits as"
            " codes, ASCII classes, flags after the last separator, topic model packed")

Stored = tuple[int, bytes | memoryview, int, dict[str, int], tuple[str | None, ...], Any]
"""flags, program (its code words as bytes: read back in one copy, not one number at a time; as read from the file,
a view of its mapped bytes), groups, group index, index group, and what the caller derived from the parse
(`extra`)."""
_Filed = tuple[str, int, int, int, int, dict[str, int], tuple[str | None, ...], Any]
"""A `Stored` as the file keeps it: its text first, the program as where its bytes lie after the list, and how many."""
T = TypeVar("T")
_CODE = next(kind for kind in "IL" if array(kind).itemsize == _sre.CODESIZE)


Built = tuple[re.Pattern[str], re.Pattern[str] | None]
"""An expression as compiled, and its spaced form (`Deferred.built`)."""


class Deferred:
    """A stored expression built into a pattern when first used: a start builds only the expressions it runs."""

    __slots__ = ("_built", "_pattern", "_source", "_stored")

    def __init__(self, stored: Stored, source: str) -> None:
        self._stored = stored
        self._source = source
        self._pattern: re.Pattern[str] | None = None
        self._built: Built | None = None

    def get(self) -> re.Pattern[str]:
        if self._pattern is None:
            self._pattern = _build(self._stored)
        return self._pattern

    def named(self, group: str) -> bool:
        """Whether the expression has a group of this name (read from what is stored: nothing is built)."""
        return group in self._stored[3]

    def built(self) -> Built:
        """The pattern, and for an expression on whole words (`(?<![a-z0-9])(?:X)(?![a-z0-9])`) that `re` cannot
        find by a literal prefix, its spaced form ` (?:X)(?![a-z0-9])`: searched on a plain text (words and spaces)
        with a space put before it, it finds at each match of the expression the space before it, and `re` skips to
        each space at C speed instead of trying the expression at every letter (see `search`). None for an
        expression with a literal prefix (`re` already skips to it), one that may match empty or look behind where
        it starts, or one of another form."""
        if self._built is None:
            # what the spaced form needs: a body that never looks before where it starts (a lookbehind, `^`), since
            # it is searched with a space put before the text (read here, not at load: most expressions never run)
            body = self._source.removeprefix(_GUARD_SOURCE)
            spaced = "(?<" not in body and "^" not in body and "\\A" not in body
            self._built = (self.get(), _spaced(self._stored) if spaced else None)
        return self._built


_NOT_PLAIN = re.compile("[^a-z0-9 ]")


def spaced_text(text: str) -> str | None:
    """The text with a space before it, where spaced forms search (`search`), if it holds only words and spaces, as
    normalised text does; None otherwise."""
    return None if _NOT_PLAIN.search(text) else f" {text}"


def search(built: Built, text: str, position: int, spaced_text: str | None) -> re.Match[str] | None:
    """`pattern.search(text, position)`; with the text's `spaced_text`, by the spaced form when there is one: it
    finds, where a match starts, the space before it (the one put before the text for a match at its start), and the
    pattern then matches there."""
    pattern, spaced = built
    if spaced is None or spaced_text is None:
        return pattern.search(text, position)
    space = spaced.search(spaced_text, position)
    return None if space is None else pattern.match(text, space.start())


def first(parts: list[Built], text: str, position: int, spaced_text: str | None) -> re.Match[str] | None:
    """What the parts joined in one expression (`a|b|c`) find from `position` on, from the parts run alone: the
    leftmost match, the first part's where several start there."""
    best = None
    for part in parts:
        match = search(part, text, position, spaced_text)
        if match is not None and (best is None or match.start() < best.start()):
            best = match
    return best


def leftmost(parts: list[Built], text: str, spaced_text: str | None) -> list[re.Match[str]]:
    """What the parts joined in one expression (`a|b|c`) find, from the parts run alone: the leftmost match, the
    first part's where several start there, then on from its end. (A part's next match is searched again only once
    an earlier match has passed its start.)"""
    if len(parts) == 1:
        return every(parts[0], text, spaced_text)
    found: list[re.Match[str]] = []
    position = 0
    following = [search(part, text, 0, spaced_text) for part in parts]
    while True:
        best = None
        for index, match in enumerate(following):
            if match is not None and match.start() < position:
                match = following[index] = search(parts[index], text, position, spaced_text)
            if match is not None and (best is None or match.start() < best.start()):
                best = match
        if best is None:
            return found
        found.append(best)
        position = best.end()


def every(built: Built, text: str, spaced_text: str | None) -> list[re.Match[str]]:
    """`pattern.finditer(text)` as a list (by `search`: a spaced form never matches empty)."""
    if built[1] is None or spaced_text is None:
        return list(built[0].finditer(text))
    found = []
    match = search(built, text, 0, spaced_text)
    while match is not None:
        found.append(match)
        match = search(built, text, match.end(), spaced_text)
    return found


class PatternCache:
    """Compiled expressions by their text: the ones stored at the last start, and the ones compiled since.

    The file lists the stored expressions by a checksum of their text (`_key`), in order, and each one's entry (its
    text, where its program lies, its groups, `extra`) lies after the list with the programs: a start reads the
    list in one copy, and an entry only when its expression is asked for (reading every entry, ~8,000 texts of ~2.4
    MB with their groups and `extra`, was a fifth of `Engine.load()`; a start and its first ruling ask ~4,000)."""

    def __init__(self, path: Path = CACHE) -> None:
        self._path = path
        stored, self._after = _read(path)
        self._keys = array(_KEY, stored.get("keys", b""))  # each stored expression's `_key`, in order
        self._entries = array(_OFFSET, stored.get("entries", b"\0" * _ENTRY_SIZE))  # where each one's entry lies in
        # `_after`, and where the last one ends
        self._derived: dict[str, Any] = stored.get("derived", {})
        self._used: dict[str, Stored] = {}
        self._kept: dict[str, Any] = {}
        self._fresh = False

    def get(self, source: str) -> tuple[re.Pattern[str], Any] | None:
        """The compiled expression and its `extra` if stored, without parsing it."""
        deferred = self.defer(source)
        return None if deferred is None else (deferred[0].get(), deferred[1])

    def defer(self, source: str) -> tuple[Deferred, Any] | None:
        """The stored expression, built when first used, and its `extra`, if stored."""
        key = _key(source)
        index = bisect_left(self._keys, key)
        while index < len(self._keys) and self._keys[index] == key:  # two texts may share a checksum: the text decides
            entry = self._entry(index)
            if entry[0] == source:
                stored = self._used[source] = self._unfiled(entry)
                return Deferred(stored, source), stored[5]
            index += 1
        return None

    def _entry(self, index: int) -> _Filed:
        entry: _Filed = marshal.loads(self._after[self._entries[index]:self._entries[index + 1]])
        return entry

    def _unfiled(self, entry: _Filed) -> Stored:
        """A stored expression as kept in memory: its program a view of the file's bytes (read only when built)."""
        _, flags, start, length, *rest = entry
        return flags, self._after[start:start + length], *rest

    def put(self, source: str, parsed: Any, extra: Any) -> re.Pattern[str]:
        """Compile a parsed expression (as `re` would) and remember it with `extra` (plain data: marshal's types)."""
        return self.add(source, parsed, extra).get()

    def add(self, source: str, parsed: Any, extra: Any) -> Deferred:
        """`put`, the expression built when first used."""
        flags, program, *rest = _compiled(parsed)
        stored: Stored = (flags, array(_CODE, program).tobytes(), *rest, extra)
        self._used[source] = stored
        self._fresh = True
        return Deferred(stored, source)

    def every(self) -> dict[tuple[type, str, int], re.Pattern[str]]:
        """Every expression stored by `compile`, as `re.compile`'s cache keys it (kept in the file however long
        unused: a module's edited expression leaves its old text there, a few microseconds at each start)."""
        found: dict[tuple[type, str, int], re.Pattern[str]] = {}
        for index in range(len(self._keys)):
            entry = self._entry(index)
            source, flags = _source_and_flags(entry[0])
            stored = self._used[entry[0]] = self._unfiled(entry)
            found[str, source, flags] = _build(stored, source)
        return found

    def compile(self, source: str, flags: int = 0) -> re.Pattern[str]:
        """The expression, from the cache or compiled (with the start hint) and kept."""
        flags = int(flags)  # `re.IGNORECASE` is an enum marshal refuses
        key = f"{source}{_FLAGS}{flags}" if flags or _FLAGS in source else source
        stored = self.get(key)
        return stored[0] if stored else self.put(key, _parser.parse(source, flags), None)

    def derived(self, key: str, compute: Callable[[], T]) -> T:
        """What `compute` gives (plain data) for a text `key` that it depends on alone, kept like the expressions
        (the words of every pattern: a scan of all patterns at each start)."""
        if key in self._derived:
            value: T = self._derived[key]
        else:
            value, self._fresh = compute(), True
        self._kept[key] = value
        return value

    @property
    def fresh(self) -> bool:
        """Whether something was compiled or derived anew since the cache was read or saved (`save` writes then)."""
        return self._fresh

    def save(self) -> None:
        """Write the expressions used by this load, if any had to be compiled (a read-only install just skips)."""
        if self._fresh:
            used = sorted(self._used.items(), key=lambda item: _key(item[0]))
            programs, entries, length = [], [], 0
            for source, (flags, program, *rest) in used:
                programs.append(program)
                entries.append(marshal.dumps((source, flags, length, len(program), *rest)))
                length += len(program)
            offsets = [length]
            for entry in entries:
                offsets.append(offsets[-1] + len(entry))
            listed = {"keys": array(_KEY, [_key(source) for source, _ in used]).tobytes(),
                      "entries": array(_OFFSET, offsets).tobytes(), "derived": self._kept}
            _write(self._path, listed, b"".join([*programs, *entries]))
            self._fresh = False


def _key(source: str) -> int:
    """The checksum an expression's text is filed under (`PatternCache`)."""
    return crc32(source.encode("utf-8", "surrogatepass"))


_KEY = next(kind for kind in "IL" if array(kind).itemsize == 4)  # a checksum: 32 bits
_OFFSET = "Q"  # a place in the file's bytes after the list
_ENTRY_SIZE = array(_OFFSET).itemsize


class TomlError(ValueError):
    """A TOML file is malformed (`tomllib`'s error, with its message: `tomllib` is imported only to parse a file)."""


class TomlCache:
    """The TOML files of one folder as parsed at the last start, kept in its `__pycache__`: parsing them (tomllib
    is pure Python) was the largest part of `Engine.load()`. A file is parsed again whenever its bytes differ from
    those stored with it, so an edit is read, and a malformed file refused, as ever."""

    def __init__(self, directory: Path) -> None:
        self._path = directory / "__pycache__" / f"toml.{sys.implementation.cache_tag}.marshal"
        self._stored: dict[str, tuple[bytes, bytes]] = _read(self._path)[0]  # file name → its bytes, its data
        # marshalled
        self._fresh = False

    def load(self, path: Path, parse: Callable[[str], dict[str, Any]] | None = None) -> dict[str, Any]:
        """What `tomllib.load` gives for the file (raising `TomlError` where it raises), a new copy each time; or what
        `parse` gives for it, for a data file in another format (the topic model's JSON: marshal reads it back in a
        third of `json`'s time). A file is kept by its name: each file of a folder is read by one parser."""
        raw = path.read_bytes()
        stored = self._stored.get(path.name)
        if stored is not None and stored[0] == raw:
            data: dict[str, Any] = marshal.loads(stored[1])
            return data
        if parse is not None:
            data = parse(raw.decode())
        else:
            import tomllib  # here, not at import: most starts parse no file (its import is 3 % of a start)

            try:
                data = tomllib.loads(raw.decode())
            except tomllib.TOMLDecodeError as error:
                raise TomlError(str(error)) from error
        try:
            self._stored[path.name] = (raw, marshal.dumps(data))
            self._fresh = True
        except ValueError:  # a value marshal cannot keep (a date): that file is parsed at every start
            pass
        return data

    def save(self) -> None:
        """Write the files parsed anew, if any, with those still in the folder."""
        if self._fresh:
            _write(self._path, {name: data for name, data in self._stored.items()
                                if (self._path.parent.parent / name).exists()})


def _write(path: Path, stored: dict[str, Any], after: bytes = b"") -> None:
    """Store `stored` for the next start, and bytes read only where used (`after`: the programs), whole or not at
    all, even with several shards starting together (a read-only install just skips it)."""
    import tempfile  # here, not at import: only a start that compiled or parsed anything writes

    try:
        path.parent.mkdir(exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name)
    except OSError:
        return
    try:
        listed = marshal.dumps((_VERSION, stored))
        with os.fdopen(handle, "wb") as out:
            out.write(len(listed).to_bytes(_LENGTH, "little"))
            out.write(listed)
            out.write(after)
        os.replace(temporary, path)
    except OSError:
        Path(temporary).unlink(missing_ok=True)


_LENGTH = 8  # the bytes saying how long the marshalled part of a cache file is


def _read(path: Path) -> tuple[dict[str, Any], memoryview]:
    """What `_write` stored, and a view of the bytes after it, mapped: only the pages a start reads are loaded (the
    lexicon's ~7,000 programs are ~12 MB, of which a start builds a few hundred)."""
    try:
        with path.open("rb") as file:
            mapped = memoryview(mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ))
        length = _LENGTH + int.from_bytes(mapped[:_LENGTH], "little")
        version, stored = marshal.loads(mapped[_LENGTH:length])
    except (OSError, EOFError, ValueError, TypeError):
        return {}, memoryview(b"")
    if version != _VERSION or not isinstance(stored, dict):
        return {}, memoryview(b"")
    return stored, mapped[length:]


_FLAGS = "\x00"  # between an expression and its flags, in the cache; after the last one when the expression has one


def _source_and_flags(key: str) -> tuple[str, int]:
    """An expression's key in the cache read back: the expression alone when it holds no separator (flags 0), else
    split at the last one, which `compile` puts there whenever the expression holds one itself."""
    source, separator, flags = key.rpartition(_FLAGS)
    return (source, int(flags)) if separator else (key, 0)


def hinted(expression: str) -> re.Pattern[str]:
    """`re.compile(expression)`, told where a match can start (`_start_hint`): for an expression that begins with a
    lookaround or `\\b`, which hide its first characters from `re`."""
    if _importing is not None:
        return _importing.compile(expression)
    pattern: re.Pattern[str] = _sre.compile(expression, *_compiled(_parser.parse(expression)))
    return pattern


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector held off while a start builds what lives as long as the process (~100,000 objects:
    patterns, rules, modules): each of its passes would go over them all again for nothing, ~7 % of a start. Not
    frozen afterwards (`gc.freeze`): an engine dropped later, as the tests and each bot instance do, must still be
    collected whole."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


MODULES = CACHE.with_name(f"modules.{sys.implementation.cache_tag}.{_sre.MAGIC}.marshal")
_MODULE_CACHES: dict[Path, PatternCache] = {}  # each read once: the engine's import and the topics' discovery share it
_importing: PatternCache | None = None  # the one `module_patterns` serves `hinted` from while it is on


@contextmanager
def module_patterns(path: Path = MODULES) -> Iterator[None]:
    """While the engine's modules are imported (and the topics discovered), the expressions they compile at import
    (`re.compile`, `hinted`: a hundred of them) come from a cache on disk like the lexicon's, not parsed anew at
    each start: the stored ones are put into `re`'s own cache of compiled expressions first (where `re.compile`
    looks before it compiles anything), and those `re` had to compile meanwhile, new since the last start, are
    stored for the next. (An interpreter whose `re` keeps no such cache compiles them as ever.)"""
    global _importing
    if path not in _MODULE_CACHES:
        _MODULE_CACHES[path] = PatternCache(path)
    cache = _importing = _MODULE_CACHES[path]
    compiled = getattr(re, "_cache", None)  # `re.compile`'s cache: (type, expression, flags) → compiled expression
    if not isinstance(compiled, dict):
        compiled = {}
    compiled.update(cache.every())
    before = set(compiled)
    try:
        with _methods_kept(cache):
            yield
    finally:
        _importing = None
        for key in set(compiled) - before:
            if len(key) == 3 and key[0] is str and isinstance(key[2], int):
                cache.compile(key[1], key[2])
        cache.save()


_METHOD = "dataclass method\x00"  # before a method's text, as its key among the cache's derived values


@contextmanager
def _methods_kept(cache: PatternCache) -> Iterator[None]:
    """While on, the methods `dataclasses` writes for each class (`__init__`, `__eq__`…: ~200 small functions it
    compiles from their text at each start, ~15 % of a start's instructions) are compiled once and kept in `cache`
    like the expressions, keyed by their text: `dataclasses` runs the code `compile` gives for that text, as its own
    `exec` of the text would (no inherited compiler flags, the same file name)."""
    def run(source: str, globals: dict[str, Any] | None = None, locals: Mapping[str, object] | None = None) -> None:
        code = cache.derived(_METHOD + source, lambda: compile(source, "<string>", "exec", dont_inherit=True))
        exec(code, globals, locals)

    if "exec" in vars(dataclasses):  # someone else's already: left alone
        yield
        return
    methods = vars(dataclasses)  # the module reads `exec` as a global: looked up there before the builtins
    methods["exec"] = run
    try:
        yield
    finally:
        del methods["exec"]


def _compiled(parsed: Any) -> tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]:
    """What `_sre.compile` takes after the expression's text, as `re` compiles it but with the start hint (the
    program's opcodes as plain ints: marshal refuses the named ones)."""
    state = parsed.state
    index_group: list[str | None] = [None] * state.groups
    for name, index in state.groupdict.items():
        index_group[index] = name
    if not state.flags & sre.SRE_FLAG_IGNORECASE:  # where letters match either case, classes are not read here
        parsed = _parser.SubPattern(state, _possessive(parsed.data, state))
    start = 0 if state.flags & sre.SRE_FLAG_MULTILINE else _anchored(parsed.data)  # `^`: the start of a line
    if start:
        parsed = _parser.SubPattern(state, [parsed.data[start], *parsed.data[:start], *parsed.data[start + 1:]])
        program = list(map(int, _compiler._code(parsed, 0)))  # no start hint: only the start of the text is tried
    else:
        program = list(map(int, _start_hint(parsed, _compiler._code(parsed, 0))))
    return state.flags, program, state.groups - 1, dict(state.groupdict), tuple(index_group)


_BEGINNINGS = (sre.AT_BEGINNING, sre.AT_BEGINNING_STRING)


def _anchored(items: Any) -> int:
    """Where `^` (or `\\A`) stands among the zero-width tests an expression opens with, when not first: `re` tries an
    expression that opens with it at the start of the text only, but one that opens with the whole-word guard
    (`(?<![a-z0-9])^…`) at every character. The tests hold at the same place whatever their order: `^` is put first.
    0 when there is none, or it is first already."""
    for index, (op, value) in enumerate(items):
        if op is sre.AT and value in _BEGINNINGS:
            return index
        if op is not sre.ASSERT and op is not sre.ASSERT_NOT and op is not sre.AT:
            return 0
    return 0


def _build(stored: Stored, source: str | None = None) -> re.Pattern[str]:
    flags, code, groups, group_index, index_group, _ = stored
    program = array(_CODE)
    program.frombytes(code)
    pattern: re.Pattern[str] = _sre.compile(source, flags, program.tolist(), groups, group_index, index_group)
    return pattern


# The whole-word guard every lexicon expression opens with, and as compiled
_GUARD_SOURCE = "(?<![a-z0-9])"
_GUARD = [sre.ASSERT_NOT, 12, 1, sre.IN, 8, sre.RANGE, ord("a"), ord("z"), sre.RANGE, ord("0"), ord("9"), sre.FAILURE,
          sre.SUCCESS]


def _spaced(stored: Stored) -> re.Pattern[str] | None:
    """`Deferred.spaced`: the program with its guard replaced by a space, told to start at each space."""
    flags, code, groups, group_index, index_group, _ = stored
    program = array(_CODE)
    program.frombytes(code)
    words = program.tolist()
    info = words[1] + 1 if words[0] == sre.INFO else 0
    if not info or words[2] & sre.SRE_INFO_PREFIX or not words[3] or words[info:info + len(_GUARD)] != _GUARD:
        return None
    low, high = words[3] + 1, min(words[4] + 1, _compiler.MAXCODE)  # the space is one character more
    hint = [sre.SRE_INFO_PREFIX, low, high, 1, 0, ord(" "), 0]  # prefix " ", its overlap table
    body = [sre.LITERAL, ord(" "), *words[info + len(_GUARD):]]
    pattern: re.Pattern[str] = _sre.compile(None, flags, [sre.INFO, len(hint) + 1, *hint, *body], groups,
                                            group_index, index_group)
    return pattern


def _start_hint(parsed: Any, program: list[Any]) -> list[Any]:
    """`program` with its leading INFO block telling where a match can start: the literal every match begins with,
    else the set of characters one can begin with (as `re` does for an expression that starts with a literal, and
    fails to for one that starts with a lookbehind). Unchanged when neither is known or `re` found them itself."""
    flags = parsed.state.flags
    if program[0] is not sre.INFO or program[2] or not program[3] or flags & sre.SRE_FLAG_IGNORECASE:
        return program  # re found a start itself, or a match may be empty, or letters match either case
    low, high = program[3], program[4]
    prefix, _ = _prefix(parsed.data)
    first = None if prefix else edge(parsed.data)
    if prefix:  # skip 0: the program itself still matches the prefix (its guard comes first)
        hint = [sre.SRE_INFO_PREFIX, low, high, len(prefix), 0, *prefix, *_compiler._generate_overlap_table(prefix)]
    elif first is not None and not first[1]:
        hint = [sre.SRE_INFO_CHARSET, low, high]
        _compiler._compile_charset(_compiler._optimize_charset(first[0])[0], flags, hint)
    else:
        return program
    return [sre.INFO, len(hint) + 1, *hint, *program[program[1] + 1:]]


def _possessive(items: Any, state: Any) -> list[Any]:
    """The parsed sequence with each greedy repeat of one character that the next item can never match made
    possessive (`\\w+ ` as `\\w++ `): giving a character back, as `re` tries when the rest fails, would leave that
    character for the next item, which cannot match it. The same matches, without trying each shorter run."""
    found = []
    for index, (op, value) in enumerate(items):
        if op is sre.MAX_REPEAT or op is sre.POSSESSIVE_REPEAT or op is sre.MIN_REPEAT:
            low, high, body = value
            following = items[index + 1] if index + 1 < len(items) else None
            if op is sre.MAX_REPEAT and len(body) == 1 and following and _never_both(body[0], following):
                op = sre.POSSESSIVE_REPEAT
            value = (low, high, _parser.SubPattern(state, _possessive(body, state)))
        elif op is sre.SUBPATTERN and not value[1] and not value[2]:  # (?i:…): letters of either case, left
            value = (*value[:3], _parser.SubPattern(state, _possessive(value[3], state)))
        elif op is sre.BRANCH:
            value = (value[0], [_parser.SubPattern(state, _possessive(branch, state)) for branch in value[1]])
        found.append((op, value))
    return found


_CLASSES = {sre.CATEGORY_WORD: re.compile(r"\w"), sre.CATEGORY_DIGIT: re.compile(r"\d"),
            sre.CATEGORY_SPACE: re.compile(r"\s")}


def _never_both(repeated: tuple[Any, Any], following: tuple[Any, Any]) -> bool:
    """Whether a character matched by `repeated` (one character: a literal or a class) is never the literal
    `following` needs (False when not sure)."""
    if following[0] is not sre.LITERAL:
        return False
    character = following[1]
    op, value = repeated
    if op is sre.LITERAL:
        return bool(value != character)
    if op is not sre.IN:
        return False
    for kind, item in value:
        if kind is sre.LITERAL and item == character:
            return False
        if kind is sre.RANGE and item[0] <= character <= item[1]:
            return False
        if kind is sre.CATEGORY and (item not in _CLASSES or _CLASSES[item].fullmatch(chr(character))):
            return False
        if kind not in (sre.LITERAL, sre.RANGE, sre.CATEGORY):
            return False  # a negated class, a big charset: not worth reading
    return True


_ZERO_WIDTH = {sre.ASSERT, sre.ASSERT_NOT, sre.AT}


def _prefix(items: Any) -> tuple[list[int], bool]:
    """The characters every match of a parsed sequence begins with, and whether the sequence is only those."""
    prefix: list[int] = []
    for op, value in items:
        if op in _ZERO_WIDTH:
            continue
        if op is sre.LITERAL:
            prefix.append(value)
            continue
        if op is sre.SUBPATTERN and not value[1] and not value[2]:
            inner, whole = _prefix(value[3])
            prefix += inner
            if whole:
                continue
        elif op is sre.BRANCH:
            found = [_prefix(branch) for branch in value[1]]
            common = _common([inner for inner, _ in found])
            prefix += common
            if all(whole and len(inner) == len(common) for inner, whole in found):
                continue
        return prefix, False
    return prefix, True


def _common(sequences: list[list[int]]) -> list[int]:
    common = []
    for items in zip(*sequences, strict=False):
        if any(item != items[0] for item in items):
            break
        common.append(items[0])
    return common
