"""The export's own process: `python -m store.export_worker` builds an export and writes its parts to stdout.

Why a process: building a log export is pure-Python work (CSV or JSON per row) that, in a thread of the bot,
holds the GIL away from the event loop: other servers' rulings then waited hundreds of milliseconds during a
big export. Here it runs beside the bot, at a lower priority (nice), and the bot only passes the parts on.

The request is one JSON object on stdin (see `store.export_process.request`). The answer on stdout is, for
each part as soon as it is closed, one JSON line (`filename`, `size`, `last`, `entries`, `compressed`) and
then `size` bytes; nothing at all when the server has no such game. A refusal is one JSON line instead
(`sqlite`: SQLite's result code and message, or `refused`: why the export cannot be made) and exit status 1.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from typing import Any, BinaryIO

from .export import ExportRequest, stream_log
from .models import Viewer
from .sqlite import file_snapshot

NICENESS = 10  # the bot's process first: an export may take a few seconds more, a ruling may not


def main(stdin: BinaryIO, stdout: BinaryIO) -> int:
    asked = json.loads(stdin.read())
    os.nice(NICENESS)
    try:
        with file_snapshot(asked["path"]) as snapshot:
            for streamed in stream_log(snapshot, _request(asked)):
                part = streamed.part
                header = {
                    "filename": part.filename,
                    "size": len(part.data),
                    "last": streamed.last,
                    "entries": streamed.entries,
                    "compressed": streamed.compressed,
                }
                stdout.write(json.dumps(header).encode() + b"\n" + part.data)
                stdout.flush()
    except sqlite3.Error as error:
        _say(stdout, {"sqlite": getattr(error, "sqlite_errorcode", None), "message": str(error)})
        return 1
    except ValueError as error:
        _say(stdout, {"refused": str(error)})
        return 1
    return 0


def _request(asked: dict[str, Any]) -> ExportRequest:
    """The request `store.export_process.request` wrote."""
    return ExportRequest(
        guild_id=asked["guild_id"],
        viewer=Viewer(**asked["viewer"]),
        game_number=asked["game_number"],
        fmt=asked["fmt"],
        max_bytes=asked["max_bytes"],
    )


def _say(stdout: BinaryIO, message: dict[str, object]) -> None:
    stdout.write(json.dumps(message).encode() + b"\n")
    stdout.flush()


if __name__ == "__main__":
    try:
        sys.exit(main(sys.stdin.buffer, sys.stdout.buffer))
    except BrokenPipeError:  # the bot stopped listening (the export was cancelled): nothing left to say
        sys.exit(1)
