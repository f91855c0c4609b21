"""What the table tools say when the input can't be used: a key into words.toml and the facts to fill in.

The tools raise `TableInputError` for anything a person typed wrong (an unreadable card, a card twice, a
negative amount); `report.problem` turns it into a sentence in the reply language. Anything else is a bug.
"""

from __future__ import annotations

from typing import Any


class TableInputError(ValueError):
    """Input the tools can't work with; `key` names the sentence in words.toml (under `problem.`)."""

    def __init__(self, key: str, /, **fields: Any) -> None:
        super().__init__(f"{key}: {fields}")
        self.key = key
        self.fields = fields
