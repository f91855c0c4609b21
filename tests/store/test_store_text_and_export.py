"""Whatever users type is stored and exported exactly (U+0000 aside: it becomes U+FFFD on both backends, since
PostgreSQL's text cannot hold it), and export files parse back to the log."""

from __future__ import annotations

import csv
import io
import json

import pytest
from store_helpers import EVERYONE, all_entries, ruling

from store import LogEntry, Store
from store.export import FORMULA_STARTS

HOSTILE = {
    "sql": "'; DROP TABLE log_entries; -- \" OR 1=1 /* ? :guild_id $1 :: $$",
    "nul": "before\x00after",
    "long": "flop had four cards " * 300,  # 6,000 characters, Discord's option limit
    "markdown": "**bold** __under__ ~~strike~~ `code` ```block``` > quote || spoiler || [link](http://x)",
    "everyone": "@everyone @here",
    "role": "<@&123> <@456> <#789> <:emoji:1>",
    "newlines": 'line one\r\nline two\nline, "three"\r',
    "unicode": "il mazziere ha girato il turn ♠♥ — 🂡 زر e\u0301",
    "formula": '=HYPERLINK("http://x")',
    "empty": "",
}


def stored(text: str) -> str:
    """What the store keeps of a typed text."""
    return text.replace("\x00", "\ufffd")


# Every hostile text twice (a ruling in the game, a note in the general log), then a question.
TYPED = [stored(text) for text in HOSTILE.values() for _ in range(2)] + ["a question"]


async def _log_everything(store: Store) -> list[LogEntry]:
    await store.start_game(1, channel_id=500, user_id=900, name=HOSTILE["sql"] + HOSTILE["role"])
    for text in HOSTILE.values():
        await store.log_ruling(1, **ruling(text))
        await store.add_note(1, channel_id=501, user_id=901, text=text)
    await store.log_ruling(1, **ruling("a question", status="question", rule_id=None, outcome=None))
    return await all_entries(store, 1)


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
async def test_text_round_trips_exactly(store: Store, text: str) -> None:
    game = await store.start_game(1, channel_id=500, user_id=900, name=text)
    await store.log_ruling(1, **ruling(text))
    note = await store.add_note(1, channel_id=500, user_id=900, text=text)

    page = await store.log_page(1, viewer=EVERYONE)
    assert [entry.text for entry in page.entries] == [stored(text), stored(text)]
    assert note.text == stored(text) and game.name == stored(text)
    assert {entry.game_name for entry in page.entries} == {stored(text)}
    assert (await store.list_games(1))[0].name == stored(text)
    assert [g.name for g in await store.list_games(1, search=text)] == [stored(text)]


async def test_hostile_text_is_harmless_to_the_schema(store: Store) -> None:
    await _log_everything(store)
    assert [entry.text for entry in await all_entries(store, 1)] == TYPED  # the DROP TABLE did nothing


async def test_csv_parses_back_to_the_log(store: Store) -> None:
    entries = await _log_everything(store)

    export = await store.export(1, viewer=EVERYONE, fmt="csv", max_bytes=10_000_000)

    assert export is not None and not export.compressed
    rows = list(csv.DictReader(io.StringIO(export.parts[0].data.decode("utf-8-sig"), newline="")))
    assert [row["text"] for row in rows] == ["'" * text.startswith(FORMULA_STARTS) + text for text in TYPED]
    assert [(row["number"], row["user_id"]) for row in rows] == [(str(e.number), str(e.user_id)) for e in entries]


async def test_json_parses_back_to_the_log(store: Store) -> None:
    entries = await _log_everything(store)

    export = await store.export(1, viewer=EVERYONE, fmt="json", max_bytes=10_000_000)

    assert export is not None
    records = json.loads(export.parts[0].data)
    assert [record["text"] for record in records] == TYPED
    assert [(r["number"], r["game_name"], r["private"]) for r in records] == [
        (e.number, e.game_name, e.private) for e in entries
    ]
