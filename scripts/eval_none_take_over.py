#!/usr/bin/env python3
"""Whether a cue's topic should give way where the topic model is sure no rule answers, measured leave-one-set-out.

A cue answers on a word ("mucks", "flush", "suits"), and some stories that hold the word tell no dispute at all
("watching a clip where a pro mucks a flush": nobody did anything wrong). The model's class `none` is trained on
those. Each set outside-* and writers-* of tests/engine/data is answered by the cue ladder (no model) and scored with
a model trained without that set; where the ladder's topic has rules and the model's guess is `none`, the line is
judged again as no-match (what `TopicModel.dismisses` makes of it). Per margin (the model's log-odds of `none`
against the cue's topic, `Guess.margin`): the lines made right, right answers lost, and misses that stay misses; and
the topic tables' ruling rows (hand-read stories the ladder answers right by design, model trained on every set)
that would turn to no-match. The engine's margin is starred.

Run: .venv/bin/python scripts/eval_none_take_over.py   (about a minute: one training per set)
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from eval_topic_model import held_out_lines, ladder, table_stories  # noqa: E402
from train_topic_model import rule_topics  # noqa: E402

from rules_engine.evaluation import Verdict, judge  # noqa: E402
from rules_engine.topic_model import NONE, NONE_TAKE_OVER_MARGIN, TopicModel  # noqa: E402

MARGINS = (10, 15, 20, 25, NONE_TAKE_OVER_MARGIN, 35, 40, 50, 60)
NO_MATCH = ("no-match", None, None)


def set_records() -> list[tuple[float, Verdict, Verdict]]:
    """Each development line whose ladder topic has rules and whose leave-one-set-out guess is `none`: the margin,
    the ladder's verdict and the verdict of no-match."""
    topics = rule_topics()
    ruled = frozenset(topics.values())
    found = []
    for _, _, line, story, model in held_out_lines(ladder(), topics):
        guess = model.guess(line.text)
        if story.cue in ruled and guess.topic == NONE:
            found.append((guess.margin(str(story.cue)), story.verdict, judge(line, NO_MATCH)))
    return found


def table_margins() -> list[float]:
    """The tables' ruling rows whose guess by the checked-in model is `none`: the margin against the ladder's topic."""
    model, ruled = TopicModel.load(), frozenset(rule_topics().values())
    margins = []
    for story in table_stories(ladder()):
        guess = model.guess(story.text)
        if story.covered and story.cue in ruled and guess.topic == NONE:
            margins.append(guess.margin(str(story.cue)))
    return margins


def main() -> None:
    found, rows = set_records(), table_margins()
    print(f"{len(found)} development lines a ruled cue answers and the model (without their set) calls `none`; "
          f"{len(rows)} table rows")
    print(f"  {'margin':>7} {'changed':>8} {'made right':>11} {'right lost':>11} {'miss stays':>11} {'table rows':>11}")
    for margin in MARGINS:
        counts: Counter[str] = Counter()
        for at, before, after in found:
            if at >= margin:
                counts["changed"] += 1
                right_before, right_after = before is Verdict.RIGHT, after is Verdict.RIGHT
                counts["made right" if right_after and not right_before else
                       "right lost" if right_before and not right_after else
                       "miss stays" if not right_after else "unchanged"] += 1
        star = "*" if margin == NONE_TAKE_OVER_MARGIN else " "
        print(f"  {star}{margin:>6} {counts['changed']:>8} {counts['made right']:>11} {counts['right lost']:>11} "
              f"{counts['miss stays']:>11} {sum(at >= margin for at in rows):>11}")


if __name__ == "__main__":
    main()
