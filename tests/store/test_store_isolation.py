"""Two servers never see or touch each other's rows, through every public method of the store.

The table below must name every public async method of `Store`; a new method without a row here fails
`test_every_method_is_covered`, so isolation cannot be forgotten.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import pytest
from raw import Raw
from store_helpers import ruling

from ledger.players import PlayerRef
from store import Game, HouseApplied, LogExtent, RulingRecord, Store, Viewer

A = 111_111_111_111_111_111  # the server with data
B = 222_222_222_222_222_222  # the other server, probing with A's channel and game ids
A_CHANNEL = 500
A_SECRETS = (
    "A-secret-game",
    "A-secret-ruling",
    "A-private-ruling",
    "A-secret-note",
    "A-secret-question",
    "A-secret-guest",
    "A-other-guest",
    "A-cur",
    "tda-2024",
    "A.rule",
    str(A),
    "A-house-rule",
    "A-card",
    "A-floor-decision",
    str(A_FLOOR_ROLE := 314_159_265_358_979),
)
# B's manager, who is also the author of A's entries: neither makes A's rows B's.
B_MANAGER = Viewer(user_id=1, manager=True)


@dataclass(frozen=True)
class Seeded:
    game: Game
    closed_game: Game
    question_id: int
    decided: int  # a public ruling the floor decided
    pending: int  # a public ruling the floor has not decided
    money_number: int


def _money(game: Game, guest: str, kind: str, request: str) -> dict[str, object]:
    """`Store.record_money`'s keyword arguments for 50.00 of `guest` in A's `game`."""
    player = PlayerRef(guest=guest)
    return dict(
        game_id=game.id, channel_id=A_CHANNEL, player=player, kind=kind, cents=5000, recorded_by=1, request=request
    )


async def _seed_a(store: Store) -> Seeded:
    closed = await store.start_game(A, channel_id=A_CHANNEL, user_id=1, name="A-secret-game")
    await store.log_ruling(A, **ruling("A-secret-ruling", channel_id=A_CHANNEL, rule_id="A.rule"))
    await store.record_money(A, **_money(closed, "A-secret-guest", "buyin", "A-closed-1"))
    await store.record_money(A, **_money(closed, "A-other-guest", "cashout", "A-closed-2"))
    await store.end_game(A, channel_id=A_CHANNEL)
    game = await store.start_game(A, channel_id=A_CHANNEL, user_id=1, name="A-secret-game")
    await store.log_ruling(A, **ruling("A-secret-ruling", channel_id=A_CHANNEL, rule_id="A.rule"))
    await store.log_ruling(A, **ruling("A-private-ruling", channel_id=A_CHANNEL, user_id=1, private=True))
    await store.add_note(A, channel_id=A_CHANNEL + 1, user_id=1, text="A-secret-note")
    await store.set_rulebook(A, "tda-2024")
    await store.set_language(A, "it")
    await store.set_currency(A, "A-cur")
    recorded = await store.record_money(A, **_money(game, "A-secret-guest", "buyin", "A-open-1"))
    await store.record_money(A, **_money(game, "A-other-guest", "buyin", "A-open-2"))
    assert recorded is not None
    question_id = await store.create_question(
        A, channel_id=A_CHANNEL, owner_id=1, request={"situation": "A-secret-question"}
    )
    await store.set_house_rule(A, "A.rule", text="A-house-rule", outcome="A.outcome", set_by=1)
    await store.set_floor_role(A, A_FLOOR_ROLE, set_by=1)
    house = HouseApplied("A.rule", "A-house-rule", "A.outcome", "A.rulebook-outcome")
    public = ruling("A-secret-ruling", channel_id=A_CHANNEL, rule_id="A.rule")
    decided = await store.log_ruling(A, **public, house=house, card={"text": "A-card"})  # type: ignore[arg-type]
    pending = await store.log_ruling(A, **public, house=house, card={"text": "A-card"})  # type: ignore[arg-type]
    await store.decide_floor_call(
        A, decided.number, verdict="overruled", decision="A-floor-decision", outcome=None, decided_by=1
    )
    return Seeded(game, closed, question_id, decided.number, pending.number, recorded.entry.number)


Call = Callable[[Store, Seeded], Awaitable[object]]

# Each call is made *as server B* with A's identifiers wherever the method takes one.
CALLS: dict[str, Call] = {
    "log_ruling": lambda s, a: s.log_ruling(B, **ruling("B ruling", channel_id=A_CHANNEL)),
    "add_note": lambda s, a: s.add_note(B, channel_id=A_CHANNEL, user_id=2, text="B note"),
    "log_page": lambda s, a: s.log_page(B, viewer=B_MANAGER),
    "export": lambda s, a: s.export(B, viewer=B_MANAGER, fmt="json", max_bytes=10_000_000),
    "clear_log": lambda s, a: s.clear_log(B),
    "start_game": lambda s, a: s.start_game(B, channel_id=A_CHANNEL, user_id=2, name="B game"),
    "end_game": lambda s, a: s.end_game(B, channel_id=A_CHANNEL),
    "open_game": lambda s, a: s.open_game(B, channel_id=A_CHANNEL),
    "get_game": lambda s, a: s.get_game(B, a.game.number),
    "list_games": lambda s, a: s.list_games(B),
    "game_named": lambda s, a: s.game_named(B, "A-secret-game"),
    "log_extent": lambda s, a: s.log_extent(B),
    "delete_game": lambda s, a: s.delete_game(B, a.closed_game.number),
    "get_settings": lambda s, a: s.get_settings(B),
    "set_rulebook": lambda s, a: s.set_rulebook(B, "robert-v11"),
    "set_language": lambda s, a: s.set_language(B, "en"),
    "create_question": lambda s, a: s.create_question(B, channel_id=A_CHANNEL, owner_id=1, request={"q": "B"}),
    "get_question": lambda s, a: s.get_question(B, a.question_id),
    "answer_question": lambda s, a: s.answer_question(
        B, a.question_id, answered_by=1, ruling=RulingRecord(**ruling("B ruling")), next_request={"q": "B"}
    ),
    "set_currency": lambda s, a: s.set_currency(B, "B$"),
    "record_money": lambda s, a: s.record_money(B, **_money(a.game, "A-secret-guest", "cashout", "A-open-1")),
    "remove_money": lambda s, a: s.remove_money(B, game_id=a.game.id, removed_by=2),
    "game_money": lambda s, a: s.game_money(B, a.game.id),
    "money_entry": lambda s, a: s.money_entry(B, a.money_number),
    "find_player": lambda s, a: s.find_player(B, PlayerRef(guest="A-secret-guest")),
    "recent_players": lambda s, a: s.recent_players(B),
    "merge_guest": lambda s, a: s.merge_guest(
        B,
        guest=PlayerRef(guest="A-secret-guest"),
        into=PlayerRef(guest="A-other-guest"),
        channel_id=A_CHANNEL,
        user_id=2,
        note="B merge",
    ),
    "standings": lambda s, a: s.standings(B),
    "set_house_rule": lambda s, a: _set_house_rule_for_the_same_rule(s),
    "get_house_rule": lambda s, a: s.get_house_rule(B, "A.rule"),
    "list_house_rules": lambda s, a: s.list_house_rules(B),
    "clear_house_rule": lambda s, a: s.clear_house_rule(B, "A.rule"),
    "set_floor_role": lambda s, a: s.set_floor_role(B, None, set_by=2),
    "get_floor_role": lambda s, a: s.get_floor_role(B),
    "get_floor_call": lambda s, a: s.get_floor_call(B, a.decided),
    "decide_floor_call": lambda s, a: s.decide_floor_call(
        B, a.pending, verdict="overruled", decision="B decision", outcome=None, decided_by=2
    ),
    "ruling_marks": lambda s, a: s.ruling_marks(B, [a.decided, a.pending]),
}


async def _set_house_rule_for_the_same_rule(store: Store) -> str:
    """B's house rule for the rule A has one for; its text (the rule id is B's own argument, echoed back)."""
    return (await store.set_house_rule(B, "A.rule", text="B house rule", outcome=None, set_by=2)).text


# Methods that take a game number also get probed for each of A's games, in the log and export too.
GAME_PROBES: dict[str, Call] = {
    "log_page (A's game)": lambda s, a: s.log_page(B, viewer=B_MANAGER, game_number=a.game.number),
    "export (A's game)": lambda s, a: s.export(
        B, viewer=B_MANAGER, game_number=a.game.number, fmt="csv", max_bytes=10_000_000
    ),
    "log_page (below A's numbers)": lambda s, a: s.log_page(B, viewer=B_MANAGER, before=a.money_number + 1),
    "clear_log (through A's numbers)": lambda s, a: s.clear_log(B, through=LogExtent(a.game.number, a.pending)),
    "get_game (A's closed game)": lambda s, a: s.get_game(B, a.closed_game.number),
    "get_game (A's game id as a number)": lambda s, a: s.get_game(B, a.game.id),
    "delete_game (A's open game)": lambda s, a: s.delete_game(B, a.game.number),
    "remove_money (A's entry)": lambda s, a: s.remove_money(B, game_id=a.game.id, removed_by=2, number=a.money_number),
    "remove_money (A's last of a recorder)": lambda s, a: s.remove_money(
        B, game_id=a.game.id, removed_by=2, recorded_by=1
    ),
    "game_money (A's closed game)": lambda s, a: s.game_money(B, a.closed_game.id),
    "merge_guest (A's guest into a member)": lambda s, a: s.merge_guest(
        B, guest=PlayerRef(guest="A-secret-guest"), into=PlayerRef(user_id=1), channel_id=A_CHANNEL, user_id=2, note="x"
    ),
}


def _public_methods() -> set[str]:
    return {
        name
        for name, member in inspect.getmembers(Store, inspect.iscoroutinefunction)
        if not name.startswith("_") and name not in {"open", "close"}
    }


def test_every_method_is_covered() -> None:
    assert set(CALLS) == _public_methods()


@pytest.mark.parametrize("name", sorted(_public_methods()))
def test_guild_id_comes_first(name: str) -> None:
    first = list(inspect.signature(getattr(Store, name)).parameters)[1]
    assert first == "guild_id"


@pytest.mark.parametrize("name", sorted({**CALLS, **GAME_PROBES}))
async def test_other_server_sees_and_changes_nothing(store: Store, raw: Raw, name: str) -> None:
    seeded = await _seed_a(store)
    before = await _rows_of(raw, A)

    result = await {**CALLS, **GAME_PROBES}[name](store, seeded)

    leaked = [secret for secret in A_SECRETS if secret in repr(result)]
    assert leaked == [], f"{name} as server B returned server A's data"
    assert await _rows_of(raw, A) == before, f"{name} as server B changed server A's rows"


async def test_the_probe_sees_a_leak(store: Store) -> None:
    """Guard against a vacuous test: the same check on server A's own log does find A's data."""
    seeded = await _seed_a(store)
    assert "A-private-ruling" in repr(await store.log_page(A, viewer=B_MANAGER))
    assert "A-secret-question" in repr(await store.get_question(A, seeded.question_id))
    assert "A-private-ruling" in repr(await store.export(A, viewer=B_MANAGER, fmt="json", max_bytes=10_000_000))
    assert "A-secret-guest" in repr(await store.recent_players(A))
    assert "A-secret-guest" in repr(await store.game_money(A, seeded.game.id))
    assert "A-secret-guest" in repr(await store.standings(A))
    assert "A-floor-decision" in repr(await store.get_floor_call(A, seeded.decided))
    assert "A-house-rule" in repr(await store.list_house_rules(A))
    assert str(A_FLOOR_ROLE) in repr(await store.get_floor_role(A))
    assert seeded.decided in await store.ruling_marks(A, [seeded.decided])


async def _rows_of(raw: Raw, guild_id: int) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table that belongs to `guild_id`, read around the store."""
    tables = await raw.tables("guild_id")
    assert {"games", "log_entries", "guild_settings", "guild_counters", "pending_questions"} <= set(tables)
    query = "SELECT * FROM {} WHERE guild_id = :guild_id ORDER BY 1"
    return {table: await raw.fetch(query.format(table), {"guild_id": guild_id}) for table in tables}
