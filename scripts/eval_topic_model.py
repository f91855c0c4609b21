#!/usr/bin/env python3
"""Measure the topic model (rules_engine/topic_model.py) leave-one-set-out, to choose or re-tune its thresholds.

For each set outside-* and writers-* in tests/engine/data, a model is trained on every other set and scored on that
set's lines; each line's ladder answer (the engine with a model that never leaves `none`) says what the model would
change. Printed, over all those lines:
- topic accuracy: the model's best class (`none` included) is the line's label;
- doubt, per threshold: the ladder's wrong rulings (and distractors ruled) it would turn into the topic question,
  against the ladder's right answers it would ask about instead (a cue's topic with a rule, `TopicModel.doubts`);
- fallback, per threshold: where no cue answers, the lines a rule covers it would ask about, against the lines
  expected to get no match (denials, normal play, chat) it would ask about too;
- the same two for the topic tables (tests/engine/tables/), scored with the model trained on every set: rows the
  model doubts, and the no-match rows (deliberate, or moved by the model: `# was "no-match"`) it falls back on.

Run: .venv/bin/python scripts/eval_topic_model.py [--doubt P …] [--fallback P …]
(a few minutes: one training per set; the checked-in thresholds are always among those printed)
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import tomllib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from train_topic_model import DATA_DIR, labelled_lines, rule_topics, train  # noqa: E402

from rules_engine import Engine  # noqa: E402
from rules_engine.evaluation import Line, Verdict, judge, read_set  # noqa: E402
from rules_engine.topic_model import DOUBT_AT, FALLBACK_AT, NONE, Guess, TopicModel  # noqa: E402

TABLES = ROOT / "tests" / "engine" / "tables"
SCORED = re.compile(r"(outside|writers)-")  # the sets scored one at a time, each with a model trained without it
WRONG = (Verdict.WRONG_RULING, Verdict.DISTRACTOR_RULED)
DOUBT_GRID = (0.5, 0.7, 0.8, 0.9, 0.95, 0.99, 0.999, 0.99999, 0.9999999)
FALLBACK_GRID = (0.5, 0.7, 0.8, 0.9, 0.95, 0.99, 0.999, 0.99999)


@dataclass(frozen=True, slots=True)
class Story:
    """A story, its label (`NONE` for no rule), and what the ladder alone does with it."""

    text: str
    label: str
    cue: str | None  # the ladder's topic, None where no cue answers
    verdict: Verdict  # the ladder's answer judged against the label (tables: RIGHT, or MISSED where no-match is due)
    covered: bool  # a rule answers it (a ruling or a question is expected)


def ladder() -> Engine:
    """The engine with a model that never leaves `none`: the cue ladder's own answers."""
    path = Path(tempfile.mkdtemp()) / "none.json"
    path.write_text(json.dumps({"classes": [NONE], "base": [0.0], "unseen": [0.0], "features": {},
                                "cue_excludes": []}), encoding="utf-8")
    return Engine.load(topic_model=path)


def set_stories(engine: Engine, path: Path, topics: dict[str, str]) -> list[Story]:
    """The set's lines as the ladder answers them."""
    stories = []
    for line in read_set(path):
        ruling = engine.rule(line.text, line.rulebook)
        cue = ruling.facts.get("topic")
        rule_id = line.expected[1]
        stories.append(Story(line.text, topics[rule_id] if rule_id else NONE, None if cue is None else str(cue),
                             judge(line, (ruling.status, ruling.rule_id, ruling.outcome)), rule_id is not None))
    return stories


def held_out_lines(engine: Engine, topics: dict[str, str]) -> Iterator[tuple[str, int, Line, Story, TopicModel]]:
    """Each line of the sets scored one at a time (`SCORED`), numbered from 1 in its set, with the ladder's story and
    a topic model trained without that set."""
    for name in [path.stem for path in sorted(DATA_DIR.glob("*.jsonl")) if SCORED.match(path.stem)]:
        model = model_of(labelled_lines([name]))
        path = DATA_DIR / f"{name}.jsonl"
        for number, (line, story) in enumerate(zip(read_set(path), set_stories(engine, path, topics), strict=True), 1):
            yield name, number, line, story, model


