"""What a situation is about: one module per topic, discovered here, never listed.

A topic module defines `TOPIC = Topic(name, cues, readers)`. Its `name` is the value of the `topic` fact that
rules name in `applies` (the module `exposed_holecard.py` is the topic `exposed-holecard`); its vocabulary is
`lexicon/<module>.toml`, which also names the topic for players (`[topic] label`, `label_it`).

How topics compete: every cue of every topic has a priority, and the cues are tried from the highest down;
the first that recognises the situation decides its topic. Give a cue a higher priority the more specific
its evidence: a distinctive phrase ("boxed card", "I play the board") outranks generic words ("card",
"flop", "exposed") that other topics share. A topic may have several cues of different strength: a strong
one that wins outright and a weak one tried only after other topics had their say. Two cues with the same
priority are refused, so the order is always a decision someone made.

A topic no rule applies to yet is "not covered yet": the engine answers no-match, naming it among the facts,
until a rules file gives it a rule (`applies = { topic = "…" }`).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from ..lexicon import Lexicon, topic_file
from ..reading import Facts, Reading

Detector = Callable[[Reading, Facts], Facts | None]
"""Recognises the topic: the facts the recognition itself settles (often the street), or None."""
Reader = Callable[[Reading, Facts], None]
"""Reads one kind of fact into `facts`, only when the text gives it."""


@dataclass(frozen=True, slots=True)
class Cue:
    """One way of recognising a topic, and how strongly it claims the situation (higher is tried first).

    `yields_to` names topics whose stories this cue's evidence is only part of: where any of their cues also
    recognises the story, this cue gives way and the ladder goes on below it (the named topic's own cue then
    decides at its place, unless a cue between them does)."""

    priority: int
    detect: Detector
    yields_to: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Topic:
    """A family of situations: its name (the `topic` fact's value), the cues that recognise it, and the readers
    of the facts its rules decide on (run in order once it is chosen)."""

    name: str
    cues: tuple[Cue, ...]
    readers: tuple[Reader, ...] = ()


class TopicError(ValueError):
    """A topic module is malformed, or two cues claim the same priority."""


def mentions(concept: str) -> Detector:
    """A detector for a topic recognised by one concept of its lexicon ("boxed", "other_game")."""
    def detect(r: Reading, given: Facts) -> Facts | None:
        return {} if r.has(concept) else None
    return detect


def check_vocabulary(topics: Mapping[str, Topic], lexicon: Lexicon) -> None:
    """Every topic has its lexicon file (with the [topic] label), and every topic lexicon file its module."""
    unnamed = sorted(set(topics) - set(lexicon.topics))
    if unnamed:
        raise TopicError(f"no lexicon/{topic_file(unnamed[0])} with a [topic] label for the topic {unnamed[0]!r}")
    orphans = [topic_file(name) for name in sorted(set(lexicon.topics) - set(topics))]
    if orphans:
        raise TopicError(f"lexicon/{orphans[0]} names no topic: add topics/{orphans[0].removesuffix('.toml')}.py")


def discover() -> dict[str, Topic]:
    """Every topic module of this package, by topic name."""
    topics = {}
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        topic = getattr(module, "TOPIC", None)
        if not isinstance(topic, Topic):
            raise TopicError(f"topics/{info.name}.py must define TOPIC = Topic(...)")
        if topic_file(topic.name) != f"{info.name}.toml":
            raise TopicError(f"topics/{info.name}.py: its topic must be named {info.name.replace('_', '-')!r}")
        if not topic.cues:
            raise TopicError(f"topics/{info.name}.py: a topic needs at least one cue")
        topics[topic.name] = topic
    return topics


class Topics:
    """Decides a situation's topic: the cues of every topic, strongest first."""

    def __init__(self, topics: Mapping[str, Topic]) -> None:
        self._cues = sorted(_cues(topics.values()), key=lambda pair: -pair[0].priority)
        self._topics = dict(topics)
        for cue, topic in self._cues:
            unknown = sorted(set(cue.yields_to) - set(topics))
            if unknown:
                raise TopicError(f"a cue of {topic.name!r} yields to {unknown[0]!r}, which is no topic")

    def recognise(self, r: Reading, given: Facts) -> tuple[Topic, Facts] | None:
        """The topic of the first cue that recognises the situation, with the facts it settled."""
        for cue, topic in self._cues:
            settled = cue.detect(r, given)
            if settled is not None and not self._yields(cue, r, given):
                return topic, settled
        return None

    def named(self, name: str) -> Topic | None:
        return self._topics.get(name)

    def as_given(self, name: str, r: Reading, given: Facts) -> tuple[Topic, Facts] | None:
        """The topic an answer names ("which is the dispute?"), with what its strongest cue that recognises the
        story settles, whatever the ladder would choose; None if none of its cues does."""
        for cue, topic in self._cues:  # already strongest first
            if topic.name == name and (settled := cue.detect(r, given)) is not None:
                return topic, settled
        return None

    def _yields(self, cue: Cue, r: Reading, given: Facts) -> bool:
        """Whether a topic the cue yields to also recognises the story."""
        return any(other.detect(r, given) is not None
                   for name in cue.yields_to for other in self._topics[name].cues)


def _cues(topics: Iterable[Topic]) -> list[tuple[Cue, Topic]]:
    claimed: dict[int, str] = {}
    cues = []
    for topic in topics:
        for cue in topic.cues:
            if cue.priority in claimed:
                raise TopicError(f"topics {claimed[cue.priority]!r} and {topic.name!r} both have a cue of priority "
                                 f"{cue.priority}: give one a higher priority, the more specific one")
            claimed[cue.priority] = topic.name
            cues.append((cue, topic))
    return cues
