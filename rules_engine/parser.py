"""Free text → facts: normalise the words, decide the topic (topics/), then let that topic's readers read the
facts it decides on. A reader only sets a fact when the text gives it; anything the text leaves open stays
unknown, so the matcher can ask instead of guessing.
"""

from __future__ import annotations

from dataclasses import dataclass

from .language import Language
from .lexicon import Lexicon
from .readers import corrections
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
        words = self.lexicon.speller.words(text)
        reading = Reading(corrections.apply(" ".join(words), self.lexicon), self.lexicon)
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
