"""`python -m rules_engine`: rule on situations from the command line (contract: design.md §2)."""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from .engine import Engine
from .language import PHRASES
from .model import Rule
from .ruling import Ruling


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        """Bad usage: one line on stderr and exit status 2, as the contract says."""
        self.exit(2, f"{self.prog}: {message}\n")


def _arguments() -> _Parser:
    parser = _Parser(prog="python -m rules_engine", description="Rule on a poker irregularity described in words.")
    parser.add_argument("situation", nargs="*", help="what happened, in English or Italian")
    shape = parser.add_mutually_exclusive_group()
    shape.add_argument("--json", action="store_true", help="print one JSON Ruling")
    shape.add_argument("--jsonl", action="store_true", help="read situations from stdin, one JSON Ruling per line")
    shape.add_argument("--list", action="store_true", help="list every rule")
    shape.add_argument("--show", metavar="ID", help="show one rule with all its cases")
    parser.add_argument("--rulebook", help="robert-classic (default), robert-v11 or tda-2024")
    parser.add_argument("--fact", action="append", default=[], metavar="NAME=VALUE", help="a fact the text lacks")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = _arguments()
    args = parser.parse_args(argv)
    engine = Engine.load()
    if args.rulebook and args.rulebook not in engine.rulebooks:
        parser.error(f"unknown rulebook {args.rulebook!r} (choose {', '.join(engine.rulebooks)})")
    facts = dict(_fact(parser, item) for item in args.fact)
    try:
        engine.coerce_facts(facts)
    except ValueError as error:
        parser.error(str(error))
    if args.list:
        for rule in engine.rules.values():
            print(f"{rule.id:32} {rule.title.en}")
        return 0
    if args.show:
        if args.show not in engine.rules:
            parser.error(f"no rule {args.show!r}; see --list")
        print(_card(engine.rules[args.show]))
        return 0
    if args.jsonl:
        for line in sys.stdin:
            ruling = engine.rule(line.strip(), args.rulebook, facts)
            print(json.dumps(ruling.to_dict(), ensure_ascii=False), flush=True)
        return 0
    if not args.situation:
        parser.error("describe a situation, e.g. python -m rules_engine \"flop had four cards\"")
    ruling = engine.rule(" ".join(args.situation), args.rulebook, facts)
    print(json.dumps(ruling.to_dict(), ensure_ascii=False, indent=2) if args.json else _readable(ruling))
    return 0


def _fact(parser: _Parser, item: str) -> tuple[str, str]:
    name, sep, value = item.partition("=")
    if not sep or not name.strip() or not value.strip():
        parser.error(f"--fact takes NAME=VALUE, not {item!r}")
    return name.strip(), value.strip()


def _readable(ruling: Ruling) -> str:
    words = {name: PHRASES[name][ruling.language] for name in PHRASES}
    lines = [ruling.headline or ruling.title]
    if ruling.rule_id:
        lines.append(f"{ruling.title} — {ruling.rule_id}")
    lines += [f"  {number}. {step}" for number, step in enumerate(ruling.steps, 1)]
    for question in ruling.questions:
        options = ", ".join(f"{o.value} ({o.label})" for o in question.options)
        lines.append(f"? {question.text}\n  " + words["cli_answer_with"].format(fact=question.fact, options=options))
    if ruling.understood:
        lines.append(words["cli_understood"].format(facts=" · ".join(ruling.understood)))
    lines += [words["cli_note"].format(note=note) for note in ruling.notes]
    if ruling.alternatives:
        lines.append(words["cli_nearest"].format(rules=", ".join(ruling.alternatives)))
    if ruling.citation:
        lines.append(f"{ruling.citation} [{ruling.rulebook}]")
    return "\n".join(lines)


def _card(rule: Rule) -> str:
    """A rule with all its cases, for rules authors: in English, as the conditions are."""
    lines = [f"{rule.id} — {rule.title.en}", rule.summary, ""]
    for case in rule.cases:
        lines.append(PHRASES["cli_case"].en.format(when=case.when_text, rulebooks=", ".join(case.rulebooks),
                                                    outcome=case.outcome or case.headline.en))
        lines += [f"  {n}. {step.en}" for n, step in enumerate(case.steps, 1)]
        if case.explanation:
            lines.append(f"  {case.explanation.en}")
        if case.floor_decision:
            lines.append("  " + PHRASES["floor_decision"].en.format(decision=case.floor_decision.en))
    lines.append("")
    lines += [f"{book}: {citation}" for book, citation in rule.citations.items()]
    return "\n".join(lines)


def _in_project_environment() -> None:
    """A Python without the pinned packages (the system's `python3` in the project root) runs the CLI again in
    the project's `.venv`, once; with no `.venv` it says how to make one instead of failing on the first typo."""
    if importlib.util.find_spec("rapidfuzz") is not None:
        return
    venv_python = Path(__file__).resolve().parent.parent / ".venv" / "bin" / "python"
    if venv_python.exists() and not os.environ.get(_REEXECUTED):
        os.environ[_REEXECUTED] = "1"
        os.execv(venv_python, [str(venv_python), "-m", "rules_engine", *sys.argv[1:]])
    sys.exit("python -m rules_engine needs the packages of requirements.txt: run ./test once (it makes .venv), "
             "or pip install -r requirements.txt")


_REEXECUTED = "FLOORCALL_CLI_REEXECUTED"


def run() -> int:
    """`main`, quiet when the reader goes away (`… --jsonl < big | head -1`): like any Unix filter, stop
    without a traceback and exit 141, the shell's status for a closed pipe."""
    _in_project_environment()
    try:
        return main()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # the exit flush must not fail again
        return CLOSED_PIPE


CLOSED_PIPE = 128 + 13  # 128 + SIGPIPE

if __name__ == "__main__":
    sys.exit(run())
