"""Amounts written in words are read with the lexicon's number words, in English words apart and in Italian words
written as one (tens and units, hundreds, thousands, a vowel dropped before another: "ventuno")."""

import pytest

from rules_engine.lexicon import Lexicon
from rules_engine.readers.betting_round import number

WORDS = Lexicon.load().number_words


@pytest.mark.parametrize(("said", "value"), [
    ("four thousand", 4000), ("thirty five hundred", 3500), ("a thousand", 1000), ("twenty five", 25),
    ("mille", 1000), ("millecinquecento", 1500), ("duemilacinquecento", 2500), ("quindicimila", 15000),
    ("trentacinque", 35), ("ventuno", 21), ("quarantotto", 48), ("centomila", 100000), ("seicento", 600),
    ("2k", 2000), ("600", 600),
])
def test_an_amount_in_words_is_read(said: str, value: int) -> None:
    assert number(said, WORDS) == value


@pytest.mark.parametrize("said", ["chips", "tent", "mille chips", "zero", ""])
def test_words_that_are_no_amount_give_none(said: str) -> None:
    assert number(said, WORDS) is None
