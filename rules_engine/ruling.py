"""The answer the engine gives: one shape for Python callers and for the CLI's JSON."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

Status = Literal["ruling", "question", "no-match"]


@dataclass(frozen=True, slots=True)
class Option:
    """One possible answer to a question; `value` is what goes back in as `--fact name=value`."""

    value: str
    label: str


@dataclass(frozen=True, slots=True)
class Question:
    """A deciding fact the text did not give; the bot shows the options as buttons."""

    fact: str
    text: str
    options: tuple[Option, ...]


@dataclass(frozen=True, slots=True)
class Ruling:
    """What the engine answers. Field names are the contract in design.md §2; `headline` (the outcome in words)
    and `understood` (the facts as readable phrases, in the input's language) extend it."""

    status: Status
    rule_id: str | None
    outcome: str | None
    title: str
    steps: tuple[str, ...]
    citation: str
    rulebook: str
    facts: dict[str, Any]
    questions: tuple[Question, ...]
    alternatives: tuple[str, ...]
    notes: tuple[str, ...]
    language: Literal["en", "it"]
    headline: str = field(default="")
    understood: tuple[str, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict with lists instead of tuples."""
        data = asdict(self)
        for key in ("steps", "alternatives", "notes", "understood"):
            data[key] = list(data[key])
        data["questions"] = [
            {"fact": q["fact"], "text": q["text"], "options": [dict(o) for o in q["options"]]}
            for q in data["questions"]
        ]
        return data
