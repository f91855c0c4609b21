"""The topic model (rules_engine/topic_model.py): its scoring, its data file, and the engine's use of it — a fallback
where no cue answers and a question where it is very sure a cue chose another topic, answered by the `topic` fact."""

import importlib
import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rules_engine import Engine
from rules_engine.lexicon import LEXICON_DIR, Lexicon
from rules_engine.model import FactValue
from rules_engine.reading import Reading
from rules_engine.topic_model import (
    MODEL_FILE,
    NONE,
    NONE_TAKE_OVER_MARGIN,
    TAKE_OVER_MARGIN,
    Guess,
    TopicModel,
    TopicModelError,
    WordModel,
    features,
)
from rules_engine.topics import discover

ROOT = Path(__file__).resolve().parents[2]
TRAIN = ROOT / "scripts" / "train_topic_model.py"

FOUR_ON_THE_FLOP = "the flop had four cards"
UNRECOGNISED = "zorblat"  # no cue recognises it; the tiny model below is sure of its topic


def _tiny(topic_of_unrecognised: str, flop_topic: str, flop_weight: float = 30.0) -> dict[str, Any]:
    """A model sure of `topic_of_unrecognised` for "zorblat" and of `flop_topic` for any story saying "flop" (by
    `flop_weight` log-odds against the other topics: 30 doubts a cue, past TAKE_OVER_MARGIN takes over from it)."""
    classes = sorted({topic_of_unrecognised, flop_topic, NONE})
    return {"classes": classes, "base": [math.log(1 / len(classes))] * len(classes), "unseen": [-5.0] * len(classes),
            "features": {"zorblat": [classes.index(topic_of_unrecognised), 30.0],
                         "flop": [classes.index(flop_topic), flop_weight]},
            "cue_excludes": []}


@pytest.fixture(scope="module")
def tiny_engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    path = tmp_path_factory.mktemp("model") / "topic_model.json"
    path.write_text(json.dumps(_tiny("flop-count", "board-card-dealt")), encoding="utf-8")
    return Engine.load(topic_model=path)


def test_scoring_sums_the_deltas_of_the_classes_that_saw_each_feature() -> None:
    model = TopicModel.from_data({
        "classes": ["a", "b", NONE], "base": [math.log(0.5), math.log(0.25), math.log(0.25)],
        "unseen": [-3.0, -2.0, -4.0], "features": {"red": [0, 1.0], "red card": [0, 0.5, 1, 2.0], "card": [1, 1.0]},
        "cue_excludes": [["a", "b"]],
    })
    scores = {"a": math.log(0.5) - 9 + 1.5, "b": math.log(0.25) - 6 + 3, NONE: math.log(0.25) - 12}
    for text in ("Red card!", "a red card, zzz"):  # one-letter words and unseen features count for nothing
        guess = model.guess(text)
        assert guess.topic == "b" and guess.scores == pytest.approx(scores)
        assert guess.probability == pytest.approx(1 / (1 + math.exp(scores[NONE] - scores["b"])))  # against none
        assert guess.against("a") == pytest.approx(1 / (1 + math.exp(scores["a"] - scores["b"])))


def test_a_doubt_weighs_the_model_s_topic_against_the_cue_s() -> None:
    model = TopicModel.from_data({"classes": ["a", "b", "c", NONE], "base": [0.0] * 4, "unseen": [0.0] * 4,
                                  "features": {}, "cue_excludes": [["a", "b"]]})
    sure = Guess("b", 1.0, {"a": -40.0, "b": 0.0, "c": -40.0, NONE: -40.0})
    assert model.doubts("c", sure) and model.doubts(NONE, sure)
    assert not model.doubts("a", sure)  # a pair the cue's evidence excludes
    assert not model.doubts("c", Guess("b", 1.0, {"a": -40.0, "b": 0.0, "c": -1.0, NONE: -40.0}))  # c nearly as likely
    assert not model.doubts(NONE, Guess("b", 1.0, {"a": -0.5, "b": 0.0, "c": -40.0, NONE: -40.0}))  # b or a?
    assert not model.doubts("b", Guess(NONE, 1.0, {"a": -40.0, "b": -40.0, "c": -40.0, NONE: 0.0}))


