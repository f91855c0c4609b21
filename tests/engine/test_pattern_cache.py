"""The pattern cache gives back, at the next start, the same compiled expressions without parsing them, and the
same data from TOML files that did not change."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from re import _parser  # type: ignore[attr-defined]
from typing import Any

import pytest

from rules_engine.lexicon import _WHOLE_WORDS, Lexicon, _compile_one, _sources, _split
from rules_engine.pattern_cache import (
    _MODULE_CACHES,
    PatternCache,
    TomlCache,
    TomlError,
    every,
    hinted,
    leftmost,
    module_patterns,
    search,
)

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


def test_each_stored_program_is_read_back_from_its_own_place_in_the_file(tmp_path: Path) -> None:
    """The programs follow the list of expressions in the file and are read where they lie, when built: several
    stored together, a start that stores a new one, and the next start gets each as compiled."""
    path = tmp_path / "cache.marshal"
    sources = [SOURCE, r"(?:her|his) (first|second) card", r"turn"]
    first = PatternCache(path)
    for source in sources[:2]:
        first.put(source, _parser.parse(source), source)
    first.save()
    second = PatternCache(path)
    assert [second.get(source) is not None for source in sources] == [True, True, False]
    second.put(sources[2], _parser.parse(sources[2]), sources[2])
    second.save()  # the two read from the file are written again with the new one
    third = PatternCache(path)
    for source in sources:
        stored = third.get(source)
        assert stored is not None and stored[1] == source
        assert [m.span() for m in stored[0].finditer(TEXT)] == [m.span() for m in re.finditer(source, TEXT)]


def test_two_expressions_filed_under_one_checksum_are_told_apart_by_their_text(tmp_path: Path) -> None:
    """The file lists expressions by a 32-bit checksum of their text: "plumless" and "buckeroo" share one."""
    path = tmp_path / "cache.marshal"
    first = PatternCache(path)
    for source in ("plumless", "buckeroo"):
        first.put(source, _parser.parse(source), source)
    first.save()
    again = PatternCache(path)
    for source in ("buckeroo", "plumless"):
        stored = again.get(source)
        assert stored is not None and stored[1] == source and stored[0].search(f"a {source}")
    assert again.get("plumles") is None


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


# Expressions whose start hint (the literal or first characters every match begins with) needs care: a common
# prefix of alternatives, an optional first item, a class, a negated class, letters of either case, an empty match.
TRICKY = [r"(?:raised to|raised|raise)", r"(?:bet|call(?:ed)?|\d+ chips)", r"x?y", r"(?:[a-c]\w+|z)", r"[^a]b",
          r"(?i:Bet)|x", r"(?:a|)b?", r"(?:b(?=e)|c)\w*", r"(?>ca|b)ll", r"(?:he|she) (?:bet|called)",
          # a repeat made possessive where the next item never matches its characters, and ones that are not
          r"(?:\w+ )?(?:he )?bet", r"(\w+ ){0,2}call", r"\d+ chips?", r"[a-c]+c", r"a{1,3}a",
          r"(?i:[a-z]+ B)", r"[^a]+a",
          # `^` put before the guard (tried at the start only), and where it is not the whole expression's
          r"^he raised", r"^(?:he|she) (?:bet|called)", r"(?:^he|she) called", r"(?=h)^he"]
HAYSTACK = "he raised to 5 bet 10 chips call y xy BET cb she called ball abc zz call caller raise 3 chips"


@pytest.mark.parametrize("source", TRICKY)
def test_a_start_hint_changes_where_the_search_starts_never_what_it_finds(tmp_path: Path, source: str) -> None:
    whole = f"(?<![a-z0-9])(?:{source})(?![a-z0-9])"
    for expression in (source, whole):
        hinted = PatternCache(tmp_path / "cache.marshal").put(expression, _parser.parse(expression), None)
        plain = re.compile(expression)
        for start in range(len(HAYSTACK)):
            assert [m.span() for m in hinted.finditer(HAYSTACK, start)] == \
                [m.span() for m in plain.finditer(HAYSTACK, start)]


def test_every_lexicon_expression_finds_with_its_hint_what_re_finds(tmp_path: Path) -> None:
    """Over every example and `not` phrase of the lexicon, one text, so each pattern meets every other's words."""
    lexicon = Lexicon.load()
    text = " . ".join(" ".join(lexicon.speller.words(phrase)) for entry in lexicon.entries.values()
                      for phrase in (*entry.examples, *entry.not_examples))
    words = text.replace(" . ", " ")  # a plain text, where the spaced forms are used
    cache = PatternCache(tmp_path / "cache.marshal")
    for entry in lexicon.entries.values():
        for source in _sources(entry):
            whole = _WHOLE_WORDS.format(source)
            built, expected = cache.add(whole, _parser.parse(whole), None).built(), re.compile(whole)
            assert [m.span() for m in built[0].finditer(text)] == [m.span() for m in expected.finditer(text)]
            assert [m.span() for m in every(built, words, f" {words}")] == [m.span() for m in expected.finditer(words)]


