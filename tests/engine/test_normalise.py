"""Folding what a player typed into the form the patterns are written in."""

from __future__ import annotations

import pytest

from rules_engine.lexicon import Lexicon
from rules_engine.normalise import fold

LEXICON = Lexicon.load()


@pytest.mark.parametrize(("typed", "folded"), [
    ("Perché è così ‘strano’? `x´", "perche e cosi strano x"),  # accents of Latin letters, apostrophes of any kind
    ("À ẛ̣ Ⅳ Ａ x⃐ y͏z", "a s iv a x y z"),  # other marks (x⃐), compatibility forms, a joiner that is no accent
    ("Io (A) punto 100, Beppe (B) rilancia", "io punto 100 beppe rilancia"),  # a player's letter label is no word
    ("Seat 3 (BB) calls, (a) note", "seat 3 bb calls a note"),  # a position in brackets stays, as does a lone letter
])
def test_folding_drops_accents_and_keeps_every_other_character_as_a_separator(typed: str, folded: str) -> None:
    assert fold(typed) == folded


# Real words the spell corrector once "fixed" into the nearest poker word, changing what the story says ("tacked" →
# "tanked" made a dealer's extra card a player still thinking; "racconto" → "raccolto", "sala" → "salta"): listed
# as known (lexicon/common.toml [vocabulary]), they are read as written.
@pytest.mark.parametrize("word", [
    "tacked", "printed", "standing", "procedure", "cold", "care", "cheated", "cheating", "beating", "auction",
    "strong", "thank", "locked", "handled", "writing", "tired", "swear", "distracted", "decent", "lads", "seem",
    "finto", "strette", "rimedia", "racconto", "colleghi", "collega", "vietato", "sala", "giovane", "ridere",
    "risate", "compleanno", "comprato", "struttura", "vediamo", "cambiano", "alzare", "stanco", "panino", "suono",
    "rilascio", "fondato", "brutta", "sospetto", "mondo", "cose", "costa", "minchia", "crap",
])
def test_a_real_word_is_not_corrected_into_a_poker_word(word: str) -> None:
    assert LEXICON.speller.words(word) == [word]


# …while a real word that is also a frequent typo of a poker word stays corrected ("la prima cara coperta",
# "gave seat 3 tree cards", "la cartina pubblicitaria del mazzo" is a card too)
@pytest.mark.parametrize(("typed", "read"), [("cara", "carta"), ("tree", "three"), ("cartina", "carta"),
                                              ("cars", "cards"), ("rise", "raise")])
def test_a_real_word_that_is_a_frequent_typo_of_a_poker_word_is_still_corrected(typed: str, read: str) -> None:
    assert LEXICON.speller.words(typed) == [read]


# Thousands as players write them: "1k", "2.5K", "a 5k chip" are amounts the betting readers count with
@pytest.mark.parametrize(("typed", "read"), [
    ("Bet's 1k", ["bet", "s", "1000"]),
    ("raise to 2.5K", ["raise", "to", "2500"]),
    ("a single 5k chip", ["a", "single", "5000", "chip"]),
    ("rilancio a 1,2k", ["rilancio", "a", "1200"]),
])
def test_thousands_written_with_k_are_one_amount(typed: str, read: list[str]) -> None:
    assert LEXICON.speller.words(typed) == read


# "a parlato" is "ha parlato" typed without its h; the preposition before other words stays
@pytest.mark.parametrize(("typed", "read"), [
    ("a parlato solo utg", ["ha", "parlato", "solo", "utg"]),
    ("va a parlare col floor", ["va", "a", "parlare", "col", "floor"]),
])
def test_a_participle_after_a_is_read_with_its_auxiliary(typed: str, read: list[str]) -> None:
    assert LEXICON.speller.words(typed) == read


# A place's possessive typed without its apostrophe is the place's ("the buttons card" is the button's card); a plural
# before other words stays one
@pytest.mark.parametrize(("typed", "read"), [
    ("flashed the buttons card", ["flashed", "the", "button", "s", "card"]),
    ("the bbs first card", ["the", "bb", "s", "first", "card"]),
    ("2.6 bbs two off the bubble", ["2p6", "bbs", "two", "off", "the", "bubble"]),
])
def test_a_places_possessive_without_its_apostrophe_is_read_as_the_places(typed: str, read: list[str]) -> None:
    assert LEXICON.speller.words(typed) == read
