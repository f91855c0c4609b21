"""Log exports that fit Discord's attachment limit, built off the event loop from their own connection.

`stream_log` builds an export over a snapshot of its own, where it cannot hold up anyone: SQLite runs it in a
process of its own (store.export_worker, started by `SQLiteDatabase.export_stream`) on a read-only connection
inside one read transaction (WAL readers never block the writer, and the export's pure-Python encoding never
holds the bot's GIL); PostgreSQL runs it in a worker thread over one repeatable-read transaction on a pooled
connection, its rows fetched in chunks by a cursor. Either way every other server keeps logging while a big
log is exported. Rows are streamed from the cursor and encoded once each; what is held is at most one plain
file's worth of encoded records (while it may still fit), then the zip being filled: each part is handed over
as soon as it is closed, never the log as objects nor all its parts at once.

What fits `max_bytes` (Discord's attachment limit): the file as is; else one zip holding it; else several
zips, each at most `max_bytes` and each holding a file that is valid on its own (a CSV with its header, a
JSON array), so no part needs another to be read. Measured by `bench/store.py` on 100,000 entries made of
the engine's test situations (78 characters on average, snowflake ids): CSV 233 bytes an entry, JSON 412,
and zipped 35 and 40 (zip shrinks the log 6–10 times), so one file holds about

    limit     CSV plain   CSV zipped   JSON plain   JSON zipped
    10 MiB      45,000      295,000      25,000       260,000    entries
    25 MiB     112,000      740,000      63,000       650,000    entries

and a larger log comes as several zips of that size. Exporting 100,000 entries takes about 2 s in its
thread and peaks at about 22 MiB of Python memory (one plain file's worth of records, then the zips). The
thread still shares the GIL: other servers' rulings meanwhile waited 10–20 ms at worst (about 50 ms when
both cores were also busy with other processes), against 5–15 ms without an export.

The ledger's buy-ins and cash-outs are rows of the same file, in number order among the rulings and notes
(kind `buyin`/`cashout`, the player in `player` or `player_user_id`, the amount as exact decimal text such
as "12.50", who undid it in `removed_by`/`removed_at`); those columns are empty for rulings and notes.

A CSV file starts with a UTF-8 byte-order mark, so that Excel (the spreadsheet the neutralisation below is
for) reads it as UTF-8 instead of showing accents and emoji as mojibake; each part of a split export has its
own. CSV cells are neutralised against formula injection: a cell that starts with `=`, `+`, `-`, `@`, a tab or a
carriage return (what a spreadsheet would run as a formula, e.g. `=HYPERLINK(...)`) gets a leading
apostrophe, which spreadsheets show as text. Our own values (numbers, dates, tokens) never start that way,
so only typed text is ever changed. JSON keeps every text exactly as it was typed. CSV cannot tell NULL
from an empty string, so NULL columns become empty cells; JSON keeps null.
"""

from __future__ import annotations

import codecs
import csv
import io
import itertools
import json
import struct
import zlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, Protocol

from ledger.amounts import from_cents

from .database import Snapshot
from .house import EXPORT_COLUMNS
from .ledger import MONEY_EXPORT_COLUMNS, money_rows
from .models import ExportPart, Viewer
from .sql import GAME_EXISTS, entries_query, game_filter, visible_to

Format = Literal["csv", "json"]

# The exported columns and where each comes from (over `e`, the entry, and `g`, its game). Users' numbers
# only: the internal ids would reveal other servers' counts.
COLUMNS: dict[str, str] = {
    "number": "e.number",
    "created_at": "e.created_at",
    "game_number": "g.number",
    "game_name": "g.name",
    "channel_id": "e.channel_id",
    "user_id": "e.user_id",
    "kind": "e.kind",
    "text": "e.text",
    "status": "e.status",
    "rule_id": "e.rule_id",
    "outcome": "e.outcome",
    "rulebook": "e.rulebook",
    "private": "e.private",
    # The ledger's columns (store/ledger.py fills them for buy-ins and cash-outs; empty for the rest): the
    # guest or the member it is for, the amount as exact decimal text, and who undid it, when.
    "player": "NULL",
    "player_user_id": "NULL",
    "amount": "NULL",
    "removed_by": "NULL",
    "removed_at": "NULL",
    **EXPORT_COLUMNS,  # the house rule a ruling applied and the floor's decision on it (store/house.py)
}
_PRIVATE = list(COLUMNS).index("private")
_AMOUNT = list(COLUMNS).index("amount")
MIN_BYTES = 4096
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

# Bytes a zip adds around the compressed data besides the file name (twice): local header (30), central
# directory entry (46), end record (22); plus room for a part number in the name and deflate's last bits.
_ZIP_FRAMING = 128


