"""Reads a typed slash command (`/game start name:Friday`, `/ruling flop had four cards`) against the schema.

Generic over the command tree: subcommand groups are followed by name, `option:value` pairs are matched to
the leaf's options, and words without a name fill the required options in order, the last string option
taking the rest of the line (so `/ruling flop had four cards` needs no `situation:`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from offline.payloads import BOOLEAN, INTEGER, NUMBER, ROLE, STRING, SUB_COMMAND, SUB_COMMAND_GROUP, PayloadError

TRUE_WORDS = {"true", "yes", "y", "on", "1", "si", "sì"}
FALSE_WORDS = {"false", "no", "n", "off", "0"}
ROLE_MENTION = re.compile(r"<@&([0-9]{1,20})>|([0-9]{1,20})")


@dataclass(frozen=True, slots=True)
class Invocation:
    """A parsed line: command name, subcommand path and typed option values."""

    name: str
    path: tuple[str, ...]
    options: dict[str, Any]


def parse(line: str, schema: Mapping[str, Mapping[str, Any]]) -> Invocation:
    """Parse one line; raises PayloadError with a sentence the console can print as is."""
    words = line.strip().removeprefix("/").split(maxsplit=1)
    if not words:
        raise PayloadError("Type a command, e.g. /ruling flop had four cards")
    name, rest = words[0].lower(), words[1] if len(words) > 1 else ""
    if name not in schema:
        raise PayloadError(f"Unknown command /{name}. Commands: {listing(schema)}. Type quit to leave.")
    options: list[Mapping[str, Any]] = list(schema[name].get("options") or [])
    path: list[str] = []
    while any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in options):
        subs = {o["name"]: o for o in options}
        head, _, rest = rest.strip().partition(" ")
        if head.lower() not in subs:
            usage = " | ".join(sorted(subs))
            raise PayloadError(f"/{' '.join([name, *path])} needs one of: {usage}")
        path.append(head.lower())
        options = list(subs[head.lower()].get("options") or [])
    return Invocation(name, tuple(path), _values(rest, options, f"/{' '.join([name, *path])}"))


def listing(schema: Mapping[str, Any]) -> str:
    return ", ".join(f"/{name}" for name in sorted(schema))


def usage(name: str, options: list[Mapping[str, Any]]) -> str:
    parts = [f"{o['name']}:…" if o.get("required") else f"[{o['name']}:…]" for o in options]
    return " ".join([name, *parts])


def _values(text: str, options: list[Mapping[str, Any]], qualified: str) -> dict[str, Any]:
    known = {o["name"]: o for o in options}
    raw: dict[str, str] = {}
    positional = text
    if known:
        marker = re.compile(r"(?<!\S)(" + "|".join(re.escape(n) for n in known) + r"):")
        found = list(marker.finditer(text))
        positional = text[: found[0].start()] if found else text
        for this, following in zip(found, [*found[1:], None], strict=False):
            end = following.start() if following else len(text)
            raw[this.group(1)] = text[this.end() : end].strip()
    unfilled = [o for o in options if o["name"] not in raw]
    targets = [o for o in unfilled if o.get("required")] or unfilled
    remaining = positional.strip()
    for index, option in enumerate(targets):
        if not remaining:
            break
        if option["type"] == STRING and index == len(targets) - 1:
            raw[option["name"]], remaining = remaining, ""
        else:
            head, _, remaining = remaining.partition(" ")
            raw[option["name"]], remaining = head, remaining.strip()
    if remaining:
        raise PayloadError(f"I don't know where {remaining!r} goes. Usage: {usage(qualified, options)}")
    missing = [o["name"] for o in options if o.get("required") and o["name"] not in raw]
    if missing:
        raise PayloadError(f"{qualified} needs {', '.join(missing)}. Usage: {usage(qualified, options)}")
    return {name: _convert(known[name], value) for name, value in raw.items()}


def _convert(option: Mapping[str, Any], value: str) -> Any:
    kind, name = option["type"], option["name"]
    for choice in option.get("choices") or []:
        if value.lower() in (str(choice["name"]).lower(), str(choice["value"]).lower()):
            return choice["value"]
    try:
        if kind == STRING:
            return value
        if kind == INTEGER:
            return int(value)
        if kind == NUMBER:
            return float(value)
    except ValueError:
        raise PayloadError(f"{name} must be a number, not {value!r}") from None
    if kind == BOOLEAN and value.lower() in TRUE_WORDS | FALSE_WORDS:
        return value.lower() in TRUE_WORDS
    if kind == BOOLEAN:
        raise PayloadError(f"{name} must be true or false, not {value!r}")
    if kind == ROLE:
        digits = ROLE_MENTION.fullmatch(value.strip())
        if digits is None:
            raise PayloadError(f"{name} takes a role's id (or its mention <@&id>), not {value!r}")
        return digits.group(1) or digits.group(2)
    raise PayloadError(f"{name} can't be typed in the console (option type {kind})")
