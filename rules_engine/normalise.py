"""Normalise what a player typed into plain lower-case words, with typos corrected towards the vocabulary."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache

from .pattern_cache import hinted

MAX_CHARS = 1500  # a situation is a few sentences; anything longer is read only this far
MAX_WORDS = 150
MAX_WORD_LENGTH = 24  # longer "words" are noise, not typos worth correcting

# A capitalised word inside a sentence is a name ("Carla", "Simone"), also in brackets, quotes or a list ("(Carla)",
# "Nico/Carla", "Niccolò"): never "corrected" into a poker word. A sentence's first word may be any word.
_NAME = hinted(r"(?<![.!?:\n]\s)(?<![.!?:\n]\s[(\"'\[])(?<!^)(?<!^[(\"'\[])(?<=[\s(\"'\[/])[A-Z][a-zà-ÿ]{2,}(?!\w)")
_DEGREE_ORDINAL = hinted(r"(\d)\s?°")
# Where a sentence ends: . ! ? ; or an ellipsis before a space or the end, a new line — after a number too ("seat 7
# puts out 8. Earlier we…"), but not after a list number that opens a line or a sentence ("1. BB to act"). The mark
# set there is a word no pattern names, so no phrase reads across it; the words are cut at it.
_SENTENCE_END = hinted(r"((?<![\n.!?:;] \d)(?<![\n.!?:;] \d\d)(?<!^\d)(?<!^\d\d)(?<!\n\d)(?<!\n\d\d)"
                       r"[.!?;…]+(?=\s|$)|\n)")
_MARK = "zzsentencezz"
# "1) BB still to act 2) dealer flops", "1. BB…": not counts; "button in seat 1." ends a sentence, it stays, and
# so do "blinds 1/2)" and "raises to 6."
_LIST_NUMBER = hinted(r"(?<![\w/$€])\d{1,2}\)(?=\s)|(?:^|(?<=\n)|(?<=[.!?:;]\s))\d{1,2}\.(?=\s)")
# "Io (A) punto 100, Beppe (B) rilancia": a player's letter in brackets after his name labels him, it is no word ("a",
# "b", "c" read as prepositions and letters would split the story's actions)
_LETTER_LABEL = hinted(r"(?<=\w)\s*\([A-Z]\)")
_DISCORD_MARKUP = hinted(r"<(@[!&]?|#)\d+>|@(everyone|here)\b|https?://\S+")
_THOUSANDS = hinted(r"(?<=\d)[.,'’](?=\d{3}(?!\d))")  # "1,600", "1.500": one amount, not two numbers
_DECIMAL = hinted(r"(?<=\d)[.,](?=\d{1,2}(?!\d|[.,]\d))")  # "0.50", "2,5": one amount, written "0p50"
_APOSTROPHES = ("’", "`", "´", "‘")  # each written "'" (replaced one by one: `str.translate` is slow on non-ASCII text)
# The combining accents of Latin letters (NFKD's "è" is "e" and U+0300): removed by one expression, so the character
# by character test below only runs on a text that still holds something else
_ACCENTS = re.compile("[" + "".join(chr(c) for c in range(0x300, 0x370) if unicodedata.combining(chr(c))) + "]")
_NON_ASCII = re.compile("[\x80-\U0010ffff]")
_NON_WORD = hinted(r"[^a-z0-9]+")
_ASCII_NON_WORD = str.maketrans({chr(c): " " for c in range(128) if not chr(c).isalnum() or chr(c).isupper()})
_DIGIT = hinted(r"\d")
_ORDINALS = {"1": "first", "2": "second", "3": "third", "4": "fourth", "5": "fifth", "6": "sixth", "7": "seventh",
             "8": "eighth", "9": "ninth", "10": "tenth"}
_SEAT_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8",
               "nine": "9", "ten": "10", "uno": "1", "due": "2", "tre": "3", "quattro": "4", "cinque": "5", "sei": "6",
               "sette": "7", "otto": "8", "nove": "9", "dieci": "10"}
# Each with whether it needs a digit (skipped on a text without one; no join before it makes one it could match)
_JOINS: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str], bool], ...] = (
    (hinted(r"\bpre ?flop\b"), "preflop", False),
    (hinted(r"\ball ?in\b"), "allin", False),
    (hinted(r"\b(10|[1-9])(st|nd|rd|th|a|o)\b"), lambda m: _ORDINALS[m[1]], True),
    # "seat 6" → "seat n6", "UTG+1" → "utg n1": the seat's number stays (the seat model reads it), never a count
    (hinted(r"\b(seat|posto|box|utg) (\d{1,2})\b"), lambda m: f"{m[1]} n{m[2]}", True),
    (hinted(r"\b(seat|posto) (" + "|".join(_SEAT_WORDS) + r")\b"), lambda m: f"{m[1]} n{_SEAT_WORDS[m[2]]}", False),
    # "25c/50c blinds", "six 50c chips": cents (not "2c", the two of clubs, in "2c 3d")
    (hinted(r"\b(\d{1,2})(?: ?c(?= \d{2}c\b| (?:chips?|blinds?|fiches?)\b)|(?<=\d\dc \d\d)c\b|"
                r"(?<=blinds \d\d)c\b|(?<=bui \d\d)c\b| cents?\b| centesimi\b)"),
     lambda m: f"0p{int(m[1]):02d}", True),
    # "1k", "2.5k" (folded "2p5k"): thousands written as players write them, one amount
    (hinted(r"\b(\d{1,4})(?:p(\d{1,3}))?k\b"),
     lambda m: str(int(m[1]) * 1000 + int((m[2] or "0").ljust(3, "0"))), True),
    # "the buttons first card", "the utgs cards": a place's possessive typed without its apostrophe, before what a
    # player holds ("two buttons" and "9 bbs" stay plurals)
    (hinted(r"\b(button|utg|bb|sb|hijack|lojack|cutoff|dealer)s (cards?|first|second|hole|hand)\b"),
     lambda m: f"{m[1]} s {m[2]}", False),
    # "finché X non aveva foldato" means until X had folded: the Italian "non" there negates nothing
    (hinted(r"\b(finche|fino a quando|fin quando)((?: \w+){0,8}?) non\b"), lambda m: m[1] + m[2], False),
)


def _inflection(word: str, other: str) -> bool:
    """Italian endings ("propria"/"proprio", "carte"/"carta") are other words, not typos."""
    return len(word) == len(other) and word[:-1] == other[:-1] and word[-1] in _VOWELS and other[-1] in _VOWELS


_VOWELS = frozenset("aeiou")


# This module's replacements are functions, not templates ("\\1o"): `re` expands a template in Python (3.11), at a
# greater cost than a function's call, and looks the template up at every `sub` even where nothing matches
def _marked(end: re.Match[str]) -> str:
    """A sentence's end with the mark before it (`_SENTENCE_END`)."""
    return f" {_MARK}{end[1]}"


