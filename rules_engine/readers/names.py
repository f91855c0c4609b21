"""A player named by his name and given a position ("il bottone è Fabio", "Carl has the button", "Paolo era il grande
buio"): later mentions of that name are that position ("the card to Fabio's left", "la prima carta di Paolo"), so
the seat model can place him as it places "the button" or "the big blind". A seating list that gives him a seat
number is read by the seat model itself."""

from __future__ import annotations

import re

from ..lexicon import Lexicon
from ..reading import joined

_POSITION = (r"(?P<pos>button|bottone|small blind|big blind|piccolo buio|grande buio|sb|bb|utg|under the gun|cutoff"
             r"|hijack|lojack)")
_NAMED = (  # "Paolo era il grande buio", "Carl has the button", "Mike is on the button"; "il bottone è Fabio"
    re.compile(rf"\b(?P<who>[a-z]{{3,}}) (?:is|was|e|era|sits|sat|sta|stava|has|had|ha|aveva)(?: on| in| at| al| sul"
               rf"| nel)?(?: the| il| lo| l)? {_POSITION}\b"),
    re.compile(rf"\b{_POSITION} (?:is|was|e|era|on|to|a|al|di|went to|passa a|tocca a)(?: the| il)?"
               r" (?P<who>[a-z]{3,})\b"),
)
_ITALIAN = re.compile(r"\b(?:e|era|ha|aveva|sta|stava|il|lo|bottone|buio|al|sul|nel)\b")
_ITALIAN_LEADS = {"di": "del", "a": "al", "da": "dal", "su": "sul", "in": "nel"}


def apply(text: str, sentences: tuple[int, ...], lexicon: Lexicon) -> tuple[str, tuple[int, ...]]:
    """The text with each named player read as his position outside the phrase that names him."""
    naming = [m for pattern in _NAMED for m in pattern.finditer(text) if not lexicon.speller.knows(m["who"])]
    positions: dict[str, tuple[str, bool]] = {}
    for match in naming:
        who = re.escape(match["who"])
        if re.search(rf"\b(?:n?\d{{1,2}} {who}\b|{who} (?:is|was|sits|sat|e|era|sta|stava|siede)(?: in| on| at| al"
                     rf"| nel)? (?:seat|posto)\b)", text):
            continue  # a seating list gives him his seat: the seat model reads it from there
        positions.setdefault(match["who"], (match["pos"], bool(_ITALIAN.search(match[0]))))
    if not positions:
        return text, sentences
    names = re.compile(r"\b(?:(?P<lead>di|a|da|su|in) )?(?P<name>" + "|".join(map(re.escape, positions)) + r")\b")
    spans = zip(sentences, (*sentences[1:], len(text) + 1), strict=True)
    return joined([_rewritten(text, start, end, names, positions, naming) for start, end in spans])


def _rewritten(text: str, start: int, end: int, names: re.Pattern[str], positions: dict[str, tuple[str, bool]],
               naming: list[re.Match[str]]) -> str:
    """One sentence with each name made its position, except inside the phrase that names him."""

    def replace(match: re.Match[str]) -> str:
        where = start + match.start("name")
        if any(n.start() <= where < n.end() for n in naming):
            return match[0]
        position, italian = positions[match["name"]]
        lead = match["lead"] or ""
        if italian:
            return f"{_ITALIAN_LEADS.get(lead, lead + ' il').strip()} {position}"
        return f"{lead} the {position}".strip()
    return names.sub(replace, text[start:end])
