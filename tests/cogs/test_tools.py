"""/showdown, /pots, /raise through the real discord.py path and the offline console: the embeds the bot
sends, private friendly refusals for bad input (never a ping), the server's rulebook and language, and
results written to the channel's game with log:true."""

from __future__ import annotations

from offline.payloads import GUILD_ID, PLAYER, Actor
from store import LogEntry, Viewer
from tests.bot_process import offline_env, run_bot

EPHEMERAL = 64
NO_PINGS: dict[str, list[str]] = {"parse": []}
BOARD = "Ah Kd 7c 2s 2h"
HANDS = "Alice As Ks; Bob 7d 7h; Carol Qc Qd"
ITALIAN = Actor(locale="it")
IN_A_DM = Actor(guild_id=None)


def fields(embed) -> dict[str, str]:
    return {field["name"]: field["value"] for field in embed.get("fields", [])}


def refused(exchange) -> str:
    """The private refusal's text (and that it is private, and pings nobody)."""
    assert exchange.data.get("flags", 0) & EPHEMERAL, exchange.data
    assert exchange.data["allowed_mentions"] == NO_PINGS
    assert not exchange.embeds
    return exchange.data["content"]


def test_console_names_bob_the_winner_with_a_full_house_and_alice_with_two_pair(tmp_path) -> None:
    line = f"/showdown board:{BOARD} hands:{HANDS}\n"
    result = run_bot("--console", env=offline_env(tmp_path / "console.db"), stdin_text=line)

    assert result.returncode == 0, result.stderr
    assert "## Bob wins: full house, sevens full of deuces" in result.stdout
    assert "Alice: A♠ K♠ → two pair, aces and kings" in result.stdout
    assert "Bob's full house beats Alice's two pair." in result.stdout
    assert "Traceback" not in result.stderr


async def test_showdown_card_shows_every_hand_the_winner_and_why(send_command) -> None:
    exchange = await send_command("showdown", board=BOARD, hands=HANDS)

    assert exchange.callback["type"] == 4
    assert exchange.data["allowed_mentions"] == NO_PINGS
    assert not exchange.data.get("flags", 0) & EPHEMERAL
    [embed] = exchange.embeds
    assert embed["title"] == "Bob wins: full house, sevens full of deuces"
    assert embed["description"].splitlines()[0].startswith("🏆 Bob: 7♦ 7♥ → full house")
    assert "Carol: Q♣ Q♦ → two pair, queens and deuces" in embed["description"]
    assert fields(embed)["Why"] == "Bob's full house beats Alice's two pair."
    assert "Robert's Rules of Poker (classic)" in embed["footer"]["text"]


async def test_showdown_with_pots_awards_each_pot(send_command) -> None:
    exchange = await send_command(
        "showdown",
        board=BOARD,
        hands="Alice 7d 7h; Bob As Ks; Carol Qc Qd",
        pots="Alice 50 all-in, Bob 200, Carol 200, Dave 30 folded",
    )
    pots = fields(exchange.embeds[0])["Pots"]
    assert "Main pot (180) → Alice, with full house, sevens full of deuces" in pots
    assert "Side pot 1 (300) → Bob, with two pair, aces and kings" in pots


async def test_a_split_cites_the_servers_rulebook_for_the_odd_chip(driver, send_command) -> None:
    hands, pots = "Alice As Kc; Bob Ad Kh; Carol 3c 4c", "Alice 25, Bob 25, Carol 25"
    classic = fields((await send_command("showdown", board=BOARD, hands=hands, pots=pots)).embeds[0])
    await driver.bot.store.set_rulebook(GUILD_ID, "tda-2024")
    tda = (await send_command("showdown", board=BOARD, hands=hands, pots=pots, button="Carol")).embeds[0]

    assert "Alice 38, Bob 37" in classic["Pots"]
    assert "clockwise from the button" in classic["Notes"] and "Ties" in classic["Notes"]
    assert "Alice 38, Bob 37" in fields(tda)["Pots"]  # Carol on the button: Alice sits first to her left
    assert "first seat left of the button" in fields(tda)["Notes"] and "Rules 20 and 21" in fields(tda)["Notes"]
    assert "Poker TDA Rules 2024" in tda["footer"]["text"]


async def test_an_italian_member_gets_italian(send_command) -> None:
    exchange = await send_command("showdown", actor=ITALIAN, board=BOARD, hands="Alice As Ks; Bob 7d 7h")
    [embed] = exchange.embeds
    assert embed["title"] == "Vince Bob: full di sette su due"
    assert fields(embed)["Perché"] == "Bob (full) batte Alice (doppia coppia)."


async def test_pots_and_raise_answer_too(send_command) -> None:
    pots = await send_command("pots", contributions="Alice 100 all-in, Bob 250, Carol 250, Dave 40 folded")
    raised = await send_command("raise", blinds="1/2", bets="Alice raises to 6, Bob all-in for 9")

    assert pots.embeds[0]["title"] == "In the middle: 640"
    assert "Side pot 1: 300, for Bob and Carol" in fields(pots.embeds[0])["Pots"]
    [embed] = raised.embeds
    assert embed["title"] == "Minimum raise: to 13"
    assert "Alice may only call 3 more or fold, not raise" in fields(embed)["Why"]
    assert "betting.incomplete-allin-reopen" in embed["footer"]["text"]


async def test_raise_in_limit_on_the_turn(send_command) -> None:
    exchange = await send_command(
        "raise", blinds="5/10", bets="Alice bets 20, Bob all-in 30", game="limit", street="turn"
    )
    assert exchange.embeds[0]["title"] == "Minimum raise: to 50"


