"""/ruling through the real discord.py path: the JSON the bot sends for rulings, questions and no-matches."""

from __future__ import annotations

import pytest

from offline.payloads import GUILD_ID, MANAGER, PLAYER, STRANGER, Actor, PayloadError
from rules_engine import RULEBOOKS
from store import Viewer

FLOP = "the flop had four cards"
# Candidates for the engine's other statuses; the helpers assert that at least one of each behaves so.
QUESTIONS = [
    "the turn came early",
    "dealer turned the turn card too soon",
    "the dealer exposed a card",
    "turn card early",
]
NEAR_MISSES = [
    "the dealer dropped a card",
    "misdeal",
    "card exposed",
    "the burn card",
    "wrong number of cards",
]
COMPONENT_UPDATE = 7


def first_with(engine, texts, predicate):
    for text in texts:
        ruling = engine.rule(text)
        if predicate(ruling):
            return text, ruling
    raise AssertionError(f"no candidate gives the wanted answer: {[engine.rule(t).status for t in texts]}")


def question_case(engine):
    return first_with(engine, QUESTIONS, lambda r: r.status == "question" and r.questions)


def near_miss_case(engine):
    return first_with(engine, NEAR_MISSES, lambda r: r.status == "no-match" and r.alternatives)


async def logged_entries(driver, guild_id=GUILD_ID):
    return (await driver.bot.store.log_page(guild_id, viewer=Viewer(user_id=0, manager=True), per_page=50)).entries


async def test_ruling_card_shows_headline_steps_understood_and_citation(driver, send_command) -> None:
    expected = driver.bot.engine.rule(FLOP)
    assert (expected.status, expected.rule_id, expected.outcome) == (
        "ruling",
        "holdem.flop-too-many-cards",
        "redeal-flop",
    )

    exchange = await send_command("ruling", situation=FLOP)

    assert exchange.callback["type"] == 4
    assert exchange.data["allowed_mentions"] == {"parse": []}
    assert not exchange.data.get("flags", 0) & 64
    [entry] = await logged_entries(driver)
    [[call_the_floor]] = [row["components"] for row in exchange.data["components"]]  # the card's one control
    assert (call_the_floor["custom_id"], call_the_floor["label"]) == (f"floor:{entry.number}", "Call the floor")
    [embed] = exchange.embeds
    assert embed["title"] == expected.headline
    assert expected.title in embed["description"] and expected.rule_id in embed["description"]
    for number, step in enumerate(expected.steps, 1):
        assert f"{number}. {step}" in embed["description"]
    assert "Understood:" in embed["description"]
    assert expected.citation in embed["footer"]["text"]
    assert RULEBOOKS["robert-classic"] in embed["footer"]["text"]
    assert {"name": "Situation", "value": FLOP, "inline": False} in embed["fields"]


async def test_final_ruling_is_logged_before_the_reply(driver, send_command, monkeypatch) -> None:
    store = driver.bot.store
    seen_before_write: list[int] = []
    real = store.log_ruling

    async def spy(*args, **kwargs):
        seen_before_write.append(sum(r.is_callback for r in driver.standin.requests))
        return await real(*args, **kwargs)

    monkeypatch.setattr(store, "log_ruling", spy)
    await send_command("ruling", situation=FLOP)

    assert seen_before_write == [0]
    [entry] = await logged_entries(driver)
    assert (entry.kind, entry.rule_id, entry.outcome, entry.status) == (
        "ruling",
        "holdem.flop-too-many-cards",
        "redeal-flop",
        "ruling",
    )
    assert (entry.user_id, entry.text, entry.rulebook) == (PLAYER.user_id, FLOP, "robert-classic")