def table_stories(engine: Engine) -> list[Story]:
    """The tables' rows as the ladder answers them: each row's answer is right by design, so a doubt is a right
    answer asked about; a row whose ladder answer is no-match (kept, or moved by the model) is a deliberate one."""
    stories = []
    for path in sorted(TABLES.glob("*.toml")):
        for row in tomllib.loads(path.read_text(encoding="utf-8"))["rows"]:
            ruling = engine.rule(row["text"], row["rulebook"], row.get("given"))
            cue = ruling.facts.get("topic")
            no_match = ruling.status == "no-match"
            stories.append(Story(row["text"], NONE if no_match else str(cue), None if cue is None else str(cue),
                                 Verdict.MISSED_RULING if no_match else Verdict.RIGHT, not no_match))
    return stories


def model_of(lines: list[tuple[str, str]]) -> TopicModel:
    return TopicModel.from_data(json.loads(json.dumps(train(lines))))  # through JSON, as the engine loads it


def doubted(model: TopicModel, ruled: frozenset[str], story: Story, guess: Guess, at: float) -> bool:
    """As the engine: a cue's topic with a rule, put in doubt at `at`."""
    return story.cue in ruled and model.doubts(story.cue, guess, at)


def fallen_back(story: Story, guess: Guess, at: float) -> bool:
    """As the engine: no cue answered, and the model's topic is asked about at `at`."""
    return story.cue is None and TopicModel.falls_back(guess, at)


def report(name: str, model_guesses: list[tuple[TopicModel, Story, Guess]], ruled: frozenset[str],
           doubt_grid: Sequence[float], fallback_grid: Sequence[float]) -> None:
    right = sum(guess.topic == story.label for _, story, guess in model_guesses)
    wrong = sum(story.verdict in WRONG and story.cue in ruled for _, story, _ in model_guesses)
    kept = sum(story.verdict is Verdict.RIGHT and story.cue in ruled for _, story, _ in model_guesses)
    no_cue = [(story, guess) for _, story, guess in model_guesses if story.cue is None]
    covered = sum(story.covered for story, _ in no_cue)
    print(f"\n{name}: {len(model_guesses)} lines, topic accuracy {100 * right / len(model_guesses):.1f} %")
    print(f"  doubt     {'at':>10}  wrong rulings caught (of {wrong})  right answers asked (of {kept})")
    for at in doubt_grid:
        caught = sum(story.verdict in WRONG and doubted(m, ruled, story, g, at) for m, story, g in model_guesses)
        asked = sum(story.verdict is Verdict.RIGHT and doubted(m, ruled, story, g, at) for m, story, g in model_guesses)
        print(f"  {'*' if at == DOUBT_AT else ' '}         {at:>10}  {caught:>30}  {asked:>28}")
    print(f"  fallback  {'at':>10}  covered asked (of {covered})  no-match expected asked (of {len(no_cue) - covered})")
    for at in fallback_grid:
        asked_covered = sum(story.covered and fallen_back(story, g, at) for story, g in no_cue)
        asked_none = sum(not story.covered and fallen_back(story, g, at) for story, g in no_cue)
        print(f"  {'*' if at == FALLBACK_AT else ' '}         {at:>10}  {asked_covered:>24}  {asked_none:>36}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--doubt", nargs="+", type=float, default=DOUBT_GRID, metavar="P", help="doubt thresholds")
    parser.add_argument("--fallback", nargs="+", type=float, default=FALLBACK_GRID, metavar="P",
                        help="fallback thresholds")
    args = parser.parse_args()
    doubt_grid, fallback_grid = sorted({*args.doubt, DOUBT_AT}), sorted({*args.fallback, FALLBACK_AT})
    engine, topics = ladder(), rule_topics()
    ruled = frozenset(topics.values())
    scored = [path.stem for path in sorted(DATA_DIR.glob("*.jsonl")) if SCORED.match(path.stem)]
    guesses = []
    for name in scored:
        model = model_of(labelled_lines([name]))
        guesses += [(model, story, model.guess(story.text))
                    for story in set_stories(engine, DATA_DIR / f"{name}.jsonl", topics)]
    report(f"leave-one-set-out over {len(scored)} sets", guesses, ruled, doubt_grid, fallback_grid)
    full = model_of(labelled_lines())
    report("topic tables (model trained on every set)",
           [(full, story, full.guess(story.text)) for story in table_stories(engine)], ruled, doubt_grid, fallback_grid)


if __name__ == "__main__":
    main()