def test_the_model_takes_over_from_a_cue_only_past_the_margin() -> None:
    model = TopicModel.from_data({"classes": ["a", "b", "c", NONE], "base": [0.0] * 4, "unseen": [0.0] * 4,
                                  "features": {}, "cue_excludes": [["a", "b"]]})
    surer = Guess("b", 1.0, {"a": -TAKE_OVER_MARGIN, "b": 0.0, "c": -TAKE_OVER_MARGIN, NONE: -TAKE_OVER_MARGIN})
    assert surer.margin("c") == TAKE_OVER_MARGIN and surer.against("c") == 1.0  # the float's probability saturates
    assert model.takes_over("c", surer) and not model.takes_over("a", surer)  # the cue's evidence excludes b
    assert not model.takes_over("c", Guess("b", 1.0, {"a": -40.0, "b": 0.0, "c": -40.0, NONE: -40.0}))  # doubt only


def test_features_are_folded_words_and_their_pairs() -> None:
    assert features("Il FLOP è uscito, 4 carte") == {"il", "flop", "uscito", "carte", "il flop", "flop uscito",
                                                     "uscito carte"}  # "è" and "4": one character, no evidence


def test_the_checked_in_model_is_what_the_sets_train(tmp_path: Path) -> None:
    output = tmp_path / "topic_model.json"
    subprocess.run([sys.executable, str(TRAIN), "--output", str(output)], check=True, capture_output=True, timeout=120)
    assert output.read_bytes() == MODEL_FILE.read_bytes(), (
        "rules_engine/topic_model.json is not what the sets train: run .venv/bin/python scripts/train_topic_model.py")


def test_the_checked_in_model_is_well_formed(engine: Engine) -> None:
    data = json.loads(MODEL_FILE.read_text(encoding="utf-8"))
    classes = data["classes"]
    topics = set(engine.data.facts["topic"].values)
    assert NONE in classes and set(classes) - {NONE} <= topics and classes == sorted(set(classes))
    assert len(data["base"]) == len(data["unseen"]) == len(classes)
    assert all(cue in topics and other in topics for cue, other in data["cue_excludes"])
    for feature, flat in data["features"].items():
        indices = flat[::2]
        assert feature and indices == sorted(set(indices)) and all(isinstance(i, int) for i in indices), feature
        assert all(0 <= i < len(classes) for i in indices) and all(delta > 0 for delta in flat[1::2]), feature
    assert data["lines"] > 10_000 and len(data["features"]) > 10_000


def test_a_very_sure_model_against_the_cue_asks_which_dispute(tiny_engine: Engine) -> None:
    labels = tiny_engine.data.facts["topic"].value_labels
    english = tiny_engine.rule(FOUR_ON_THE_FLOP)
    italian = tiny_engine.rule("il flop aveva quattro carte")
    asked = ((english, "en", "Which is the dispute?"), (italian, "it", "Qual è la contestazione?"))
    for ruling, language, text in asked:
        assert (ruling.status, ruling.rule_id, ruling.facts["topic"]) == ("question", None, "flop-count")
        (question,) = ruling.questions
        assert (question.fact, question.text, ruling.headline) == ("topic", text, text)
        assert [(o.value, o.label) for o in question.options] == [  # the model's topic first, then the cue's
            ("board-card-dealt", labels["board-card-dealt"][language]), ("flop-count", labels["flop-count"][language])]


