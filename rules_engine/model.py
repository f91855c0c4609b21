"""The rules as Python objects, built once from the TOML data by `loader`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from .conditions import Condition, Verdict
from .language import Text

FactValue = str | int
FactType = Literal["enum", "int", "yesno"]


@dataclass(frozen=True, slots=True)
class Rulebook:
    id: str
    name: Text


@dataclass(frozen=True, slots=True)
class FactOption:
    value: str
    label: Text


@dataclass(frozen=True, slots=True)
class QuestionVariant:
    """The same question in other words where the table is different ("heads-up: whose card was it?"): used when
    every condition holds on the facts already known."""

    when: tuple[Condition, ...]
    question: Text
    options: tuple[FactOption, ...]

    def fits(self, facts: Mapping[str, FactValue]) -> bool:
        return all(condition.judge(facts) is Verdict.HOLDS for condition in self.when)


@dataclass(frozen=True, slots=True)
class FactKind:
    """A kind of fact the parser can read and a rule can decide on (facts.toml)."""

    name: str
    type: FactType
    values: tuple[str, ...]
    label: Text
    question: Text | None
    options: tuple[FactOption, ...]
    value_labels: Mapping[str, Text]
    narrows: Mapping[str, tuple[str, ...]]
    variants: tuple[QuestionVariant, ...] = ()
    kept_when_topic_given: bool = False  # read under a topic the player gave, none of its cues recognising the story

    def asked(self, facts: Mapping[str, FactValue]) -> tuple[Text | None, tuple[FactOption, ...]]:
        """The question and its options in the words that fit the situation (a variant, else the usual ones)."""
        variant = next((v for v in self.variants if v.fits(facts)), None)
        return (variant.question, variant.options) if variant else (self.question, self.options)

    def coerce(self, raw: FactValue) -> FactValue:
        """Turn a value from the text, the CLI or a button into this fact's type, or raise ValueError."""
        if self.type == "int":
            number = int(raw)
            if number < 0:
                raise ValueError(f"{self.name} must be 0 or more")
            return number
        value = str(raw).strip().lower()
        allowed = ("yes", "no") if self.type == "yesno" else self.values
        if value not in allowed:
            raise ValueError(f"{self.name} must be one of {', '.join(allowed)}")
        return value


@dataclass(frozen=True, slots=True)
class Outcome:
    token: str
    headline: Text


@dataclass(frozen=True, slots=True)
class Assumption:
    """A value a rule takes for a fact the text did not give, always said aloud in the notes."""

    value: FactValue
    note: Text


@dataclass(frozen=True, slots=True)
class Case:
    """One row of a rule: when these facts hold under these rulebooks, this is the outcome."""

    rulebooks: tuple[str, ...]
    when: tuple[Condition, ...]
    outcome: str | None
    headline: Text
    steps: tuple[Text, ...]
    notes: tuple[Text, ...]
    no_ruling: str | None = None  # "no_irregularity", "not_covered" or "other_rule": the case answers with no ruling
    explanation: Text | None = None
    floor_decision: Text | None = None  # a catalogue §4 conflict: both readings, and the one this case follows

    def judge(self, facts: Mapping[str, FactValue]) -> Verdict:
        """Holds, fails, or cannot tell yet (some fact it needs is unknown)."""
        unknown = False
        for condition in self.when:
            verdict = condition.judge(facts)
            if verdict is Verdict.FAILS:  # whatever the other conditions say
                return verdict
            unknown = unknown or verdict is Verdict.UNKNOWN
        return Verdict.UNKNOWN if unknown else Verdict.HOLDS

    def missing(self, facts: Mapping[str, FactValue]) -> list[str]:
        return [c.fact for c in self.when if c.fact not in facts]

    @property
    def when_text(self) -> str:
        return ", ".join(c.describe() for c in self.when) or "otherwise"


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    section: Text
    title: Text
    summary: str
    keywords: tuple[str, ...]
    applies: tuple[Condition, ...]
    facts: tuple[str, ...]
    related: tuple[str, ...]
    citations: Mapping[str, str]
    assume: Mapping[str, Assumption]
    cases: tuple[Case, ...]
    notes: tuple[Text, ...]
    _by_book: dict[str, tuple[Case, ...]] = field(default_factory=dict, init=False, repr=False, compare=False)

    def cases_for(self, rulebook: str) -> tuple[Case, ...]:
        """The cases of one rulebook, in order (worked out once: the engine asks for them many times a ruling)."""
        cases = self._by_book.get(rulebook)
        if cases is None:
            cases = self._by_book[rulebook] = tuple(case for case in self.cases if rulebook in case.rulebooks)
        return cases

    def applies_to(self, facts: Mapping[str, FactValue]) -> bool:
        return all(c.judge(facts) is Verdict.HOLDS for c in self.applies)
