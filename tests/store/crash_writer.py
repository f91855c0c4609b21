"""Child process for the durability tests: logs rulings forever and prints `id text` after each ack.

Run as `python crash_writer.py LOCATION [--keep-going]` (an SQLite path or a PostgreSQL URL); the test SIGKILLs
it mid-stream. Several writers run at once so that kills land inside group-committed batches (SQLite) or while
several pooled transactions are committing (PostgreSQL), not just between single writes. With --keep-going a
refused write (the store's fault: the file changed under it) is not acknowledged and the writer tries again,
as the bot keeps taking commands, until it is killed.
"""

from __future__ import annotations

import asyncio
import sys

from store_helpers import ruling

from store import Store, StoreFault

WRITERS = 8


async def main(location: str, keep_going: bool) -> None:
    store = await Store.open(location)

    async def writer(guild_id: int) -> None:
        n = 0
        while True:
            text = f"{guild_id}-{n}"
            n += 1
            try:
                entry = await store.log_ruling(guild_id, **ruling(text))
            except StoreFault:
                if not keep_going:
                    raise
                await asyncio.sleep(0.01)
                continue
            print(entry.id, text, flush=True)

    try:
        await asyncio.gather(*(writer(guild_id) for guild_id in range(1, WRITERS + 1)))
    finally:
        await store.close()  # if a write fails, exit (the test reports it) rather than hang on the open file


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], "--keep-going" in sys.argv[2:]))