async def test_log_true_writes_the_result_in_the_channels_game(driver, send_command) -> None:
    await send_command("game", "start", name="Friday")

    exchange = await send_command("showdown", board=BOARD, hands="Alice As Ks; Bob 7d 7h", log=True)

    [entry] = await logged(driver)
    assert (entry.kind, entry.game_name, entry.user_id) == ("note", "Friday", PLAYER.user_id)
    assert entry.text == "Showdown, board A♥ K♦ 7♣ 2♠ 2♥: Bob wins: full house, sevens full of deuces"
    assert "📝 logged" in exchange.embeds[0]["footer"]["text"]


async def test_log_true_spends_the_members_write_limit_and_a_flood_logs_no_more(
    driver, send_command, monkeypatch
) -> None:
    monkeypatch.setattr(driver.bot.limits.writes, "clock", lambda: 1000.0)  # no token comes back meanwhile
    replies = [await send_command("pots", contributions="Alice 10, Bob 10", log=True) for _ in range(21)]
    unlogged = await send_command("pots", contributions="Alice 10, Bob 10")
    other = await send_command("pots", actor=Actor(user_id=PLAYER.user_id + 1), contributions="Al 1, Bo 1", log=True)

    assert ["Slow down" in (reply.data.get("content") or "") for reply in replies] == [False] * 20 + [True]
    assert unlogged.embeds and "logged" not in unlogged.embeds[0]["footer"]["text"]  # reading alone is free
    assert "📝 logged" in other.embeds[0]["footer"]["text"]  # the limit is each member's own
    assert len(await logged(driver)) == 21


async def test_log_true_in_italian_logs_italian(driver, send_command) -> None:
    await send_command("raise", actor=ITALIAN, blinds="1/2", bets="Alice rilancia a 6", log=True)
    [entry] = await logged(driver)
    assert entry.text.startswith("Controllo rilancio, Bui 1/2: Alice rilancia a 6")


async def test_nothing_is_logged_without_log_true_or_outside_a_server(driver, send_command) -> None:
    await send_command("pots", contributions="Alice 10, Bob 10")
    in_dm = await send_command("pots", actor=IN_A_DM, contributions="Alice 10, Bob 10", log=True)

    assert await logged(driver) == []
    assert "the log is kept per server" in in_dm.embeds[0]["footer"]["text"]


async def test_bad_input_gets_a_private_friendly_answer(driver, send_command) -> None:
    cases = {
        "The board has 4 card(s)": {"board": "Ah Kd 7c 2s", "hands": HANDS},
        "I found no cards after “Alice banana split”": {"board": BOARD, "hands": "Alice banana split"},
        "I can't read “Xx” as a card": {"board": BOARD, "hands": "Alice Xx Ks; Bob 7d 7h"},
        "There is only one A♥ in a deck": {"board": BOARD, "hands": "Alice Ah Ks; Bob 7d 7h"},
        "a hold'em table has at most 10 players": {"board": BOARD, "hands": twenty_three_hands()},
        "amounts must be more than zero": {"board": BOARD, "hands": HANDS, "pots": "Alice -100, Bob 250, Carol 250"},
        "more than any home game holds": {"board": BOARD, "hands": HANDS, "pots": "Alice 9000000000, Bob 9, Carol 9"},
        "isn't one of the players listed": {"board": BOARD, "hands": HANDS, "button": "Zed"},
        "has more than one amount": {"board": BOARD, "hands": HANDS, "pots": "Alice 100 Bob 250, Carol 250"},
    }
    for expected, options in cases.items():
        text = refused(await send_command("showdown", **options))
        assert expected in text, (expected, text)
    assert await logged(driver) == []


async def test_long_input_is_refused_without_being_echoed_whole(send_command) -> None:
    text = refused(await send_command("showdown", board=BOARD, hands="Alice As Ks; " * 461))
    assert "hands is 5,993 characters" in text
    assert len(text) < 300


async def test_markdown_and_mentions_in_names_are_shown_inert(send_command) -> None:
    exchange = await send_command("showdown", board=BOARD, hands="@everyone As Ks; **Bob** 7d 7h; <@&123> Qc Qd")
    [embed] = exchange.embeds
    shown = embed["title"] + embed["description"] + "".join(fields(embed).values())
    assert exchange.data["allowed_mentions"] == NO_PINGS
    assert "@everyone" not in shown and "<@&123>" not in shown and "**Bob**" not in shown
    assert "\\*\\*Bob\\*\\* wins" in embed["title"]


async def test_nonsense_in_every_tool_is_refused_privately(send_command) -> None:
    assert "I can't read the blinds" in refused(await send_command("raise", blinds="lots", bets="Alice calls"))
    assert "as one action" in refused(await send_command("raise", blinds="1/2", bets="what is a raise?"))
    assert "can't check facing a bet" in refused(
        await send_command("raise", blinds="1/2", bets="Alice raises to 6, Bob checks")
    )
    assert "has no amount" in refused(await send_command("pots", contributions="hello there"))
    assert "Non riesco a leggere" in refused(
        await send_command("showdown", actor=ITALIAN, board="asso di picche, re, donna", hands=HANDS)
    )


def twenty_three_hands() -> str:
    deck = [rank + suit for rank in "23456789TJQKA" for suit in "shdc" if rank + suit not in BOARD.split()]
    return "; ".join(f"P{n} {deck[2 * n]} {deck[2 * n + 1]}" for n in range(23))


async def logged(driver) -> list[LogEntry]:
    """The server's log as a manager reads it (private entries too), newest first."""
    page = await driver.bot.store.log_page(GUILD_ID, viewer=Viewer(user_id=0, manager=True), per_page=50)
    return list(page.entries)