async def test_a_failed_log_write_still_gives_the_ruling_with_a_note(driver, send_command, monkeypatch, error_log):
    async def broken(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(driver.bot.store, "log_ruling", broken)
    exchange = await send_command("ruling", situation=FLOP)

    [embed] = exchange.embeds
    assert embed["title"] == driver.bot.engine.rule(FLOP).headline
    assert "not logged" in embed["footer"]["text"]
    assert [r.name for r in error_log.records] == ["floorcall.rulings"]
    error_log.records.clear()


async def test_private_ruling_is_ephemeral(driver, send_command) -> None:
    exchange = await send_command("ruling", situation=FLOP, private=True)
    assert exchange.data["flags"] == 64
    assert exchange.embeds[0]["title"] == driver.bot.engine.rule(FLOP).headline


async def test_server_rulebook_setting_is_used(driver, send_command) -> None:
    await driver.bot.store.set_rulebook(GUILD_ID, "tda-2024")
    expected = driver.bot.engine.rule(FLOP, "tda-2024")

    exchange = await send_command("ruling", situation=FLOP)

    assert exchange.embeds[0]["title"] == expected.headline
    assert RULEBOOKS["tda-2024"] in exchange.embeds[0]["footer"]["text"]
    [entry] = await logged_entries(driver)
    assert entry.rulebook == "tda-2024"


async def test_question_buttons_re_rule_and_edit_the_message(driver, send_command, click) -> None:
    text, question = question_case(driver.bot.engine)
    asked = question.questions[0]

    exchange = await send_command("ruling", situation=text)

    assert exchange.embeds[0]["title"] == asked.text
    labels = [c["label"] for row in exchange.data["components"] for c in row["components"]]
    assert labels == [option.label for option in asked.options]
    assert await logged_entries(driver) == ()  # a question is not a final ruling

    option = asked.options[0]
    answered = await click(exchange, option.label)

    expected = driver.bot.engine.rule(text, facts={asked.fact: option.value})
    assert answered.callback["type"] == COMPONENT_UPDATE
    assert answered.message["id"] == exchange.message["id"]
    title = expected.headline if expected.status == "ruling" else expected.questions[0].text
    assert answered.embeds[0]["title"] == title
    assert exchange.message["embeds"][0]["title"] == title  # the stand-in's copy was edited in place
    if expected.status == "ruling":
        [entry] = await logged_entries(driver)
        controls = [c["custom_id"] for row in answered.data["components"] for c in row["components"]]
        assert controls == [f"floor:{entry.number}"]  # the question's buttons gave way to "Call the floor"
        assert entry.rule_id == expected.rule_id and entry.outcome == expected.outcome
        with pytest.raises(PayloadError):  # the buttons are gone: Discord would not send another press
            await click(exchange, option.label)


async def test_a_strangers_click_is_refused_and_changes_nothing(driver, send_command, click) -> None:
    text, question = question_case(driver.bot.engine)
    exchange = await send_command("ruling", situation=text)
    before = [dict(e) for e in exchange.message["embeds"]]

    refused = await click(exchange, question.questions[0].options[0].label, actor=STRANGER)

    assert refused.callback["type"] == 4
    assert refused.data["flags"] == 64
    assert "Only the person who asked" in refused.data["content"]
    assert exchange.message["embeds"] == before
    # The asker can still answer afterwards.
    answered = await click(exchange, question.questions[0].options[0].label)
    assert answered.callback["type"] == COMPONENT_UPDATE


async def test_a_server_manager_may_answer_for_the_asker(driver, send_command, click) -> None:
    text, question = question_case(driver.bot.engine)
    exchange = await send_command("ruling", situation=text)
    answered = await click(exchange, question.questions[0].options[-1].label, actor=MANAGER)
    assert answered.callback["type"] == COMPONENT_UPDATE


async def test_no_match_offers_the_nearest_rules_in_a_select(driver, send_command, click) -> None:
    text, miss = near_miss_case(driver.bot.engine)

    exchange = await send_command("ruling", situation=text)

    [embed] = exchange.embeds
    assert embed["title"] == "I can't rule on that"
    assert "nearest rules" in embed["description"]
    [select] = [c for row in exchange.data["components"] for c in row["components"]]
    assert [o["value"] for o in select["options"]] == list(miss.alternatives)
    assert await logged_entries(driver) == ()

    chosen = miss.alternatives[0]
    shown = await click(exchange, chosen)  # the option whose value is the rule id

    assert shown.callback["type"] == COMPONENT_UPDATE
    card = shown.embeds[0]
    assert card["title"] == driver.bot.engine.rules[chosen].title.en
    assert chosen in card["description"]


async def test_off_topic_text_gets_a_friendly_no_match(driver, send_command) -> None:
    exchange = await send_command("ruling", situation="what time does the bakery open tomorrow")
    assert exchange.embeds[0]["title"] == "I can't rule on that"
    assert await logged_entries(driver) == ()


@pytest.mark.parametrize("situation", ["", "   ", "\n\t "])
async def test_empty_input_gets_a_clear_ephemeral_reply(send_command, situation) -> None:
    exchange = await send_command("ruling", situation=situation)
    assert exchange.data["flags"] == 64
    assert "Tell me what happened" in exchange.data["content"]


async def test_very_long_input_is_refused_without_echoing_it(send_command) -> None:
    situation = "the flop had four cards " * 250  # 6,000 characters, Discord's maximum
    exchange = await send_command("ruling", situation=situation[:6000])
    assert exchange.data["flags"] == 64
    assert "6,000 characters" in exchange.data["content"]
    assert len(exchange.data["content"]) < 500


@pytest.mark.parametrize(
    "situation",
    [
        "@everyone the flop had four cards",
        "<@&123> flop had four cards",
        "**flop** had `four` cards <@456> @here",
    ],
)
async def test_mentions_and_markdown_are_quoted_back_harmlessly(driver, send_command, situation) -> None:
    exchange = await send_command("ruling", situation=situation)

    assert exchange.data["allowed_mentions"] == {"parse": []}
    quoted = next(f["value"] for f in exchange.embeds[0]["fields"] if f["name"] == "Situation")
    assert "@everyone" not in quoted and "@here" not in quoted
    assert "<@&123>" not in quoted and "<@456>" not in quoted
    assert "**" not in quoted.replace("\\*", "")
    if driver.bot.engine.rule(situation).status == "ruling":
        [entry] = await logged_entries(driver)
        assert entry.text == situation  # the log keeps what was said; only the display is escaped


async def test_a_long_situation_is_quoted_shortened(send_command) -> None:
    situation = "the flop had four cards because the dealer " + "really " * 120 + "rushed"
    exchange = await send_command("ruling", situation=situation)
    quoted = next(f["value"] for f in exchange.embeds[0]["fields"] if f["name"] == "Situation")
    assert quoted.endswith("…") and len(quoted) <= 300


@pytest.mark.parametrize(
    "situation",
    [
        "il flop aveva quattro carte",
        "il mazziere ha girato il turn prima che finissero le puntate",
        "флоп четыре карты",
        "🂡🂢🂣 ??? !!!",
        "x" * 999,
        "DROP TABLE log_entries; --",
        "\u200b\u200b",
    ],
)
async def test_any_text_gets_a_clean_answer(send_command, situation) -> None:
    exchange = await send_command("ruling", situation=situation)
    assert exchange.callback["type"] == 4
    assert exchange.data["allowed_mentions"] == {"parse": []}
    assert exchange.embeds or exchange.data["flags"] == 64


async def test_rulings_in_direct_messages_work_and_are_not_logged(driver, send_command) -> None:
    dm = Actor(guild_id=None)
    exchange = await send_command("ruling", actor=dm, situation=FLOP)
    assert exchange.embeds[0]["title"] == driver.bot.engine.rule(FLOP).headline
    assert "not logged" not in exchange.embeds[0]["footer"]["text"]
    assert await logged_entries(driver) == ()


async def test_a_slow_log_write_defers_first_then_edits_the_reply(driver, send_command, monkeypatch) -> None:
    """Discord's 3-second window: if the write is slow the bot defers, then fills in the deferred reply."""
    import asyncio

    from cogs import respond

    real = driver.bot.store.log_ruling

    async def slow(*args, **kwargs):
        await asyncio.sleep(0.05)
        return await real(*args, **kwargs)

    monkeypatch.setattr(respond, "DEFER_AFTER", 0.01)
    monkeypatch.setattr(driver.bot.store, "log_ruling", slow)

    exchange = await send_command("ruling", situation=FLOP, private=True)

    assert exchange.callback == {"type": 5, "data": {"flags": 64}}
    [edit] = exchange.followups
    assert edit.method == "PATCH" and edit.path.endswith("/messages/@original")
    assert edit.json["embeds"][0]["title"] == driver.bot.engine.rule(FLOP).headline
    assert exchange.message["embeds"][0]["title"] == driver.bot.engine.rule(FLOP).headline
    assert exchange.message["flags"] == 64
    [entry] = await logged_entries(driver)
    assert entry.rule_id == "holdem.flop-too-many-cards"


async def test_a_failure_after_a_click_is_reported_by_the_tree_error_handler(
    driver, send_command, click, monkeypatch, error_log
) -> None:
    text, question = question_case(driver.bot.engine)
    exchange = await send_command("ruling", situation=text)

    def broken(*args, **kwargs):
        raise RuntimeError("engine exploded")

    monkeypatch.setattr(driver.bot.engine, "rule", broken)
    failed = await click(exchange, question.questions[0].options[0].label)

    assert failed.data["flags"] == 64 and "Something went wrong" in failed.data["content"]
    [record] = error_log.records
    assert "command=q:" in record.getMessage() and f"user={PLAYER.user_id}" in record.getMessage()
    error_log.records.clear()
