"""`Store.export`: what a viewer may read, as files that fit the attachment limit and parse back to the log."""

from __future__ import annotations

import asyncio
import codecs
import csv
import io
import json
import os
import random
import string
import zipfile
from datetime import datetime

import pytest
from raw import Raw
from store_helpers import ruling

from store import Export, LogEntry, Store, Viewer
from store.export import COLUMNS
from store.export_process import ProcessExportStream
from store.house import EXPORT_COLUMNS

MANAGER = Viewer(user_id=1, manager=True)
MEMBER = Viewer(user_id=2, manager=False)
FORMULAS = ['=HYPERLINK("http://x","click")', "+1+1", "-2+3", "@SUM(A1)", "\tindented", "\rreturn"]
PLAIN = ["a = b", "1+1", "e-mail", "user@example.com", " =not first", "", "line\nbreak", 'quote " and , comma']


def _records(data: bytes, fmt: str) -> list[dict[str, object]]:
    """One file of an export read back as a reader would: CSV rows as strings, JSON as values."""
    if fmt == "json":
        return list(json.loads(data.decode("utf-8")))
    assert data.startswith(codecs.BOM_UTF8)  # so that Excel reads it as UTF-8 (QA report 18)
    text = data.decode("utf-8-sig")
    reader = csv.DictReader(io.StringIO(text, newline=""))
    assert reader.fieldnames == list(COLUMNS)
    return list(reader)


def _files(export: Export, fmt: str) -> list[list[dict[str, object]]]:
    """Each part's records: a zip must hold exactly one file, valid without the other parts."""
    files = []
    for part in export.parts:
        if export.compressed:
            with zipfile.ZipFile(io.BytesIO(part.data)) as archive:
                [inner] = archive.namelist()
                assert inner.endswith(f".{fmt}") and part.filename.endswith(".zip")
                files.append(_records(archive.read(inner), fmt))
        else:
            assert part.filename.endswith(f".{fmt}")
            files.append(_records(part.data, fmt))
    return files


