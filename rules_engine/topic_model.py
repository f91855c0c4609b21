"""A word model of what a story is about: a second opinion on the cue ladder (topics/), never its replacement.

The cues are hand-written and strongest first; on words nobody wrote a cue for they either recognise nothing or let
a background word win. The model is a multinomial naive Bayes over the story's words and word pairs, trained on the
labelled sets (`scripts/train_topic_model.py` writes `topic_model.json`): it only falls back where no cue answers,
and doubts (asks which dispute it is) where it is very sure a cue picked another topic; only where it is far surer
(`TAKE_OVER_MARGIN`) is the story read as its topic instead of the cue's.

Scoring is sparse: a class's score starts from its prior plus, for each of the story's known features, the log
probability of a feature that class never saw; each feature then adds only the deltas of the classes that saw it.
"""

from __future__ import annotations

import json
import math
from array import array
from collections.abc import Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from operator import add
from pathlib import Path
from typing import Any

from .normalise import fold
from .pattern_cache import TomlCache

MODEL_FILE = Path(__file__).with_name("topic_model.json")
RETRAIN = "retrain it (.venv/bin/python scripts/train_topic_model.py)"
NONE = "none"  # the class of stories no rule answers (no-match, distractors)

# Both are two-way probabilities (`Guess`), chosen leave-one-set-out (scripts/eval_topic_model.py: 26 outside-* and
# writers-* sets, 7285 lines, each scored by a model trained without its set) and on the topic tables
# (tests/engine/tables/, hand-read stories the ladder answers right by design); the figures are in
# rules_engine/README.md, "The topic model". Naive Bayes counts every word as independent evidence, so the useful
# thresholds are very close to 1.
# Where no cue answers, a topic the model gives at least this probability against no rule is read and asked about
# against "no dispute told": 123 of the 152 covered disputes no cue answers asked, for 4 of the 467 lines expected to
# get no match, and 42 of the tables' 208 no-match rows (the former best-of-all probability at 0.99999: 92 for 4, 43).
FALLBACK_AT = 1 - 1e-10
# Where a cue chose a topic and the model is at least this sure of another against the cue's, which one is asked
# instead of ruling: 43 of the 147 wrong rulings a cue gave for 10 of its 6127 right answers, and 8 table rows
# (1 - 1e-11: 45 for 16, 12 rows; the former best-of-all probability at 1 - 1e-7: 43 for 31, 16 rows). Being sure of
# no topic (`NONE`) is not doubted.
DOUBT_AT = 1 - 1e-12
# ... and only where its topic is the clear alternative, this share of all classes: the question offers two topics,
# and a model sure only that the cue's topic is wrong ("Standard?" after a flop told at length) has no second to offer
# (at DOUBT_AT, 43 wrong rulings caught with it and 46 without, for the same 10 right answers asked).
DOUBT_CLEAR_AT = 0.9
# Where the model doubts a cue's topic and its log-odds of its own topic against the cue's are at least this margin, the
# story is read as the model's topic, as after a tap on it (the facts kept when a topic is given), instead of asking
# which dispute it is; where that reading gets no rule (no-match), the question stays. Chosen leave-one-set-out
# (scripts/eval_topic_skip.py: each set at the margin that makes the most lines right, less 8 for each wrong ruling or
# distractor ruled, on the other sets): 45 for every set, 47 of the 143 doubts made right for 3 wrong rulings and no
# distractor ruled (at 30: 60 for 7; at 60: 33 for 2). A log-odds, not a probability: 1 - e^-45 is 1.0 as a float.
# The fallback's question is not skipped the same way: ruling where the kept facts decide failed the 8-to-1 bar at
# every margin (README, "The topic model").
TAKE_OVER_MARGIN = 45.0
# Where a cue chose a topic that has rules and the model's guess is no rule (`NONE`) with at least this log-odds against
# the cue's topic, the story is answered as no dispute (no-match, the nearest rules offered): a cue answers on a word
# ("mucks a flush", "suits") that stories telling no dispute also hold. Chosen leave-one-set-out
# (scripts/eval_none_take_over.py, each set scored by a model trained without it): 11 lines made right (no-match
# due), 3 needless questions turned to no-match, no right answer lost and no table row changed; at 25, 13 made right
# for 4 and a table row lost; at 40, 8 for 2 (first measured before six ruled distractors it dismissed came back
# from held-back into their sets: 5 made right at 30).
NONE_TAKE_OVER_MARGIN = 30.0


