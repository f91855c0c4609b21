"""Whatever users type is stored and exported byte-exact, and export files parse back to the log."""

from __future__ import annotations

import csv
import io
import json

import pytest
from store_helpers import ruling

from store import LogEntry, Store
from store.export import FIELDS, to_csv, to_json

HOSTILE = {
    "sql": "'; DROP TABLE log_entries; -- \" OR 1=1 /* ? :guild_id",
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


# Every hostile text twice (a ruling in the game, a note in the general log), then a question.
TYPED = [text for text in HOSTILE.values() for _ in range(2)] + ["a question"]


async def _log_everything(store: Store) -> list[LogEntry]:
    await store.start_game(1, channel_id=500, user_id=900, name=HOSTILE["sql"] + HOSTILE["role"])
    for text in HOSTILE.values():
        await store.log_ruling(1, **ruling(text))
        await store.add_note(1, channel_id=501, user_id=901, text=text)
    await store.log_ruling(1, **ruling("a question", status="question", rule_id=None, outcome=None))
    return await store.export_entries(1)


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
async def test_text_round_trips_exactly(store: Store, text: str) -> None:
    await store.start_game(1, channel_id=500, user_id=900, name=text)
    await store.log_ruling(1, **ruling(text))
    note = await store.add_note(1, channel_id=500, user_id=900, text=text)

    page = await store.log_page(1)
    assert [entry.text for entry in page.entries] == [text, text]
    assert note.text == text
    assert {entry.game_name for entry in page.entries} == {text}
    assert (await store.list_games(1))[0].name == text


async def test_hostile_text_is_harmless_to_the_schema(store: Store) -> None:
    await _log_everything(store)
    assert [entry.text for entry in await store.export_entries(1)] == TYPED  # the DROP TABLE did nothing


async def test_csv_parses_back_to_the_log(store: Store) -> None:
    entries = await _log_everything(store)

    rows = list(csv.DictReader(io.StringIO(to_csv(entries).decode("utf-8"), newline="")))

    assert [row["text"] for row in rows] == TYPED
    assert rows == [{k: "" if v is None else str(v) for k, v in _record(e).items()} for e in entries]


async def test_json_parses_back_to_the_log(store: Store) -> None:
    entries = await _log_everything(store)

    records = json.loads(to_json(entries))

    assert [record["text"] for record in records] == TYPED
    assert records == [_record(entry) for entry in entries]


def test_an_empty_log_exports_a_header_and_an_empty_list() -> None:
    assert to_csv([]).decode() == ",".join(FIELDS) + "\r\n"
    assert json.loads(to_json([])) == []


def _record(entry: LogEntry) -> dict[str, object]:
    """What a reader of the export expects for one entry, written out independently of the exporter."""
    return {
        "id": entry.id,
        "created_at": entry.created_at.isoformat(),
        "game_id": entry.game_id,
        "game_name": entry.game_name,
        "channel_id": entry.channel_id,
        "user_id": entry.user_id,
        "kind": entry.kind,
        "text": entry.text,
        "status": entry.status,
        "rule_id": entry.rule_id,
        "outcome": entry.outcome,
        "rulebook": entry.rulebook,
    }
