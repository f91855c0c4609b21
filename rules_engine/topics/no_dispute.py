"""No dispute told: the teller says nothing happened ("just want opinions, nothing happened at our table", "not a
dispute"), or asks for an explanation of how something works, or a strategy or an opinion ("is checking out of turn
a good strategy?"), with no incident in the story ("can someone explain how side pots work when three players are
all in with 300, 500 and 800?"). Whatever rule the words resemble, nothing
happened to rule on; no rule applies, so the engine answers no-match and names the topic."""

from __future__ import annotations

import re

from ..readers.events import moved_before
from ..readers.phrases import out_of_scope
from ..reading import Facts, Reading, inside
from . import Cue, Topic

# Concepts of the lexicon that tell a story (a card, a card shown or dealt, an action, chips, a burn, a card too early):
# one of them before an explanation asked means the teller told what happened and asks for the ruling ("the dealer
# flashed my first card, can someone explain the rule?"), so the explanation is no sign of a story without incident.
STORY_CONCEPTS = ("card", "exposure", "receives", "early", "extra", "action_verb", "chips_action", "burn_mention",
                  "premature_any_card")
# Concepts that tell an incident (a card shown, dealt too soon or too many, a burn; not the bare word "early",
# which is also a position): one after an opinion question that opens the text is the story the question is about,
# not the question's own premise ("should I call with pocket fives from early position?").
INCIDENT_CONCEPTS = ("exposure", "extra", "burn_mention", "premature_any_card")
# What a story told after a routine asked tells: a burn, a card too many or too soon, a move or chips put in (not a
# card turned, which is how the routine itself goes, "si parte dal piccolo buio e si gira in senso orario", nor the
# teller's own "ho letto", which only says where he read it).
ROUTINE_STORY_CONCEPTS = ("extra", "burn_mention", "premature_any_card", "action_verb", "chips_action")


def _story_after(r: Reading, asked: re.Match[str]) -> bool:
    """A card, chip or move told in a sentence after a routine asked ("quante volte si brucia prima del flop? il
    dealer ha bruciato due carte"): the question is about the incident told after it."""
    end = r.sentence_end(asked.start())
    return any(m.start() > end for concept in ROUTINE_STORY_CONCEPTS for m in r.matches(concept))


def _nothing_to_rule(r: Reading, given: Facts) -> Facts | None:
    """Said outright that there is no incident, or an explanation asked with no card, chip or move told before it (a
    story comes before its question: "when three players are all in with…" after "explain how side pots work" is the
    question's own premise), and no word of a mistake or a dispute besides the denial itself: tried before every
    topic, since the evidence is the teller's own word about the story."""
    if out_of_scope(r):
        return None  # "mi spieghi cosa vuol dire play the board": what a word means, or another game, is theirs
    denials = r.matches("no_incident")
    if any(not any(inside(m, denial) for denial in denials) for m in r.matches("dispute")):
        return None  # "not a dispute about the pot, the dealer made a mistake…" tells one after all
    if denials:
        return {}
    asked = (r.matches("explanation_asked") + r.matches("opinion_asked") + r.matches("terms_asked")  # what two words
             + [m for m in r.matches("routine_asked") if not _story_after(r, m)])  # tell apart is asked of the
    # words, whichever incidents they name
    if not asked:
        return None
    start = min(m.start() for m in asked)
    if any(m.start() < start for concept in STORY_CONCEPTS for m in r.matches(concept)):
        return None
    opening = [m for m in r.matches("opinion_asked") if m.start() == 0]
    if opening and any(m.start() >= opening[0].end() for concept in INCIDENT_CONCEPTS for m in r.matches(concept)):
        return None  # "should I …? the dealer exposed my first card": the question opens a story told after it
    return None if moved_before(r, start) else {}


TOPIC = Topic("no-dispute", cues=(Cue(187, _nothing_to_rule),))
