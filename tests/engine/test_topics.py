"""Topics are discovered from their modules and compete by the priority of their cues."""

from pathlib import Path

import pytest

from rules_engine import Engine
from rules_engine.lexicon import Lexicon
from rules_engine.reading import Facts, Reading
from rules_engine.topics import Cue, Topic, TopicError, Topics, discover, mentions

LEXICON = Lexicon.load()


def _read(text: str) -> Reading:
    return Reading(" ".join(LEXICON.speller.words(text)), LEXICON)


def test_every_topic_module_is_discovered() -> None:
    assert {"exposed-holecard", "flop-count", "extra-holecard", "board-card-dealt", "board-claim", "boxed-card",
            "burn-error", "other-game", "out-of-turn", "definition", "board-lock", "premature-card", "dead-hand-burn",
            "button-short-card", "mid-hand-reshuffle", "misdeal-condition", "misdeal-cutoff", "misdeal-redeal",
            "wrong-card-count", "fouled-deck", "foreign-card", "rabbit-hunt", "disordered-stub",
            "shuffle-accident"} <= set(discover())


def test_the_highest_priority_cue_that_recognises_the_situation_decides() -> None:
    def flop(r: Reading, given: Facts) -> Facts | None:
        return {"street": "flop"} if r.has("flop") else None

    weak, strong = Topic("weak", (Cue(10, flop),)), Topic("strong", (Cue(20, mentions("flop_extra")),))
    topics = Topics({"weak": weak, "strong": strong})
    assert topics.recognise(_read("the flop had an extra card"), {}) == (strong, {})
    assert topics.recognise(_read("the flop came"), {}) == (weak, {"street": "flop"})
    assert topics.recognise(_read("what time is it"), {}) is None


def test_a_strong_and_a_weak_cue_let_another_topic_in_between() -> None:
    """The flop count topic claims "four cards on the flop" before the card-count topics, but a bare
    "flop … extra card" only after them (a hand given a card too many: the wrong card count, by the three-cards
    convention)."""
    topics = Topics(discover())
    found = topics.recognise(_read("the dealer gave seat 3 an extra card, then dealt the flop"), {})
    assert found is not None and found[0].name == "wrong-card-count"
    found = topics.recognise(_read("the flop had four cards"), {})
    assert found is not None and found[0].name == "flop-count"


def test_two_cues_with_the_same_priority_are_refused() -> None:
    one, other = Topic("one", (Cue(10, mentions("flop")),)), Topic("other", (Cue(10, mentions("turn")),))
    with pytest.raises(TopicError, match="'one' and 'other' both have a cue of priority 10"):
        Topics({"one": one, "other": other})


def test_a_cue_that_yields_gives_way_to_the_topics_it_names_and_the_ladder_goes_on() -> None:
    """The strong cue wins a story of its own, but not one a topic it yields to also recognises: the ladder then
    goes on below it, to that topic's cue (and a third topic between them would come first)."""
    strong = Topic("strong", (Cue(20, mentions("flop"), yields_to=("weak",)),))
    weak = Topic("weak", (Cue(10, mentions("flop_extra")),))
    topics = Topics({"strong": strong, "weak": weak})
    assert topics.recognise(_read("the flop came"), {}) == (strong, {})
    assert topics.recognise(_read("the flop had an extra card"), {}) == (weak, {})
    with pytest.raises(TopicError, match="yields to 'nobody', which is no topic"):
        Topics({"strong": Topic("strong", (Cue(20, mentions("flop"), yields_to=("nobody",)),))})


def test_a_situation_no_rule_covers_yet_names_its_topic_and_answers_no_match(engine: Engine) -> None:
    ruling = engine.rule("in omaha can I use three cards from my hand")
    assert (ruling.status, ruling.facts, ruling.title) == ("no-match", {"topic": "other-game"}, "No rule found")


def test_the_readme_ladder_lists_every_cue_with_its_topic() -> None:
    """The ladder in rules_engine/README.md is how a newcomer picks a new cue's priority: it must match the code."""
    readme = (Path(__file__).parents[2] / "rules_engine" / "README.md").read_text(encoding="utf-8")
    rows = {(int(cells[1]), cells[2].split("`")[1]) for line in readme.splitlines()
            if (cells := [c.strip() for c in line.split("|")]) and len(cells) > 3 and cells[1].lstrip("-").isdigit()}
    cues = {(cue.priority, topic.name) for topic in discover().values() for cue in topic.cues}
    assert rows == cues
