"""Amounts written in words are read with the lexicon's number words, in English words apart and in Italian words
written as one (tens and units, hundreds, thousands, a vowel dropped before another: "ventuno")."""

import pytest

from rules_engine.lexicon import Lexicon
from rules_engine.readers.betting_round import in_digits, number
from rules_engine.reading import Reading

LEXICON = Lexicon.load()
WORDS = LEXICON.number_words


@pytest.mark.parametrize(("said", "value"), [
    ("four thousand", 4000), ("thirty five hundred", 3500), ("a thousand", 1000), ("twenty five", 25),
    ("mille", 1000), ("millecinquecento", 1500), ("duemilacinquecento", 2500), ("quindicimila", 15000),
    ("trentacinque", 35), ("ventuno", 21), ("quarantotto", 48), ("centomila", 100000), ("seicento", 600),
    ("2k", 2000), ("600", 600), ("two fifty", 250), ("one twenty five", 125), ("twelve fifty", 1250),
    ("two hundred fifty", 250),
])
def test_an_amount_in_words_is_read(said: str, value: int) -> None:
    assert number(said, WORDS) == value


@pytest.mark.parametrize("said", ["chips", "tent", "mille chips", "zero", ""])
def test_words_that_are_no_amount_give_none(said: str) -> None:
    assert number(said, WORDS) is None


@pytest.mark.parametrize(("text", "digits"), [
    ("a bets a hundred b raises to two hundred c shoves two fifty", "a bets 100 b raises to 200 c shoves 250"),
    ("puntata di mille lui mette millequattrocento", "puntata di 1000 lui mette 1400"),
    ("blinds two hundred and four hundred she opened to twelve hundred", "blinds 200 and 400 she opened to 1200"),
    ("he said one fifty and dribbled it in", "he said 150 and dribbled it in"),
    ("lui punta duemila e l altro mette cinquecento", "lui punta 2000 e l altro mette 500"),
])
def test_amounts_in_words_are_written_in_digits(text: str, digits: str) -> None:
    assert in_digits(Reading(text, LEXICON)).text == digits


@pytest.mark.parametrize("text", [
    "he pushed his last three chips", "two players called", "a single chip", "both blinds folded",
    "seat two and seat five", "fifteen minutes later", "una fiche sola",
])
def test_counts_stay_words(text: str) -> None:
    """Counts are not amounts: only twenty or more is written in digits."""
    assert in_digits(Reading(text, LEXICON)).text == text
