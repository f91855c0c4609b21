"""What people at the table claim the rule is, or want done, is not what happened: "Jeff says it's just a replace
since it wasn't the first card", "v11 says misdeal for the 1st or 2nd card", "a guy told us the exposed card just
becomes the burn no matter what", "il capo dice di toglierla e metterla come bruciata", "I told the dealer to put
the turn with the burns".

Such a clause is dropped before anything reads the text, from the verb that introduces it to the end of its
sentence, so its ordinals, counts and remedies are never read as facts of the hand; only when the rest of the text
tells what happened (a text all about the rule, "our house rules say chopping is not allowed, what applies?", is
the question itself). A claim that tells an event ("the SB says his first card was face up", "he says the dealer
flopped before he acted, so redeal") is kept, unless it is put as a general rule ("any exposed card is a
misdeal"); a remedy someone wants or tells the dealer to apply ("he wants a misdeal", "I told the dealer to put the
turn with the burns") never tells what happened, unless the text then only asks whether it holds ("seat 2 wants the
card to stay. Does it?"): then the wish is the question.
"""

from __future__ import annotations

import re

from ..lexicon import Lexicon
from ..reading import group, joined

# What tells something that happened at the table: kept even when said with a remedy
_EVENTS = ("flop", "turn", "river", "exposure", "extra", "early", "under_flop", "discard", "tabled", "split_request",
           "board_claim", "betting_open")  # the cheaper first: "any" stops at the first found
_INCIDENTS = tuple(event for event in _EVENTS if event not in ("discard", "betting_open"))  # not the betting itself


def apply(text: str, sentences: tuple[int, ...], lexicon: Lexicon) -> tuple[str, tuple[int, ...]]:
    """The text without its claims about the rule, and where its sentences now start."""
    heads = sorted((m for pattern in lexicon.concepts["claim"] for m in pattern.finditer(text)),
                   key=lambda m: m.start())
    cuts: dict[int, tuple[int, int]] = {}  # sentence start → the claim dropped from it
    for head in heads:
        following = next((later for later in heads if later.start() >= head.end()), None)
        start = max(s for s in sentences if s <= head.start())
        end = next((s - 1 for s in sentences if s > head.start()), len(text))
        said_until = min(end, following.start()) if following else end  # "the BB said call, UTG called, … then the
        # BB said 'wait, that was a misdeal'": what a verb says runs to the next verb of saying
        if start not in cuts and (cut := _claim(text, head, end, lexicon, said_until)) \
                and not (group(head, "wish") and _asked_back(text, end, sentences, lexicon)):
            cuts[start] = cut
    if not cuts:
        return text, sentences  # nobody claims a rule or wants a remedy: most situations
    kept = []
    for start, end in zip(sentences, (*sentences[1:], len(text) + 1), strict=True):
        cut = cuts.get(start)
        kept.append(f"{text[start:cut[0]].strip()} {text[cut[1]:end].strip()}" if cut else text[start:end])
    told, starts = joined(kept)
    if not any(lexicon.says(event, told) for event in _EVENTS):
        return text, sentences  # nothing happened besides the claims: the rule itself is the question
    return told, starts


def _claim(text: str, head: re.Match[str], sentence_end: int, lexicon: Lexicon,
           said_until: int) -> tuple[int, int] | None:
    """The claim a verb introduces, if what it says (up to the next verb of saying) is about the rule: from the verb
    to the end of its sentence or to a "but" that turns to what happened ("Tommaso dice di togliere la carta, ma il
    flop aveva quattro carte")."""
    turn = lexicon.find("contrast", text[:sentence_end], head.end())
    end = turn.start() if turn else sentence_end
    said = text[head.end():min(end, said_until)]
    if lexicon.says("misdeal_call_said", said) and not any(lexicon.says(event, text) for event in _INCIDENTS):
        return None  # "UTG folded, then seat 5 said misdeal", "somebody asked for a misdeal": with no incident told,
        # the call itself, whose timing against the action is the misdeal cut-off's question (after "his card was
        # face up", "he wants a misdeal" is a remedy wanted for it)
    generic = lexicon.says("rule_generic", said)  # a rule put generally is rule talk whatever its words
    if not (generic or lexicon.says("rule_talk", said)):
        return None
    if group(head, "wish") or generic or not any(
            lexicon.says(event, said) for event in _EVENTS):
        return head.start(), end  # a remedy wanted, a rule put generally, or no event: no fact of this hand
    return None


def _asked_back(text: str, end: int, sentences: tuple[int, ...], lexicon: Lexicon) -> bool:
    """Whether the next sentence, past any that only names the rules played ("We use Robert's rules."), only asks
    if the wish holds ("Does it?", "Ha ragione?", "Is it too late?", "Vale ancora?"): the wish is the question."""
    start = end + 1
    for stop in [s for s in sentences if s > end + 1] + [len(text) + 1]:
        sentence = text[start:stop - 1].strip()
        if not lexicon.says("rulebook_only", sentence):
            return lexicon.says("asked_back", sentence)
        start = stop
    return False