def _uncombined(character: re.Match[str]) -> str:
    """A non-ASCII character left after the accents went, itself, or nothing if it is a combining mark."""
    return "" if unicodedata.combining(character[0]) else character[0]


def fold(text: str) -> str:
    """Lower case without accents, Discord markup or punctuation: the form every pattern is written in."""
    digits = _DIGIT.search(text) is not None  # amounts, list numbers, "2°": none without a digit
    if digits:
        text = _DECIMAL.sub("p", _THOUSANDS.sub("", text))
    for apostrophe in _APOSTROPHES:
        if apostrophe in text:
            text = text.replace(apostrophe, "'")
    if "(" in text:
        text = _LETTER_LABEL.sub("", text)
    if "<" in text or "@" in text or "http" in text:
        text = _DISCORD_MARKUP.sub(" ", text)
    if digits:
        text = _DEGREE_ORDINAL.sub(lambda m: f"{m[1]}o", _LIST_NUMBER.sub(" ", text))  # "la 2° carta"
    text = text.lower()
    if not text.isascii():  # accents off ("è" → "e"); plain ASCII, most of what players type, has none
        text = _ACCENTS.sub("", unicodedata.normalize("NFKD", text))
        if not text.isascii():
            text = _NON_ASCII.sub(_uncombined, text)  # the few other marks: only the non-ASCII characters looked at
    if text.isascii():  # every other character a space, the spaces then one between words: as `_NON_WORD` does
        return " ".join(text.translate(_ASCII_NON_WORD).split())
    return _NON_WORD.sub(" ", text).strip()


