"""A player named by his name and given a position ("il bottone è Fabio", "Carl has the button", "Paolo era il grande
buio"): later mentions of that name are that position ("the card to Fabio's left", "la prima carta di Paolo"), so
the seat model can place him as it places "the button" or "the big blind". The name becomes the position with the
article the naming phrase gives it ("Fabio" → "il bottone", "Carl" → "the button"), joined to the word before it
as the lexicon's contractions say ("di" + "il" → "del"): the same rewrite in every language. A seating list that
gives him a seat number is read by the seat model itself."""

from __future__ import annotations

import re

from ..lexicon import Lexicon
from ..reading import joined


def apply(text: str, sentences: tuple[int, ...], lexicon: Lexicon) -> tuple[str, tuple[int, ...]]:
    """The text with each named player read as his position outside the phrase that names him."""
    naming = [m for unit in lexicon.concepts["position_named"] for m in unit.finditer(text)
              if not lexicon.speller.knows(m["who"])]
    if not naming:
        return text, sentences
    seated = {m["who"] for unit in lexicon.concepts["seat_listed"] for m in unit.finditer(text)}
    positions: dict[str, tuple[str, str]] = {}  # name → (article, position)
    for match in naming:
        if match["who"] not in seated:  # a seating list gives him his seat: the seat model reads it from there
            positions.setdefault(match["who"], (match["article"] or "", match["pos"]))
    if not positions:
        return text, sentences
    leads = {phrase.split()[0] for phrase in lexicon.contractions}
    names = re.compile(rf"\b(?:(?P<lead>{'|'.join(map(re.escape, sorted(leads)))}) )?"
                       rf"(?P<name>{'|'.join(map(re.escape, positions))})\b")
    spans = zip(sentences, (*sentences[1:], len(text) + 1), strict=True)
    return joined([_rewritten(text, start, end, names, positions, naming, lexicon) for start, end in spans])


def _rewritten(text: str, start: int, end: int, names: re.Pattern[str], positions: dict[str, tuple[str, str]],
               naming: list[re.Match[str]], lexicon: Lexicon) -> str:
    """One sentence with each name made its position, except inside the phrase that names him."""

    def replace(match: re.Match[str]) -> str:
        where = start + match.start("name")
        if any(n.start() <= where < n.end() for n in naming):
            return match[0]
        article, position = positions[match["name"]]
        lead = f"{match['lead'] or ''} {article}".strip()
        return f"{lexicon.contractions.get(lead, lead)} {position}".strip()
    return names.sub(replace, text[start:end])
