"""Who an entry is for: a Discord member, given as a mention (`<@123…>`, what Discord's client puts in a
text option when you pick someone), or a guest — a friend without Discord — given by name.

Guests are matched by a folded form of their name (case, width and spacing ignored), so "alice" and
"Alice " are one guest; a guest spelled two different ways ("Alise") is merged by hand (`/ledger merge`).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

GUEST_MAX = 32  # characters of a guest's name
MENTION = re.compile(r"<@!?([0-9]{15,20})>")
SNOWFLAKE_MAX = 2**63 - 1  # Discord ids fit a signed 64-bit integer (and so does the store's INTEGER column)
# Letters that draw as nothing (Hangul fillers, the blank Braille pattern): a name of them alone is blank, and
# so is any member's text (cogs.fit.visible).
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
NOT_IN_NAMES = set("<>@")  # mention syntax: a name that looks like a ping is a mistake (markdown is escaped)
MEMBER_PREFIX, GUEST_PREFIX = "m:", "g:"


class PlayerError(ValueError):
    """A player that can't be recorded; `reason` is a key the bot turns into a sentence."""

    def __init__(self, reason: str, typed: str) -> None:
        super().__init__(f"{reason}: {typed!r}")
        self.reason = reason  # "empty", "too_long", "symbols", "number"
        self.typed = typed


@dataclass(frozen=True, slots=True)
class PlayerRef:
    """A member (`user_id`) or a guest (`guest`, the name as written); exactly one of the two is set."""

    user_id: int | None = None
    guest: str | None = None

    @property
    def key(self) -> str:
        """What identifies the player in a server: `m:<id>` for a member, `g:<folded name>` for a guest."""
        if self.user_id is not None:
            return f"{MEMBER_PREFIX}{self.user_id}"
        return f"{GUEST_PREFIX}{fold(self.guest or '')}"


def read_player(typed: str) -> PlayerRef:
    """A mention → the member; anything else → a guest's name, checked. Raises PlayerError saying why."""
    mention = MENTION.fullmatch(typed.strip())
    if mention and int(mention.group(1)) <= SNOWFLAKE_MAX:
        return PlayerRef(user_id=int(mention.group(1)))
    drawn = (ch for ch in typed if unicodedata.category(ch) not in ("Cc", "Cf") and ch not in BLANK_LETTERS)
    name = " ".join("".join(drawn).split())
    if not any(ch.isalnum() for ch in name):
        raise PlayerError("empty", typed)
    if len(name) > GUEST_MAX:
        raise PlayerError("too_long", typed)
    if NOT_IN_NAMES & set(name):
        raise PlayerError("symbols", typed)
    if name.replace(" ", "").isdigit():  # an amount typed in the wrong option, or a pasted user id
        raise PlayerError("number", typed)
    return PlayerRef(guest=name)


def fold(name: str) -> str:
    """A guest's name as it is matched: the same letters however they were typed."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())
