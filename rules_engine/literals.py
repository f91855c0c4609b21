"""The literal words every match of a regular expression holds, read from its parsed form: a reading skips an
expression whose words the text does not hold (`lexicon.AnchorIndex`), and runs only the few that can match.

A literal is kept with what is known of its edges: a space before it when every match has it at the start of a word
(after the whole-word guard `(?<![a-z0-9])`, a space, `\\b`, `^`…), a space after it when always at a word's end.
`turn ` then needs a word ending in "turn" and ` turn ` the word "turn" itself, not "turns" nor "return": most
patterns are whole words, and a story holds the substrings of far more patterns than their words. A word is a run
of `[a-z0-9]`, as the guard every lexicon expression opens and closes with sees it (`words`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import islice
from re import _compiler, _parser  # type: ignore[attr-defined]
from re import _constants as sre  # type: ignore[attr-defined]
from typing import Any

Anchors = frozenset[str] | None
"""Strings one of which any match of a pattern contains (None: none known, the pattern is always tried)."""

_ALNUM = frozenset(b"abcdefghijklmnopqrstuvwxyz0123456789")
_PIECE = re.compile("[a-z0-9]+")
_NOT_ALNUM = re.compile("[^a-z0-9]")
_ONE_CHARACTER = {sre.LITERAL, sre.NOT_LITERAL, sre.IN, sre.ANY, sre.CATEGORY}
_REPEATS = {sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT}
_STARTS = {sre.AT_BEGINNING, sre.AT_BEGINNING_STRING, sre.AT_BOUNDARY}  # after one, a letter starts a word
_ENDS = {sre.AT_END, sre.AT_END_STRING, sre.AT_BOUNDARY}  # before one, a letter ends a word


def words(text: str) -> set[str]:
    """The words of a text as the literals are kept: its runs of `[a-z0-9]`."""
    return set(_NOT_ALNUM.sub(" ", text).split() if _NOT_ALNUM.search(text.replace(" ", "")) else text.split())


def alternatives(parsed: Any) -> list[tuple[Any, bool, bool]]:
    """The top-level alternatives of a pattern as the lexicon wraps it (its `|` between the whole-word guards, or the
    whole pattern), each with its edges (`required`)."""
    items = list(parsed)
    inner = [index for index, (op, _) in enumerate(items) if op is not sre.ASSERT_NOT]
    if len(inner) == 1 and items[inner[0]][0] is sre.BRANCH:
        left, right = _starts(items, False)[inner[0]], _ends(items, False)[inner[0]]
        return [(branch, left, right) for branch in items[inner[0]][1][1]]
    return [(parsed, False, False)]


def pieces(string: str) -> list[str]:
    """The words of a literal (`_edged`), each with its known edges: `" out of turn"` → `" out ", " of ", " turn"`."""
    return [f"{' ' if m.start() else ''}{m[0]}{' ' if m.end() < len(string) else ''}" for m in _PIECE.finditer(string)]


def anchors(pattern: str) -> Anchors:
    """Literal strings one of which every match of `pattern` contains (edges as in the module's docstring)."""
    return _minimal(required(_parser.parse(pattern)))


def required(items: Any, left: bool = False, right: bool = False) -> Anchors:
    """The most selective set of strings a sequence of regex items requires (longest shortest string). `left`: a
    match of the sequence is known to start a word when it starts with a letter; `right`: to end one."""
    return max(conjunction(items, left, right), key=selectivity, default=None)


def conjunction(items: Any, left: bool = False, right: bool = False) -> list[frozenset[str]]:
    """Every set of strings a sequence of regex items requires: a match holds one string of each set."""
    items = list(items)
    if _ignores_case(items):
        return []
    starts, ends = _starts(items, left), _ends(items, right)
    needed: list[frozenset[str]] = []
    index = 0
    while index < len(items):
        op, value = items[index]
        if op is sre.LITERAL:  # a run of literals: one string
            end = index
            while end + 1 < len(items) and items[end + 1][0] is sre.LITERAL:
                end += 1
            run = "".join(chr(code) for _, code in items[index:end + 1])
            needed.append(frozenset((_edged(run, starts[index], ends[end]),)))
            index = end + 1
            continue
        strings = _item(op, value, starts[index], ends[index])
        if strings:
            needed.append(strings)
        index += 1
    return needed


def selectivity(strings: frozenset[str]) -> tuple[int, int]:
    return min(map(len, strings)), -len(strings)


def _minimal(needed: Anchors) -> Anchors:
    """A string containing another of the set adds nothing and is left out."""
    if needed is None:
        return None
    return frozenset(s for s in needed if not any(other != s and other in s for other in needed))


def _edged(string: str, starts: bool, ends: bool) -> str:
    """A literal with its known edges as spaces, every character but a letter or digit a space (`utg+1` → `utg 1`:
    the guard sees two words)."""
    return _NOT_ALNUM.sub(" ", f"{' ' if starts else ''}{string}{' ' if ends else ''}")


def _item(op: Any, value: Any, left: bool, right: bool) -> Anchors:
    if op is sre.SUBPATTERN:
        return required(value[-1], left, right)
    if op is sre.ATOMIC_GROUP:
        return required(value, left, right)
    if op is sre.BRANCH:
        branches = [required(branch, left, right) for branch in value[1]]
        return frozenset().union(*branches) if all(b is not None for b in branches) else None  # type: ignore[arg-type]
    if op in _REPEATS:
        low, high, body = value
        return required(body, _body_edge(body, left, high, _after), _body_edge(body, right, high, _before)) \
            if low >= 1 else None
    return None  # classes, anchors, lookarounds, backreferences: nothing literal is known to be required


def _ignores_case(items: Any) -> bool:
    """Whether letters may match either case somewhere (`(?i:…)`): the literals are then not read at all."""
    return any(op is sre.SUBPATTERN and (value[1] | value[2]) & sre.SRE_FLAG_IGNORECASE for op, value in items)


# Word edges. `start` at a position: if the character there is a letter or digit, it begins a word (the one before
# it is not one, or there is none). `end`: if the character before is a letter or digit, it ends a word. False is
# always safe; each step below only claims what every match guarantees.

def _starts(items: list[Any], left: bool) -> list[bool]:
    """`start` before each item of a sequence, given `left` before the first."""
    found = []
    for op, value in items:
        found.append(left)
        left = _after(op, value, left)
    return found


def _ends(items: list[Any], right: bool) -> list[bool]:
    """`end` after each item of a sequence, given `right` after the last."""
    found = []
    for op, value in reversed(items):
        found.append(right)
        right = _before(op, value, right)
    return found[::-1]


def _after(op: Any, value: Any, start: bool) -> bool:
    """`start` after an item, given `start` before it."""
    return _across(op, value, start, forwards=True)


def _before(op: Any, value: Any, end: bool) -> bool:
    """`end` before an item, given `end` after it."""
    return _across(op, value, end, forwards=False)


def _across(op: Any, value: Any, edge: bool, forwards: bool) -> bool:
    """A word edge carried across one item: forwards a start (an anchor that starts words, a lookbehind), backwards
    an end (an anchor that ends words, a lookahead)."""
    if op in _ONE_CHARACTER:
        return not _may_be_alnum((op, value))
    if op is sre.AT:
        return edge or value in (_STARTS if forwards else _ENDS)
    if op is sre.ASSERT or op is sre.ASSERT_NOT:
        direction, body = value
        return edge or (direction == (-1 if forwards else 1) and _one_character(body, alnum=op is sre.ASSERT_NOT))
    return _through(op, value, edge, _after if forwards else _before)


def _through(op: Any, value: Any, edge: bool, step: Any) -> bool:
    """An edge carried through a group, a choice or a repeat (`step`: `_after` forwards, `_before` backwards)."""
    if op is sre.SUBPATTERN:
        return not _ignores_case([(op, value)]) and _sequence(value[-1], edge, step)
    if op is sre.ATOMIC_GROUP:
        return _sequence(value, edge, step)
    if op is sre.BRANCH:
        return all(_sequence(branch, edge, step) for branch in value[1])
    if op in _REPEATS:
        low, high, body = value
        once = _sequence(body, _body_edge(body, edge, high, step), step)
        return once and (edge or low >= 1)
    return False  # a back-reference, a conditional group: unknown


def _sequence(items: Any, edge: bool, step: Any) -> bool:
    for op, value in (items if step is _after else reversed(list(items))):
        edge = step(op, value, edge)
    return edge


def _body_edge(body: Any, edge: bool, high: int, step: Any) -> bool:
    """The edge every pass of a repeated body begins with: the repeat's own the first time, then what the body
    leaves (known only when the body always leaves it, whatever it began with)."""
    return edge and (high == 1 or _sequence(body, True, step))


def _one_character(body: Any, alnum: bool) -> bool:
    """Whether a lookaround's body is one character that is never a letter or digit (`alnum` False: `(?<= )`), or
    that is every letter and digit (`alnum` True, in a negative one: `(?<![a-z0-9])`)."""
    items = list(body)
    if len(items) != 1 or items[0][0] not in _ONE_CHARACTER:
        return False
    return _is_every_alnum(items[0]) if alnum else not _may_be_alnum(items[0])


def _may_be_alnum(item: tuple[Any, Any]) -> bool:
    return bool(_alnum_matched(item))


def _is_every_alnum(item: tuple[Any, Any]) -> bool:
    return _alnum_matched(item) == _ALNUM


_MATCHED: dict[str, frozenset[int]] = {}


def _alnum_matched(item: tuple[Any, Any]) -> frozenset[int]:
    """The letters and digits a one-character item (as parsed) matches, found by trying each (kept by its text)."""
    key = repr(item)
    if key not in _MATCHED:
        pattern = _compiler.compile(_parser.SubPattern(_parser.State(), [item]))
        _MATCHED[key] = frozenset(code for code in _ALNUM if pattern.fullmatch(chr(code)))
    return _MATCHED[key]


Edge = tuple[list[tuple[Any, Any]], bool] | None
"""The set items (as in a parsed `[…]`) a match can begin (or end) with, and whether it can be empty; None: any
character, or not known."""
_ZERO_WIDTH = {sre.ASSERT, sre.ASSERT_NOT, sre.AT}
_TEXT_EDGES = ({sre.AT_BEGINNING, sre.AT_BEGINNING_STRING}, {sre.AT_END, sre.AT_END_STRING})  # `^`, `$`


def edge(items: Any, last: bool = False, text_edge: bool = False) -> Edge:
    """What a match of a parsed sequence can begin with (`last`: end with). Zero-width tests consume nothing and are
    passed over; with `text_edge`, a `^` before the first character (a `$` after the last) says the match lies at the
    text's own edge, where any character may stand: None."""
    found: list[tuple[Any, Any]] = []
    for op, value in reversed(list(items)) if last else items:
        if op is sre.AT and text_edge and value in _TEXT_EDGES[last]:
            return None
        if op in _ZERO_WIDTH:
            continue
        item = _edge_of(op, value, last, text_edge)
        if item is None:
            return None
        found += item[0]
        if not item[1]:
            return found, False
    return found, True


def _edge_of(op: Any, value: Any, last: bool, text_edge: bool) -> Edge:
    if op is sre.LITERAL:
        return [(op, value)], False
    if op is sre.IN:
        return None if any(kind is sre.NEGATE for kind, _ in value) else (list(value), False)
    if op is sre.SUBPATTERN:
        return None if value[1] or value[2] else edge(value[3], last, text_edge)  # (?i:…), (?a:…): not read
    if op is sre.ATOMIC_GROUP:
        return edge(value, last, text_edge)
    if op in _REPEATS:
        inner = edge(value[2], last, text_edge)
        return None if inner is None else (inner[0], inner[1] or value[0] == 0)
    if op is sre.BRANCH:
        branches = [edge(branch, last, text_edge) for branch in value[1]]
        if any(branch is None for branch in branches):
            return None
        return [item for branch in branches if branch for item in branch[0]], any(b[1] for b in branches if b)
    return None  # any character, a back-reference, a conditional: not known


def unmatchable_edge(parsed: Any) -> str | None:
    """"begin" or "end" when every match of a pattern, or of one alternative of a choice in it, begins (ends) with a
    character that is no letter or digit, a space: between the lexicon's whole-word guards it then needs another
    such character beside it, and normalised text (single spaces between words) has none, so it never matches
    (`detto (e |vale)` ends on a space). At the text's own edge (`^ `, ` $`: for a caller that puts a space there)
    it may. None when neither."""
    for items in _choices(list(parsed)):
        for last, side in ((False, "begin"), (True, "end")):
            found = edge(items, last, text_edge=True)
            if found is not None and not found[1] and not any(_may_be_alnum((sre.IN, [item])) for item in found[0]):
                return side
    return None


def _choices(items: list[Any]) -> Iterator[list[Any]]:
    """A parsed sequence, then the sequence with one choice in it (`a|b`, in groups at any depth, not in repeats or
    lookarounds) replaced by each of its branches in turn."""
    yield items
    for index, (op, value) in enumerate(items):
        before, after = items[:index], items[index + 1:]
        if op is sre.BRANCH:
            for branch in value[1]:
                for chosen in _choices(list(branch)):
                    yield [*before, *chosen, *after]
        elif op is sre.SUBPATTERN and not value[1] and not value[2]:
            for chosen in islice(_choices(list(value[3])), 1, None):  # the group unchanged: yielded above
                yield [*before, (op, (*value[:3], chosen)), *after]
