"""Log entries as CSV or JSON files, text byte-exact (no escaping, no truncation).

CSV cannot tell NULL from an empty string, so NULL columns become empty cells; JSON keeps null.
Spreadsheet formula injection is not neutralised (e.g. a cell starting with "="), because the
export promises the text exactly as it was typed: open the CSV as data, not as a formula sheet.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from dataclasses import asdict
from typing import Any

from .models import LogEntry

FIELDS: tuple[str, ...] = (
    "id",
    "created_at",
    "game_id",
    "game_name",
    "channel_id",
    "user_id",
    "kind",
    "text",
    "status",
    "rule_id",
    "outcome",
    "rulebook",
)


def _record(entry: LogEntry) -> dict[str, Any]:
    values = asdict(entry)
    values["created_at"] = entry.created_at.isoformat()
    return {name: values[name] for name in FIELDS}


def to_csv(entries: Iterable[LogEntry]) -> bytes:
    """UTF-8 CSV with a header row; RFC 4180 quoting keeps newlines and quotes inside cells."""
    buffer = io.StringIO(newline="")
    writer = csv.DictWriter(buffer, fieldnames=FIELDS)
    writer.writeheader()
    writer.writerows(_record(entry) for entry in entries)
    return buffer.getvalue().encode("utf-8")


def to_json(entries: Iterable[LogEntry]) -> bytes:
    """UTF-8 JSON array of objects, one per entry, ids as numbers."""
    return json.dumps([_record(entry) for entry in entries], ensure_ascii=False, indent=1).encode("utf-8")
