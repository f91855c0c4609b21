"""PostgreSQL's faults: refused at start in one line naming the URL (never its password) and the fix; a server
that goes away while the bot runs is StoreUnavailable for those calls, and the store carries on once it is
back (the pool reconnects)."""

from __future__ import annotations

from pathlib import Path

import pytest
from store_helpers import EVERYONE, ruling

from store import Store, StoreUnavailable, StoreUnusable
from tests.postgres_cluster import Cluster

pytestmark = pytest.mark.backends("postgres")
SECRET = "s3cret-Pa55"


def _one_line(error: StoreUnusable | StoreUnavailable, shown: str) -> str:
    line = str(error)
    assert "\n" not in line and line.startswith(f"{shown}: ") and "Fix: " in line
    assert SECRET not in line and SECRET not in error.path and error.path == shown
    return line


async def test_no_server_there_is_refused_naming_the_url_without_its_password(tmp_path: Path) -> None:
    url = f"postgresql://floorcall:{SECRET}@/floorcall?host={tmp_path}&port=5999"
    with pytest.raises(StoreUnusable) as refused:
        await Store.open(url)
    line = _one_line(refused.value, f"postgresql://floorcall@/floorcall?host={tmp_path}&port=5999")
    assert "no PostgreSQL server answers there" in line and "start PostgreSQL" in line


async def test_a_password_in_the_query_is_not_shown_either(tmp_path: Path) -> None:
    url = f"postgresql:///floorcall?host={tmp_path}&user=floorcall&password={SECRET}"
    with pytest.raises(StoreUnusable) as refused:
        await Store.open(url)
    _one_line(refused.value, f"postgresql:///floorcall?host={tmp_path}&user=floorcall")


async def test_a_missing_database_is_refused_with_the_command_that_creates_it(pg_cluster: Cluster) -> None:
    url = pg_cluster.url("no_such_log")
    with pytest.raises(StoreUnusable) as refused:
        await Store.open(url)
    line = _one_line(refused.value, url)
    assert "no_such_log does not exist" in line and "createdb" in line


async def test_a_url_that_cannot_be_read_is_refused() -> None:
    url = "postgresql://floorcall@localhost:notaport/floorcall"
    with pytest.raises(StoreUnusable) as refused:
        await Store.open(url)
    assert "postgresql://user:password@host:5432/database" in _one_line(refused.value, url)


async def test_a_server_that_goes_away_and_comes_back(own_cluster: Cluster) -> None:
    url = own_cluster.create_database("floorcall")
    store = await Store.open(url)
    try:
        before = await store.log_ruling(1, **ruling("before"))
        own_cluster.halt()
        with pytest.raises(StoreUnavailable) as writing:
            await store.log_ruling(1, **ruling("while it is down"))
        with pytest.raises(StoreUnavailable) as reading:
            await store.log_page(1, viewer=EVERYONE)
        own_cluster.resume()
        after = await store.log_ruling(1, **ruling("after"))  # the pool connects again by itself
        logged = [e.text for e in reversed((await store.log_page(1, viewer=EVERYONE)).entries)]
    finally:
        await store.close()

    for unavailable in (writing.value, reading.value):
        assert "cannot be reached" in _one_line(unavailable, url)
    assert logged == ["before", "after"] and after.number == before.number + 1