@dataclass(frozen=True, slots=True)
class Streamed:
    """One finished part, handed over as soon as it is closed: whether it is the `last`, and then how many
    `entries` the export holds and whether it was `compressed`."""

    part: ExportPart
    last: bool
    entries: int
    compressed: bool


@dataclass(frozen=True, slots=True)
class ExportRequest:
    """What to export: the log `viewer` may read, of one game (`game_number`) or of the whole server, as `fmt`
    files of at most `max_bytes`."""

    guild_id: int
    viewer: Viewer
    game_number: int | None
    fmt: Format
    max_bytes: int


def stream_log(snapshot: Snapshot, asked: ExportRequest) -> Iterator[Streamed]:
    """The entries `asked.viewer` may read, oldest first, as parts of at most `asked.max_bytes`, each yielded as
    soon as it is closed (so at most one part is held, whatever the size of the log); nothing at all if the
    server has no game `asked.game_number`. Blocking: run it in a process of its own (store.export_worker) or a
    worker thread."""
    guild_id, viewer, game_number, fmt, max_bytes = (
        asked.guild_id,
        asked.viewer,
        asked.game_number,
        asked.fmt,
        asked.max_bytes,
    )
    if max_bytes < MIN_BYTES:
        raise ValueError(f"max_bytes must be at least {MIN_BYTES} (Discord's attachment limit is megabytes)")
    params = {**visible_to(viewer), "guild_id": guild_id, "game_number": game_number}
    which = game_filter(game_number)
    money = ", ".join(MONEY_EXPORT_COLUMNS[name] for name in COLUMNS)
    query = f"{entries_query(which, ', '.join(COLUMNS.values()))} UNION ALL {money_rows(which, money)} ORDER BY 1"
    name = "floorcall-server-log" if game_number is None else f"floorcall-game-{game_number}"
    if game_number is not None and snapshot.first(GAME_EXISTS, params) is None:
        return
    encoding = _ENCODINGS[fmt]()
    records = (encoding.record(row) for row in snapshot.rows(query, params))
    taken, all_fit = _while_it_fits(records, encoding, max_bytes)
    if all_fit:
        data = encoding.head + encoding.separator.join(taken) + encoding.tail
        yield Streamed(ExportPart(f"{name}.{fmt}", data), last=True, entries=len(taken), compressed=False)
        return
    yield from _zipped(itertools.chain(taken, records), encoding, max_bytes, name, fmt)


class _Encoding(Protocol):
    """How one file format frames its records: `head`, records joined by `separator`, then `tail`."""

    head: bytes
    separator: bytes
    tail: bytes

    def record(self, row: Sequence[Any]) -> bytes: ...


class _Csv:
    separator = b""
    tail = b""

    def __init__(self) -> None:
        self._buffer = io.StringIO(newline="")
        self._writer = csv.writer(self._buffer)
        self.head = codecs.BOM_UTF8 + self._line(list(COLUMNS))

    def record(self, row: Sequence[Any]) -> bytes:
        cells = [_neutralised(value) for value in _with_amount(row)]
        cells[_PRIVATE] = "true" if row[_PRIVATE] else "false"
        return self._line(cells)

    def _line(self, cells: Iterable[Any]) -> bytes:
        """RFC 4180: quoting keeps commas, quotes and newlines inside cells."""
        self._buffer.seek(0)
        self._buffer.truncate()
        self._writer.writerow(cells)
        return self._buffer.getvalue().encode("utf-8")


class _Json:
    head = b"[\n"
    separator = b",\n"
    tail = b"\n]\n"

    def record(self, row: Sequence[Any]) -> bytes:
        values = dict(zip(COLUMNS, _with_amount(row), strict=True))
        values["private"] = bool(values["private"])
        return json.dumps(values, ensure_ascii=False).encode("utf-8")


_ENCODINGS: dict[Format, type[_Csv] | type[_Json]] = {"csv": _Csv, "json": _Json}


def _with_amount(row: Sequence[Any]) -> list[Any]:
    """The row with its amount (stored in cents) as exact decimal text, "50.00": never a float."""
    values = list(row)
    if values[_AMOUNT] is not None:
        values[_AMOUNT] = str(from_cents(values[_AMOUNT]))
    return values


