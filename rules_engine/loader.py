"""Read the TOML rules data and refuse it loudly when it is inconsistent, so a bad edit fails at start-up."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any, TypeVar

from .conditions import Condition
from .language import PHRASES, Text, fields_of, read_optional_text, read_text, read_texts
from .lexicon import topic_labels
from .model import Assumption, Case, FactKind, FactOption, Outcome, QuestionVariant, Rule, Rulebook
from .pattern_cache import TomlCache, TomlError

RULES_DIR = Path(__file__).with_name("rules")
RULEBOOKS_FILE = "rulebooks.toml"
TOPIC = "topic"  # the fact whose values are the topics (topics/*.py)
# What a rules file may hold: a section of rules, and the facts and outcomes those rules introduce.
_FILE_TABLES = {"section", "rules", "facts", "outcomes"}


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
    cache = TomlCache(directory)
    rulebooks = _rulebooks(_read(directory / RULEBOOKS_FILE, cache))
    cache.save()
    return rulebooks


def load(directory: Path = RULES_DIR, topics: Mapping[str, Text] | None = None) -> RuleData:
    """Every `*.toml` of `directory`: facts and outcomes first (any file may define them, so a new rule's file
    is self-contained), then the rules, checked against them. The `topic` fact's values are the topics
    (name → label; by default those of the lexicon), never a list in the rules data."""
    topics = topic_labels() if topics is None else topics
    cache = TomlCache(directory)
    rulebooks, default = _rulebooks(_read(directory / RULEBOOKS_FILE, cache))
    files = {path.name: _read(path, cache) for path in sorted(directory.glob("*.toml")) if path.name != RULEBOOKS_FILE}
    cache.save()
    for name, data in files.items():
        unknown = set(data) - _FILE_TABLES
        if unknown:
            raise RulesDataError(f"{name}: unknown tables {sorted(unknown)}; a rules file holds {sorted(_FILE_TABLES)}")
    facts = _collect(files, "facts", lambda name, spec: _fact(name, spec, topics))
    if TOPIC not in facts:
        raise RulesDataError(f"no [facts.{TOPIC}]: the fact rules name in `applies` (its values are the topics)")
    outcomes = _collect(files, "outcomes", _outcome)
    rules: dict[str, Rule] = {}
    for name, data in files.items():
        for rule in _section(name, data, rulebooks, facts, outcomes):
            if rule.id in rules:
                raise RulesDataError(f"{name}: duplicate rule id {rule.id}")
            rules[rule.id] = rule
    for rule in rules.values():
        for other in rule.related:
            if other not in rules:
                raise RulesDataError(f"{rule.id}: related rule {other} does not exist")
    _check_exclusive(rules)
    return RuleData(rulebooks, default, facts, outcomes, rules)


def _check_exclusive(rules: Mapping[str, Rule]) -> None:
    """Two rules that could apply to the same facts would leave the answer to the order of the files: refused."""
    for first, second in combinations(rules.values(), 2):
        if not any(_disjoint(a, b) for a in first.applies for b in second.applies):
            raise RulesDataError(f"{first.id} and {second.id} can apply to the same situation: make their `applies` "
                                 "exclusive (another topic, street or value)")


def _disjoint(a: Condition, b: Condition) -> bool:
    """No value can satisfy both conditions (only said for two lists of values on the same fact)."""
    return a.fact == b.fact and a.compare is None and b.compare is None and not a.values & b.values


def _read(path: Path, cache: TomlCache) -> dict[str, Any]:
    try:
        return cache.load(path)
    except (OSError, TomlError) as error:
        raise RulesDataError(f"{path.name}: {error}") from error


T = TypeVar("T")


def _collect(files: Mapping[str, dict[str, Any]], table: str,
             build: Callable[[str, dict[str, Any]], T]) -> dict[str, T]:
    """`[facts.X]` or `[outcomes.X]` from every file; the same name in two files is refused, naming both."""
    built: dict[str, T] = {}
    where: dict[str, str] = {}
    for file, data in files.items():
        for name, spec in data.get(table, {}).items():
            if name in built:
                raise RulesDataError(f"{file}: {table} {name!r} is already defined in {where[name]}")
            try:
                built[name] = build(name, spec)
            except (KeyError, TypeError, ValueError) as error:
                raise RulesDataError(f"{file}: {table} {name!r}: {error}") from error
            where[name] = file
    return built


def _rulebooks(data: dict[str, Any]) -> tuple[dict[str, Rulebook], str]:
    books = {b["id"]: Rulebook(b["id"], read_text(b, "name")) for b in data["rulebooks"]}
    defaults = [b["id"] for b in data["rulebooks"] if b.get("default")]
    if len(defaults) != 1:
        raise RulesDataError(f"{RULEBOOKS_FILE}: exactly one rulebook must be the default")
    return books, defaults[0]


def _topic_values(spec: dict[str, Any], topics: Mapping[str, Text]) -> dict[str, Any]:
    """The `topic` fact takes its values and their labels from the topic modules and their lexicon files; its
    question ("which is the dispute?", asked between two topics) offers them by those labels."""
    if {"values", "value_labels", "value_labels_it", "options"} & set(spec):
        raise ValueError("its values come from topics/*.py and their labels from lexicon/*.toml, not from here")
    options = [{"value": name, "label": label.en, "label_it": label.it} for name, label in topics.items()]
    return {**spec, "values": list(topics), "value_labels": {name: label.en for name, label in topics.items()},
            "value_labels_it": {name: label.it for name, label in topics.items()},
            "options": options if "question" in spec else []}


def _fact(name: str, spec: dict[str, Any], topics: Mapping[str, Text]) -> FactKind:
    spec = _topic_values(spec, topics) if name == TOPIC else spec
    options = _options(spec)
    variants = tuple(QuestionVariant(_conditions(v["when"]), read_text(v, "question"), _options(v))
                     for v in spec.get("variants", ()))
    english, italian = spec.get("value_labels", {}), spec.get("value_labels_it", {})
    kind = FactKind(name, spec["type"], tuple(spec.get("values", ())), read_text(spec, "label"),
                    read_optional_text(spec, "question"), options,
                    {value: Text(english[value], italian[value]) for value in english if value in italian},
                    {value: tuple(narrowed) for value, narrowed in spec.get("narrows", {}).items()}, variants,
                    spec.get("kept_when_topic_given", False))
    if kind.type not in ("enum", "int", "yesno") or (kind.type == "enum" and not kind.values):
        raise ValueError("a bad type or no values")
    if bool(kind.question) != bool(kind.options):
        raise ValueError("needs both a question and options, or neither")
    if not isinstance(kind.kept_when_topic_given, bool) or (kind.kept_when_topic_given and not kind.question):
        raise ValueError("kept_when_topic_given is true or false, and only for a fact with a question")
    if any(value not in kind.values or not set(narrowed) <= set(kind.values)
           for value, narrowed in kind.narrows.items()):
        raise ValueError("narrows to values it does not have")
    if kind.type == "enum" and not set(kind.values) == set(english) == set(italian):
        raise ValueError("needs value_labels and value_labels_it for every value")
    for option in options + tuple(o for v in variants for o in v.options):
        kind.coerce(option.value)
    if any(not v.options or {o.value for o in v.options} != {o.value for o in options} for v in variants):
        raise ValueError("a question variant needs the same option values as the question")
    return kind


def _options(spec: dict[str, Any]) -> tuple[FactOption, ...]:
    return tuple(FactOption(str(o["value"]), read_text(o, "label")) for o in spec.get("options", ()))


def _outcome(token: str, spec: dict[str, Any]) -> Outcome:
    return Outcome(token, read_text(spec, "headline"))


def _section(file: str, data: dict[str, Any], rulebooks: Mapping[str, Rulebook],
             facts: Mapping[str, FactKind], outcomes: Mapping[str, Outcome]) -> Iterable[Rule]:
    if "rules" not in data:
        return
    section = data["section"]
    for spec in data["rules"]:
        where = f"{file}: {spec.get('id', '?')}"
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
    assume = {name: Assumption(a["value"], read_text(a, "note")) for name, a in spec.get("assume", {}).items()}
    return Rule(
        id=spec["id"], section=read_text(section, "title"), title=read_text(spec, "title"), summary=spec["summary"],
        keywords=tuple(spec["keywords"]), applies=_conditions(spec["applies"]), facts=tuple(spec["facts"]),
        related=tuple(spec.get("related", ())), citations=dict(spec["citations"]), assume=assume, cases=cases,
        notes=read_texts(spec, "notes"),
    )


# A case may answer with no ruling, saying why: the situation is normal play, another rule of the catalogue (not
# encoded yet) covers it, or another encoded rule does (its `related` rules are offered).
NO_RULING = ("no_irregularity", "not_covered", "other_rule")


def _case(spec: dict[str, Any], all_books: tuple[str, ...], outcomes: Mapping[str, Outcome]) -> Case:
    answers = [key for key in ("outcome", *NO_RULING) if key in spec]
    if len(answers) != 1:
        raise ValueError(f"a case needs exactly one of `outcome`, {', '.join(f'`{k}`' for k in NO_RULING)}")
    token = spec.get("outcome")
    no_ruling = None if token else answers[0]
    if token is not None and token not in outcomes:
        raise ValueError(f"unknown outcome {token!r} (add [outcomes.{token}] to outcomes.toml or beside the rule)")
    if token is not None and not spec.get("steps"):
        raise ValueError(f"case {token!r} needs steps, and steps_it of the same length")
    return Case(
        rulebooks=tuple(spec.get("rulebooks", all_books)), when=_conditions(spec["when"]), outcome=token,
        headline=outcomes[token].headline if token else PHRASES[answers[0]],
        steps=read_texts(spec, "steps"), notes=read_texts(spec, "notes"), no_ruling=no_ruling,
        explanation=read_text(spec, no_ruling) if no_ruling else None,
        floor_decision=read_optional_text(spec, "floor_decision"),
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
    for note in (*rule.notes, *(note for case in rule.cases for note in case.notes)):
        unknown_fields = note.fields - set(rule.facts)
        if unknown_fields:
            raise RulesDataError(f"{where}: a note names {sorted(unknown_fields)}, not among the rule's `facts`")
        if fields_of(note.en) != fields_of(note.it):
            raise RulesDataError(f"{where}: a note names different {{facts}} in English and Italian: {note.en!r}")
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
