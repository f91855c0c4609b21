"""A player named with his position is read as that position later on, worded with the naming phrase's article and
joined to the word before his name as the lexicon's contractions say: the same rewrite in either language."""

import pytest

from rules_engine.lexicon import Lexicon
from rules_engine.readers import names
from rules_engine.reading import joined

LEXICON = Lexicon.load()


def _named(text: str) -> str:
    told, starts = joined([" ".join(words) for words in LEXICON.speller.sentences(text)])
    return names.apply(told, starts, LEXICON)[0]


@pytest.mark.parametrize(("text", "read"), [
    ("Carl has the button. The dealer flipped the card of the guy on Carl's left",
     "carl has the button the dealer flipped the card of the guy on the button s left"),
    ("Il bottone è Fabio, il mazziere gira la prima carta di Fabio", "il bottone e fabio il mazziere gira la prima "
                                                                     "carta del bottone"),
    ("Paolo era il grande buio e ha dato una carta a Paolo", "paolo era il grande buio e ha dato una carta al "
                                                             "grande buio"),
    ("Button was Jeff. Jeff says misdeal", "button was jeff button says misdeal"),
])
def test_a_named_player_is_read_as_his_position(text: str, read: str) -> None:
    assert _named(text) == read


def test_a_name_with_a_seat_number_is_left_to_the_seat_model() -> None:
    text = "seat 1 Mike, seat 2 Anna. Mike is on the button, the dealer flips Mike's first card"
    assert "mike s first card" in _named(text)