@pytest.mark.parametrize(("sure_of", "goes_on"), [("premature-card", True), ("board-card-dealt", False)])
def test_a_model_far_surer_than_the_cue_reads_the_story_as_its_topic(tmp_path: Path, sure_of: str,
                                                                      goes_on: bool) -> None:
    """Past TAKE_OVER_MARGIN against the cue's topic, the story is answered as a tap on the model's topic would; where
    that reading gets no rule (no-match), the question which dispute it is stays."""
    path = tmp_path / "topic_model.json"
    path.write_text(json.dumps(_tiny("flop-count", sure_of, TAKE_OVER_MARGIN + 15)), encoding="utf-8")
    surer = Engine.load(topic_model=path)
    ruling, tapped = surer.rule(FOUR_ON_THE_FLOP), surer.rule(FOUR_ON_THE_FLOP, facts={"topic": sure_of})
    if goes_on:
        assert ruling == tapped and ruling.facts["topic"] == sure_of and ruling.rule_id == "holdem.premature-card-void"
    else:
        assert tapped.status == "no-match"
        assert [o.value for o in ruling.questions[0].options] == [sure_of, "flop-count"]


@pytest.mark.parametrize(("weight", "dismissed"),
                         [(NONE_TAKE_OVER_MARGIN + 5, True), (NONE_TAKE_OVER_MARGIN - 5, False)])
def test_a_model_sure_no_rule_answers_dismisses_the_cue_only_past_its_margin(tmp_path: Path, weight: float,
                                                                            dismissed: bool) -> None:
    """Past NONE_TAKE_OVER_MARGIN for no rule against the cue's topic, the story is told no dispute (no-match, the
    nearest rules offered) instead of ruled on; short of it the cue's ruling stands."""
    path = tmp_path / "topic_model.json"
    path.write_text(json.dumps(_tiny("flop-count", NONE, weight)), encoding="utf-8")
    ruling = Engine.load(topic_model=path).rule(FOUR_ON_THE_FLOP)
    if dismissed:
        assert (ruling.status, ruling.facts) == ("no-match", {"topic": "no-dispute"})
        assert "holdem.flop-too-many-cards" in ruling.alternatives
    else:
        assert (ruling.status, ruling.rule_id) == ("ruling", "holdem.flop-too-many-cards")


def test_a_topic_the_model_has_no_class_for_is_never_dismissed() -> None:
    """A topic given a rule after the model was trained has no class in it (its stories were taught as no rule): the
    model's "none" says nothing against it."""
    sure_of_none = Guess(NONE, 1.0, {"a": -2 * NONE_TAKE_OVER_MARGIN, NONE: 0.0})
    assert TopicModel.dismisses("a", sure_of_none) and not TopicModel.dismisses("b", sure_of_none)


def test_the_answer_is_honoured_and_never_doubted_again(tiny_engine: Engine) -> None:
    chosen = tiny_engine.rule(FOUR_ON_THE_FLOP, facts={"topic": "flop-count"})
    assert (chosen.status, chosen.rule_id, chosen.outcome) == ("ruling", "holdem.flop-too-many-cards", "redeal-flop")
    assert chosen.facts["card_count"] == 4  # read by the topic's readers, as its cue would have
    rival = tiny_engine.rule(FOUR_ON_THE_FLOP, facts={"topic": "board-card-dealt"})
    assert rival.facts["topic"] == "board-card-dealt"
    assert all(question.fact != "topic" for question in rival.questions)


def test_where_no_cue_answers_a_plain_story_is_ruled_as_after_a_tap_on_the_model_s_topic(tiny_engine: Engine,
                                                                                          engine: Engine) -> None:
    assert engine.rule(UNRECOGNISED).status == "no-match"
    ruling = tiny_engine.rule(UNRECOGNISED)
    tapped = tiny_engine.rule(UNRECOGNISED, facts={"topic": "flop-count"})
    assert tapped.status == "ruling"  # the facts kept after the tap decide a rule
    assert (ruling.status, ruling.rule_id, ruling.outcome, ruling.facts) == (
        tapped.status, tapped.rule_id, tapped.outcome, tapped.facts)


# A denial no cue took: the model's words cannot tell it from the incident, so the topic is asked.
UNRECOGNISED_DENIED = f"nobody {UNRECOGNISED}"


