"""Corrections win: "two cards — no wait, only one", "il turn, anzi no, il flop", "not two extra, just one",
"he didn't expose two cards, only one".

A player who corrects himself replaces one thing he said (a number, a street, an ordinal) with another of the
same kind. The text is rewritten before anything reads it, so every reader sees only what the player settled on:
the corrected word takes the place of the retracted one and the correction itself is dropped. A correction that
replaces nothing of its kind nearby ("il flop aveva tre carte, anzi no, sotto ce n'era un'altra attaccata")
only loses its marker: what follows it is new information.
"""

from __future__ import annotations

from ..lexicon import Lexicon

_REACH_BACK = 8  # words before the marker where the retracted word may be
_REACH_ON = 3  # words after the marker where the corrected word must be
_STREETS = frozenset({"flop", "turn", "river", "preflop"})
_ORDINALS = frozenset({"first", "second", "third", "prima", "seconda", "terza", "primo", "secondo", "terzo"})
_NOT_COUNTS = frozenset({"a", "an", "un", "single", "pair", "both", "entrambe", "entrambi"})
_FILLERS = frozenset({"only", "just", "solo", "soltanto", "it", "was", "were", "the", "il", "la", "era", "e", "s",
                      "sorry", "scusa", "scusate", "scusami", "i", "mean", "make", "that", "volevo", "dire", "intendo"})
_ALONE = frozenset({"sola", "solo", "only", "just"})


def apply(text: str, lexicon: Lexicon) -> str:
    """The text with each correction applied."""
    for _ in range(text.count(" ") + 1):  # one correction at a time, each shortens the text
        rewritten = _correct_once(text, lexicon)
        if rewritten == text:
            return text
        text = rewritten
    return text


def _correct_once(text: str, lexicon: Lexicon) -> str:
    for pattern in lexicon.concepts["correction_denied"]:
        match = pattern.search(text)
        if match and _kind(match["wrong"], lexicon) == _kind(match["right"], lexicon) is not None:
            said = f"{match['verb'].strip()} {match['right']} {match['between']}"  # "didn't expose two, only one"
            return f"{text[:match.start()]}{said}{text[match.end():]}".strip()
    for pattern in lexicon.concepts["correction"]:
        match = pattern.search(text)
        if match:
            return _replace(text[:match.start()].split(), text[match.end():].split(), lexicon)
    return text


def _replace(before: list[str], after: list[str], lexicon: Lexicon) -> str:
    """The last word of the corrected word's kind before the marker becomes the corrected word; "only" followed by
    one thing ("two cards — no, only the hijack's") corrects a count to one."""
    for index, word in enumerate(after[:_REACH_ON]):
        kind = _kind(word, lexicon)
        if kind is None:
            if word in _FILLERS:
                continue
            alone = next((i for i, said in enumerate(after[:index]) if said in _ALONE), None)
            if alone is not None:
                return _replace(before, ["one", *after[alone + 1:]], lexicon)
            break
        for back in range(len(before) - 1, max(-1, len(before) - 1 - _REACH_BACK), -1):
            if _kind(before[back], lexicon) == kind:
                rest = after[index + 1:]
                rest = rest[1:] if rest[:1] and rest[0] in _ALONE else rest  # "una sola"
                return " ".join([*before[:back], word, *before[back + 1:], *rest])
        break
    return " ".join(before + after)


def _kind(word: str, lexicon: Lexicon) -> str | None:
    if word in _STREETS:
        return "street"
    if word in _ORDINALS:
        return "ordinal"
    if word.isdigit() or (word in lexicon.numbers and word not in _NOT_COUNTS):
        return "count"
    return None