def outcome_features(text: str, rulebook: str) -> set[str]:
    """The story's features and its rulebook (a feature no text gives: the folded words hold no "="), since what
    decides an outcome, and so what each outcome's stories say, differs by rulebook (scripts/eval_outcome_model.py)."""
    return {*features(text), f"rulebook={rulebook}"}


def features(text: str) -> set[str]:
    """The story's words (two letters or more) and each pair of neighbouring words, as folded for the patterns."""
    words = [word for word in fold(text).split() if len(word) > 1]
    return {*words, *(f"{first} {second}" for first, second in pairwise(words))}


@dataclass(frozen=True, slots=True)
class Guess:
    """The model's best class for a story (`NONE` for no rule), weighed against one rival at a time, as the engine's
    two questions are: `probability` against `NONE` (this dispute or none told? for `NONE` itself, against the best
    topic), `against(topic)` against a cue's topic. Measured leave-one-set-out, these two-way probabilities sort
    right from wrong far better than the best class's share of all of them (README, "The topic model")."""

    topic: str
    probability: float
    scores: Mapping[str, float] = field(default_factory=dict, repr=False)  # each class's log score

    def share(self) -> float:
        """The probability of this guess's topic among all classes (how clear it is which one it is)."""
        top = self.scores[self.topic]
        return 1 / sum(math.exp(score - top) for score in self.scores.values())

    def against(self, rival: str) -> float:
        """The probability of this guess's topic over `rival` alone (one the model never saw: over its least likely
        class)."""
        return _over(self.scores[self.topic], self._rival_score(rival))

    def margin(self, rival: str) -> float:
        """The log-odds of this guess's topic over `rival` alone (as `against`, unbounded: past ~37 the probability
        is 1.0 as a float)."""
        return self.scores[self.topic] - self._rival_score(rival)

    def _rival_score(self, rival: str) -> float:
        """The rival's log score (one the model never saw: its least likely class's)."""
        return self.scores.get(rival, min(self.scores.values()))


def _over(score: float, rival: float) -> float:
    """P(first | first or second) from two log scores, the first the greater."""
    return 1 / (1 + math.exp(rival - score))


class TopicModelError(ValueError):
    """The model file is malformed."""


class WordModel:
    """A naive Bayes over a story's features, scored sparsely: the topic model (`features`), and the outcome models
    measured in scripts/eval_outcome_model.py (`outcome_features`; not used by the engine: README, "The topic
    model")."""

    def __init__(self, classes: Sequence[str], base: Sequence[float], unseen: Sequence[float],
                 deltas: Mapping[str, Sequence[Any]], known: Container[str] | None = None) -> None:
        """`deltas`: each feature's flat [class, delta, …] pairs; `known`: the features it holds, where it gives a
        feature's pairs only when asked (`_Packed`)."""
        self.classes = tuple(classes)
        self._base = tuple(base)
        self._unseen = tuple(unseen)
        self._deltas = deltas
        self._known = deltas if known is None else known

    @classmethod
    def from_section(cls, data: Mapping[str, Any], what: str = "the topic model") -> WordModel:
        """A model from its JSON form (`scripts/train_topic_model.py`): per feature, flat [class, delta, …] pairs,
        kept as they are (rebuilding 35,000 of them as pairs would double the load time)."""
        missing = sorted({"classes", "base", "unseen", "features"} - set(data))
        if missing:
            raise TopicModelError(f"{what} has no {', '.join(missing)}: {RETRAIN}")
        if not len(data["classes"]) == len(data["base"]) == len(data["unseen"]):
            raise TopicModelError(f"{what}: classes, base and unseen must align: {RETRAIN}")
        return cls(data["classes"], data["base"], data["unseen"], data["features"])

    def scores(self, found: Iterable[str]) -> dict[str, float]:
        """Each class's log score for a story's features."""
        seen = [self._deltas[feature] for feature in found if feature in self._known]
        scores = [base + len(seen) * unseen for base, unseen in zip(self._base, self._unseen, strict=True)]
        for flat in seen:
            if type(flat) is _Dense:  # every class's delta: one `map` over the row (adding 0.0 changes no score)
                scores = list(map(add, scores, flat))
                continue
            pairs = iter(flat)
            for index, delta in zip(pairs, pairs, strict=False):  # (class, delta) pairs; strict would double the cost
                scores[index] += delta
        return dict(zip(self.classes, scores, strict=True))

    def best(self, found: Iterable[str]) -> Guess:
        """The most probable class, its probability against the runner-up (`Guess.against` weighs it against any)."""
        by_class = self.scores(found)
        best = max(self.classes, key=by_class.__getitem__)
        rival = max((score for name, score in by_class.items() if name != best), default=-math.inf)
        return Guess(best, _over(by_class[best], rival), by_class)


