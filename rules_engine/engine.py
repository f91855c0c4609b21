"""Facts → the most specific rule and case → a Ruling. Pure and synchronous: all data is loaded up front."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import cast

from .conditions import Verdict
from .language import LANGUAGES, PHRASES, Language, Text, in_language
from .lexicon import LEXICON_DIR, Lexicon
from .loader import RULES_DIR, TOPIC, RuleData, load
from .model import Case, FactValue, Rule
from .normalise import fold
from .parser import Parser, Story
from .pattern_cache import collector_paused, module_patterns
from .ruling import Option, Question, Ruling
from .topic_model import MODEL_FILE, TopicModel
from .topics import Topics, check_vocabulary, discover
from .topics.no_dispute import TOPIC as NO_DISPUTE

MAX_ALTERNATIVES = 3
DECISIONS_KEPT = 4096  # answers kept by their facts (~2 KB each): the ~9,200 stories of the sets hold ~2,100 sets


@dataclass(frozen=True, slots=True)
class _Decision:
    """Where a rule's cases lead for one set of facts: a case, or the facts still needed."""

    case: Case | None
    missing: tuple[str, ...]
    assumed: tuple[str, ...]
    only: tuple[str, ...] = ()  # the options still possible for the first missing fact, when narrowed


class Engine:
    """Loads the rules once; `rule()` answers a situation in well under a millisecond."""

    def __init__(self, data: RuleData, lexicon: Lexicon, topics: Topics, model: TopicModel | None = None) -> None:
        self.data = data
        self.rules: Mapping[str, Rule] = data.rules
        self.rulebooks = data.rulebooks
        self.default_rulebook = data.default_rulebook
        self._parser = Parser(lexicon, topics, model)
        self._search_texts = {rule.id: _search_text(rule) for rule in data.rules.values()}
        self._keyword_words = {rule.id: _keyword_words(rule) for rule in data.rules.values()}
        self._by_topic = _by_topic(data.rules.values())
        self._implied = {topic: _implied(rules) for topic, rules in self._by_topic.items()}
        self._decided = lru_cache(maxsize=DECISIONS_KEPT)(self._rule_on)

    @classmethod
    def load(cls, rules_dir: Path = RULES_DIR, lexicon_dir: Path = LEXICON_DIR,
             topic_model: Path = MODEL_FILE) -> Engine:
        """The rules, the vocabulary, the topics and the topic model (its second opinion); any inconsistency
        between them stops here, at start-up."""
        with collector_paused():
            with module_patterns():  # the topic modules' own expressions, compiled at their import
                topics = discover()
            lexicon = Lexicon.load(lexicon_dir)
            check_vocabulary(topics, lexicon)
            return cls(load(rules_dir, lexicon.topics), lexicon, Topics(topics), TopicModel.load(topic_model))

    # --- answering a situation ----------------------------------------------------------------------

    def rule(self, text: str, rulebook: str | None = None, facts: Mapping[str, str] | None = None,
             reply_language: str | None = None) -> Ruling:
        """Rule on `text`. Raises ValueError only for an unknown rulebook, a bad `facts` entry or language.

        The answer is written in `reply_language` ("en" or "it") when given, else in the input's language;
        `Ruling.language` is always the language detected in the input.
        """
        return self._rule(text, rulebook, facts, reply_language)

    def _rule(self, text: str, rulebook: str | None, facts: Mapping[str, str] | None, reply_language: str | None,
              story: Story | None = None) -> Ruling:
        """`rule`; `story`: the same text's from a first read, read again as the topic model's (`Parsed.sure`)."""
        book = rulebook or self.default_rulebook
        if book not in self.rulebooks:
            raise ValueError(f"unknown rulebook {book!r}; choose one of {', '.join(self.rulebooks)}")
        if reply_language not in (None, *LANGUAGES):
            raise ValueError(f"unknown language {reply_language!r}; choose one of {', '.join(LANGUAGES)}")
        text = text if isinstance(text, str) else ""  # callers outside Python's type checks may pass anything
        given = self.coerce_facts(facts or {})
        parsed = self._parser.read(text, given, story)
        read, doubted = parsed.facts, parsed.doubted
        if parsed.unconfirmed:  # what the topic's readers read where none of its cues recognised the story is asked;
            kept = TOPIC in given  # once the player gave the topic, but for the facts measured read right (facts.toml)
            asked = {name for name in read if name != TOPIC and self.data.facts[name].question
                     and not (kept and self.data.facts[name].kept_when_topic_given)}
            read, doubted = {k: v for k, v in read.items() if k not in asked}, doubted | asked
        doubted -= set(given)  # an answer settles what the text left in doubt
        language = cast(Language, reply_language) or parsed.language
        implied = self._implied.get(read.get(TOPIC), {}) if parsed.unconfirmed else {}
        known = {**implied, **read, **given}
        if parsed.rival is not None and known[TOPIC] in self._by_topic:  # not doubted: a topic kept with no rule
            if parsed.sure:  # read as after a tap on the model's topic: the rival far surer than a cue's, unless
                # that gets no rule; or its own where no cue answered, in a story told plainly, if that gets a ruling
                chosen = str(known[TOPIC]) if parsed.unconfirmed else parsed.rival
                taken = self._rule(text, book, {**(facts or {}), TOPIC: chosen}, reply_language, parsed.story)
                if taken.status == "ruling" or (taken.status != "no-match" and not parsed.unconfirmed):
                    return taken
            topic_only = {TOPIC: known[TOPIC]} if parsed.unconfirmed else known
            return self._which_dispute(topic_only, parsed.rival, language, book, parsed.language)
        candidates = (*self._by_topic.get(known.get("topic"), ()), *self._by_topic.get(None, ()))
        rule = next((r for r in candidates if r.applies_to(known)), None)
        if rule is None:
            ruling = self._no_match(known, language, book, self._nearest(text))
        else:  # the same facts, the same answer: most stories' facts were ruled on before (a copy of its dict each)
            ruling = self._decided(rule.id, book, tuple(known.items()), language, doubted)
        return replace(ruling, facts=dict(ruling.facts), language=parsed.language)

    def _rule_on(self, rule_id: str, book: str, facts: tuple[tuple[str, FactValue], ...], language: Language,
                 doubted: frozenset[str]) -> Ruling:
        """The answer of the rule that applies to these facts (in their order), worked out once (`_decided`)."""
        rule, known = self.rules[rule_id], dict(facts)
        decision = self._decide(rule, book, known, doubted)
        relevant = {k: v for k, v in known.items() if k in rule.facts or any(c.fact == k for c in rule.applies)}
        if decision.case is None:
            return self._question(rule, book, relevant, decision, language)
        if decision.case.no_ruling:  # normal play, or a situation another rule of the catalogue governs
            case = decision.case
            explanation = (case.explanation[language],) if case.explanation else ()
            offered = rule.related if case.no_ruling == "other_rule" else (rule.id, *rule.related)
            alternatives = tuple(offered)[:MAX_ALTERNATIVES]
            return self._no_match(relevant, language, book, alternatives, explanation, case.headline[language])
        return self._ruling(rule, book, decision, relevant, language, doubted)

    def coerce_facts(self, facts: Mapping[str, str]) -> dict[str, FactValue]:
        coerced = {}
        for name, value in facts.items():
            if name not in self.data.facts:
                raise ValueError(f"unknown fact {name!r}; known facts: {', '.join(self.data.facts)}")
            coerced[name] = self.data.facts[name].coerce(value)
        return coerced

    def _decide(self, rule: Rule, book: str, known: Mapping[str, FactValue],
                doubted: frozenset[str] = frozenset(), noted: bool = True) -> _Decision:
        """The case these facts lead to, or the facts to ask. A fact the text puts in doubt ("not sure who turned
        it") is never assumed: it is asked when the outcome depends on it. `noted`: the assumptions that decided
        the case are worked out (only a ruling notes them, not another rulebook's comparison)."""
        for name, value in known.items():
            narrowed = self.data.facts[name].narrows.get(str(value))
            if narrowed:  # "one of the first two cards": rule if every possibility agrees, else ask among them
                rest = {k: v for k, v in known.items() if k != name}
                decisions = [self._decide(rule, book, {**rest, name: option}, doubted, noted) for option in narrowed]
                outcomes = {decision.case.outcome if decision.case else None for decision in decisions}
                if None not in outcomes and len(outcomes) == 1:
                    return decisions[0]
                return _Decision(None, (name,), (), narrowed)
        assumptions = {name: a.value for name, a in rule.assume.items() if name not in known and name not in doubted}
        case, missing = self._first_case(rule, book, {**assumptions, **known})
        if case is None and missing:
            case = self._same_whatever_the_answer(rule, book, {**assumptions, **known}, missing[0])
        if case is None:
            return _Decision(None, missing, ())
        decisive = tuple(name for name in assumptions if noted and self._could_change(rule, book, known, assumptions,
                                                                                      name, case))
        return _Decision(case, (), decisive)

    def _first_case(self, rule: Rule, book: str, facts: Mapping[str, FactValue],
                    unasked: frozenset[str] = frozenset()) -> tuple[Case | None, tuple[str, ...]]:
        """The first case that holds, or the askable facts the first undecided case still needs (a case that needs
        a fact without a question, or one of `unasked`, is passed over)."""
        for case in rule.cases_for(book):
            verdict = case.judge(facts)
            if verdict is Verdict.HOLDS:
                return case, ()
            if verdict is Verdict.UNKNOWN:
                missing = case.missing(facts)
                if all(self.data.facts[name].question and name not in unasked for name in missing):
                    order = {name: i for i, name in enumerate(rule.facts)}
                    return None, tuple(sorted(missing, key=order.__getitem__))
        return None, ()

    def _same_whatever_the_answer(self, rule: Rule, book: str, facts: Mapping[str, FactValue],
                                  name: str) -> Case | None:
        """The case every answer to the question would lead to, if they all agree: then it is not worth asking.

        ("The first card was exposed, but only after two players had called": who exposed it no longer matters.)
        """
        kind = self.data.facts[name]
        cases = [self._first_case(rule, book, {**facts, name: kind.coerce(o.value)})[0] for o in kind.options]
        first = cases[0] if cases else None
        if first is None or not all(c is not None and c.outcome and c.outcome == first.outcome for c in cases):
            return None
        unasked, _ = self._first_case(rule, book, facts, frozenset({name}))  # the case that holds without it,
        return unasked if unasked is not None and unasked.outcome == first.outcome else first  # whose steps fit

    def _could_change(self, rule: Rule, book: str, known: Mapping[str, FactValue],
                      assumptions: Mapping[str, FactValue], name: str, chosen: Case) -> bool:
        """Whether another answer for an assumed fact would change the outcome: only then is it worth a note."""
        kind = self.data.facts[name]
        for option in kind.options:
            case, _ = self._first_case(rule, book, {**assumptions, **known, name: kind.coerce(option.value)})
            if case is not None and case.outcome != chosen.outcome:
                return True
        return False

    # --- building the answer ------------------------------------------------------------------------

    def _ruling(self, rule: Rule, book: str, decision: _Decision, facts: dict[str, FactValue],
                language: Language, doubted: frozenset[str]) -> Ruling:
        case = decision.case
        assert case is not None
        floor = () if case.floor_decision is None else (
            PHRASES["floor_decision"][language].format(decision=case.floor_decision[language]),)
        assumed = (rule.assume[name].note for name in decision.assumed)
        notes = (*floor, *in_language(_filled((*case.notes, *assumed), facts), language),
                 *self._edition_notes(rule, book, facts, case, language, doubted),
                 *in_language(_filled(rule.notes, facts), language))
        return Ruling(
            status="ruling", rule_id=rule.id, outcome=case.outcome, title=rule.title[language],
            steps=in_language(case.steps, language), citation=rule.citations[book], rulebook=book, facts=facts,
            questions=(), alternatives=(), notes=notes, language=language,
            headline=case.headline[language], understood=self._describe(facts, language),
        )

    def _edition_notes(self, rule: Rule, book: str, facts: Mapping[str, FactValue], chosen: Case,
                       language: Language, doubted: frozenset[str]) -> list[str]:
        """Say where another rulebook would rule differently on the same facts."""
        notes = []
        for other in self.rulebooks.values():
            if other.id == book:
                continue
            case = self._decide(rule, other.id, facts, doubted, noted=False).case
            if case is None or case.outcome in (None, chosen.outcome):
                continue
            notes.append(PHRASES["other_rulebook"][language].format(
                rulebook=other.name[language], outcome=_lower_first(case.headline[language])))
        return notes

    def _question(self, rule: Rule, book: str, facts: dict[str, FactValue], decision: _Decision,
                  language: Language) -> Ruling:
        questions = tuple(self._ask(name, language, decision.only if i == 0 else (), facts)
                          for i, name in enumerate(decision.missing))
        return self._asking(questions, facts, language, book, rule.title[language], rule.id, rule.citations[book])

    def _which_dispute(self, facts: dict[str, FactValue], rival: str, language: Language, book: str,
                       detected: Language) -> Ruling:
        """Between the cue's topic and the one the topic model is very sure of (the model's first: where they
        disagree it is the right one far more often, README "The topic model"); or, where no cue answered (no dispute
        told as the rival), whether the model's topic is what happened. The answer comes back as the `topic` fact,
        which the parser then honours."""
        chosen = str(facts[TOPIC])
        asked = self._ask(TOPIC, language, (chosen, rival))
        first = chosen if rival == NO_DISPUTE.name else rival
        options = tuple(sorted(asked.options, key=lambda option: option.value != first))
        if rival == NO_DISPUTE.name:
            denied = Option(rival, PHRASES["topic_fallback_none"][language])
            question = Question(TOPIC, PHRASES["topic_fallback_question"][language], (options[0], denied))
            title = PHRASES["topic_fallback_title"][language]
        else:
            question, title = replace(asked, options=options), PHRASES["topic_doubt_title"][language]
        return replace(self._asking((question,), facts, language, book, title), language=detected)

    def _asking(self, questions: tuple[Question, ...], facts: dict[str, FactValue], language: Language, book: str,
                title: str, rule_id: str | None = None, citation: str = "") -> Ruling:
        """A question: the facts (or the topic) the answer still needs, with what was understood."""
        return Ruling(
            status="question", rule_id=rule_id, outcome=None, title=title, steps=(), citation=citation, rulebook=book,
            facts=facts, questions=questions, alternatives=(), notes=(), language=language,
            headline=questions[0].text if questions else "", understood=self._describe(facts, language),
        )

    def _describe(self, facts: Mapping[str, FactValue], language: Language) -> tuple[str, ...]:
        """Facts as "label: value" phrases from facts.toml, so players can spot a misreading."""
        described = []
        for name, value in facts.items():
            kind = self.data.facts[name]
            shown = PHRASES[str(value)] if kind.type == "yesno" else kind.value_labels.get(str(value))
            described.append(PHRASES["understood_fact"][language].format(
                label=kind.label[language], value=shown[language] if shown else str(value)))
        return tuple(described)

    def _ask(self, name: str, language: Language, only: tuple[str, ...] = (),
             known: Mapping[str, FactValue] | None = None) -> Question:
        """The question in the table's words: its variant for the situation if one fits ("heads-up: …")."""
        question, choices = self.data.facts[name].asked(known or {})
        options = tuple(Option(o.value, o.label[language]) for o in choices if not only or o.value in only)
        return Question(name, question[language] if question else "", options)

    def _no_match(self, facts: Mapping[str, FactValue], language: Language, book: str,
                  alternatives: tuple[str, ...], notes: tuple[str, ...] = (), title: str | None = None) -> Ruling:
        title = title or PHRASES["no_rule"][language]
        return Ruling(
            status="no-match", rule_id=None, outcome=None, title=title, steps=(), citation="", rulebook=book,
            facts=dict(facts), questions=(), alternatives=alternatives, notes=notes, language=language,
            headline=title, understood=self._describe(facts, language),
        )

    def _nearest(self, text: str) -> tuple[str, ...]:
        words = set(fold(text).split())
        scored = [(len(words & keywords), rule_id) for rule_id, keywords in self._keyword_words.items()]
        ranked = sorted((s for s in scored if s[0] > 0), key=lambda s: -s[0])
        return tuple(rule_id for _, rule_id in ranked[:MAX_ALTERNATIVES])

    # --- looking rules up ---------------------------------------------------------------------------

    def search(self, query: str, limit: int = 25) -> list[Rule]:
        """Rules whose id, title or keywords (English or Italian) resemble `query`, best first."""
        needle = fold(query or "")
        if not needle:
            return list(self.rules.values())[:limit]
        from rapidfuzz import fuzz, process  # here, not at import: only rules authors and /rules search need it

        hits = process.extract(needle, self._search_texts, scorer=fuzz.partial_ratio, limit=limit, score_cutoff=60)
        return [self.rules[rule_id] for _, _, rule_id in hits]

    def sections(self) -> dict[str, list[Rule]]:
        """Rules grouped by section, keyed by the section's English title (each rule carries both)."""
        grouped: dict[str, list[Rule]] = {}
        for rule in self.rules.values():
            grouped.setdefault(rule.section.en, []).append(rule)
        return grouped


