"""Shared test data for the store tests (a module, not a fixture, so tables can use it at import)."""

from __future__ import annotations

from store import LogEntry, Store, Viewer

EVERYONE = Viewer(user_id=0, manager=True)  # a manager reads every entry, private ones too


def ruling(situation: str = "flop had four cards", **overrides: object) -> dict[str, object]:
    """Keyword arguments for `Store.log_ruling` (channel and user included), overridable."""
    values: dict[str, object] = {
        "channel_id": 500,
        "user_id": 900,
        "situation": situation,
        "status": "ruling",
        "rule_id": "holdem.flop-too-many-cards",
        "outcome": "redeal-flop",
        "rulebook": "robert-classic",
    }
    values.update(overrides)
    return values


async def all_entries(
    store: Store, guild_id: int, game_number: int | None = None, viewer: Viewer = EVERYONE
) -> list[LogEntry]:
    """Every entry of a server (or of one of its games) `viewer` may read, oldest first: by default the log as
    a manager pages through it, private entries too."""
    page = await store.log_page(guild_id, viewer=viewer, game_number=game_number, per_page=10**6)
    return list(reversed(page.entries))