def test_a_toml_file_is_read_from_the_cache_until_its_bytes_change(tmp_path: Path) -> None:
    path = tmp_path / "rules.toml"
    path.write_text('a = 1\nb = ["x", "y"]\n[c]\nd = 2.5\n', encoding="utf-8")
    first = TomlCache(tmp_path)
    data = first.load(path)
    first.save()
    assert data == tomllib.loads(path.read_text(encoding="utf-8"))
    cached = TomlCache(tmp_path)
    again = cached.load(path)
    assert again == data and again is not cached.load(path)  # each caller gets its own copy
    path.write_text("a = 2\n", encoding="utf-8")
    assert TomlCache(tmp_path).load(path) == {"a": 2}
    path.write_text("a = \n", encoding="utf-8")
    with pytest.raises(TomlError, match="Invalid value"):  # tomllib's message
        TomlCache(tmp_path).load(path)
    dated = tmp_path / "dated.toml"
    dated.write_text("when = 2024-05-01\n", encoding="utf-8")  # a value marshal cannot keep: parsed every time
    dates = TomlCache(tmp_path)
    assert str(dates.load(dated)["when"]) == "2024-05-01"
    dates.save()


def test_a_data_file_in_another_format_is_parsed_once_by_its_own_parser(tmp_path: Path) -> None:
    path = tmp_path / "model.json"
    path.write_text('{"classes": ["none"], "base": [0.5]}', encoding="utf-8")
    parsed: list[str] = []

    def parse(text: str) -> dict[str, Any]:
        parsed.append(text)
        return dict(json.loads(text))

    first = TomlCache(tmp_path)
    assert first.load(path, parse) == {"classes": ["none"], "base": [0.5]}
    first.save()
    assert TomlCache(tmp_path).load(path, parse) == {"classes": ["none"], "base": [0.5]}
    assert len(parsed) == 1  # the second start read it back from the cache
    path.write_text('{"classes": []}', encoding="utf-8")
    assert TomlCache(tmp_path).load(path, parse) == {"classes": []} and len(parsed) == 2  # an edit is parsed anew


def test_an_expression_compiled_with_its_hint_is_re_s_own_but_faster() -> None:
    for expression in (r"\bpre ?flop\b", r"(?<=\d)[.,](?=\d{1,2})", r"\b(seat|posto) (\d{1,2})\b", *TRICKY):
        hinted_pattern, plain = hinted(expression), re.compile(expression)
        assert hinted_pattern.pattern == expression and hinted_pattern.groupindex == plain.groupindex
        assert hinted_pattern.sub(r"<\g<0>>", HAYSTACK + " preflop seat 3 1.50") == \
            plain.sub(r"<\g<0>>", HAYSTACK + " preflop seat 3 1.50")


def test_a_derived_value_is_kept_with_its_key(tmp_path: Path) -> None:
    path = tmp_path / "cache.marshal"
    first = PatternCache(path)
    assert first.derived("a b", lambda: {"a", "b"}) == {"a", "b"}
    first.save()
    again = PatternCache(path)
    assert again.derived("a b", lambda: pytest.fail("computed again")) == {"a", "b"}
    assert again.derived("a c", lambda: {"a", "c"}) == {"a", "c"}  # another key: computed


@pytest.mark.parametrize("source", [*TRICKY, r"(?<=he )raised", r"^he|bet", r"(?<!she )called"])
def test_a_spaced_form_finds_on_words_and_spaces_what_the_expression_finds(tmp_path: Path, source: str) -> None:
    """`Deferred.spaced` skips to the spaces: on a text of words and spaces, `Reading` finds with it every match the
    expression finds, from any start, with the same spans and groups."""
    whole = f"(?<![a-z0-9])(?:{source})(?![a-z0-9])"
    deferred = PatternCache(tmp_path / "cache.marshal").add(whole, _parser.parse(whole), None)
    part, plain = deferred.built(), re.compile(whole)
    text = HAYSTACK.lower()

    def seen(match: re.Match[str] | None) -> object:
        return match and (match.span(), match.groups())

    for start in range(len(text) + 1):
        assert seen(search(part, text, start, f" {text}")) == seen(plain.search(text, start))
    assert list(map(seen, every(part, text, f" {text}"))) == list(map(seen, plain.finditer(text)))


def test_only_an_expression_without_a_literal_prefix_has_a_spaced_form(tmp_path: Path) -> None:
    cache = PatternCache(tmp_path / "cache.marshal")

    def spaced(source: str) -> re.Pattern[str] | None:
        whole = f"(?<![a-z0-9])(?:{source})(?![a-z0-9])"
        return cache.add(whole, _parser.parse(whole), None).built()[1]

    assert spaced("(?:he|she) (?:bet|called)") is not None
    assert spaced("raised (?:to|by)") is None  # `re` skips to "raised" itself
    assert spaced("x?") is None  # may match empty
    assert spaced("(?:he|she) (?<!she )bet") is None  # looks behind where it starts: not with a space put before
    assert cache.add("(?:he|she) bet", _parser.parse("(?:he|she) bet"), None).built()[1] is None  # not on whole words


