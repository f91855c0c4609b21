#!/usr/bin/env python3
"""Whether the topic question can be skipped where the topic model is surest, measured leave-one-set-out.

Each set outside-* and writers-* of tests/engine/data is scored with a topic model trained on every other set, and
its topic questions found as scripts/eval_topic_model.py finds them (the ladder's topic, the model's doubt or fallback
at the engine's thresholds). Each is answered again with the model's topic given, as a tap on it would
(`facts={"topic": …}`): what the engine would answer if it went on with the model's topic instead of asking. Two
changes are weighed, per margin (the model's log-odds of its topic against the rival the question names: the cue's
topic for a doubt, no rule for a fallback; `Guess.margin`):
- A, doubt: the story read as the model's topic instead of the cue's (a ruling, or a fact question), unless that gets
  no rule (no-match on a line a rule covers, every time it happened: the question stays); the engine's rule
  (`TopicModel.takes_over`, `TAKE_OVER_MARGIN`, starred);
- B, fallback: the model's topic ruled on in a story told plainly (`parser.told_plainly`: a denial or normal play
  leaves the question) where the facts kept after a tap (`kept_when_topic_given`) decide a rule; any other answer
  leaves the question "is this X?" (the engine's rule at `FALLBACK_AT`: every margin it changes).
Per margin, over the lines it would change (all of them topic questions now, never right): made right, wrong
rulings, distractors ruled, still asked (a fact question instead of the topic's). The bar to build one: at least BAR
lines made right per wrong ruling or distractor ruled. The margin is then chosen leave-one-set-out, two ways: each
set scored at the margin chosen on the other sets (their own leave-one-set-out lines), the lowest that meets the bar
there, or the one with the most lines made right less BAR per wrong (the engine's); the sums are printed.

Run: .venv/bin/python scripts/eval_topic_skip.py [--lines] [--cache PATH]
(two minutes: one training per set; --cache keeps the lines answered, to re-read the tables without rescoring)
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from eval_topic_model import doubted, fallen_back, held_out_lines, ladder  # noqa: E402
from train_topic_model import rule_topics  # noqa: E402

from rules_engine.evaluation import Verdict, judge  # noqa: E402
from rules_engine.loader import TOPIC  # noqa: E402
from rules_engine.parser import told_plainly  # noqa: E402
from rules_engine.topic_model import DOUBT_AT, FALLBACK_AT, NONE, TAKE_OVER_MARGIN  # noqa: E402

BAR = 8  # lines made right per wrong ruling or distractor ruled
DOUBT_MARGINS = (27.6, 30, 35, 40, 45.0, 50, 60, 70, 80, 100, 130)  # 27.6: DOUBT_AT, 1 - 1e-12, every doubt
FALLBACK_MARGINS = (23.0, 25, 30, 35, 40, 45, 50, 60, 70, 80, 100, 130)  # 23.0: FALLBACK_AT, 1 - 1e-10
BAD = (Verdict.WRONG_RULING.value, Verdict.DISTRACTOR_RULED.value)

Record = dict[str, object]


def records(lines: bool) -> list[Record]:
    """Each topic question of the development sets, leave-one-set-out: the model's topic, its margin, and the answer
    with that topic given, judged. The question is found as scripts/eval_topic_model.py finds it (the ladder's topic,
    and the model's doubt or fallback at the engine's thresholds), so the engine's own skip does not hide it."""
    engine, topics = ladder(), rule_topics()
    ruled = frozenset(topics.values())
    found = []
    for name, number, line, story, model in held_out_lines(engine, topics):
        guess = model.guess(line.text)
        if doubted(model, ruled, story, guess, DOUBT_AT):
            kind, rival = "doubt", str(story.cue)
        elif fallen_back(story, guess, FALLBACK_AT):
            kind, rival = "fallback", NONE
        else:
            continue
        after = engine.rule(line.text, line.rulebook, facts={TOPIC: guess.topic})
        answer = (after.status, after.rule_id, after.outcome)
        read = engine._parser.read(line.text).story if kind == "fallback" else None  # only B asks it
        record = {"set": name, "line": number, "kind": kind, "topic": guess.topic,
                  "margin": round(guess.margin(rival), 2), "after": answer[0], "verdict": judge(line, answer).value,
                  "plain": read is not None and told_plainly(read.reading)}
        found.append(record)
        if lines:
            print(json.dumps(record), flush=True)
    return found


def changes_a(record: Record) -> bool:
    """A: a doubt goes on with the model's topic, unless that gets no rule (no-match: the question stays)."""
    return record["kind"] == "doubt" and record["after"] != "no-match"


