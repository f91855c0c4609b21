"""The player on the button named by his name ("il bottone è Fabio", "Carl has the button"): later mentions of that
name are the button ("the card to Fabio's left", "la prima carta di chi sta alla sinistra di Fabio"), so the seat
model can count from him as it does from "the button". A seating list that gives him a seat is read by the seat
model itself."""

from __future__ import annotations

import re

from ..lexicon import Lexicon
from ..reading import group, joined

_BUTTON_WORDS = ("button", "bottone")
_ITALIAN_LEADS = {"di": "del bottone", "a": "al bottone", "da": "dal bottone", "su": "sul bottone", "in": "nel bottone"}


def apply(text: str, sentences: tuple[int, ...], lexicon: Lexicon) -> tuple[str, tuple[int, ...]]:
    """The text with the button holder's name read as the button outside the phrase that names him."""
    if not any(word in text for word in _BUTTON_WORDS):
        return text, sentences
    named = [m for pattern in lexicon.concepts["button_named"] for m in pattern.finditer(text)]
    holders = [m for m in named if len(who := group(m, "who") or "") >= 3 and not lexicon.speller.knows(who)]
    if not holders:
        return text, sentences
    who = re.escape(group(holders[0], "who") or "")
    if re.search(rf"\b(?:n?\d{{1,2}} {who}\b|{who} (?:is|was|sits|sat|e|era|sta|stava|siede)(?: in| on| at| al| nel)? "
                 rf"(?:seat|posto)\b)", text):
        return text, sentences  # a seating list gives him his seat: the seat model reads it from there
    name = re.compile(rf"\b(?:(?P<lead>di|a|da|su|in) )?{who}\b")
    italian = "bottone" in holders[0][0]
    spans = zip(sentences, (*sentences[1:], len(text) + 1), strict=True)
    return joined([_rewritten(text, start, end, name, holders, italian) for start, end in spans])


def _rewritten(text: str, start: int, end: int, name: re.Pattern[str], naming: list[re.Match[str]],
               italian: bool) -> str:
    """One sentence with the name made the button, except inside a phrase that names him ("Carl has the button")."""
    def replace(match: re.Match[str]) -> str:
        where = start + match.start()
        return match[0] if any(n.start() <= where < n.end() for n in naming) else _button(match, italian)
    return name.sub(replace, text[start:end])


def _button(match: re.Match[str], italian: bool) -> str:
    """The button in the words around the name: "di Fabio" → "del bottone", "Carl s" → "the button s"."""
    lead = match["lead"] or ""
    if not italian:
        return f"{lead} the button".strip()
    return _ITALIAN_LEADS.get(lead, "il bottone")
