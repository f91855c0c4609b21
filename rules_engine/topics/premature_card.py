"""A board card dealt before the betting round was over, told without its street (holdem.premature-card-void):
the general rule that such a card can never be used. With the street said, the premature flop, turn and river
rules answer (topic board-card-dealt). Its evidence is specific ("the next card", "the early card", and a timing
cue, no street and no hole card), so it is tried early: the generic card words of other topics would take it.
"""

from __future__ import annotations

from ..readers import seats, streets, timing
from ..reading import Facts, Reading
from . import Cue, Topic


def _premature(r: Reading, given: Facts) -> Facts | None:
    """Said early (or answered), about a board card ("the next card", "the early card"), with no street named and
    no hole card, card of the deal, reshuffle or card face up in the deck in the story (those are other topics)."""
    if not r.has("premature_any_card") or r.has("hole") or r.has("ordinal_card") or r.has("reshuffle_how") \
            or r.has("boxed") or r.has("other_game"):
        return None  # "the very first card off the deck" is a hole card; a card early in stud is stud's
    if not (timing.said(r) or r.has("premature_timing") or "betting_complete" in given):
        return None
    if r.has("next_card_to") or any(seats.owner(r, m) for m in r.matches("premature_any_card")):
        return None  # "the next card off the deck went to the small blind": a hole card, not a board card
    return {} if not _street_said(r) else None


def _street_said(r: Reading) -> bool:
    """A street named; "burned and turned the next card" is the dealer's words for any street's card."""
    if r.has("premature_next_card") and not streets.named_in_words(r, "premature_next_card"):
        return False
    return streets.board_street(r) is not None


def _acted_after_early_card(r: Reading, given: Facts) -> Facts | None:
    """The rule's general question (floor decision C6), the street said or not: a card came while someone still
    had to act, he then checked or folded, and does the card stay?"""
    if not (r.has("premature_then_acted") and r.has("premature_keep")):
        return None
    if r.has("hole") or r.has("boxed") or r.has("reshuffle_how"):
        return None
    if not (r.has("premature_timing") or r.has("early") or r.has("betting_open")):
        return None
    return None if streets.named_in_words(r, "premature_burn_and_turn") else {}


def betting_complete(r: Reading, facts: Facts) -> None:
    """The shared timing reader, unless the table disputes it ("he says he still had to act, the others say he had
    called"); a player who "never acted" is told as the round not being over."""
    if r.has("timing_disputed"):
        return
    if r.has("premature_round_closed") and not r.has("betting_open"):
        facts["betting_complete"] = "yes"  # "last guy called, then the next card, and someone yells premature"
        return
    timing.betting_complete(r, facts)
    if "betting_complete" not in facts and r.has("premature_timing") and not r.has("uncertain"):
        facts["betting_complete"] = "no"


TOPIC = Topic("premature-card", cues=(Cue(155, _premature), Cue(65, _acted_after_early_card)),
              readers=(betting_complete,))
