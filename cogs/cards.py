"""What a ruling card is made from, and the card itself.

/ruling draws it, a question's answer draws it again with the fact added, and the floor's decision draws it
once more from what the store kept (`RulingRequest` is stored as the question's and the floor call's state), so
the three always look alike: the ruling in force first, what it replaced labelled beside it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

import discord

from cogs import embeds
from cogs.core import FloorBot
from cogs.embeds import FloorNote, HouseNote
from i18n import LANGUAGES, Language
from rules_engine import Ruling


@dataclass(frozen=True, slots=True)
class RulingRequest:
    """What a ruling is made from; an answered question adds its fact and asks again.

    `language` is the reply language chosen when the question was asked (None: the situation's own), so an
    answer given by a manager with another client language doesn't switch the card's language; `private`
    keeps an ephemeral ruling private in the log too."""

    text: str
    rulebook: str
    owner_id: int
    owner_name: str
    language: Language | None = None
    private: bool = False
    facts: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_stored(cls, stored: Mapping[str, Any]) -> RulingRequest:
        language = stored.get("language")
        return cls(
            text=str(stored["text"]),
            rulebook=str(stored["rulebook"]),
            owner_id=int(stored["owner_id"]),
            owner_name=str(stored["owner_name"]),
            language=language if language in LANGUAGES else None,
            private=bool(stored.get("private")),
            facts={str(k): str(v) for k, v in dict(stored.get("facts") or {}).items()},
        )

    def stored(self) -> dict[str, Any]:
        """What the store keeps to carry on after a restart (read back by `from_stored`)."""
        return asdict(self)


def card_language(request: RulingRequest, ruling: Ruling) -> Language:
    """The card's language: the one chosen when it was asked, else the situation's (the engine's answer is in it)."""
    return request.language or ruling.language


def card(
    bot: FloorBot,
    request: RulingRequest,
    ruling: Ruling,
    logged: bool | None = None,
    *,
    house: HouseNote | None = None,
    floor: FloorNote | None = None,
) -> discord.Embed:
    """The card for `ruling` (as the server's house rule has it, if one touched it: `house`), with the floor's
    decision once there is one."""
    return embeds.ruling_embed(
        ruling,
        situation=request.text,
        asker=request.owner_name,
        rulebook=bot.engine.rulebooks[ruling.rulebook],
        language=card_language(request, ruling),
        logged=logged,
        house=house,
        floor=floor,
    )
