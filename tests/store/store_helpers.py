"""Shared test data for the store tests (a module, not a fixture, so tables can use it at import)."""

from __future__ import annotations


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
