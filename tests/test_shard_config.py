"""SHARD_COUNT, SHARD_IDS and DATABASE_URL: read, checked, and the formula that routes a server to a shard."""

from __future__ import annotations

import pytest

import bot as floorbot
from shards import parse_shard_ids, shard_of, spelled, split

URL = "postgresql://floorcall@db.example/floorcall"


@pytest.mark.parametrize(
    ("env", "count", "ids"),
    [
        ({}, None, None),
        ({"SHARD_COUNT": "4"}, 4, None),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0-3"}, 4, (0, 1, 2, 3)),
        ({"SHARD_COUNT": "8", "SHARD_IDS": " 6, 0-1 ,3", "DATABASE_URL": URL}, 8, (0, 1, 3, 6)),
    ],
)
def test_shards_are_read(env: dict[str, str], count: int | None, ids: tuple[int, ...] | None) -> None:
    config = floorbot.Config.from_env(env)
    assert (config.shard_count, config.shard_ids) == (count, ids)


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "0"}, "whole number from 1"),
        ({"SHARD_COUNT": "two"}, "whole number from 1"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "2-5", "DATABASE_URL": URL}, "shard 4 does not exist"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0-2,1", "DATABASE_URL": URL}, "shard 1 is listed twice"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "3-1", "DATABASE_URL": URL}, "runs backwards"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "a", "DATABASE_URL": URL}, "not a shard id"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0-1"}, "set DATABASE_URL"),
        ({"DATABASE_URL": "mysql://x/y"}, "must start with postgresql://"),
    ],
)
def test_bad_shards_or_url_are_explained(env: dict[str, str], says: str) -> None:
    with pytest.raises(floorbot.ConfigError, match=says):
        floorbot.Config.from_env(env)


def test_the_database_is_the_url_when_there_is_one() -> None:
    assert floorbot.Config.from_env({"DATABASE_PATH": "x.db"}).database == "x.db"
    assert floorbot.Config.from_env({"DATABASE_PATH": "x.db", "DATABASE_URL": URL}).database == URL


def test_the_bot_runs_the_configured_shards() -> None:
    from cogs.core import FloorBot

    config = floorbot.Config.from_env({"SHARD_COUNT": "4", "SHARD_IDS": "2-3", "DATABASE_URL": URL})
    bot = FloorBot(config)
    assert (bot.shard_count, bot.shard_ids) == (4, [2, 3])


def test_discords_formula() -> None:
    """A snowflake's top bits are its time: shifted out, the rest spreads servers over the shards."""
    assert shard_of(81384788765712384, 1) == 0
    assert shard_of(81384788765712384, 2) == (81384788765712384 >> 22) % 2
    assert {shard_of((n << 22) | 12345, 3) for n in range(6)} == {0, 1, 2}


@pytest.mark.parametrize(
    ("count", "processes", "ranges"),
    [(4, 2, ["0-1", "2-3"]), (5, 2, ["0-2", "3-4"]), (16, 3, ["0-5", "6-10", "11-15"]), (1, 1, ["0"])],
)
def test_split_into_contiguous_ranges(count: int, processes: int, ranges: list[str]) -> None:
    split_ranges = split(count, processes)
    assert [spelled(ids) for ids in split_ranges] == ranges
    assert [shard for ids in split_ranges for shard in ids] == list(range(count))
    assert [parse_shard_ids(spelled(ids), count) for ids in split_ranges] == split_ranges


def test_spelled_round_trips() -> None:
    assert spelled((0, 1, 2, 5, 7, 8)) == "0-2,5,7-8"
    assert parse_shard_ids("0-2,5,7-8", 9) == (0, 1, 2, 5, 7, 8)


def test_more_processes_than_shards_is_refused() -> None:
    with pytest.raises(ValueError, match="3 processes cannot share 2 shards"):
        split(2, 3)
