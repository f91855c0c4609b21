"""The literal words a pattern's every match holds, with the word edges every match gives them: a reading runs a
pattern only when the text holds them (every lexicon pattern is also checked on every example and set text in
test_lexicon.py: the pre-check never hides a match)."""

from re import _parser  # type: ignore[attr-defined]

import pytest

from rules_engine.literals import anchors, unmatchable_edge, words


@pytest.mark.parametrize(("pattern", "anchors_with_edges"), [
    (r"(?<![a-z0-9])(?:turns? (the )?river)(?![a-z0-9])", {" river "}),  # whole words: the guards, a space
    (r"(?<![a-z0-9])(?:expos\w* (a )?cards?)(?![a-z0-9])", {" expos"}),  # a word starting so
    (r"\bcard\b", {" card "}),
    (r"(?<= )card(?=\s)", {" card "}),
    (r"^card$", {" card "}),
    (r"(?<![a-z])card", {"card"}),  # a digit may come before it: "2card"
    (r"(?<![a-z0-9])(?:(a|b )+card)(?![a-z0-9])", {"card "}),  # "acard"
    (r"(?<![a-z0-9])(?:(ab )+card)(?![a-z0-9])", {" card "}),
    (r"(?<![a-z0-9])(?:(\w+ )?card)(?![a-z0-9])", {" card "}),  # after the optional word's space, or the guard
    (r"(?<![a-z0-9])(?:utg\+1)(?![a-z0-9])", {" utg 1 "}),  # "+" is no letter: two words
    (r"(?<![a-z0-9])(?:(?i:card))(?![a-z0-9])", None),  # either case: not read
])
def test_a_literal_keeps_the_word_edges_every_match_gives_it(pattern: str,
                                                            anchors_with_edges: set[str] | None) -> None:
    assert anchors(pattern) == (None if anchors_with_edges is None else frozenset(anchors_with_edges))


def test_a_texts_words_are_its_runs_of_letters_and_digits() -> None:
    assert words("seat n2 calls") == {"seat", "n2", "calls"}
    assert words("utg+1, then: (carla)") == {"utg", "1", "then", "carla"}


@pytest.mark.parametrize(("pattern", "side"), [
    ("foo ", "end"),
    (r"foo\s", "end"),
    ("foo[ ,]", "end"),
    ("(foo )+", "end"),
    ("foo (?=bar)", "end"),  # a lookahead consumes nothing: the match still ends on the space
    (" foo", "begin"),
    ("detto (e |vale)", "end"),  # one alternative of a choice
    ("x(?P<g>y|z )", "end"),
    ("foo ?", None),  # "foo" alone may match
    ("foo( |x)", None),
    ("a(b|c )d", None),  # the space inside: "a c d"
    ("^ foo", None),  # at the text's own edge, for a caller that puts a space before the text
    ("(^|x) foo", None),
    ("foo $", None),
])
def test_a_pattern_that_can_only_begin_or_end_on_a_space_is_found(pattern: str, side: str | None) -> None:
    assert unmatchable_edge(_parser.parse(f"(?<![a-z0-9])(?:{pattern})(?![a-z0-9])")) == side
