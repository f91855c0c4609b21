"""The console's line reader is generic over the schema: options, subcommand groups, the rest of the line."""

from __future__ import annotations

from typing import Any

import pytest

from offline import commandline
from offline.payloads import BOOLEAN, INTEGER, ROLE, STRING, SUB_COMMAND, SUB_COMMAND_GROUP, PayloadError


def option(name: str, kind: int, required: bool = False, **extra) -> dict:
    return {"name": name, "type": kind, "description": name, "required": required, **extra}


SCHEMA: dict[str, dict[str, Any]] = {
    "ruling": {
        "name": "ruling",
        "options": [option("situation", STRING, True), option("private", BOOLEAN)],
    },
    "game": {
        "name": "game",
        "options": [
            {**option("start", SUB_COMMAND), "options": [option("name", STRING, True)]},
            {**option("log", SUB_COMMAND), "options": [option("page", INTEGER)]},
            {
                **option("export", SUB_COMMAND),
                "options": [
                    option(
                        "format",
                        STRING,
                        True,
                        choices=[{"name": "CSV", "value": "csv"}, {"name": "JSON", "value": "json"}],
                    )
                ],
            },
        ],
    },
    "settings": {
        "name": "settings",
        "options": [
            {
                **option("admin", SUB_COMMAND_GROUP),
                "options": [{**option("rulebook", SUB_COMMAND), "options": [option("rulebook", STRING, True)]}],
            }
        ],
    },
    "help": {"name": "help", "options": []},
    "floor": {"name": "floor", "options": [option("role", ROLE)]},
}


@pytest.mark.parametrize(
    ("line", "name", "path", "options"),
    [
        ("/ruling flop had four cards", "ruling", (), {"situation": "flop had four cards"}),
        (
            "/ruling situation:turn came early private:true",
            "ruling",
            (),
            {"situation": "turn came early", "private": True},
        ),
        (
            "/ruling flop had four cards private:yes",
            "ruling",
            (),
            {"situation": "flop had four cards", "private": True},
        ),
        ("/ruling situation:", "ruling", (), {"situation": ""}),
        ("/game start name:Friday night", "game", ("start",), {"name": "Friday night"}),
        ("/game start Friday", "game", ("start",), {"name": "Friday"}),
        ("/game log 2", "game", ("log",), {"page": 2}),
        ("/game log", "game", ("log",), {}),
        ("/game export csv", "game", ("export",), {"format": "csv"}),
        ("/game export format:JSON", "game", ("export",), {"format": "json"}),
        ("/settings admin rulebook tda-2024", "settings", ("admin", "rulebook"), {"rulebook": "tda-2024"}),
        ("/help", "help", (), {}),
        ("/floor role:<@&123456789012345678>", "floor", (), {"role": "123456789012345678"}),
        ("/floor 42", "floor", (), {"role": "42"}),
    ],
)
def test_parses_lines_like_discord_would_fill_options(line, name, path, options) -> None:
    assert commandline.parse(line, SCHEMA) == commandline.Invocation(name, path, options)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("/poker now", "Unknown command /poker. Commands: /floor, /game, /help, /ruling, /settings"),
        ("/game", "needs one of: export | log | start"),
        ("/game start", "needs name"),
        ("/game log two", "must be a number"),
        ("/ruling x private:maybe", "must be true or false"),
        ("/help me please", "don't know where"),
        ("/floor role:@everyone", "takes a role's id"),
    ],
)
def test_explains_what_is_wrong_with_a_line(line, message) -> None:
    with pytest.raises(PayloadError, match=message):
        commandline.parse(line, SCHEMA)
