"""A card found face up in the deck (deck.boxed-card): a blank to replace, not a card the dealer exposed (catalogue
C13). How many were found, whether they turned up while dealing the board, and how far the action had gone."""

from __future__ import annotations

import re

from ..readers.negation import happened
from ..reading import Facts, Reading, group
from . import Cue, Topic
from .fouled_deck import fault_told
from .misdeal_cutoff import ACTION_SO_FAR

SEVERAL = 2  # two or more boxed cards: all the rule needs to know
_NOT_BEFORE = re.compile(r"\b(?:not|never|wasn t|isn t|non|no)(?: \w+)?(?: (?:gia|already))? $")


def _boxed(r: Reading, given: Facts) -> Facts | None:
    """A card face up in the deck, unless it is the burn card the dealer turned face up (a burn error), the text
    says it was not ("it wasn't boxed, it flipped when he pitched it": an exposed card, catalogue C13), or it is only
    what a player claims of his own card he turned up himself, or a card the dealer put face up on the deck ("left the
    jack face up on the stub as the burn": the exposed card he kept as the burn)."""
    if r.has("terms_asked"):
        return None  # "the difference between a boxed card and an exposed card": words, not a situation
    said = [m for m in happened(r, "boxed") if not _NOT_BEFORE.search(r.before(m.start(), "negation_before"))]
    if fault_told(r):  # "a red-backed card in the middle of the deck": where the odd card was, not a face-up one
        said = [m for m in said if _face_up(r, m)]
    if r.has("own_card_shown"):  # "flipped his own card while looking at it and now swears it was boxed"
        said = [m for m in said if not r.lexicon.says("boxed_claim_before", r.before(m.start(), "claim_before"))]
    said = [m for m in said if not r.lexicon.says("placed_on_deck_before", r.before(m.start(), "placed_before"))]
    burn = [m for m in r.matches("burn_exposed") if not any(_overlap(m, b) for b in said)]
    return {} if said and not burn else None  # "the next card in the stub, the would-be burn, is face up": boxed


def _face_up(r: Reading, match: re.Match[str]) -> bool:
    return any(match.start() <= up.start() < match.end() for up in r.matches("boxed_face_up"))


def _overlap(one: re.Match[str], other: re.Match[str]) -> bool:
    return one.start() < other.end() and other.start() < one.end()


def boxed_count(r: Reading, facts: Facts) -> None:
    """Two or more, unless doubted ("a card, maybe two"): then the count is asked, never assumed; "another" said of
    the card after a dealt one and then counted one ("sotto ce n'è un'altra già girata, solo una") is one."""
    several = [m for m in r.matches("boxed_several") if not r.near("boxed_just_one", m.end(), "boxed_count_reach")]
    if any(r.near("boxed_hedge", m.start(), "doubt_detail") for m in several):
        r.doubt("boxed_count")
    elif any(not r.uncertain_near(m.start(), "doubt_detail") for m in several):
        facts["boxed_count"] = SEVERAL
    elif several:
        r.doubt("boxed_count")


def street(r: Reading, facts: Facts) -> None:
    """The board street being dealt when the card turned up ("when he went to burn for the river"), or named as
    where it turned up, next to the boxed card ("on the flop there was a boxed card")."""
    near = [m for m in r.matches("boxed_on_street")
            if any(r.near("boxed", at, "boxed_street_reach") or r.near("boxed_several", at, "boxed_street_reach")
                   for at in (m.start(), m.end()))]
    for match in sorted(r.matches("boxed_street") + near, key=lambda m: m.start()):
        facts["street"] = group(match, "street") or ""
        return


TOPIC = Topic("boxed-card", cues=(Cue(120, _boxed),),
              readers=(boxed_count, street, *ACTION_SO_FAR))
