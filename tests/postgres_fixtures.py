"""pytest fixtures for a real PostgreSQL server (`tests.postgres_cluster`), one per test session.

When PostgreSQL cannot be started here, the tests that need it fail if CI is set (or
FLOORCALL_REQUIRE_POSTGRES=1), else they are skipped and the run ends with a banner saying so: the suite
never passes quietly without its PostgreSQL half.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator

import pytest

from tests.postgres_cluster import Cluster, PostgresMissing

_missing: list[str] = []
_names = itertools.count(1)


def _required() -> bool:
    return bool(os.environ.get("CI") or os.environ.get("FLOORCALL_REQUIRE_POSTGRES"))


def _cluster() -> Iterator[Cluster]:
    """A started server, stopped afterwards; a skip (or, where required, a failure) if none can start."""
    try:
        cluster = Cluster.start()
    except (PostgresMissing, RuntimeError) as missing:
        _missing.append(str(missing))
        if _required():
            pytest.fail(f"PostgreSQL is required here and cannot be started: {missing}", pytrace=False)
        pytest.skip(f"PostgreSQL cannot be started: {missing}")
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """A PostgreSQL server for the whole session, in a temporary folder, stopped at the end."""
    yield from _cluster()


@pytest.fixture
def own_cluster() -> Iterator[Cluster]:
    """A server of one test's own, for tests that stop and start it."""
    yield from _cluster()


@pytest.fixture
def pg_url(pg_cluster: Cluster) -> Iterator[str]:
    """A fresh, empty database for one test; dropped afterwards."""
    name = f"floorcall_test_{next(_names)}"
    yield pg_cluster.create_database(name)
    pg_cluster.drop_database(name)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _missing:
        terminalreporter.section("PostgreSQL MISSING", sep="!", red=True, bold=True)
        terminalreporter.write_line(f"The PostgreSQL tests did not run: {_missing[0]}", red=True, bold=True)
        terminalreporter.write_line("CI fails in this case; install PostgreSQL to run them here too.", red=True)
