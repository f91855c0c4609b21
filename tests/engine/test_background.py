"""Which sentences of a story are the incident: sentences end after a number too, and what an earlier hand or an
aside says is background that never decides the topic."""

import pytest

from rules_engine.lexicon import Lexicon

LEXICON = Lexicon.load()


@pytest.mark.parametrize(("text", "sentences"), [
    ("Seat 7 puts out 8. Earlier we had a guy with three cards", 2),
    ("il posto 5 mette 8. Prima c'era stata una discussione", 2),
    ("1. BB still to act 2) dealer flops", 1),
    ("button in seat 1. Seat 2 is the small blind", 2),
    ("blinds 0.50/1 tonight. ok", 2),
])
def test_a_sentence_ends_after_a_number_but_not_after_a_list_number(text: str, sentences: int) -> None:
    assert len(LEXICON.speller.sentences(text)) == sentences
