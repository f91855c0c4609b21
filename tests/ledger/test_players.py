"""Players: a mention is a member, anything else a guest, matched whatever its case and spacing."""

from __future__ import annotations

import pytest

from ledger.players import PlayerError, PlayerRef, read_player


@pytest.mark.parametrize("typed", ["<@123456789012345678>", " <@!123456789012345678> "])
def test_a_mention_is_the_member(typed: str) -> None:
    assert read_player(typed) == PlayerRef(user_id=123456789012345678)
    assert read_player(typed).key == "m:123456789012345678"


@pytest.mark.parametrize(
    ("typed", "name"),
    [("Alice", "Alice"), ("  Jean  Luc ", "Jean Luc"), ("Zoë", "Zoë"), ("**big_mike**", "**big_mike**")],
)
def test_anything_else_is_a_guest(typed: str, name: str) -> None:
    assert read_player(typed) == PlayerRef(guest=name)


def test_one_guest_however_the_name_is_typed() -> None:
    keys = {read_player(typed).key for typed in ("Alice", "alice", " ALICE ", "Ａｌｉｃｅ", "Al\u200bice")}
    assert keys == {"g:alice"}
    assert read_player("Alise").key != read_player("Alice").key


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("\u200b\u200b", "empty"),
        ("\u3164\u3164", "empty"),  # Hangul fillers: letters that draw as nothing
        ("<@99999999999999999999>", "symbols"),  # no Discord id is that big: not a member
        ("--", "empty"),
        ("x" * 33, "too_long"),
        ("@everyone", "symbols"),
        ("<@&123456789012345678>", "symbols"),
        ("50", "number"),
        ("123456789012345678", "number"),
    ],
)
def test_refused_with_reason(typed: str, reason: str) -> None:
    with pytest.raises(PlayerError) as refused:
        read_player(typed)
    assert refused.value.reason == reason
