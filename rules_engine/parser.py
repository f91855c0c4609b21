"""Free text → facts: normalise the words, decide the topic (topics/), then let that topic's readers read the
facts it decides on. A reader only sets a fact when the text gives it; anything the text leaves open stays
unknown, so the matcher can ask instead of guessing.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from .language import Language
from .lexicon import Lexicon
from .readers import background, claims, corrections, names
from .reading import Facts, Reading
from .topics import Topics


@dataclass(frozen=True, slots=True)
class Parsed:
    """What a text says: the facts it gives, its language, and the facts it puts in doubt ("not sure who flipped
    it"), which the engine then asks rather than assumes."""

    facts: Facts
    language: Language
    doubted: frozenset[str]


class Parser:
    """Reads the facts a player's description gives."""

    def __init__(self, lexicon: Lexicon, topics: Topics) -> None:
        self.lexicon = lexicon
        self.topics = topics

    def read(self, text: str, given: Facts | None = None) -> Parsed:
        """The facts found in `text`, its language ("en" or "it") and the facts it puts in doubt. `given` facts
        (answers) count as cues."""
        sentences = self.lexicon.speller.sentences(text)
        words = [word for sentence in sentences for word in sentence]
        corrected = corrections.apply(" ".join(words), self.lexicon).split()
        starts = _sentence_starts(words, corrected, [len(sentence) for sentence in sentences])
        named = names.apply(" ".join(corrected), starts, self.lexicon)  # "il bottone è Fabio": Fabio is the button
        told, told_starts = claims.apply(*background.apply(*named, self.lexicon), self.lexicon)
        reading = Reading(told, self.lexicon, told_starts)
        facts: Facts = {}
        recognised = self.topics.recognise(reading, given or {})
        if recognised:
            topic, settled = recognised
            facts = {"topic": topic.name, **settled}
            for reader in topic.readers:
                reader(reading, facts)
        return Parsed(facts, self._language(words), frozenset(reading.doubted))

    def _language(self, words: list[str]) -> Language:
        italian = sum(word in self.lexicon.italian for word in words)
        english = sum(word in self.lexicon.english for word in words)
        return "it" if italian > english else "en"


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