class Speller:
    """Corrects unknown words to the nearest word the lexicon uses, keeping the first letter.

    Only the lexicon's own words are targets: fixing a typo into any other word would not change what the
    parser reads, and would only risk turning a correct word into a wrong one.
    """

    def __init__(self, domain: Iterable[str], known: Iterable[str], aliases: Mapping[str, str], *,
                 phrases: Mapping[str, str] | None = None, stems: Iterable[str] = (),
                 forms: Iterable[str] = (), core: Iterable[str] = (),
                 articles: Mapping[str, tuple[str, Iterable[str]]] | None = None,
                 compile: Callable[[str], re.Pattern[str]] = hinted) -> None:
        """`known` words are never corrected; `phrases` then `aliases` are rewritten first; a word starting
        with one of the lexicon's `stems` ("buttat" in "buttat\\w*") is an inflected form, not a typo; `forms`
        are inflected words made from stems, targets only when no word of the lexicon is as close; `articles`
        maps a dialect article ("'o", "u", "el") to the standard one and the nouns it is rewritten before;
        `compile` compiles the phrase and stem expressions (the lexicon's keeps them between starts)."""
        self._forms = frozenset(forms)
        self._aliases = dict(aliases)
        self._articles = {form: (standard, frozenset(nouns)) for form, (standard, nouns) in (articles or {}).items()}
        self._core = frozenset(core)
        self._phrases = dict(phrases or {})
        self._phrase_pattern = compile(  # one pass for every phrase, the longest first where two begin alike
            r"\b(?:" + "|".join(map(re.escape, sorted(self._phrases, key=len, reverse=True))) + r")\b"
        ) if self._phrases else None
        # the longest first; alike in length, in a fixed order: a set's order changes with each start's hash seed, and
        # the expression's text is its key in the pattern cache (a new text is compiled and the cache rewritten)
        stem_list = sorted({stem for stem in stems if len(stem) >= 5}, key=lambda stem: (-len(stem), stem))
        self._stems = compile("|".join(map(re.escape, stem_list))) if stem_list else None
        self._targets_by_letter: dict[str, list[str]] = {}
        for word in sorted(set(domain) | self._forms):
            if len(word) >= 4:
                self._targets_by_letter.setdefault(word[0], []).append(word)
        self._known = frozenset(known) | frozenset(domain)
        self.correct = lru_cache(maxsize=16384)(self._correct)

    def knows(self, word: str) -> bool:
        """Whether a word is one of the vocabulary's (a name, "Mike", is not)."""
        return word in self._known

    def _correct(self, word: str) -> str:
        if word in self._known or not 4 <= len(word) <= MAX_WORD_LENGTH or not word.isalpha():
            return word
        if self._stems and self._stems.match(word):
            return word
        candidates = self._targets_by_letter.get(word[0])
        if not candidates:
            return word
        from rapidfuzz import fuzz, process  # here, not at import: most starts rule before any word needs it
        from rapidfuzz.distance import OSA

        limit = 1 if len(word) <= 6 else 2
        close = process.extract(word, candidates, scorer=OSA.distance, score_cutoff=limit, limit=5)
        close = [hit for hit in close if hit[1] < 2 or hit[0][:3] == word[:3]]  # "dicesse" is not "diverse"
        if len(word) <= 5:  # one letter swapped for another in a short word is usually another real word,
            close = [hit for hit in close  # except for the few words every situation turns on ("tern")
                     if len(hit[0]) != len(word) or sorted(hit[0]) == sorted(word) or hit[0] in self._core]
        if not close:
            return word
        squeezed = _squeeze(word)  # "fose" is "fosse" before it is "forse": doubled letters get dropped
        best = min(close, key=lambda hit: (hit[1], _squeeze(hit[0]) != squeezed, hit[0] in self._forms,
                                           -fuzz.ratio(word, hit[0])))[0]
        return word if _inflection(word, best) or word.startswith(best) else best

    def sentences(self, text: str) -> list[list[str]]:
        """The words of each sentence, as `words` gives them for the whole text (one pass: a mark is set before
        each sentence's end and the words are cut there)."""
        found: list[list[str]] = [[]]
        for word in self.words(_SENTENCE_END.sub(_marked, text[:MAX_CHARS])):
            if word == _MARK:
                found.append([])
            else:
                found[-1].append(word)
        return [words for words in found if words]

    def words(self, text: str) -> list[str]:
        clipped = text[:MAX_CHARS]
        names = {fold(name) for name in _NAME.findall(clipped)}
        folded = fold(clipped)
        digits = _DIGIT.search(folded) is not None
        for pattern, replacement, needs_digit in _JOINS:
            if digits or not needs_digit:
                folded = pattern.sub(replacement, folded)
        if self._phrase_pattern:
            folded = self._phrase_pattern.sub(lambda m: self._phrases[m[0]], folded)
        raw = folded.split()[:MAX_WORDS]
        words = raw  # each word is looked at below only when the text holds an alias or an article (most hold none)
        if not self._aliases.keys().isdisjoint(raw):
            words = [self._aliases.get(word, word) for word in raw]
        if not self._articles.keys().isdisjoint(raw[:-1]):
            words = list(words)
            for i, word in enumerate(raw[:-1]):  # "'o mazziere", "u turn", "el flop": the article before the noun
                article = self._articles.get(word)
                if article and words[i + 1] in article[1]:
                    words[i] = article[0]
        if words is not raw:  # an alias may be several words
            words = " ".join(words).split()
        return [word if word in names or word == _MARK else self.correct(word) for word in words]


def _squeeze(word: str) -> str:
    return re.sub(r"(.)\1+", r"\1", word)
