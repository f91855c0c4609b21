"""Fixtures for the store tests: every test runs on SQLite and on PostgreSQL unless it is marked
`@pytest.mark.backends("sqlite")` (or "postgres") because what it checks exists on one backend only.

`location` is the database a test's store opens (a fresh SQLite file, or a fresh database on the session's
PostgreSQL server), `store` the store opened on it, `raw` plain SQL around the store (`tests/store/raw.py`).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from raw import Raw

from store import Store

BACKENDS = ("sqlite", "postgres")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "backends(*names): run this store test on these backends only")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        marker = metafunc.definition.get_closest_marker("backends")
        names = marker.args if marker is not None else BACKENDS
        metafunc.parametrize("backend", names, indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "floorcall.db"


@pytest.fixture
def location(backend: str, request: pytest.FixtureRequest) -> str:
    """Where the test's database is: an SQLite path or a PostgreSQL URL."""
    if backend == "sqlite":
        return str(request.getfixturevalue("db_path"))
    url: str = request.getfixturevalue("pg_url")
    return url


@pytest.fixture
def raw(backend: str, location: str) -> Raw:
    return Raw(backend, location)


@pytest.fixture
async def store(location: str) -> AsyncIterator[Store]:
    opened = await Store.open(location)
    yield opened
    await opened.close()
