"""Private rulings: logged, marked private, and shown only to their author and to managers."""

from __future__ import annotations

import pytest
from store_helpers import ruling

from store import Store, Viewer

AUTHOR = Viewer(user_id=900, manager=False)
OTHER = Viewer(user_id=901, manager=False)
MANAGER = Viewer(user_id=902, manager=True)


async def _log(store: Store) -> None:
    """In game #1: public, private by AUTHOR, private by OTHER; then a note in the server log."""
    await store.start_game(1, channel_id=500, user_id=1, name="Friday")
    await store.log_ruling(1, **ruling("public"))
    await store.log_ruling(1, **ruling("author's secret", private=True))
    await store.log_ruling(1, **ruling("other's secret", user_id=OTHER.user_id, private=True))
    await store.end_game(1, channel_id=500)
    await store.add_note(1, channel_id=500, user_id=AUTHOR.user_id, text="note")


@pytest.mark.parametrize(
    ("viewer", "visible"),
    [
        (AUTHOR, ["note", "author's secret", "public"]),
        (OTHER, ["note", "other's secret", "public"]),
        (Viewer(user_id=903, manager=False), ["note", "public"]),
        (MANAGER, ["note", "other's secret", "author's secret", "public"]),
    ],
    ids=["author", "other author", "member", "manager"],
)
async def test_who_sees_a_private_ruling(store: Store, viewer: Viewer, visible: list[str]) -> None:
    await _log(store)

    server = await store.log_page(1, viewer=viewer)
    game = await store.log_page(1, viewer=viewer, game_number=1)

    assert [e.text for e in server.entries] == visible
    assert [e.text for e in game.entries] == [text for text in visible if text != "note"]


async def test_the_entry_says_it_is_private(store: Store) -> None:
    logged = await store.log_ruling(1, **ruling("secret", private=True))
    [shown] = (await store.log_page(1, viewer=AUTHOR)).entries
    assert logged.private and shown == logged
    assert not (await store.log_ruling(1, **ruling("public"))).private


async def test_pages_count_only_what_the_viewer_may_read(store: Store) -> None:
    """Hidden entries neither fill a page nor announce a next one."""
    for n in range(10):
        await store.log_ruling(1, **ruling(f"public {n}"))
        await store.log_ruling(1, **ruling(f"secret {n}", private=True))

    first = await store.log_page(1, viewer=OTHER, per_page=10)
    second = await store.log_page(1, viewer=OTHER, page=2, per_page=10)
    managers = await store.log_page(1, viewer=MANAGER, per_page=10)

    assert [e.text for e in first.entries] == [f"public {n}" for n in range(9, -1, -1)]
    assert not first.has_next and second.entries == ()
    assert managers.has_next and len(managers.entries) == 10