def _by_topic(rules: Iterable[Rule]) -> dict[FactValue | None, tuple[Rule, ...]]:
    """The rules each topic can reach (the loader makes sure at most one applies); None: rules naming no topic."""
    grouped: dict[FactValue | None, list[Rule]] = {}
    for rule in rules:
        topics = [c.values for c in rule.applies if c.fact == TOPIC and c.values]
        for topic in topics[0] if topics else (None,):
            grouped.setdefault(topic, []).append(rule)
    return {topic: tuple(listed) for topic, listed in grouped.items()}


def _implied(rules: Iterable[Rule]) -> dict[str, FactValue]:
    """The facts every rule of a topic requires with one same value ("street": "flop" for a flop with too many cards):
    implied by the topic itself, where none of its cues recognised the story to settle them."""
    required = [{c.fact: next(iter(c.values)) for c in rule.applies if c.fact != TOPIC and len(c.values) == 1}
                for rule in rules]
    common = required[0] if required else {}
    return {fact: value for fact, value in common.items() if all(other.get(fact) == value for other in required)}


def _search_text(rule: Rule) -> str:
    return fold(" ".join((rule.id.replace(".", " ").replace("-", " "), rule.title.en, rule.title.it, *rule.keywords)))


_STOP = frozenset({"card", "cards", "carta", "carte", "the", "before", "after", "prima", "dopo", "che", "il", "di"})


def _keyword_words(rule: Rule) -> frozenset[str]:
    words = fold(" ".join((*rule.keywords, rule.title.en, rule.title.it))).split()
    return frozenset(w for w in words if len(w) > 3 and w not in _STOP)


def _filled(notes: Iterable[Text], facts: Mapping[str, FactValue]) -> tuple[Text, ...]:
    """Notes with their `{facts}` filled in; a note naming a fact the situation did not give is left out."""
    return tuple(filled for note in notes if (filled := note.filled(facts)) is not None)


def _lower_first(sentence: str) -> str:
    """A headline inside a sentence ("Under TDA: scramble the flop…")."""
    return sentence[:1].lower() + sentence[1:]
