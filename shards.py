"""Which shard process serves which servers: Discord's formula, and the SHARD_IDS spelling.

A bot in more than 2,500 servers must split its gateway connection into shards; Discord sends each server's
events on shard `(guild_id >> 22) % shard_count` only. `SHARD_COUNT` is the total, `SHARD_IDS` the shards this
process runs (`0-3`, `4,5,7`; all of them when unset), so N processes with disjoint ranges serve every server
once, and share one PostgreSQL database (DATABASE_URL). `launcher.py` starts such a set on one machine.
"""

from __future__ import annotations

import re

_RANGE = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$")


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord sends this server's events on."""
    return (guild_id >> 22) % shard_count


def parse_shard_ids(raw: str, shard_count: int) -> tuple[int, ...]:
    """`0-3,7` -> (0, 1, 2, 3, 7); ValueError saying what is wrong (out of range, repeated, unreadable)."""
    ids: list[int] = []
    for part in raw.split(","):
        match = _RANGE.match(part)
        if match is None:
            raise ValueError(f"{part.strip()!r} is not a shard id or a range like 0-3")
        first, last = int(match[1]), int(match[2] or match[1])
        if last < first:
            raise ValueError(f"the range {first}-{last} runs backwards")
        ids.extend(range(first, last + 1))
    outside = sorted({shard for shard in ids if shard >= shard_count})
    if outside:
        last = shard_count - 1
        raise ValueError(f"shard {outside[0]} does not exist: with SHARD_COUNT={shard_count} they are 0-{last}")
    repeated = sorted({shard for shard in ids if ids.count(shard) > 1})
    if repeated:
        raise ValueError(f"shard {repeated[0]} is listed twice")
    return tuple(sorted(ids))


def spelled(ids: tuple[int, ...]) -> str:
    """The SHARD_IDS spelling of consecutive ids: (0, 1, 2, 5) -> `0-2,5`."""
    parts: list[str] = []
    start = previous = None
    for shard in (*ids, None):
        if shard is not None and previous is not None and shard == previous + 1:
            previous = shard
            continue
        if start is not None:
            parts.append(str(start) if start == previous else f"{start}-{previous}")
        start = previous = shard
    return ",".join(parts)


def split(shard_count: int, processes: int) -> list[tuple[int, ...]]:
    """Shards 0..count-1 in `processes` contiguous ranges as even as they can be (the first ones one larger)."""
    if not 1 <= processes <= shard_count:
        raise ValueError(f"{processes} processes cannot share {shard_count} shards: run 1 to {shard_count}")
    size, extra = divmod(shard_count, processes)
    ranges, start = [], 0
    for n in range(processes):
        end = start + size + (n < extra)
        ranges.append(tuple(range(start, end)))
        start = end
    return ranges
