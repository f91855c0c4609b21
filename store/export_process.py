"""An export as the bot sees it: parts arriving one by one from the export's own process (store.export_worker).

    async with store.export_stream(guild_id, viewer=..., fmt="csv", max_bytes=...) as stream:
        async for streamed in stream:
            ...send streamed.part (streamed.last says whether more follow)...
    if not stream.found: ...the server has no such game...

The bot's process holds one part at a time (the pipe makes the worker wait while a part is being sent), so
its memory does not grow with the log. Leaving the block early (an error sending, a cancelled command)
kills the worker.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sqlite3
import sys
from pathlib import Path
from types import TracebackType
from typing import Any

from .errors import StoreError, fault_of
from .export import Format, Streamed
from .models import ExportPart, Viewer

ROOT = Path(__file__).resolve().parent.parent  # where `store` is importable from, for the worker


def request(path: str, guild_id: int, *, viewer: Viewer, game_number: int | None, fmt: Format, max_bytes: int) -> bytes:
    """What the worker reads on stdin."""
    asked = {
        "path": path,
        "guild_id": guild_id,
        "viewer": {"user_id": viewer.user_id, "manager": viewer.manager},
        "game_number": game_number,
        "fmt": fmt,
        "max_bytes": max_bytes,
    }
    return json.dumps(asked).encode()


class ExportStream:
    """The parts of one export, as the worker finishes them; then `found`, `entries`, `compressed`, `parts`."""

    def __init__(self, path: str, asked: bytes) -> None:
        self._path, self._asked = path, asked
        self._process: asyncio.subprocess.Process | None = None
        self.found = False  # the server has the game (a server log is always found once it has a part)
        self.entries = 0
        self.compressed = False
        self.parts = 0
        self._done = False

    async def __aenter__(self) -> ExportStream:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))}
        self._process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "store.export_worker",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=env,
        )
        assert self._process.stdin is not None
        self._process.stdin.write(self._asked)
        self._process.stdin.close()
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        process = self._process
        if process is None:
            return
        if process.returncode is None and not self._done:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
        await process.wait()

    def __aiter__(self) -> ExportStream:
        return self

    async def __anext__(self) -> Streamed:
        assert self._process is not None and self._process.stdout is not None
        if self._done:
            raise StopAsyncIteration
        line = await self._process.stdout.readline()
        if not line:
            await self._finish()
            raise StopAsyncIteration
        said: dict[str, Any] = json.loads(line)
        if "filename" not in said:
            await self._finish()
            raise self._refusal(said)
        data = await self._process.stdout.readexactly(said["size"])
        self.found, self.parts = True, self.parts + 1
        self.entries, self.compressed = said["entries"], said["compressed"]
        if said["last"]:
            self._done = True
            await self._process.wait()
        return Streamed(ExportPart(said["filename"], data), said["last"], said["entries"], said["compressed"])

    async def _finish(self) -> None:
        """The worker stopped talking: it said everything (no such game), or it failed."""
        assert self._process is not None and self._process.stderr is not None
        self._done = True
        status = await self._process.wait()
        if status not in (0, 1):
            complaint = (await self._process.stderr.read()).decode(errors="replace").strip().splitlines()
            raise StoreError(f"the export process failed (status {status}): {complaint[-1] if complaint else ''}")

    def _refusal(self, said: dict[str, Any]) -> Exception:
        if "refused" in said:
            return ValueError(said["refused"])
        error = sqlite3.OperationalError(said.get("message", "export failed"))
        if said.get("sqlite") is not None:
            error.sqlite_errorcode = int(said["sqlite"])  # as SQLite said it in the worker, for fault_of
        return fault_of(error, self._path, reading=True) or StoreError(f"the export failed: {error}")