class TopicModel(WordModel):
    """Scores a story's topic from the trained data (pure; loaded once with the engine)."""

    def __init__(self, classes: Sequence[str], base: Sequence[float], unseen: Sequence[float],
                 deltas: Mapping[str, Sequence[Any]], cue_excludes: Iterable[tuple[str, str]] = (),
                 known: Container[str] | None = None) -> None:
        super().__init__(classes, base, unseen, deltas, known)
        self._cue_excludes = frozenset(cue_excludes)

    @classmethod
    def load(cls, path: Path = MODEL_FILE) -> TopicModel:
        """The model file, read back from the folder's data cache while its bytes are unchanged, in its packed form
        (`_packed`)."""
        cache = TomlCache(path.parent)
        try:
            data = cache.load(path, _packed)
        except json.JSONDecodeError as error:
            raise TopicModelError(f"{path.name} is not JSON ({error}): {RETRAIN}") from error
        cache.save()
        packed = _Packed(len(data["classes"]), *data["features"])
        return cls.from_data({**data, "features": packed}, packed.rows)

    @classmethod
    def from_data(cls, data: Mapping[str, Any], known: Container[str] | None = None) -> TopicModel:
        """The model from its JSON form (`scripts/train_topic_model.py`), or from the data cache's (`_packed`, its
        features then `known`)."""
        if "cue_excludes" not in data:
            raise TopicModelError(f"the topic model has no cue_excludes: {RETRAIN}")
        if NONE not in WordModel.from_section(data).classes:
            raise TopicModelError(f"the topic model's classes must include {NONE!r}: {RETRAIN}")
        return cls(data["classes"], data["base"], data["unseen"], data["features"],
                   ((cue, other) for cue, other in data["cue_excludes"]), known)

    def doubts(self, cue_topic: str, guess: Guess, at: float = DOUBT_AT) -> bool:
        """Whether the guess puts a cue's topic in doubt: another topic (not `NONE`), at least `at` sure against the
        cue's and the clear alternative (`DOUBT_CLEAR_AT`), and not one the cue's evidence excludes (`cue_excludes`,
        set in the training script). `at` is for re-tuning only."""
        return (guess.topic not in (cue_topic, NONE) and guess.against(cue_topic) >= at
                and guess.share() >= DOUBT_CLEAR_AT and (cue_topic, guess.topic) not in self._cue_excludes)

    def takes_over(self, cue_topic: str, guess: Guess, margin: float = TAKE_OVER_MARGIN) -> bool:
        """Whether the guess doubts a cue's topic (`doubts`) so surely (`TAKE_OVER_MARGIN`, log-odds against the cue's
        topic) that the story is read as the guess's topic instead of asking. `margin` is for re-tuning only."""
        return self.doubts(cue_topic, guess) and guess.margin(cue_topic) >= margin

    @staticmethod
    def dismisses(cue_topic: str, guess: Guess, margin: float = NONE_TAKE_OVER_MARGIN) -> bool:
        """Whether the guess is no rule, so surely against a cue's topic (`NONE_TAKE_OVER_MARGIN`) that the story is
        answered as no dispute; never for a topic the model has no class for (one no rule answers, such as another
        game, or one given a rule after the model was trained: their stories were taught as no rule). `margin` is for
        re-tuning only."""
        return guess.topic == NONE and cue_topic in guess.scores and guess.margin(cue_topic) >= margin

    @staticmethod
    def falls_back(guess: Guess, at: float = FALLBACK_AT) -> bool:
        """Whether, where no cue answered, the guess is a topic sure enough against no rule (`FALLBACK_AT`) to be
        asked about. `at` is for re-tuning only."""
        return guess.topic != NONE and guess.probability >= at

    def guess(self, text: str) -> Guess:
        """The most probable class for `text`, with every class's score to weigh it against a rival."""
        by_class = self.scores(features(text))
        best = max(self.classes, key=by_class.__getitem__)
        others = (score for name, score in by_class.items() if name != NONE)
        rival = by_class[NONE] if best != NONE else max(others, default=-math.inf)
        return Guess(best, _over(by_class[best], rival), by_class)


