"""Table-driven: situation → (status, rule id, outcome) for every rule, case and rulebook, in both languages."""

import json
from pathlib import Path

import pytest

from rules_engine import Engine

C, V, T = "robert-classic", "robert-v11", "tda-2024"

# (rulebook, text, status, rule_id, outcome)
TABLE = [
    # exposed hole card
    (C, "the very first card the dealer pitched landed face up", "ruling", "holdem.exposed-holecard", "misdeal"),
    (C, "il mazziere ha scoperto la prima carta del mazzo", "ruling", "holdem.exposed-holecard", "misdeal"),
    (C, "the second card off the deck was exposed by the dealer", "ruling", "holdem.exposed-holecard",
     "replace-exposed-card"),
    (V, "the second card off the deck was exposed by the dealer", "ruling", "holdem.exposed-holecard", "misdeal"),
    (T, "la seconda carta uscita dal mazzo è stata scoperta dal dealer", "ruling", "holdem.exposed-holecard",
     "misdeal"),
    (T, "dealer flipped the hijack's second card, only that one", "ruling", "holdem.exposed-holecard",
     "replace-exposed-card"),
    (C, "dealer exposed two hole cards while dealing", "ruling", "holdem.exposed-holecard", "misdeal"),
    (C, "il mazziere ha scoperto due carte durante la distribuzione", "ruling", "holdem.exposed-holecard", "misdeal"),
    (C, "I flipped one of my own hole cards by accident", "ruling", "holdem.exposed-holecard", "hand-plays-on"),
    (C, "ho girato io la mia carta per sbaglio", "ruling", "holdem.exposed-holecard", "hand-plays-on"),
    (C, "dealer flashed the first card off the deck but we noticed only after two players had folded",
     "ruling", "holdem.exposed-holecard", "hand-plays-on"),
    (T, "dealer flashed the first card off the deck but we noticed only after two players had folded",
     "ruling", "holdem.exposed-holecard", "misdeal"),
    (T, "dealer exposed the first card off the deck, noticed after UTG raised and UTG+1 called",
     "ruling", "holdem.exposed-holecard", "hand-plays-on"),
    (C, "a hole card got exposed during the deal", "question", "holdem.exposed-holecard", None),
    (C, "the dealer flashed my first card", "question", "holdem.exposed-holecard", None),
    # too many cards on the flop
    (C, "flop had four cards", "ruling", "holdem.flop-too-many-cards", "redeal-flop"),
    (V, "dealer put four on the flop", "ruling", "holdem.flop-too-many-cards", "redeal-flop"),
    (T, "the flop came out with 4 cards", "ruling", "holdem.flop-too-many-cards", "scramble-flop"),
    (C, "il flop aveva quattro carte", "ruling", "holdem.flop-too-many-cards", "redeal-flop"),
    (T, "nel flop c'era una carta in più", "ruling", "holdem.flop-too-many-cards", "scramble-flop"),
    (C, "flpo had 4 crads", "ruling", "holdem.flop-too-many-cards", "redeal-flop"),
    # premature flop, turn, river
    (C, "dealer flopped while the big blind still had his option", "ruling", "holdem.premature-flop", "redeal-flop"),
    (T, "il mazziere ha girato il flop prima che finissero le puntate", "ruling", "holdem.premature-flop",
     "redeal-flop"),
    (C, "turn was dealt before the betting on the flop was complete", "ruling", "holdem.premature-turn",
     "replace-turn"),
    (V, "il turn è stato girato mentre il bottone stava ancora pensando", "ruling", "holdem.premature-turn",
     "replace-turn"),
    (T, "dealer burned and turned the fourth card while I was still deciding", "ruling", "holdem.premature-turn",
     "reshuffle-turn"),
    (C, "river came out early, one player hadn't acted on the turn", "ruling", "holdem.premature-river",
     "replace-river"),
    (T, "la quinta carta è stata girata prima del tempo", "ruling", "holdem.premature-river", "replace-river"),
    (C, "the dealer dealt the flop, not sure if the big blind had acted yet", "question", "holdem.premature-flop",
     None),
    # extra hole card
    (C, "after everyone had two cards the dealer gave the first player a third one", "ruling",
     "holdem.extra-holecard", "burn-extra-card"),
    (V, "il primo giocatore ha ricevuto una carta in più dopo la distribuzione", "ruling", "holdem.extra-holecard",
     "burn-extra-card"),
    (T, "after everyone had two cards the dealer gave the first player a third one", "ruling",
     "holdem.extra-holecard", "misdeal"),
    (C, "seat 1 got two extra cards after the deal", "ruling", "holdem.extra-holecard", "misdeal"),
    (C, "seat 4 got an extra card in the middle of the deal", "no-match", None, None),
    (T, "the first player got an extra card after the deal, we noticed after UTG raised and the next player called",
     "ruling", "holdem.extra-holecard", "dead-hand"),
    (C, "ho ricevuto tre carte", "question", "holdem.extra-holecard", None),
    # play the board
    (C, "I threw my cards in the muck and then said I was playing the board", "ruling", "holdem.play-the-board",
     "forfeit-claim"),
    (C, "I declared I was playing the board and showed both cards before folding them", "ruling",
     "holdem.play-the-board", "share-pot"),
    (T, "he said he plays the board but threw his cards away face down", "ruling", "holdem.play-the-board",
     "forfeit-claim"),
    (V, "ho detto che giocavo il board e ho mostrato le carte", "ruling", "holdem.play-the-board", "share-pot"),
    (C, "I said I'm playing the board", "question", "holdem.play-the-board", None),
    # every other rulebook × outcome pair
    (V, "dealer exposed the cutoff's second card, only that one", "ruling", "holdem.exposed-holecard",
     "replace-exposed-card"),
    (V, "I turned over my own hole card", "ruling", "holdem.exposed-holecard", "hand-plays-on"),
    (T, "il giocatore ha mostrato la propria carta da solo", "ruling", "holdem.exposed-holecard", "hand-plays-on"),
    (V, "dealer flopped while UTG was still thinking", "ruling", "holdem.premature-flop", "redeal-flop"),
    (C, "dealer put out the river before the button called the turn bet", "ruling", "holdem.premature-river",
     "replace-river"),
    (V, "river came out before the turn betting was finished", "ruling", "holdem.premature-river", "replace-river"),
    (V, "seat 3 got two extra cards", "ruling", "holdem.extra-holecard", "misdeal"),
    (C, "seat 3 got two extra cards but we only noticed after two players had called", "ruling",
     "holdem.extra-holecard", "dead-hand"),
    (V, "two extra cards went to seat 3, noticed after three players had acted", "ruling", "holdem.extra-holecard",
     "dead-hand"),
    (V, "I mucked and then claimed I was playing the board", "ruling", "holdem.play-the-board", "forfeit-claim"),
    (T, "ho scoperto entrambe le carte e ho detto che giocavo il board", "ruling", "holdem.play-the-board",
     "share-pot"),
    # no irregularity, off topic
    (C, "dealer turned the river after everyone checked the turn", "no-match", None, None),
    (C, "il turn è stato girato dopo che tutti avevano fatto check", "no-match", None, None),
    (C, "what's the best starting hand in hold'em?", "no-match", None, None),
    (C, "quando inizia il torneo?", "no-match", None, None),
    (C, "", "no-match", None, None),
]