def _neutralised(value: object) -> object:
    """A text cell a spreadsheet would run as a formula, made plain text with a leading apostrophe."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _while_it_fits(records: Iterator[bytes], encoding: _Encoding, max_bytes: int) -> tuple[list[bytes], bool]:
    """Records taken from `records` while a plain file of them fits `max_bytes`, the first that does not
    included; and whether they all fit. If not, the caller zips these and the rest: nothing encoded twice."""
    taken: list[bytes] = []
    size = len(encoding.head) + len(encoding.tail)
    for record in records:
        size += len(record) + (len(encoding.separator) if taken else 0)
        taken.append(record)
        if size > max_bytes:
            return taken, False
    return taken, True


class _ZipPart:
    """One zip holding one file, compressed as records arrive, with an upper bound of its final size.

    Deflate holds input back before it writes, so the size so far says little about the size at the end. The
    bound counts what is written plus what was given since the last sync flush as if it were stored (deflate
    never does worse than stored blocks, 5 bytes of header each), and a sync flush every `flush_every`
    bytes keeps that margin small (about 1/64 of the limit). The zip is framed by hand (`_zip`) because the
    zipfile module cannot flush its compressor."""

    def __init__(self, encoding: _Encoding, max_bytes: int, name: str) -> None:
        self._encoding = encoding
        self._compressor = zlib.compressobj(zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, -zlib.MAX_WBITS)
        self._out = io.BytesIO()
        self._crc = 0
        self._size = 0
        self._held = 0  # input given since the last sync flush
        self._flush_every = max(max_bytes // 64, 256)
        self._framing = 2 * len(name.encode("utf-8")) + _ZIP_FRAMING
        self.entries = 0
        self._write(encoding.head)

    def size_with(self, record: bytes) -> int:
        """An upper bound of the closed zip's size if `record` were added."""
        held = self._held + len(self._encoding.separator) + len(record) + len(self._encoding.tail)
        return self._out.tell() + held + 5 * (held // 16_000 + 2) + self._framing

    def add(self, record: bytes) -> None:
        self._write(self._encoding.separator + record if self.entries else record)
        self.entries += 1

    def close(self, inner_name: str) -> bytes:
        self._write(self._encoding.tail)
        self._out.write(self._compressor.flush())
        return _zip(inner_name, self._out.getvalue(), self._crc, self._size)

    def _write(self, data: bytes) -> None:
        self._crc = zlib.crc32(data, self._crc)
        self._size += len(data)
        self._out.write(self._compressor.compress(data))
        self._held += len(data)
        if self._held >= self._flush_every:
            self._out.write(self._compressor.flush(zlib.Z_SYNC_FLUSH))
            self._held = 0


def _zip(name: str, deflated: bytes, crc: int, size: int) -> bytes:
    """A zip archive of one deflated file (PKWARE APPNOTE 4.3: local header, data, central directory, end)."""
    encoded = name.encode("utf-8")
    now = datetime.now()
    dos_time = now.hour << 11 | now.minute << 5 | now.second // 2
    dos_date = (now.year - 1980) << 9 | now.month << 5 | now.day
    # version needed 2.0, flag bit 11 = UTF-8 name, method 8 = deflate
    common = struct.pack("<HHHHHIII", 20, 0x0800, 8, dos_time, dos_date, crc, len(deflated), size)
    local = struct.pack("<I", 0x04034B50) + common + struct.pack("<HH", len(encoded), 0) + encoded
    central = (
        struct.pack("<IH", 0x02014B50, 20)
        + common
        + struct.pack("<HHHHHII", len(encoded), 0, 0, 0, 0, 0, 0)  # name, extra, comment, disk, attrs, offset
        + encoded
    )
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 1, 1, len(central), len(local) + len(deflated), 0)
    return local + deflated + central + end


def _zipped(
    records: Iterable[bytes], encoding: _Encoding, max_bytes: int, name: str, fmt: Format
) -> Iterator[Streamed]:
    """Zips of at most `max_bytes` each, yielded as each is closed: `name.zip` holding `name.fmt` if one is
    enough, else `name-1.zip` holding `name-1.fmt`, `name-2.zip`, and so on (a zip is closed only when the
    next record needs another, so by then its name is known)."""
    part = _ZipPart(encoding, max_bytes, name)
    entries = closed = 0
    for record in records:
        if part.entries and part.size_with(record) > max_bytes:
            closed += 1
            data = part.close(f"{name}-{closed}.{fmt}")
            yield Streamed(ExportPart(f"{name}-{closed}.zip", data), last=False, entries=entries, compressed=True)
            part = _ZipPart(encoding, max_bytes, name)
        if not part.entries and part.size_with(record) > max_bytes:
            raise ValueError(f"an entry of {len(record)} bytes alone does not fit in {max_bytes} bytes")
        part.add(record)
        entries += 1
    final = name if not closed else f"{name}-{closed + 1}"
    data = part.close(f"{final}.{fmt}")
    yield Streamed(ExportPart(f"{final}.zip", data), last=True, entries=entries, compressed=True)