_CLASS, _DELTA, _END = "H", "d", "I"  # array codes of the packed pairs' classes and deltas, and of where rows end
# A feature at least this many classes saw (most of a long story's: "the", "il", "flop") is kept as a dense row
# (`_Dense`): one `map` over the 45 classes costs what ~12 pairs added one by one do (the slowest 1 % of stories hold
# ~100 known features with ~2,200 pairs, ~1,800 of them in rows of 20 or more).
_DENSE_FROM = 12


def _packed(text: str) -> dict[str, Any]:
    """The model file's JSON, checked as `TopicModel.from_data` checks it, with its features packed (what the data
    cache keeps): their names in order, and every feature's classes and deltas one after another as the bytes of two
    arrays, with where each feature's pairs end. Read back, that is a few objects instead of ~37,000 lists holding
    ~290,000 numbers, which took a fifth of `Engine.load()`; a feature's pairs are made when a story first has it."""
    data: dict[str, Any] = json.loads(text)
    TopicModel.from_data(data)
    classes, deltas, ends = array(_CLASS), array(_DELTA), array(_END, [0])
    for flat in data["features"].values():
        classes.extend(flat[0::2])
        deltas.extend(flat[1::2])
        ends.append(len(classes))
    return {**data, "features": (list(data["features"]), classes.tobytes(), deltas.tobytes(), ends.tobytes())}


class _Dense(tuple[float, ...]):
    """A feature's delta for every class in order, 0.0 for a class that never saw it (`_DENSE_FROM`)."""

    __slots__ = ()


class _Packed(dict[str, Sequence[Any]]):
    """Each feature's flat [class, delta, …] pairs, as `WordModel` reads them, made from the packed bytes (`_packed`)
    when first asked for and then kept, or its `_Dense` row where most of the `width` classes saw it; `rows` says which
    features there are, and where each one's pairs lie."""

    def __init__(self, width: int, names: list[str], classes: bytes, deltas: bytes, ends: bytes) -> None:
        super().__init__()
        self.rows = dict(zip(names, range(len(names)), strict=True))
        self._classes, self._deltas, self._ends = array(_CLASS, classes), array(_DELTA, deltas), array(_END, ends)
        self._width = width

    def __missing__(self, feature: str) -> Sequence[Any]:
        row = self.rows[feature]
        start, end = self._ends[row], self._ends[row + 1]
        if end - start >= _DENSE_FROM:
            dense = [0.0] * self._width
            for index, delta in zip(self._classes[start:end], self._deltas[start:end], strict=True):
                dense[index] = delta
            self[feature] = _Dense(dense)
            return self[feature]
        flat: list[Any] = [0, 0.0] * (end - start)
        flat[0::2] = self._classes[start:end]
        flat[1::2] = self._deltas[start:end]
        self[feature] = flat
        return flat
