"""Child process for the start-up fault tests: opens the store at argv[1] and prints, as JSON, whether it
opened or how it was refused. The tests run it as an unprivileged user when they run as root, because root
ignores the file permissions those faults are about."""

from __future__ import annotations

import asyncio
import json
import sys

from store import Store, StoreUnusable


async def main(path: str) -> None:
    try:
        store = await Store.open(path)
    except StoreUnusable as refused:
        print(json.dumps({"refused": str(refused), "path": refused.path, "problem": refused.problem}))
        return
    await store.close()
    print(json.dumps({"opened": True}))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
