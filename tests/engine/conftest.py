"""One engine for the whole engine test package: loading it is the only slow part."""

import pytest

from rules_engine import Engine


@pytest.fixture(scope="session")
def engine() -> Engine:
    return Engine.load()