def changes_b(record: Record) -> bool:
    """B: a fallback is ruled on only in a story told plainly (`parser.told_plainly`: no denial, nothing told as
    fine or normal) where the kept facts decide a rule (the engine's rule, at `FALLBACK_AT`)."""
    return record["kind"] == "fallback" and record["after"] == "ruling" and bool(record["plain"])


def tally(found: Sequence[Record], changes: Callable[[Record], bool], margin: float) -> Counter[str]:
    counts: Counter[str] = Counter()
    for record in found:
        if changes(record) and float(str(record["margin"])) >= margin:
            verdict = str(record["verdict"])
            counts["changed"] += 1
            counts[verdict if verdict in (Verdict.RIGHT.value, *BAD) else "still asked"] += 1
    return counts


def bad(counts: Counter[str]) -> int:
    return sum(counts[verdict] for verdict in BAD)


def meets(counts: Counter[str]) -> bool:
    return counts[Verdict.RIGHT.value] > 0 and counts[Verdict.RIGHT.value] >= BAR * bad(counts)


def net(counts: Counter[str]) -> int:
    """Lines made right, less BAR for each wrong ruling or distractor ruled."""
    return counts[Verdict.RIGHT.value] - BAR * bad(counts)


def lowest_meeting(found: Sequence[Record], changes: Callable[[Record], bool], grid: Sequence[float]) -> float | None:
    return next((margin for margin in grid if meets(tally(found, changes, margin))), None)


def best_net(found: Sequence[Record], changes: Callable[[Record], bool], grid: Sequence[float]) -> float | None:
    """The margin with the most net lines (the higher on a tie); None where no margin gains any."""
    best = max(grid, key=lambda margin: (net(tally(found, changes, margin)), margin))
    return best if net(tally(found, changes, best)) > 0 else None


def table(found: Sequence[Record], name: str, changes: Callable[[Record], bool], grid: Sequence[float],
          engine_margin: float | None = None) -> None:
    pool = [record for record in found if changes(record)]
    print(f"\n{name}: {len(pool)} lines it could change (every margin at or above the engine's threshold)")
    print(f"  {'margin':>8} {'changed':>8} {'right':>6} {'wrong ruling':>13} {'distractor ruled':>17} "
          f"{'still asked':>12}  meets 1:{BAR}")
    for margin in grid:
        counts = tally(found, changes, margin)
        star = "*" if margin == engine_margin else " "
        print(f"  {star}{margin:>7} {counts['changed']:>8} {counts[Verdict.RIGHT.value]:>6} "
              f"{counts[Verdict.WRONG_RULING.value]:>13} {counts[Verdict.DISTRACTOR_RULED.value]:>17} "
              f"{counts['still asked']:>12}  {'yes' if meets(counts) else 'no'}")
    sets = sorted({str(record["set"]) for record in found})
    for rule, choose in ((f"the lowest margin meeting 1:{BAR}", lowest_meeting),
                         (f"the most lines made right less {BAR} per wrong", best_net)):
        chosen: Counter[str] = Counter()
        picks: Counter[float | None] = Counter()
        for held in sets:
            margin = choose([record for record in found if record["set"] != held], changes, grid)
            picks[margin] += 1
            if margin is not None:
                chosen += tally([record for record in found if record["set"] == held], changes, margin)
        print(f"  leave-one-set-out, each set at {rule} on the others: right {chosen[Verdict.RIGHT.value]}, "
              f"wrong rulings {chosen[Verdict.WRONG_RULING.value]}, distractors ruled "
              f"{chosen[Verdict.DISTRACTOR_RULED.value]}, still asked {chosen['still asked']}: "
              f"{'meets' if meets(chosen) else 'fails'} the bar (margins chosen, sets: "
              f"{', '.join(f'{margin}: {count}' for margin, count in sorted(picks.items(), key=str))})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", action="store_true", help="print each topic question's record")
    parser.add_argument("--cache", type=Path, help="read the records from here if it exists, else write them there")
    args = parser.parse_args()
    if args.cache and args.cache.exists():
        found = [json.loads(row) for row in args.cache.read_text(encoding="utf-8").splitlines()]
    else:
        found = records(args.lines)
        if args.cache:
            args.cache.write_text("".join(json.dumps(record) + "\n" for record in found), encoding="utf-8")
    kinds = Counter(str(record["kind"]) for record in found)
    print(f"topic questions, leave-one-set-out: {kinds['doubt']} doubts, {kinds['fallback']} fallbacks")
    kept = sum(record["kind"] == "doubt" and record["after"] == "no-match" for record in found)
    table(found, f"A. doubt: the model's topic instead of the cue's ({kept} doubts it reads as no-match left asked)",
          changes_a, DOUBT_MARGINS, TAKE_OVER_MARGIN)
    table(found, "B. fallback: ruled in a story told plainly where the kept facts decide", changes_b, FALLBACK_MARGINS)


if __name__ == "__main__":
    main()