def test_an_expression_found_by_its_alternatives_finds_what_it_finds(tmp_path: Path) -> None:
    """A pattern with named groups made of alternatives is run one alternative at a time (`lexicon._split`): over
    every example and `not` phrase of the lexicon, they find what the whole expression finds, with the same groups."""
    lexicon = Lexicon.load()
    text = " ".join(" ".join(lexicon.speller.words(phrase)) for entry in lexicon.entries.values()
                    for phrase in (*entry.examples, *entry.not_examples))
    cache = PatternCache(tmp_path / "cache.marshal")
    split = 0
    for entry in lexicon.entries.values():
        for source in _sources(entry):
            whole = _WHOLE_WORDS.format(source)
            _, _, _, alternatives = _compile_one(source, cache, split="(?P<" in source)
            if not alternatives:
                continue
            split += 1
            parts = [alternative.built() for alternative, _ in alternatives]
            expected = re.compile(whole)
            for haystack in (text, HAYSTACK.lower()):
                assert [(m.span(), m.groupdict()) for m in leftmost(parts, haystack, f" {haystack}")] == \
                    [(m.span(), m.groupdict()) for m in expected.finditer(haystack)]
    assert split  # "seat_named" at least


def test_a_choice_is_split_only_where_what_comes_before_it_matches_one_way() -> None:
    """A choice inside a group, after zero-width tests and single characters, is split (and a choice inside one of
    its alternatives); one after a repeat is not: the whole would try the repeat's other lengths first."""
    def count(source: str) -> int:
        return len(_split(_parser.parse(_WHOLE_WORDS.format(source))))

    assert count(r"(?P<bet>\b(?<!the )(bet|punta(to|va)?|c ?bets?)\b)") == 3  # "(to|va)?" is a repeat: kept whole
    assert count(r"(?P<a>x(bb|cc)y(dd|ee))|(?P<f>f)") == 3  # not one part for each (bb|cc)(dd|ee)
    assert count(r"(?P<who>\w+ )?(bet|call)") == 0
    assert count(r"(?P<x>x)") == 0


def test_a_repeat_is_made_possessive_only_where_giving_back_could_never_match(tmp_path: Path) -> None:
    from rules_engine.pattern_cache import _possessive

    def kinds(source: str) -> list[str]:
        parsed = _parser.parse(source)
        return [str(op) for op, _ in _possessive(parsed.data, parsed.state)]

    assert kinds(r"\w+ x") == ["POSSESSIVE_REPEAT", "LITERAL", "LITERAL"]
    assert kinds(r"[a-c]+c") == ["MAX_REPEAT", "LITERAL"]  # "abc": the run must give the "c" back
    assert kinds(r"\w+\d") == ["MAX_REPEAT", "IN"]  # not a literal next: left as it is


def test_an_engine_modules_expressions_come_from_the_cache_at_the_next_start(tmp_path: Path) -> None:
    """An expression `re.compile` compiles while `module_patterns` is on is stored; at the next start `re.compile`
    finds it compiled already (nothing is compiled or written) and it finds what `re` finds. `re.compile` itself is
    never replaced."""
    path = tmp_path / "modules.marshal"
    unique = f"(?#{tmp_path.name})"  # an expression no earlier test put in `re`'s cache
    expressions = [(r"(?<![a-z])(seat|posto) (\d+)\b" + unique, 0), ("x" + unique, int(re.IGNORECASE)),
                   ("[\x00-\x08](\\d)" + unique, 0), ("\x007" + unique, int(re.IGNORECASE))]  # a NUL in the text
    written = []
    for start in range(2):  # two starts: the second reads every expression back, and writes nothing
        _MODULE_CACHES.pop(path, None)
        re.purge()  # a new interpreter
        with module_patterns(path):
            warmed = [(str, source, flags) in re._cache for source, flags in expressions]  # type: ignore[attr-defined]
            compiled = [re.compile(source, flags) for source, flags in expressions]
        assert warmed == [start == 1] * len(expressions)
        written.append(path.stat().st_mtime_ns)
        assert PatternCache(path).get(expressions[0][0]) is not None
        for pattern, (source, flags) in zip(compiled, expressions, strict=True):
            plain = re._compiler.compile(source, flags)  # type: ignore[attr-defined]
            assert pattern.pattern == source
            assert [m.groups() for m in pattern.finditer("Seat 4 x then posto 12 X")] == \
                [m.groups() for m in plain.finditer("Seat 4 x then posto 12 X")]
    assert written[0] == written[1]
    assert re.compile is re.__dict__["compile"] and "module_patterns" not in repr(re.compile)
