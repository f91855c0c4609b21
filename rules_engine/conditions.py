"""The small condition language of a case's `when` table: equality, any-of lists and number comparisons."""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum

_COMPARISON = re.compile(r"^\s*(>=|<=|>|<|==)\s*(\d+)\s*$")
_OPERATORS: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge, "<=": operator.le, ">": operator.gt, "<": operator.lt, "==": operator.eq,
}


class Verdict(Enum):
    HOLDS = "holds"
    FAILS = "fails"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class Condition:
    """One `fact = expected` entry. `expected` is a value, a list of values, or a comparison like ">=2"."""

    fact: str
    accepted: frozenset[str | int] | None
    compare: tuple[str, int] | None

    @classmethod
    def parse(cls, fact: str, expected: object) -> Condition:
        if isinstance(expected, list):
            return cls(fact, frozenset(expected), None)
        if isinstance(expected, str) and (match := _COMPARISON.match(expected)):
            return cls(fact, None, (match[1], int(match[2])))
        if isinstance(expected, (str, int)) and not isinstance(expected, bool):
            return cls(fact, frozenset([expected]), None)
        raise ValueError(f"condition on {fact!r} must be a value, a list or a comparison, not {expected!r}")

    @property
    def values(self) -> frozenset[str | int]:
        """The literal values this condition names (empty for a comparison)."""
        return self.accepted or frozenset()

    def judge(self, facts: Mapping[str, object]) -> Verdict:
        if self.fact not in facts:
            return Verdict.UNKNOWN
        value = facts[self.fact]
        if self.compare is not None:
            op, bound = self.compare
            ok = isinstance(value, int) and _OPERATORS[op](value, bound)
        else:
            ok = value in (self.accepted or ())
        return Verdict.HOLDS if ok else Verdict.FAILS

    def covers(self, other: Condition) -> bool:
        """True when every value `other` admits is admitted here (used to find unreachable cases)."""
        if self.fact != other.fact:
            return False
        if self.compare is None and other.compare is None:
            return other.values <= self.values
        if self.compare is not None and other.compare is not None:
            (op, bound), (other_op, other_bound) = self.compare, other.compare
            if op == ">=" and other_op in (">=", ">", "=="):
                return other_bound >= bound
            return self.compare == other.compare
        if self.compare is not None and other.values:
            return all(isinstance(v, int) and self.judge({self.fact: v}) is Verdict.HOLDS for v in other.values)
        return False

    def describe(self) -> str:
        if self.compare is not None:
            return f"{self.fact} {self.compare[0]} {self.compare[1]}"
        return f"{self.fact} = {' or '.join(sorted(map(str, self.values)))}"
