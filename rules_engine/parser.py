"""Free text → facts: normalise the words, decide the topic (topics/), then let that topic's readers read the
facts it decides on. A reader only sets a fact when the text gives it; anything the text leaves open stays
unknown, so the matcher can ask instead of guessing.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from .language import Language
from .lexicon import Lexicon
from .loader import TOPIC
from .readers import background, claims, corrections, names, negation
from .reading import Facts, Reading, joined
from .topic_model import Guess, TopicModel
from .topics import Topic, Topics
from .topics.no_dispute import TOPIC as NO_DISPUTE

# What tells a story the topic model recognises as something other than an incident: a denial ("la carta non è
# caduta"), something told as fine or as normal play, nothing happened. A word model cannot tell these from the
# incident they name, so a story with any of them is no plain account of it (`told_plainly`).
TOLD_OTHERWISE = ("cue_denial", "all_fine", "normal_play", "no_incident")


def told_plainly(reading: Reading) -> bool:
    """Whether a story denies nothing and tells nothing as fine, normal or not happening (`TOLD_OTHERWISE`)."""
    return not any(reading.has(concept) for concept in TOLD_OTHERWISE)


@dataclass(frozen=True, slots=True)
class Parsed:
    """What a text says: the facts it gives, its language, and the facts it puts in doubt ("not sure who flipped
    it"), which the engine then asks rather than assumes. `rival`: another topic the topic model is very sure of
    where a cue chose the topic (the engine asks which dispute it is instead of ruling). `unconfirmed`: the topic
    is the model's or an answer's, and none of its cues recognises the story, so its readers read as if its incident
    were told (a claim made, a card seen): what they read can only be asked. `sure`: the model is so sure of the
    rival against the cue's topic (`TopicModel.takes_over`) that the engine reads the story as the rival instead of
    asking; for an unconfirmed topic of the model's, the story is told plainly (`told_plainly`), so the engine rules
    on the topic where the facts kept after a tap decide a rule. `story`: the text as read, for reading it again with
    a topic given (`Parser.read`)."""

    facts: Facts
    language: Language
    doubted: frozenset[str]
    rival: str | None = None
    unconfirmed: bool = False
    sure: bool = False
    story: Story | None = None


@dataclass(frozen=True, slots=True)
class Story:
    """A text's normalised words and its reading: what reading the same text again starts from (the engine reads a
    story the model is sure of again as the model's topic, `Parsed.sure`), its concepts and readers' results already
    found (each a function of the text alone); its doubts start afresh."""

    words: list[str]
    reading: Reading


class Parser:
    """Reads the facts a player's description gives; with a topic model, its second opinion on the topic."""

    def __init__(self, lexicon: Lexicon, topics: Topics, model: TopicModel | None = None) -> None:
        self.lexicon = lexicon
        self.topics = topics
        self.model = model

    def read(self, text: str, given: Facts | None = None, earlier: Story | None = None) -> Parsed:
        """The facts found in `text`, its language ("en" or "it") and the facts it puts in doubt. `given` facts
        (answers) count as cues; a given topic is the story's, never doubted, its facts asked where none of its cues
        recognises the story. `earlier`: this text's story from an earlier read (`Parsed.story`)."""
        told = earlier or self._story(text)
        told.reading.doubted.clear()  # the same set its readings cut from it raise doubts in (`in_digits`)
        words, reading = told.words, told.reading
        facts: Facts = {}
        given = given or {}
        recognised = self._recognise(reading, given)
        if recognised and reading.has("averted"):  # "the dealer almost exposed the first card, but caught it": the
            reading = self._without(reading, reading.matches("averted"), "next_event")  # incident is what the rest
            recognised = self._recognise(reading, given) or (NO_DISPUTE, {})  # tells, if anything
        if recognised and (variants := self._variants(reading)):  # "if it had been the SB's card, would…?"
            story = self._without(reading, variants, "next_event")
            recognised_story = self._recognise(story, given)
            if recognised_story:  # a story besides the other version: rule on the story (else a rule asked)
                reading, recognised = story, recognised_story
        unconfirmed: Topic | None = None  # the story's topic, though none of its cues recognises the story
        rival, sure = None, False
        if TOPIC in given:
            unconfirmed = None if recognised else self.topics.named(str(given[TOPIC]))
        elif self.model is not None:
            guess = self.model.guess(text)
            if recognised and self.model.dismisses(recognised[0].name, guess):
                recognised = (NO_DISPUTE, {})  # "watching a clip where a pro mucks a flush": the model sure it is none
            unconfirmed, rival, sure = self._second_opinion(self.model, guess, recognised, reading)
        if recognised:
            topic, settled = recognised
            facts = _read(topic, reading, {TOPIC: topic.name, **settled})
            for name in self._told_only_in_doubt(topic, reading, settled, facts):
                del facts[name]
                reading.doubt(name)
        elif unconfirmed is not None:
            facts = _read(unconfirmed, reading, {TOPIC: unconfirmed.name})
        return Parsed(facts, self._language(words), frozenset(reading.doubted), rival, unconfirmed is not None, sure,
                      told)

    def _story(self, text: str) -> Story:
        """The text's words, and its reading once corrected and cut down to the incident told."""
        sentences = self.lexicon.speller.sentences(text)
        words = [word for sentence in sentences for word in sentence]
        corrected = corrections.apply(" ".join(words), self.lexicon).split()
        starts = _sentence_starts(words, corrected, [len(sentence) for sentence in sentences])
        named = names.apply(" ".join(corrected), starts, self.lexicon)  # "il bottone è Fabio": Fabio is the button
        current = background.apply(*named, self.lexicon)
        placed = negation.without_excluded(*current, self.lexicon)  # "a player (not the button)": no place told
        told, told_starts = claims.apply(*placed, self.lexicon)
        return Story(words, Reading(told, self.lexicon, told_starts))

    def _recognise(self, reading: Reading, given: Facts) -> tuple[Topic, Facts] | None:
        """The ladder's topic; or the one an answer gave, if one of its cues recognises the story (an averted incident
        or another version of the story cut out, what is left may tell none)."""
        if TOPIC in given:
            return self.topics.as_given(str(given[TOPIC]), reading, given)
        return self.topics.recognise(reading, given)

    def _second_opinion(self, model: TopicModel, guess: Guess, recognised: tuple[Topic, Facts] | None,
                        reading: Reading) -> tuple[Topic | None, str | None, bool]:
        """The topic model's word on the ladder's choice: a topic to read where no cue answered, the rival topic to
        ask about, and whether it is sure enough to go on without asking. Where no cue answered, a topic it is sure
        of (`FALLBACK_AT`) is read, unconfirmed, with no dispute as the rival: words no cue took are often a denial
        or normal play ("the river wasn't early"), which a word model cannot tell from the incident; so the engine
        goes on with the topic only in a story that says nothing of the kind (`told_plainly`), and only where the
        facts kept after a tap decide a rule. Where a cue chose another topic than one it is very sure of
        (`TopicModel.doubts`), that one is the rival, and where it is surer still (`TopicModel.takes_over`), the
        engine goes on with it. The parser replaces a cue's topic itself only by dismissing it as no dispute
        (`TopicModel.dismisses`, before this is asked)."""
        topic = self.topics.named(guess.topic)  # None for `NONE`: no rule, nothing to read or ask
        if topic is None:
            return None, None, False
        if recognised is None:
            return (topic, NO_DISPUTE.name, told_plainly(reading)) if model.falls_back(guess) else (None, None, False)
        if not model.doubts(recognised[0].name, guess):
            return None, None, False
        return None, topic.name, model.takes_over(recognised[0].name, guess)

    def _without(self, reading: Reading, said: list[re.Match[str]], until: str) -> Reading:
        """The story without what each of `said` says (an averted incident, an open question): from it to the first
        `until` after it in its sentence (the next event told, a "but"), or to the sentence's end."""
        text, starts = _cut(reading, said, until)
        return Reading(text, self.lexicon, starts)

    @staticmethod
    def _variants(reading: Reading) -> list[re.Match[str]]:
        """The other versions of the story asked about ("if it had been the small blind's card…"), not the "if" of an
        open question ("not sure if he had checked", "non so se avesse chiamato")."""
        asked = reading.matches("open_question")
        return [m for m in reading.matches("counterfactual")
                if not any(question.start() <= m.start() <= question.end() for question in asked)]

    def _told_only_in_doubt(self, topic: Topic, reading: Reading, settled: Facts, facts: Facts) -> list[str]:
        """The facts read only from an open question the teller says nobody can answer ("nobody is sure whether the
        dealer already swept them", "non ho capito se avesse già checkato o no"): the story read without those clauses
        does not give them, so they are asked, never ruled on as told."""
        about_rules = {m.start() for m in reading.matches("doubt_about_the_rules")}  # "not sure if it matters, but…"
        asked = [m for m in reading.matches("open_question") if m.end() + 1 not in about_rules]
        if not asked:
            return []
        plain = _read(topic, self._without(reading, asked, "contrast_turn"), {"topic": topic.name, **settled})
        return [name for name, value in facts.items() if plain.get(name) != value]

    def _language(self, words: list[str]) -> Language:
        italian = sum(word in self.lexicon.italian for word in words)
        english = sum(word in self.lexicon.english for word in words)
        return "it" if italian > english else "en"


def _read(topic: Topic, reading: Reading, facts: Facts) -> Facts:
    """The facts the topic's readers read, starting from those its recognition settled."""
    for reader in topic.readers:
        reader(reading, facts)
    return facts


def _cut(reading: Reading, found: list[re.Match[str]], until: str) -> tuple[str, tuple[int, ...]]:
    """The text and sentence starts of `Parser._without`."""
    ends = (*reading.sentences[1:], len(reading.text) + 1)
    resumes = [m.start() for m in reading.matches(until)]
    sentences = []
    for start, end in zip(reading.sentences, ends, strict=True):
        pieces, at = [], start
        for match in (m for m in found if at <= m.start() < end):
            pieces.append(reading.text[at:match.start()])
            at = min((resume for resume in resumes if match.end() <= resume < end), default=end)
        pieces.append(reading.text[at:end])
        sentences.append(" ".join(piece.strip() for piece in pieces))
    return joined(sentences)


def _sentence_starts(words: list[str], corrected: list[str], lengths: list[int]) -> tuple[int, ...]:
    """Where each sentence starts (a character of the corrected text): the corrections may have moved words."""
    firsts, index = [], 0
    for length in lengths:
        firsts.append(index)
        index += length
    if corrected == words:  # nothing corrected: each sentence starts after the ones before it and their spaces
        starts, offset = [], 0
        for length, first in zip(lengths, firsts, strict=True):
            starts.append(offset)
            offset += len(" ".join(words[first:first + length])) + 1
        return tuple(starts) or (0,)
    moved = {}  # a word index of the text as typed → the same word in the corrected one
    for tag, old, old_end, new, _ in difflib.SequenceMatcher(None, words, corrected, autojunk=False).get_opcodes():
        if tag == "equal":
            moved.update({old + i: new + i for i in range(old_end - old)})
    kept = {next((moved[i] for i in range(first, len(words)) if i in moved), len(corrected)) for first in firsts}
    offsets = [0]
    for word in corrected:
        offsets.append(offsets[-1] + len(word) + 1)
    return tuple(sorted({offsets[first] for first in kept if first < len(corrected)} | {0}))
