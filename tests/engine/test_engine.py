"""How the engine answers beyond single situations: questions and their answers, narrowed facts, languages,
edition notes, assumptions, bad arguments and search. (Situations → answers: test_tables.py and test_sets.py.)"""

from pathlib import Path

import pytest

from rules_engine import Engine, Text
from rules_engine.language import PHRASES, PhrasesError, load_phrases


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


def test_a_situation_another_rule_governs_says_so_and_points_to_it(engine: Engine) -> None:
    ruling = engine.rule("the turn was wrong and nobody had acted on it yet, does it stand?", "robert-v11")
    assert (ruling.status, ruling.title, ruling.facts["topic"]) == ("no-match", "Another rule applies", "board-lock")
    assert ruling.alternatives[:2] == ("holdem.burn-error-before-flop", "holdem.burn-error-later-street")
    assert "holdem.burn-error-later-street" in ruling.notes[0]


def test_an_extra_card_not_told_past_the_deal_is_a_wrong_card_count(engine: Engine) -> None:
    """The extra hole card rule covers one card to the first player after the deal; during the deal, or with no word
    of how it came (the three-cards convention), it is the general wrong-count rule, whose ruling names the other."""
    ruling = engine.rule("seat 4 got an extra card in the middle of the deal")
    assert (ruling.status, ruling.rule_id, ruling.outcome) == ("ruling", "misdeal.wrong-card-count", "misdeal")
    bare = engine.rule("ho ricevuto tre carte")
    assert (bare.status, bare.rule_id, bare.outcome) == ("ruling", "misdeal.wrong-card-count", "misdeal")
    assert any("holdem.extra-holecard" in note for note in bare.notes)
    told = engine.rule("finita la distribuzione il mazziere mi ha dato una terza carta, sono il piccolo buio")
    assert (told.rule_id, told.outcome) == ("holdem.extra-holecard", "burn-extra-card")


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


def test_whose_card_is_asked_in_the_tables_words_and_heads_up_in_its_own(engine: Engine) -> None:
    """Not "counting from the deck": the small blind's or the big blind's first card, or another; heads-up the
    big blind is dealt first, so the same answers read "the big blind's" and "the button's" first card (and "my
    first card" heads-up is one of those two, whichever seat I had)."""
    ring = engine.rule("the dealer flashed my first card").questions[0]
    heads_up = engine.rule("heads-up, the dealer flashed my first card").questions[0]
    assert (ring.fact, heads_up.fact) == ("deal_position", "deal_position")
    assert [o.value for o in ring.options] == ["first", "second", "later"]
    assert [o.value for o in heads_up.options] == ["first", "second"]
    assert [o.label for o in ring.options][:2] == ["The small blind's first card", "The big blind's first card"]
    assert [o.label for o in heads_up.options][:2] == ["The big blind's first card", "The button's first card"]
    answered = engine.rule("heads-up, the dealer flashed my first card", facts={"deal_position": "second"})
    assert (answered.outcome, answered.facts["players"]) == ("replace-exposed-card", 2)


def test_the_dealer_is_at_fault_by_default_and_the_note_says_what_a_player_would_change(engine: Engine) -> None:
    ruling = engine.rule("the small blind's first card flipped over")
    assert ruling.outcome == "misdeal" and "exposed_by" not in ruling.facts
    assert any("plays on" in note for note in ruling.notes)
    assert engine.rule("the small blind's first card came up, not sure who turned it").questions[0].fact == \
        "exposed_by"


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
    assert len(engine.search("")) == min(len(engine.rules), 25)  # at most Discord's 25 choices
    assert len(engine.search("", limit=2)) == 2


def test_a_text_is_one_sentence_in_each_language() -> None:
    text = Text("Redeal the flop", "Si ridistribuisce il flop")
    assert (text["en"], text["it"]) == ("Redeal the flop", "Si ridistribuisce il flop")
    with pytest.raises(KeyError):
        text["fr"]


def test_the_engines_own_sentences_come_from_phrases_toml(tmp_path: Path) -> None:
    assert PHRASES["no_rule"]["it"] == "Nessuna regola trovata"
    broken = tmp_path / "phrases.toml"
    broken.write_text('other_rulebook = { en = "Under {rulebook}: {outcome}.", it = "Con {libro}: {outcome}." }\n',
                      encoding="utf-8")
    with pytest.raises(PhrasesError, match="other_rulebook"):
        load_phrases(broken)


def test_a_no_match_is_titled_in_the_players_language(engine: Engine) -> None:
    assert engine.rule("what time is the game on friday").title == "No rule found"
    assert engine.rule("a che ora inizia la partita di venerdì").title == "Nessuna regola trovata"


def test_a_question_not_worth_asking_leaves_the_case_that_holds_without_it(engine: Engine) -> None:
    """Robert's redeals a four-card flop whether or not anyone acted on it: nothing is asked, and the steps are
    those of the case that does not depend on the answer (not the 'found after action' ones)."""
    ruling = engine.rule("the flop had four cards")
    assert (ruling.status, ruling.outcome) == ("ruling", "redeal-flop")
    assert "acted_on_board" not in ruling.facts
    assert ruling.steps[0] == "Nobody acts on this flop."
