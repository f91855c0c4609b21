"""What people at the table claim the rule is, or want done, is not what happened: "Jeff says it's just a replace
since it wasn't the first card", "v11 says misdeal for the 1st or 2nd card", "a guy told us the exposed card just
becomes the burn no matter what", "il capo dice di toglierla e metterla come bruciata", "I told the dealer to put
the turn with the burns".

Such a clause is dropped before anything reads the text, from the verb that introduces it to the end of its
sentence, so its ordinals, counts and remedies are never read as facts of the hand. A claim that tells an event
("the SB says his first card was face up", "he says the dealer flopped before he acted, so redeal") is kept, unless
it is put as a general rule ("any exposed card is a misdeal"); a remedy someone wants or tells the dealer to apply
("he wants a misdeal", "I told the dealer to put the turn with the burns") never tells what happened.
"""

from __future__ import annotations

import re

from ..lexicon import Lexicon
from ..reading import group

# What tells something that happened at the table: kept even when said with a remedy
_BUT = re.compile(r"\b(?:but|however|whereas|ma|pero|invece|mentre)\b")
_EVENTS = ("exposure", "extra", "betting_open", "early", "under_flop", "board_claim", "split_request", "discard",
           "tabled", "flop", "turn", "river")


def apply(text: str, sentences: tuple[int, ...], lexicon: Lexicon) -> tuple[str, tuple[int, ...]]:
    """The text without its claims about the rule, and where its sentences now start."""
    ends = (*sentences[1:], len(text) + 1)
    kept: list[str] = []
    starts: list[int] = []
    length = 0
    for start, end in zip(sentences, ends, strict=True):
        sentence = text[start:end].strip()
        claim = _claim(sentence, lexicon)
        if claim:
            sentence = f"{sentence[:claim[0]].strip()} {sentence[claim[1]:].strip()}".strip()
        if sentence:
            starts.append(length + (1 if kept else 0))
            length = starts[-1] + len(sentence)
            kept.append(sentence)
    return " ".join(kept), tuple(starts) or (0,)


def _claim(sentence: str, lexicon: Lexicon) -> tuple[int, int] | None:
    """Where a claim about the rule is in one sentence, if it has one: from its verb to the end of the sentence or
    to a "but" that turns to what happened ("Tommaso dice di togliere la carta, ma il flop aveva quattro carte")."""
    for head in _found(lexicon, "claim", sentence):
        turn = _BUT.search(sentence, head.end())
        end = turn.start() if turn else len(sentence)
        said = sentence[head.end():end]
        if not _found(lexicon, "rule_talk", said):
            continue
        if group(head, "wish") or _found(lexicon, "rule_generic", said) or not any(
                _found(lexicon, event, said) for event in _EVENTS):
            return head.start(), end  # a remedy wanted, a rule put generally, or no event: no fact of this hand
    return None


def _found(lexicon: Lexicon, concept: str, text: str) -> list[re.Match[str]]:
    return sorted((m for pattern in lexicon.concepts[concept] for m in pattern.finditer(text)), key=lambda m: m.start())