def test_where_no_cue_answers_a_story_with_a_denial_asks_the_model_s_topic_against_no_dispute(
        tiny_engine: Engine) -> None:
    ruling = tiny_engine.rule(UNRECOGNISED_DENIED)
    assert (ruling.status, ruling.facts) == ("question", {"topic": "flop-count"})  # nothing its readers read is shown
    (question,) = ruling.questions
    assert (question.text, ruling.title) == ("Is this what happened?", "Maybe a dispute the rules cover")
    assert [(o.value, o.label) for o in question.options] == [
        ("flop-count", tiny_engine.data.facts["topic"].value_labels["flop-count"]["en"]),
        ("no-dispute", "No, nothing like that happened (just a question)")]
    answered = tiny_engine.rule(UNRECOGNISED_DENIED, facts={"topic": "flop-count"})
    assert answered.facts["topic"] == "flop-count" and all(question.fact != "topic" for question in answered.questions)
    assert tiny_engine.rule(UNRECOGNISED_DENIED, facts={"topic": "no-dispute"}).status == "no-match"


def test_a_cue_kept_with_no_rule_is_not_doubted(tiny_engine: Engine) -> None:
    ruling = tiny_engine.rule("nothing happened at our table, just curious: what if the flop has four cards?")
    assert (ruling.status, ruling.facts.get("topic")) == ("no-match", "no-dispute")


def test_what_a_topic_no_cue_recognised_would_read_is_asked_not_ruled_on(engine: Engine) -> None:
    """The play-the-board readers read a claim made before the discard whenever they run: on a story none of its cues
    recognises (the answer to the topic question chose it), that claim is asked, never ruled on."""
    tabled = "Al river ha scoperto tutte e due le carte e poi le ha buttate negli scarti. Aveva la scala. Vince?"
    ruling = engine.rule(tabled, facts={"topic": "board-claim"})
    assert (ruling.status, ruling.rule_id) == ("question", "holdem.play-the-board")
    assert ruling.questions[0].fact == "claim_before_discard" and "claim_before_discard" not in ruling.facts


def test_what_every_rule_of_a_chosen_topic_requires_is_implied(engine: Engine) -> None:
    story = "After the deal was complete the dealer gave the player to the right of the button one extra card."
    ruling = engine.rule(story, facts={"topic": "extra-holecard"})  # the extra-card rules all need the deal
    assert (ruling.status, ruling.rule_id, ruling.facts["street"]) == ("question", "holdem.extra-holecard", "deal")


MISDEAL_ASKED_LATE = "same thing at a TDA event, two folds and then the dealer wants to call a misdeal"


def test_a_fact_the_text_states_decides_once_the_player_gave_the_topic(engine: Engine) -> None:
    """No misdeal-cutoff cue recognises the story; once the answer gives that topic, the players who had acted (two
    folds: no chips in) are kept as read (`kept_when_topic_given`), so the one tap rules."""
    ruling = engine.rule(MISDEAL_ASKED_LATE, "tda-2024", facts={"topic": "misdeal-cutoff"})
    assert (ruling.status, ruling.rule_id, ruling.outcome) == ("ruling", "misdeal.action-cutoff", "misdeal")
    assert (ruling.facts["players_acted"], ruling.facts["chips_in"]) == (2, "no")


def test_a_fact_the_text_does_not_state_is_still_asked_once_the_player_gave_the_topic(engine: Engine) -> None:
    """The pot shoved to the wrong player, told with no word of when the claim came: whether the next hand had
    started is asked, never assumed."""
    ruling = engine.rule("Dealer shoved the pot to the wrong bloke, seat 4 complained. Robert's v11. Gets fixed, yeah?",
                         "robert-v11", facts={"topic": "pot-dispute"})
    assert (ruling.status, ruling.rule_id) == ("question", "showdown.dispute-deadline")
    assert ruling.questions[0].fact == "next_hand_started" and "next_hand_started" not in ruling.facts


def test_a_fact_kept_once_the_topic_is_given_is_never_read_from_no_words(engine: Engine) -> None:
    """A kept fact is one the text's words give: no topic's readers read it from an empty story (where they take their
    incident as told: "too many cards", "a claim made before the discard", which are asked)."""
    kept = {name for name, kind in engine.data.facts.items() if kind.kept_when_topic_given}
    lexicon = Lexicon.load(LEXICON_DIR)
    for topic in discover().values():
        facts: dict[str, FactValue] = {"topic": topic.name}
        empty = Reading("", lexicon, (0,))
        for reader in topic.readers:
            reader(empty, facts)
        assert not kept & set(facts), f"{topic.name} reads {sorted(kept & set(facts))} from no words"