def _when(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def _expected(entry: LogEntry, fmt: str) -> dict[str, object]:
    """What a reader expects for one entry, written out independently of the exporter."""
    values: dict[str, object] = {
        "number": entry.number,
        "created_at": _when(entry.created_at),
        "game_number": entry.game_number,
        "game_name": entry.game_name,
        "channel_id": entry.channel_id,
        "user_id": entry.user_id,
        "kind": entry.kind,
        "text": entry.text,
        "status": entry.status,
        "rule_id": entry.rule_id,
        "outcome": entry.outcome,
        "rulebook": entry.rulebook,
        "private": entry.private,
        "player": entry.player,
        "player_user_id": entry.player_user_id,
        "amount": None if entry.amount is None else str(entry.amount),
        "removed_by": entry.removed_by,
        "removed_at": None if entry.removed_at is None else _when(entry.removed_at),
        **dict.fromkeys(EXPORT_COLUMNS),  # no house rule, no floor decision (test_store_house.py has them)
    }
    if fmt == "json":
        return values
    return {
        key: "" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
        for key, value in values.items()
    }


async def _export(store: Store, fmt: str, viewer: Viewer = MANAGER, max_bytes: int = 10_000_000, **kw: int) -> Export:
    export = await store.export(1, viewer=viewer, fmt=fmt, max_bytes=max_bytes, **kw)  # type: ignore[arg-type]
    assert export is not None
    assert all(len(part.data) <= max_bytes for part in export.parts)
    return export


@pytest.mark.parametrize("fmt", ["csv", "json"])
async def test_a_small_log_is_one_plain_file_that_parses_back(store: Store, fmt: str) -> None:
    await store.start_game(1, channel_id=500, user_id=1, name='Friday, "the" game')
    logged = [await store.log_ruling(1, **ruling(text)) for text in PLAIN]
    logged.append(await store.add_note(1, channel_id=501, user_id=3, text="general"))
    logged.append(await store.log_ruling(1, **ruling("secret", private=True)))

    export = await _export(store, fmt)

    assert (export.entries, export.compressed, len(export.parts)) == (len(logged), False, 1)
    assert export.parts[0].filename == f"floorcall-server-log.{fmt}"
    assert _files(export, fmt) == [[_expected(entry, fmt) for entry in logged]]


@pytest.mark.parametrize("fmt", ["csv", "json"])
async def test_an_empty_log_is_a_header_or_an_empty_array(store: Store, fmt: str) -> None:
    export = await _export(store, fmt)
    assert export.entries == 0 and _files(export, fmt) == [[]]


async def test_csv_neutralises_formula_cells_and_json_keeps_them(store: Store) -> None:
    await store.start_game(1, channel_id=500, user_id=1, name="=cmd|' /C calc'!A0")
    for text in FORMULAS + PLAIN:
        await store.log_ruling(1, **ruling(text))

    [rows] = _files(await _export(store, "csv"), "csv")
    [records] = _files(await _export(store, "json"), "json")

    assert [row["text"] for row in rows] == ["'" + text for text in FORMULAS] + PLAIN
    assert {row["game_name"] for row in rows} == {"'=cmd|' /C calc'!A0"}
    assert [record["text"] for record in records] == FORMULAS + PLAIN
    assert {record["game_name"] for record in records} == {"=cmd|' /C calc'!A0"}


@pytest.mark.parametrize(
    ("viewer", "texts"),
    [(MANAGER, ["public", "mine", "theirs"]), (MEMBER, ["public", "mine"]), (Viewer(3, False), ["public", "theirs"])],
    ids=["manager", "author", "other member"],
)
async def test_private_rulings_are_exported_only_to_their_author_and_managers(
    store: Store, viewer: Viewer, texts: list[str]
) -> None:
    await store.log_ruling(1, **ruling("public", user_id=9))
    await store.log_ruling(1, **ruling("mine", user_id=MEMBER.user_id, private=True))
    await store.log_ruling(1, **ruling("theirs", user_id=3, private=True))

    for fmt in ("csv", "json"):
        [records] = _files(await _export(store, fmt, viewer), fmt)
        assert [record["text"] for record in records] == texts


async def test_one_game_by_number_and_no_game_is_none(store: Store) -> None:
    await store.start_game(1, channel_id=500, user_id=1, name="Friday")
    await store.log_ruling(1, **ruling("in Friday"))
    await store.end_game(1, channel_id=500)
    await store.log_ruling(1, **ruling("outside"))
    await store.start_game(2, channel_id=500, user_id=1, name="other server's")

    export = await _export(store, "csv", game_number=1)

    assert export.parts[0].filename == "floorcall-game-1.csv"
    assert [[row["text"] for row in rows] for rows in _files(export, "csv")] == [["in Friday"]]
    assert await store.export(1, viewer=MANAGER, game_number=2, fmt="csv", max_bytes=10_000) is None
    assert await store.export(3, viewer=MANAGER, game_number=1, fmt="csv", max_bytes=10_000) is None


@pytest.mark.parametrize("fmt", ["csv", "json"])
async def test_over_the_limit_it_is_zipped(store: Store, raw: Raw, fmt: str) -> None:
    texts = [f"the dealer exposed the burn card at table {n % 9}" for n in range(2000)]
    await raw.load_notes(1, texts)
    plain = await _export(store, fmt)
    limit = len(plain.parts[0].data) - 1

    export = await _export(store, fmt, max_bytes=limit)

    assert (export.compressed, export.entries, [p.filename for p in export.parts]) == (
        True,
        2000,
        ["floorcall-server-log.zip"],
    )
    assert _files(export, fmt) == _files(plain, fmt)


@pytest.mark.parametrize("fmt", ["csv", "json"])
@pytest.mark.parametrize("compressible", [False, True], ids=["random text", "repetitive text"])
async def test_still_over_it_is_split_into_parts_valid_on_their_own(
    store: Store, raw: Raw, fmt: str, compressible: bool
) -> None:
    """Random text barely compresses (the size bound is tested at its worst); repetitive text compresses a lot
    (deflate holds more back before it writes)."""
    rng = random.Random(8)
    alphabet = string.ascii_letters + string.digits + "=+-@\t\r\n\",' àé🂡"
    texts = [
        "call " * rng.randint(5, 60) if compressible else "".join(rng.choices(alphabet, k=rng.randint(5, 300)))
        for _ in range(3000)
    ]
    await raw.load_notes(1, texts)
    [everything] = _files(await _export(store, fmt), fmt)
    limit = 20_000 if not compressible else 4_096

    export = await _export(store, fmt, max_bytes=limit)
    files = _files(export, fmt)

    assert export.compressed and export.entries == 3000 and len(files) > 2
    assert [record for records in files for record in records] == everything
    assert all(records for records in files)
    # The size bound wastes little: at most what deflate may hold back (a sync-flush interval, 256 bytes at this
    # smallest limit) and one record, which for JSON's repetitive records is about a fifth of 4 KiB.
    assert all(len(part.data) > limit * 0.75 for part in export.parts[:-1])
    assert [p.filename for p in export.parts] == [f"floorcall-server-log-{n}.zip" for n in range(1, len(files) + 1)]


async def test_an_entry_larger_than_the_limit_is_refused(store: Store) -> None:
    await store.add_note(1, channel_id=1, user_id=1, text="".join(random.Random(1).choices(string.printable, k=6000)))
    with pytest.raises(ValueError, match="does not fit"):
        await store.export(1, viewer=MANAGER, fmt="json", max_bytes=4096)


async def test_a_hundred_thousand_entries_export_while_other_servers_write(store: Store, raw: Raw) -> None:
    """Others keep logging (and are acknowledged) while the export runs; it is one consistent snapshot."""
    await raw.load_notes(1, [f"flop had four cards {n}" for n in range(100_000)])
    export_task = asyncio.create_task(_export(store, "csv", max_bytes=10_000_000))
    acknowledged: list[LogEntry] = []
    answered_during_export = 0
    while not export_task.done():
        batch = (store.log_ruling(guild_id, **ruling("meanwhile")) for guild_id in range(2, 12))
        acknowledged.extend(await asyncio.gather(*batch))
        answered_during_export += not export_task.done()

    export = await export_task
    files = _files(export, "csv")
    assert export.entries == 100_000
    assert [int(row["number"]) for rows in files for row in rows] == list(range(1, 100_001))
    assert answered_during_export > 0  # an export on the event loop would finish before any of them
    assert {entry.number for entry in acknowledged if entry.guild_id == 2} == set(range(1, len(acknowledged) // 10 + 1))


@pytest.mark.backends("sqlite")
async def test_an_export_is_handed_over_part_by_part_from_a_process_of_its_own(store: Store, raw: Raw) -> None:
    """A log that needs several zips: the first is handed over while the export is still being built (the bot
    sends it and holds no more than one part), by a process that is not the bot's."""
    shuffle = random.Random(8)
    texts = ["".join(shuffle.choices(string.ascii_letters + string.digits, k=300)) for _ in range(3000)]
    await raw.load_notes(1, texts)

    async with store.export_stream(1, viewer=MANAGER, fmt="csv", max_bytes=64 * 1024) as stream:
        assert isinstance(stream, ProcessExportStream)
        first = await anext(stream)
        worker = stream._process
        assert worker is not None and worker.pid != os.getpid()
        assert not first.last and worker.returncode is None  # still building the parts after it
        rest = [streamed async for streamed in stream]

    assert rest[-1].last and not any(streamed.last for streamed in rest[:-1])
    export = Export(parts=[s.part for s in (first, *rest)], entries=stream.entries, compressed=stream.compressed)
    assert [int(row["number"]) for rows in _files(export, "csv") for row in rows] == list(range(1, 3001))


@pytest.mark.backends("sqlite")
async def test_an_export_left_early_stops_its_process(store: Store, raw: Raw) -> None:
    """The command failed sending a part, or the bot is shutting down: the worker does not run on alone."""
    shuffle = random.Random(9)
    await raw.load_notes(1, ["".join(shuffle.choices(string.ascii_letters, k=300)) for _ in range(3000)])

    with pytest.raises(RuntimeError, match="sending failed"):
        async with store.export_stream(1, viewer=MANAGER, fmt="csv", max_bytes=64 * 1024) as stream:
            await anext(stream)
            raise RuntimeError("sending failed")

    assert isinstance(stream, ProcessExportStream)
    assert stream._process is not None and stream._process.returncode is not None


async def test_parts_arrive_one_by_one_and_leaving_early_frees_the_export(store: Store, raw: Raw) -> None:
    """On either backend (SQLite's process, PostgreSQL's thread over a snapshot): the first zip is handed over
    before the last is built, and an export left early (sending failed) leaves the store writing as before."""
    shuffle = random.Random(10)
    await raw.load_notes(1, ["".join(shuffle.choices(string.ascii_letters, k=300)) for _ in range(3000)])

    async with store.export_stream(1, viewer=MANAGER, fmt="csv", max_bytes=64 * 1024) as stream:
        first = await anext(stream)
        assert not first.last and stream.parts == 1 and stream.found
        rest = [streamed async for streamed in stream]
    export = Export(parts=[s.part for s in (first, *rest)], entries=stream.entries, compressed=stream.compressed)
    assert [int(row["number"]) for rows in _files(export, "csv") for row in rows] == list(range(1, 3001))

    with pytest.raises(RuntimeError, match="sending failed"):
        async with store.export_stream(1, viewer=MANAGER, fmt="csv", max_bytes=64 * 1024) as stream:
            await anext(stream)
            raise RuntimeError("sending failed")
    assert (await store.log_ruling(1, **ruling("after"))).number == 3001