@pytest.mark.parametrize(("rulebook", "text", "status", "rule_id", "outcome"), TABLE)
def test_table(engine: Engine, rulebook: str, text: str, status: str, rule_id: str | None,
               outcome: str | None) -> None:
    ruling = engine.rule(text, rulebook)
    assert (ruling.status, ruling.rule_id, ruling.outcome) == (status, rule_id, outcome), ruling.facts


def test_every_rule_outcome_and_rulebook_is_covered_by_the_table(engine: Engine) -> None:
    """A new case in the data must come with a row here."""
    covered = {(book, rule_id, outcome) for book, _, status, rule_id, outcome in TABLE if status == "ruling"}
    needed = {(book, rule.id, case.outcome) for rule in engine.rules.values() for book in engine.rulebooks
              for case in rule.cases_for(book) if case.outcome}
    assert needed - covered == set()


@pytest.mark.parametrize("name", sorted(p.name for p in (Path(__file__).parent / "data").glob("*.jsonl")))
def test_corpus_accuracy(engine: Engine, name: str) -> None:
    """Independently written phrasings: ≥95 % exactly right, and no distractor ever gets a ruling."""
    path = Path(__file__).parent / "data" / name
    cases = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    wrong, ruled_distractors = [], []
    for case in cases:
        ruling = engine.rule(case["text"], case["rulebook"])
        if (ruling.status, ruling.rule_id, ruling.outcome) != (case["status"], case["rule_id"], case["outcome"]):
            wrong.append(case["text"])
        if case["status"] == "no-match" and ruling.status == "ruling":
            ruled_distractors.append(case["text"])
    assert not ruled_distractors
    assert len(wrong) / len(cases) <= 0.05, wrong


