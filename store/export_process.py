"""An export as the bot sees it: parts arriving one by one, as they are closed, from wherever the backend builds
them (SQLite: the export's own process, store.export_worker; PostgreSQL: a worker thread over a snapshot).

    async with store.export_stream(guild_id, viewer=..., fmt="csv", max_bytes=...) as stream:
        async for streamed in stream:
            ...send streamed.part (streamed.last says whether more follow)...
    if not stream.found: ...the server has no such game...

The bot's process holds one part at a time (the pipe, or the thread's generator, makes the builder wait while a
part is being sent), so its memory does not grow with the log. Leaving the block early (an error sending, a
cancelled command) stops the builder: the process is killed, the snapshot closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sqlite3
import sys
from collections.abc import Awaitable, Callable, Iterator
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from types import TracebackType
from typing import Any

from .database import Snapshot
from .errors import StoreError, fault_of
from .export import ExportRequest, Streamed, stream_log
from .models import ExportPart

ROOT = Path(__file__).resolve().parent.parent  # where `store` is importable from, for the worker


class ExportStream:
    """The parts of one export, as they are finished; then `found`, `entries`, `compressed`, `parts`."""

    def __init__(self) -> None:
        self.found = False  # the server has the game (a server log is always found once it has a part)
        self.entries = 0
        self.compressed = False
        self.parts = 0

    async def __aenter__(self) -> ExportStream:
        raise NotImplementedError

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> bool | None:
        raise NotImplementedError

    def __aiter__(self) -> ExportStream:
        return self

    async def __anext__(self) -> Streamed:
        streamed = await self._next()
        if streamed is None:
            raise StopAsyncIteration
        self.found, self.parts = True, self.parts + 1
        self.entries, self.compressed = streamed.entries, streamed.compressed
        return streamed

    async def _next(self) -> Streamed | None:
        """The next finished part; None once there are no more."""
        raise NotImplementedError


def request(path: str, asked: ExportRequest) -> bytes:
    """What the worker reads on stdin."""
    said = {
        "path": path,
        "guild_id": asked.guild_id,
        "viewer": {"user_id": asked.viewer.user_id, "manager": asked.viewer.manager},
        "game_number": asked.game_number,
        "fmt": asked.fmt,
        "max_bytes": asked.max_bytes,
    }
    return json.dumps(said).encode()


class ProcessExportStream(ExportStream):
    """SQLite's: the export built by `python -m store.export_worker` from the file at `path`. `look` runs first
    (the backend's check that the file is still the one it opened)."""

    def __init__(self, path: str, asked: ExportRequest, look: Callable[[], Awaitable[None]]) -> None:
        super().__init__()
        self._path, self._asked, self._look = path, request(path, asked), look
        self._process: asyncio.subprocess.Process | None = None
        self._done = False

    async def __aenter__(self) -> ProcessExportStream:
        await self._look()
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

    async def _next(self) -> Streamed | None:
        assert self._process is not None and self._process.stdout is not None
        if self._done:
            return None
        line = await self._process.stdout.readline()
        if not line:
            await self._finish()
            return None
        said: dict[str, Any] = json.loads(line)
        if "filename" not in said:
            await self._finish()
            raise self._refusal(said)
        data = await self._process.stdout.readexactly(said["size"])
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


class ThreadExportStream(ExportStream):
    """PostgreSQL's: `stream_log` stepped in a worker thread over the snapshot `opened` holds open meanwhile (its
    exit says a broken connection in the store's words)."""

    def __init__(self, opened: AbstractAsyncContextManager[Snapshot], asked: ExportRequest) -> None:
        super().__init__()
        self._opened, self._asked = opened, asked
        self._parts: Iterator[Streamed] | None = None

    async def __aenter__(self) -> ThreadExportStream:
        snapshot = await self._opened.__aenter__()
        self._parts = stream_log(snapshot, self._asked)
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> bool | None:
        if self._parts is not None:
            await asyncio.to_thread(_close, self._parts)
        return await self._opened.__aexit__(kind, error, trace)

    async def _next(self) -> Streamed | None:
        assert self._parts is not None
        return await asyncio.to_thread(next, self._parts, None)


def _close(parts: Iterator[Streamed]) -> None:
    close = getattr(parts, "close", None)
    if close is not None:
        close()
