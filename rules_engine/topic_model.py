"""A word model of what a story is about: a second opinion on the cue ladder (topics/), never its replacement.

The cues are hand-written and strongest first; on words nobody wrote a cue for they either recognise nothing or let
a background word win. The model is a multinomial naive Bayes over the story's words and word pairs, trained on the
labelled sets (`scripts/train_topic_model.py` writes `topic_model.json`): it only falls back where no cue answers,
and doubts (asks which dispute it is) where it is very sure a cue picked another topic. It never overrules a cue.

Scoring is sparse: a class's score starts from its prior plus, for each of the story's known features, the log
probability of a feature that class never saw; each feature then adds only the deltas of the classes that saw it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

from .normalise import fold
from .pattern_cache import TomlCache

MODEL_FILE = Path(__file__).with_name("topic_model.json")
NONE = "none"  # the class of stories no rule answers (no-match, distractors)

# Both chosen on the held-out sets (outside-t, writers-kinds-en-11, writers-kinds-it-11: 733 lines) with a model trained
# without them, and on the topic tables (tests/engine/tables/, hand-read stories the ladder answers right by design);
# the figures are in rules_engine/README.md, "The topic model". The model is overconfident (naive Bayes counts every
# word as independent evidence), so the useful thresholds are very close to 1.
# Where no cue answers, a topic the model gives at least this probability is read and asked about against "no dispute
# told": 0.99999 put 37 of the 58 held-out no-matches on covered disputes to that question (0.999: 42, but 71 of the
# tables' deliberate no-match rows, denials and normal play, asked too, against 43 here).
FALLBACK_AT = 0.99999
# Where a cue chose a topic and the model is at least this sure of another, which one is asked instead of ruling:
# 1 - 1e-7 avoided 17 of the 55 held-out wrong rulings for 3 right ones asked about, and asks on 30 table rows
# (0.99999: 20 for 6, and 63 rows; 0.999: 24 for 17). Being as sure of no topic (`NONE`) is not doubted: at any
# probability from 0.5 up it would have caught one wrong ruling.
DOUBT_AT = 0.9999999


def features(text: str) -> set[str]:
    """The story's words (two letters or more) and each pair of neighbouring words, as folded for the patterns."""
    words = [word for word in fold(text).split() if len(word) > 1]
    return {*words, *(f"{first} {second}" for first, second in pairwise(words))}


@dataclass(frozen=True, slots=True)
class Guess:
    """The model's best topic for a story (`NONE` for no rule) and its probability."""

    topic: str
    probability: float


class TopicModelError(ValueError):
    """The model file is malformed."""


class TopicModel:
    """Scores a story's topic from the trained data (pure; loaded once with the engine)."""

    def __init__(self, classes: Sequence[str], base: Sequence[float], unseen: Sequence[float],
                 deltas: Mapping[str, Sequence[Any]],
                 cue_excludes: Iterable[tuple[str, str]] = ()) -> None:
        self.classes = tuple(classes)
        self._base = tuple(base)
        self._unseen = tuple(unseen)
        self._deltas = deltas
        self._cue_excludes = frozenset(cue_excludes)

    @classmethod
    def load(cls, path: Path = MODEL_FILE) -> TopicModel:
        """The model file, read back from the folder's data cache while its bytes are unchanged."""
        cache = TomlCache(path.parent)
        model = cls.from_data(cache.load(path, json.loads))
        cache.save()
        return model

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> TopicModel:
        """The model from its JSON form (`scripts/train_topic_model.py`): per feature, flat [class, delta, …] pairs,
        kept as they are (rebuilding 35,000 of them as pairs would double the load time)."""
        classes, base, unseen = data["classes"], data["base"], data["unseen"]
        if not (len(classes) == len(base) == len(unseen)) or NONE not in classes:
            raise TopicModelError(f"classes, base and unseen must align and include {NONE!r}")
        return cls(classes, base, unseen, data["features"], ((cue, other) for cue, other in data["cue_excludes"]))

    def doubts(self, cue_topic: str, guess: Guess, at: float = DOUBT_AT) -> bool:
        """Whether the guess puts a cue's topic in doubt: another topic (not `NONE`), at least `at` sure, and not one
        the cue's evidence excludes (`cue_excludes`, set in the training script). `at` is for re-tuning only."""
        return (guess.topic not in (cue_topic, NONE) and guess.probability >= at
                and (cue_topic, guess.topic) not in self._cue_excludes)

    def guess(self, text: str) -> Guess:
        """The most probable class for `text` and its probability (a softmax of the class scores)."""
        seen = [self._deltas[feature] for feature in features(text) if feature in self._deltas]
        scores = [base + len(seen) * unseen for base, unseen in zip(self._base, self._unseen, strict=True)]
        for flat in seen:
            pairs = iter(flat)
            for index, delta in zip(pairs, pairs, strict=False):  # (class, delta) pairs; strict would double the cost
                scores[index] += delta
        best = max(range(len(scores)), key=scores.__getitem__)
        top = scores[best]
        return Guess(self.classes[best], 1 / sum(math.exp(score - top) for score in scores))
