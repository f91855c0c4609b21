"""Read the TOML rules data and refuse it loudly when it is inconsistent, so a bad edit fails at start-up."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .conditions import Condition
from .model import Assumption, Case, FactKind, FactOption, Outcome, Rule, Rulebook

RULES_DIR = Path(__file__).with_name("rules")
_CATALOGUE_FILES = {"rulebooks.toml", "facts.toml", "outcomes.toml"}


class RulesDataError(ValueError):
    """The rules data is invalid; the message names the file and the rule."""


@dataclass(frozen=True, slots=True)
class RuleData:
    rulebooks: Mapping[str, Rulebook]
    default_rulebook: str
    facts: Mapping[str, FactKind]
    outcomes: Mapping[str, Outcome]
    rules: Mapping[str, Rule]


def load_rulebooks(directory: Path = RULES_DIR) -> tuple[dict[str, Rulebook], str]:
    """Just the rulebook list and the default: what callers need without loading every rule."""
    return _rulebooks(_read(directory / "rulebooks.toml"))


def load(directory: Path = RULES_DIR) -> RuleData:
    rulebooks, default = load_rulebooks(directory)
    facts = _facts(_read(directory / "facts.toml"))
    outcomes = _outcomes(_read(directory / "outcomes.toml"))
    rules: dict[str, Rule] = {}
    for path in sorted(directory.glob("*.toml")):
        if path.name in _CATALOGUE_FILES:
            continue
        for rule in _section(path, _read(path), rulebooks, facts, outcomes):
            if rule.id in rules:
                raise RulesDataError(f"{path.name}: duplicate rule id {rule.id}")
            rules[rule.id] = rule
    for rule in rules.values():
        for other in rule.related:
            if other not in rules:
                raise RulesDataError(f"{rule.id}: related rule {other} does not exist")
    return RuleData(rulebooks, default, facts, outcomes, rules)


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise RulesDataError(f"{path.name}: {error}") from error


def _rulebooks(data: dict[str, Any]) -> tuple[dict[str, Rulebook], str]:
    books = {b["id"]: Rulebook(b["id"], b["name"], b["name_it"]) for b in data["rulebooks"]}
    defaults = [b["id"] for b in data["rulebooks"] if b.get("default")]
    if len(defaults) != 1:
        raise RulesDataError("rulebooks.toml: exactly one rulebook must be the default")
    return books, defaults[0]


def _facts(data: dict[str, Any]) -> dict[str, FactKind]:
    kinds = {}
    for name, spec in data["facts"].items():
        options = tuple(FactOption(str(o["value"]), o["label"], o["label_it"]) for o in spec.get("options", ()))
        kind = FactKind(name, spec["type"], tuple(spec.get("values", ())), spec["label"], spec["label_it"],
                        spec.get("question"), spec.get("question_it"), options, spec.get("value_labels", {}),
                        spec.get("value_labels_it", {}),
                        {value: tuple(narrowed) for value, narrowed in spec.get("narrows", {}).items()})
        if kind.type not in ("enum", "int", "yesno") or (kind.type == "enum" and not kind.values):
            raise RulesDataError(f"facts.toml: {name} has a bad type or no values")
        if bool(kind.question) != bool(kind.options):
            raise RulesDataError(f"facts.toml: {name} needs both a question and options, or neither")
        if any(value not in kind.values or not set(narrowed) <= set(kind.values)
               for value, narrowed in kind.narrows.items()):
            raise RulesDataError(f"facts.toml: {name} narrows to values it does not have")
        if kind.type == "enum" and not set(kind.values) == set(kind.value_labels) == set(kind.value_labels_it):
            raise RulesDataError(f"facts.toml: {name} needs value_labels and value_labels_it for every value")
        for option in options:
            _coerce(kind, option.value, f"facts.toml: {name} option")
        kinds[name] = kind
    return kinds


def _outcomes(data: dict[str, Any]) -> dict[str, Outcome]:
    return {token: Outcome(token, spec["headline"], spec["headline_it"])
            for token, spec in data["outcomes"].items()}


def _section(path: Path, data: dict[str, Any], rulebooks: Mapping[str, Rulebook],
             facts: Mapping[str, FactKind], outcomes: Mapping[str, Outcome]) -> Iterable[Rule]:
    section = data["section"]
    for spec in data["rules"]:
        where = f"{path.name}: {spec.get('id', '?')}"
        try:
            rule = _rule(spec, section, rulebooks, outcomes)
        except (KeyError, TypeError, ValueError) as error:
            raise RulesDataError(f"{where}: {error!r}") from error
        _check_rule(where, rule, rulebooks, facts)
        yield rule


def _conditions(table: Mapping[str, Any]) -> tuple[Condition, ...]:
    return tuple(Condition.parse(fact, expected) for fact, expected in table.items())


def _rule(spec: dict[str, Any], section: dict[str, Any], rulebooks: Mapping[str, Rulebook],
          outcomes: Mapping[str, Outcome]) -> Rule:
    cases = tuple(_case(case, tuple(rulebooks), outcomes) for case in spec["cases"])
    assume = {name: Assumption(a["value"], a["note"], a["note_it"]) for name, a in spec.get("assume", {}).items()}
    return Rule(
        id=spec["id"], section=section["title"], section_it=section["title_it"], title=spec["title"],
        title_it=spec["title_it"], summary=spec["summary"], keywords=tuple(spec["keywords"]),
        applies=_conditions(spec["applies"]), facts=tuple(spec["facts"]), related=tuple(spec.get("related", ())),
        citations=dict(spec["citations"]), assume=assume, cases=cases, notes=tuple(spec.get("notes", ())),
        notes_it=tuple(spec.get("notes_it", ())),
    )


# A case may answer with no ruling, saying why: the situation is normal play, or another rule covers it.
NO_RULING = {"no_irregularity": ("No irregularity", "Nessuna irregolarità"),
             "not_covered": ("Not covered yet", "Non ancora coperto")}


def _case(spec: dict[str, Any], all_books: tuple[str, ...], outcomes: Mapping[str, Outcome]) -> Case:
    token = spec.get("outcome")
    answers = [key for key in ("outcome", *NO_RULING) if key in spec]
    if len(answers) != 1:
        raise ValueError(f"a case needs exactly one of `outcome`, {', '.join(f'`{k}`' for k in NO_RULING)}")
    no_ruling = None if token else answers[0]
    if token is not None and token not in outcomes:
        raise ValueError(f"unknown outcome {token!r} (add it to outcomes.toml)")
    if token is not None and (not spec.get("steps") or len(spec["steps"]) != len(spec.get("steps_it", ()))):
        raise ValueError(f"case {token!r} needs steps, and steps_it of the same length")
    outcome = outcomes.get(token) if token else None
    return Case(
        rulebooks=tuple(spec.get("rulebooks", all_books)), when=_conditions(spec["when"]), outcome=token,
        headline=outcome.headline if outcome else NO_RULING[no_ruling][0],  # type: ignore[index]
        headline_it=outcome.headline_it if outcome else NO_RULING[no_ruling][1],  # type: ignore[index]
        steps=tuple(spec.get("steps", ())), steps_it=tuple(spec.get("steps_it", ())),
        notes=tuple(spec.get("notes", ())), notes_it=tuple(spec.get("notes_it", ())),
        no_ruling=no_ruling, explanation=spec.get(no_ruling) if no_ruling else None,
        explanation_it=spec.get(f"{no_ruling}_it") if no_ruling else None,
    )


def _check_rule(where: str, rule: Rule, rulebooks: Mapping[str, Rulebook], facts: Mapping[str, FactKind]) -> None:
    missing = set(rulebooks) - set(rule.citations)
    if missing:
        raise RulesDataError(f"{where}: no citation for {sorted(missing)}")
    named = [c for c in rule.applies] + [c for case in rule.cases for c in case.when]
    for condition in named:
        if condition.fact not in facts:
            raise RulesDataError(f"{where}: unknown fact {condition.fact!r}")
        for value in condition.values:
            _coerce(facts[condition.fact], value, f"{where}: condition on {condition.fact}")
    for name in (*rule.facts, *rule.assume):
        if name not in facts:
            raise RulesDataError(f"{where}: unknown fact {name!r}")
    for case in rule.cases:
        decided = {c.fact for c in case.when} - set(rule.facts)
        if decided:
            raise RulesDataError(f"{where}: cases decide on {sorted(decided)}, missing from `facts`")
        unknown_books = set(case.rulebooks) - set(rulebooks)
        if unknown_books:
            raise RulesDataError(f"{where}: unknown rulebook {sorted(unknown_books)}")
    for name, assumption in rule.assume.items():
        _coerce(facts[name], assumption.value, f"{where}: assumed {name}")
    _check_reachable(where, rule)


def _check_reachable(where: str, rule: Rule) -> None:
    """A case is unreachable when, for every rulebook it serves, an earlier case admits all it admits."""
    for index, case in enumerate(rule.cases):
        shadowed = [
            book for book in case.rulebooks
            if any(book in earlier.rulebooks and _admits_all(earlier, case) for earlier in rule.cases[:index])
        ]
        if shadowed and len(shadowed) == len(case.rulebooks):
            raise RulesDataError(f"{where}: case {index + 1} ({case.when_text}) can never be reached")


def _admits_all(earlier: Case, later: Case) -> bool:
    return all(any(c.covers(other) for other in later.when) for c in earlier.when)


def _coerce(kind: FactKind, value: object, where: str) -> None:
    try:
        kind.coerce(value)  # type: ignore[arg-type]
    except ValueError as error:
        raise RulesDataError(f"{where}: {error}") from error
