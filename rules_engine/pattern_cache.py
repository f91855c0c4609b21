"""Compiled regular expressions kept on disk between starts, as Python keeps `.pyc` files.

Parsing and compiling the lexicon's ~550 regular expressions is most of `Engine.load()`, and the result depends only
on each expression's text and the interpreter: the compiled program is stored under `__pycache__`, keyed by the
expression's text, and rebuilt from there at the next start. An expression that is new or changed is parsed and
compiled as ever (so a broken one is still refused at load); a cache that cannot be read or written is ignored.
"""

from __future__ import annotations

import _sre  # type: ignore[import-not-found]
import marshal
import os
import re
import sys
import tempfile
from pathlib import Path
from re import _compiler  # type: ignore[attr-defined]
from typing import Any

CACHE = Path(__file__).with_name("__pycache__") / f"lexicon.{sys.implementation.cache_tag}.{_sre.MAGIC}.marshal"
_VERSION = sys.version  # the compiled program's format belongs to the interpreter that wrote it

Stored = tuple[int, list[int], int, dict[str, int], tuple[str | None, ...], Any]
"""flags, program, groups, group index, index group, and what the caller derived from the parse (`extra`)."""


class PatternCache:
    """Compiled expressions by their text: the ones stored at the last start, and the ones compiled since."""

    def __init__(self, path: Path = CACHE) -> None:
        self._path = path
        self._stored = _read(path)
        self._used: dict[str, Stored] = {}
        self._fresh = False

    def get(self, source: str) -> tuple[re.Pattern[str], Any] | None:
        """The compiled expression and its `extra` if stored, without parsing it."""
        stored = self._stored.get(source)
        if stored is None:
            return None
        self._used[source] = stored
        return _build(stored), stored[5]

    def put(self, source: str, parsed: Any, extra: Any) -> re.Pattern[str]:
        """Compile a parsed expression (as `re` would) and remember it with `extra` (plain data: marshal's types)."""
        state = parsed.state
        index_group: list[str | None] = [None] * state.groups
        for name, index in state.groupdict.items():
            index_group[index] = name
        program = list(map(int, _compiler._code(parsed, 0)))  # plain ints: marshal refuses the named opcodes
        stored: Stored = (state.flags, program, state.groups - 1, dict(state.groupdict), tuple(index_group), extra)
        self._used[source] = stored
        self._fresh = True
        return _build(stored)

    def save(self) -> None:
        """Write the expressions used by this load, if any had to be compiled (a read-only install just skips)."""
        if not self._fresh:
            return
        try:
            self._path.parent.mkdir(exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=self._path.parent, prefix=self._path.name)
        except OSError:
            return
        try:
            with os.fdopen(handle, "wb") as out:
                marshal.dump((_VERSION, self._used), out)
            os.replace(temporary, self._path)  # whole or not at all, even with several shards starting together
        except OSError:
            Path(temporary).unlink(missing_ok=True)


def _read(path: Path) -> dict[str, Stored]:
    try:
        version, stored = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    return stored if version == _VERSION and isinstance(stored, dict) else {}


def _build(stored: Stored) -> re.Pattern[str]:
    flags, code, groups, group_index, index_group, _ = stored
    pattern: re.Pattern[str] = _sre.compile(None, flags, code, groups, group_index, index_group)
    return pattern
