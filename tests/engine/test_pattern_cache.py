"""The pattern cache gives back, at the next start, the same compiled expressions without parsing them."""

from __future__ import annotations

import re
from pathlib import Path
from re import _parser  # type: ignore[attr-defined]

from rules_engine.pattern_cache import PatternCache

SOURCE = r"(?<![a-z0-9])(?:(?P<who>his|her) (second|first) card|out of turn)(?![a-z0-9])"
TEXT = "out of turn, then her first card and his second card; about turn"


def test_a_stored_expression_matches_as_the_compiled_one(tmp_path: Path) -> None:
    path = tmp_path / "cache.marshal"
    first = PatternCache(path)
    assert first.get(SOURCE) is None
    compiled = first.put(SOURCE, _parser.parse(SOURCE), ("extra", frozenset({"card"})))
    first.save()
    stored = PatternCache(path).get(SOURCE)
    assert stored is not None
    pattern, extra = stored
    expected = [(m.span(), m.groupdict(), m.groups()) for m in re.compile(SOURCE).finditer(TEXT)]
    for candidate in (compiled, pattern):
        assert [(m.span(), m.groupdict(), m.groups()) for m in candidate.finditer(TEXT)] == expected
    assert extra == ("extra", frozenset({"card"}))


def test_a_damaged_or_unwritable_cache_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "cache.marshal"
    path.write_bytes(b"not marshal data")
    damaged = PatternCache(path)
    assert damaged.get(SOURCE) is None
    damaged.put(SOURCE, _parser.parse(SOURCE), None)
    damaged.save()  # rewritten whole
    assert PatternCache(path).get(SOURCE) is not None
    unwritable = PatternCache(tmp_path / "a file, not a folder" / "cache.marshal")
    (tmp_path / "a file, not a folder").write_text("")
    unwritable.put(SOURCE, _parser.parse(SOURCE), None)
    unwritable.save()  # nothing written, nothing raised
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a file, not a folder", "cache.marshal"]