def test_answering_the_question_gives_the_ruling(engine: Engine) -> None:
    first = engine.rule("a hole card got exposed during the deal")
    assert first.status == "question"
    question = first.questions[0]
    assert question.options
    outcomes = {_answer_until_ruled(engine, "a hole card got exposed during the deal", {question.fact: o.value})
                for o in question.options}
    assert None not in outcomes
    assert len(outcomes) > 1


def _answer_until_ruled(engine: Engine, text: str, facts: dict[str, str]) -> str | None:
    """Follow a chain of questions, always taking the first option, as a player pressing buttons would."""
    for _ in range(len(engine.data.facts)):
        ruling = engine.rule(text, facts=facts)
        if ruling.status != "question":
            return ruling.outcome
        facts = {**facts, ruling.questions[0].fact: ruling.questions[0].options[0].value}
    return None


def test_answer_that_shows_no_irregularity_is_a_no_match_naming_the_rule(engine: Engine) -> None:
    ruling = engine.rule("the dealer dealt the flop, not sure if the big blind had acted", facts={
        "betting_complete": "yes"})
    assert ruling.status == "no-match"
    assert "holdem.premature-flop" in ruling.alternatives
    assert ruling.notes


def test_a_narrowed_fact_rules_when_every_possibility_agrees_and_asks_among_them_otherwise(engine: Engine) -> None:
    text = "dealer turned up one of the first two cards off the deck"
    assert engine.rule(text, "robert-v11").outcome == "misdeal"
    asked = engine.rule(text, "robert-classic")
    assert asked.status == "question"
    assert [o.value for o in asked.questions[0].options] == ["first", "second"]


def test_a_situation_another_rule_governs_says_so_and_points_to_the_nearest(engine: Engine) -> None:
    ruling = engine.rule("seat 4 got an extra card in the middle of the deal")
    assert (ruling.status, ruling.title) == ("no-match", "Not covered yet")
    assert ruling.alternatives[0] == "holdem.extra-holecard"
    assert "general misdeal rules" in ruling.notes[0]


def test_italian_input_gets_italian_steps(engine: Engine) -> None:
    ruling = engine.rule("il flop aveva quattro carte")
    assert ruling.language == "it"
    assert ruling.steps[0].startswith("Nessuno")


def test_reply_language_overrides_the_text_but_language_reports_the_input(engine: Engine) -> None:
    ruling = engine.rule("flop had four cards", reply_language="it")
    assert ruling.language == "en"
    assert ruling.steps[0].startswith("Nessuno")
    assert ruling.headline == "Si ridistribuisce il flop"
    with pytest.raises(ValueError):
        engine.rule("flop had four cards", reply_language="fr")


def test_other_rulebooks_are_noted_when_they_differ(engine: Engine) -> None:
    ruling = engine.rule("flop had four cards")
    assert any("TDA" in note for note in ruling.notes)


def test_assumption_is_said_aloud(engine: Engine) -> None:
    ruling = engine.rule("the very first card of the deal was dealt face up")
    assert any("noticed" in note for note in ruling.notes)


def test_unknown_rulebook_and_fact_raise(engine: Engine) -> None:
    with pytest.raises(ValueError):
        engine.rule("flop had four cards", "wsop")
    with pytest.raises(ValueError):
        engine.rule("flop had four cards", facts={"colour": "red"})
    with pytest.raises(ValueError):
        engine.rule("flop had four cards", facts={"betting_complete": "maybe"})


def test_search_finds_rules_by_keyword_in_both_languages(engine: Engine) -> None:
    assert engine.search("four card flop")[0].id == "holdem.flop-too-many-cards"
    assert engine.search("gioco il board")[0].id == "holdem.play-the-board"
    assert len(engine.search("")) == len(engine.rules)
    assert len(engine.search("", limit=2)) == 2
