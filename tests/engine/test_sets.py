"""The regression gate: every evaluation set misses exactly the lines listed for it in known_misses/<set>.toml.

A new miss fails, and so does a listed miss that is now answered right ("fixed: remove it from the list"), so
the list stays true; a distractor given a ruling always fails. `scripts/score_sets.py` prints the figures.
"""

import tomllib
from pathlib import Path

import pytest

from rules_engine import Engine
from rules_engine.evaluation import Line, Verdict, answer_text, judge, label_given_by_the_rules, read_set, score

HERE = Path(__file__).parent
SETS = sorted((HERE / "data").glob("*.jsonl"))
KNOWN = HERE / "known_misses"


def _known_misses(name: str) -> dict[tuple[str, str], dict[str, str]]:
    path = KNOWN / f"{name}.toml"
    if not path.exists():
        return {}
    entries = tomllib.loads(path.read_text(encoding="utf-8"))["misses"]
    return {(entry["text"], entry["rulebook"]): entry for entry in entries}


@pytest.mark.parametrize("path", SETS, ids=lambda path: path.stem)
def test_a_set_misses_exactly_its_known_misses(engine: Engine, path: Path) -> None:
    results = score(engine, read_set(path))
    assert [r.line.text for r in results if r.verdict is Verdict.DISTRACTOR_RULED] == []
    misses = {(r.line.text, r.line.rulebook): answer_text(r.answer) for r in results if r.verdict is not Verdict.RIGHT}
    listed = _known_misses(path.stem)
    new = {key: answer for key, answer in misses.items() if key not in listed}
    fixed = [key for key in listed if key not in misses]
    changed = {key: (listed[key]["answer"], misses[key]) for key in listed
               if key in misses and misses[key] != listed[key]["answer"]}
    assert new == {}, f"new misses in {path.name}: fix them, or list them in known_misses/{path.stem}.toml"
    assert fixed == [], f"fixed: remove it from known_misses/{path.stem}.toml"
    assert changed == {}, "a listed miss now gives another answer (listed, now): update the list"
    assert all(entry["reason"].strip() for entry in listed.values()), "every known miss needs a reason"


def test_every_known_misses_file_belongs_to_a_set() -> None:
    assert {path.stem for path in KNOWN.glob("*.toml")} <= {path.stem for path in SETS}


HELD_BACK = sorted((HERE / "data/held-back").glob("*.jsonl"))


@pytest.mark.parametrize("path", SETS + HELD_BACK, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_every_label_names_a_rule_and_an_outcome_it_has_under_that_rulebook(engine: Engine, path: Path) -> None:
    wrong = [f"{path.name}:{number} {line.rulebook} {answer_text(line.expected)}"
             for number, line in enumerate(read_set(path), start=1) if not label_given_by_the_rules(engine, line)]
    assert wrong == []


@pytest.mark.parametrize("path", HELD_BACK, ids=lambda path: path.stem)
def test_a_held_back_distractor_is_still_ruled(engine: Engine, path: Path) -> None:
    """A distractor the engine rules on cannot stay in its set (the gate refuses it), so it waits in
    data/held-back/<set>.jsonl, kept with the repository; once it gets no ruling it goes back into its set."""
    assert path.stem in {set_path.stem for set_path in SETS}
    lines = read_set(path)
    assert lines and all(line.distractor for line in lines)
    back = [r.line.text for r in score(engine, lines) if r.verdict is not Verdict.DISTRACTOR_RULED]
    assert back == [], f"no longer ruled: move it back into data/{path.name}"


RULED = ("ruling", "holdem.premature-turn", "replace-turn")


@pytest.mark.parametrize(("expected", "kind", "answer", "verdict"), [
    (RULED, "situation", RULED, Verdict.RIGHT),
    ((*RULED[:2], "reshuffle-turn"), "situation", RULED, Verdict.WRONG_RULING),
    (("question", "holdem.premature-turn", None), "situation", RULED, Verdict.WRONG_RULING),
    (("no-match", None, None), "distractor", RULED, Verdict.DISTRACTOR_RULED),
    (RULED, "situation", ("question", "holdem.premature-turn", None), Verdict.NEEDLESS_QUESTION),
    (RULED, "situation", ("no-match", None, None), Verdict.MISSED_RULING),
    (("no-match", None, None), "distractor", ("question", "holdem.premature-turn", None), Verdict.OTHER_MISS),
])
def test_each_answer_is_sorted_into_right_or_one_kind_of_miss(
        expected: tuple[str, str | None, str | None], kind: str, answer: tuple[str, str | None, str | None],
        verdict: Verdict) -> None:
    line = Line.parse({"text": "x", "rulebook": "robert-classic", "status": expected[0], "rule_id": expected[1],
                       "outcome": expected[2], "kind": kind})
    assert judge(line, answer) is verdict