def test_a_chosen_topic_still_sets_aside_another_version_of_the_story(engine: Engine) -> None:
    asked = "If the dealer had flashed the very first card of the deal, before anyone acted, would it be a misdeal?"
    ruling = engine.rule(asked, facts={"topic": "exposed-holecard"})
    assert (ruling.status, ruling.rule_id, ruling.outcome) == ("ruling", "holdem.exposed-holecard", "misdeal")


def test_a_malformed_model_file_stops_the_start_with_what_to_do(tmp_path: Path) -> None:
    broken, partial = tmp_path / "broken.json", tmp_path / "partial.json"
    broken.write_text("{not json", encoding="utf-8")
    partial.write_text(json.dumps({"classes": [NONE], "base": [0.0], "unseen": [-1.0]}), encoding="utf-8")
    for path in (broken, partial):
        with pytest.raises(TopicModelError, match="retrain"):
            TopicModel.load(path)


def _script(name: str) -> Any:
    """A module of scripts/ (the measures import each other from there)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(ROOT / "scripts"))


def test_a_word_model_s_best_class_is_weighed_against_the_runner_up() -> None:
    model = WordModel.from_section({"classes": ["a", "b", "c"], "base": [0.0, 0.0, 0.0], "unseen": [-1.0] * 3,
                                    "features": {"red": [0, 3.0, 1, 2.0]}}, "a test model")
    guess = model.best({"red", "zzz"})
    assert guess.topic == "a" and guess.probability == pytest.approx(1 / (1 + math.exp(-1.0)))
    assert guess.against("c") == pytest.approx(1 / (1 + math.exp(-3.0)))
    with pytest.raises(TopicModelError, match="retrain"):
        WordModel.from_section({"classes": ["a"], "base": [], "unseen": [0.0], "features": {}}, "a test model")


def test_an_outcome_model_needs_two_outcomes_and_enough_lines() -> None:
    train = _script("train_topic_model")
    lines = [train.Outcome("four cards on the flop", "robert-classic", "flop", "redeal-flop")] * 3 + [
        train.Outcome("four cards on the flop", "tda-2024", "flop", "scramble-flop")] * 2 + [
        train.Outcome("the turn came early", "robert-classic", "turn", "replace-turn")] * 9
    models = train.outcome_models(lines, min_lines=5)
    assert list(models) == ["flop"] and models["flop"]["classes"] == ["redeal-flop", "scramble-flop"]
    assert "rulebook=tda-2024" in models["flop"]["features"]  # the rulebook decides which outcome, so it is a feature
    assert train.outcome_models(lines, min_lines=6) == {}


def test_the_outcome_measure_asks_only_where_a_read_fact_leads_to_the_model_s_outcome(engine: Engine) -> None:
    """scripts/eval_outcome_model.py's doubt, as the engine would apply it: the facts read from the text whose other
    value leads to the outcome model's outcome (none: the ruling would stand)."""
    doubted = _script("eval_outcome_model").doubted
    misread = ("Split pot heads-up in a hold'em hi-lo game? no, regular hold'em, tie with one odd chip left over. The "
               "button is the small blind heads-up. Who gets the odd chip? TDA.")  # outside-u: odd-chip-left-of-button
    ruling = engine.rule(misread, "tda-2024")
    assert (ruling.outcome, ruling.facts.get("hi_lo")) == ("odd-chip-to-high", "yes")
    assert doubted(engine, ruling, misread, "odd-chip-left-of-button") == {"hi_lo"}
    four = engine.rule(FOUR_ON_THE_FLOP)
    assert doubted(engine, four, FOUR_ON_THE_FLOP, "scramble-flop") == frozenset()  # the rulebook decides, no fact
