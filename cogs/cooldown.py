"""Per-member rate limits, so one member cannot flood the log or the exports for everyone.

One token bucket per (server, member) for each kind of action, shared by every command of that kind:
a burst of `rate`, then one more every `per / rate` seconds. `writes` (rulings, notes, opening and closing
games) and `exports` are app_commands checks; a refusal is a CommandOnCooldown, which the error handler
turns into "slow down, try again in N s".
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import discord
from discord import app_commands

# Generous for people and for scripts (the offline console acts as one member), fatal to floods: 2,000 notes in
# two seconds become twenty.
WRITE_RATE, WRITE_PER = 20, 20.0  # twenty writes at once, then one a second
EXPORT_RATE, EXPORT_PER = 3, 60.0  # three exports at once, then one every twenty seconds
SWEEP_AT = 4096  # buckets kept before the full (idle) ones are dropped

T = TypeVar("T")


@dataclass(slots=True)
class Bucket:
    tokens: float
    stamp: float


class Cooldowns:
    """Token buckets keyed by (server, member); `take` spends one token or says how long to wait."""

    def __init__(self, rate: int, per: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.per, self.clock = rate, per, clock
        self.buckets: dict[tuple[int, int], Bucket] = {}

    def take(self, key: tuple[int, int]) -> float:
        """0 if the action may go ahead (and it is counted), else the seconds until it may."""
        now = self.clock()
        bucket = self.buckets.get(key) or Bucket(float(self.rate), now)
        bucket.tokens = min(float(self.rate), bucket.tokens + (now - bucket.stamp) * self.rate / self.per)
        bucket.stamp = now
        self.buckets[key] = bucket
        if bucket.tokens >= 1:
            bucket.tokens -= 1
            self._sweep(now)
            return 0.0
        return (1 - bucket.tokens) * self.per / self.rate

    def _sweep(self, now: float) -> None:
        if len(self.buckets) < SWEEP_AT:
            return
        refilled = [
            key for key, b in self.buckets.items() if b.tokens + (now - b.stamp) * self.rate / self.per >= self.rate
        ]
        for key in refilled:
            del self.buckets[key]


class MemberLimits:
    """The bot's buckets: one set for writes, one for exports."""

    def __init__(self) -> None:
        self.writes = Cooldowns(WRITE_RATE, WRITE_PER)
        self.exports = Cooldowns(EXPORT_RATE, EXPORT_PER)


def spend(interaction: discord.Interaction[Any], kind: str) -> None:
    """Count one action of `kind` ("writes", "exports") for the member, or raise CommandOnCooldown. The checks
    below call it for commands; a button that writes (the ledger's rebuy and undo) calls it itself."""
    limits: MemberLimits = interaction.client.limits
    buckets: Cooldowns = getattr(limits, kind)
    retry_after = buckets.take((interaction.guild_id or 0, interaction.user.id))
    if retry_after:
        raise app_commands.CommandOnCooldown(app_commands.Cooldown(buckets.rate, buckets.per), retry_after)


def _limited(kind: str) -> Callable[[T], T]:
    async def predicate(interaction: discord.Interaction[Any]) -> bool:
        spend(interaction, kind)
        return True

    return app_commands.check(predicate)


writes = _limited("writes")
exports = _limited("exports")
