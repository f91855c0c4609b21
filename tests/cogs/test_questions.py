"""Question buttons through the real discord.py path: each answers the question it was shown with, once.

"a card was exposed, not sure who turned it" asks who exposed it (a doubt is asked, never assumed); "the
dealer" asks which card; then the ruling is final. The issue's
bug: the buttons of both questions had the same ids, so a double click on "The dealer" answered the next
question too and logged a misdeal nobody had asked for.
"""

from __future__ import annotations

from offline import payloads
from offline.driver import Driver
from offline.payloads import GUILD_ID, MANAGER, PLAYER, STRANGER, Actor
from store import Viewer

CARD_EXPOSED = "a card was exposed, not sure who turned it"
EPHEMERAL = 64


def buttons(message) -> list[dict]:
    return [c for row in message.get("components", []) for c in row["components"]]


def press(message, label: str, actor: Actor = PLAYER) -> dict:
    """A click payload built from `message` as the member's client showed it (maybe stale by now)."""
    [button] = [b for b in buttons(message) if b["label"] == label]
    return payloads.component_click(message, button["custom_id"], actor)


async def entries(driver: Driver, guild_id: int = GUILD_ID):
    everything = Viewer(user_id=0, manager=True)
    return (await driver.bot.store.log_page(guild_id, viewer=everything, per_page=50)).entries


async def asked_before_a_restart(bot) -> dict:
    """A question asked and shown, then the bot stopped: the message as Discord keeps it."""
    first = await Driver.start(bot)
    try:
        asked = await first.command("ruling", PLAYER, situation="the dealer exposed a card")
        return dict(asked.posted)
    finally:
        await first.close()


def labels(driver: Driver, text: str, **facts: str) -> list[str]:
    ruling = driver.bot.engine.rule(text, facts=facts)
    assert ruling.status == "question", ruling.status
    return [option.label for option in ruling.questions[0].options]


async def test_buttons_name_the_question_they_answer(driver, send_command, click) -> None:
    asked = await send_command("ruling", situation=CARD_EXPOSED)
    first_ids = [b["custom_id"] for b in buttons(asked.message)]
    dealer = labels(driver, CARD_EXPOSED)[0]

    second = await click(asked, dealer)

    second_ids = [b["custom_id"] for b in buttons(second.message)]
    assert all(i.startswith("q:") for i in first_ids + second_ids)
    assert not set(first_ids) & set(second_ids)  # the next question's buttons are new buttons
    assert {i.split(":")[1] for i in first_ids} != {i.split(":")[1] for i in second_ids}


async def test_a_stale_click_does_not_answer_the_next_question(driver, send_command) -> None:
    asked = await send_command("ruling", situation=CARD_EXPOSED)
    shown = dict(asked.message)  # the first question, as the member's client still shows it
    dealer = labels(driver, CARD_EXPOSED)[0]

    moved_on = await driver.feed(press(shown, dealer))
    stale = await driver.feed(press(shown, dealer))  # the second half of a double click

    next_question = driver.bot.engine.rule(CARD_EXPOSED, facts={"exposed_by": "dealer"}).questions[0]
    assert moved_on.embeds[0]["title"] == next_question.text
    assert stale.data["flags"] == EPHEMERAL and "already answered" in stale.data["content"]
    card = driver.standin.messages[int(asked.message["id"])]
    assert card["embeds"][0]["title"] == next_question.text  # still asking which card: nothing was ruled
    assert [b["label"] for b in buttons(card)] == [o.label for o in next_question.options]
    assert await entries(driver) == ()


async def test_a_double_click_on_the_last_answer_logs_the_ruling_once(driver, send_command, click) -> None:
    asked = await send_command("ruling", situation=CARD_EXPOSED)
    second = await click(asked, labels(driver, CARD_EXPOSED)[0])
    first_card = labels(driver, CARD_EXPOSED, exposed_by="dealer")[0]

    one, two = await driver.feed_together([press(second.message, first_card) for _ in range(2)])

    replies = [one, two]
    updates = [r for r in replies if r.callback["type"] == 7]
    refused = [r for r in replies if r.callback["type"] == 4]
    assert len(updates) == 1 and len(refused) == 1
    assert refused[0].data["flags"] == EPHEMERAL and "already answered" in refused[0].data["content"]
    [entry] = await entries(driver)
    expected = driver.bot.engine.rule(CARD_EXPOSED, facts={"exposed_by": "dealer", "deal_position": "first"})
    assert (entry.rule_id, entry.outcome, entry.user_id) == (expected.rule_id, expected.outcome, PLAYER.user_id)
    card = driver.standin.messages[int(asked.message["id"])]
    assert card["embeds"][0]["title"] == expected.headline
    assert [b["custom_id"] for b in buttons(card)] == [f"floor:{entry.number}"]  # the questions' buttons are gone


async def test_the_asker_and_a_manager_at_once_log_one_ruling(driver, send_command) -> None:
    asked = await send_command("ruling", situation="the dealer exposed a card")
    option = labels(driver, "the dealer exposed a card")[1]

    results = await driver.feed_together([press(asked.message, option, PLAYER), press(asked.message, option, MANAGER)])

    assert sorted(r.callback["type"] for r in results) == [4, 7]
    assert len(await entries(driver)) == 1


async def test_a_strangers_click_changes_nothing_and_the_asker_can_still_answer(driver, send_command) -> None:
    asked = await send_command("ruling", situation="the dealer exposed a card")
    option = labels(driver, "the dealer exposed a card")[0]

    refused = await driver.feed(press(asked.message, option, STRANGER))
    answered = await driver.feed(press(asked.message, option, PLAYER))

    assert refused.data["flags"] == EPHEMERAL and "Only the person who asked" in refused.data["content"]
    assert answered.callback["type"] == 7 and len(await entries(driver)) == 1


async def test_question_buttons_work_after_a_restart(bot, config, error_log) -> None:
    shown = await asked_before_a_restart(bot)
    from bot import FloorBot

    second = await Driver.start(FloorBot(config))
    try:
        second.standin.messages[int(shown["id"])] = shown  # the same message, still on the member's screen
        answered = await second.feed(press(shown, labels(second, "the dealer exposed a card")[0]))
        [entry] = await entries(second)
        assert answered.callback["type"] == 7
        assert [b["custom_id"] for b in buttons(answered.message)] == [f"floor:{entry.number}"]
        assert not second.standin.errors
    finally:
        await second.close()


async def test_a_private_ruling_is_logged_private_and_shown_only_to_asker_and_managers(driver, send_command) -> None:
    await send_command("ruling", situation="the flop had four cards", private=True)

    [entry] = await entries(driver)
    logs = {who.name: await send_command("game", "log", actor=who) for who in (PLAYER, MANAGER, STRANGER)}

    assert entry.private
    assert "flop had four cards" in logs["player"].embeds[0]["description"]
    assert "flop had four cards" in logs["manager"].embeds[0]["description"]
    assert "flop had four cards" not in logs["stranger"].embeds[0]["description"]


async def test_a_private_question_answered_logs_a_private_ruling(driver, send_command, click) -> None:
    asked = await send_command("ruling", situation="the dealer exposed a card", private=True)
    assert asked.data["flags"] == EPHEMERAL

    await click(asked, labels(driver, "the dealer exposed a card")[0])

    [entry] = await entries(driver)
    assert entry.private


async def test_a_question_in_a_direct_message_is_answered_and_not_logged(driver) -> None:
    dm = Actor(guild_id=None)
    asked = await driver.command("ruling", dm, situation=CARD_EXPOSED)
    shown = dict(asked.message)
    dealer = labels(driver, CARD_EXPOSED)[0]

    second = await driver.feed(press(shown, dealer, dm))
    stale = await driver.feed(press(shown, dealer, dm))

    assert second.callback["type"] == 7 and stale.data["flags"] == EPHEMERAL
    assert await entries(driver) == ()


async def test_a_question_purged_as_too_old_says_so_and_retires_its_buttons(bot, config, error_log) -> None:
    """QA report 14: a question purged at start (older than QUESTION_DAYS) answered 'already answered' and kept
    its live buttons, although nobody had answered it."""
    import sqlite3
    from contextlib import closing

    from bot import FloorBot

    shown = await asked_before_a_restart(bot)
    with closing(sqlite3.connect(config.database_path)) as conn, conn:  # 31 days pass while the bot is down
        conn.execute("UPDATE pending_questions SET created_at = '2000-01-01T00:00:00.000Z'")
    second = await Driver.start(FloorBot(config))
    try:
        second.standin.messages[int(shown["id"])] = shown
        pressed = await second.feed(press(shown, labels(second, "the dealer exposed a card")[0]))

        assert pressed.callback["type"] == 7  # the card itself is updated: its buttons disabled
        assert buttons(pressed.message) and all(b.get("disabled") for b in buttons(pressed.message))
        [told] = pressed.followups
        assert told.json["flags"] & EPHEMERAL and "too old to answer" in told.json["content"]
        assert await entries(second) == ()
        assert not second.standin.errors
    finally:
        await second.close()


TOPIC_ASKED = (  # stories no cue recognises, whose words the topic model is sure of (its fallback question)
    "saw a poker movie where the board shows two kings of hearts. could that happen in a real game with a fouled deck?",
    "nel film di ieri sera il cattivo vince con due assi di picche, ahah",
    "nobody's cards got exposed, the dealer just dropped the deck before shuffling",
    "the clock ran out on the level and we went on break",
)


async def test_the_topic_question_is_a_card_whose_answer_reads_the_story_as_that_dispute(driver, send_command,
                                                                                          click) -> None:
    engine = driver.bot.engine
    story = next(s for s in TOPIC_ASKED if engine.rule(s).questions and engine.rule(s).questions[0].fact == "topic")
    asked_ruling = engine.rule(story)
    asked = await send_command("ruling", situation=story)

    card = asked.message["embeds"][0]
    assert card["title"] == asked_ruling.questions[0].text and asked_ruling.title in card["description"]
    assert [b["label"] for b in buttons(asked.message)] == [o.label for o in asked_ruling.questions[0].options]
    topic = asked_ruling.questions[0].options[0]
    answered = await click(asked, topic.label)

    expected = engine.rule(story, facts={"topic": topic.value})  # the story read as that dispute
    shown = answered.message["embeds"][0]["title"]
    assert all(question.fact != "topic" for question in expected.questions)  # never asked again
    assert shown == expected.questions[0].text if expected.status == "question" else shown != card["title"]
    no = await send_command("ruling", situation=story)
    denied = await click(no, asked_ruling.questions[0].options[1].label)
    assert denied.message["embeds"][0]["title"] != asked_ruling.questions[0].text  # answered: no longer asked


# No cue recognises these; the topic model asks whether each is a pot dispute (the first has a denial, "Not my hand",
# which a word model cannot tell from the incident, so it is not ruled on untapped). The first tells when the claim
# came.
POT_CLAIMED_AT_ONCE = ("Not my hand, but the dealer shoved the pot to the other bloke and seat 4 pulled him up "
                       "straight away before the shuffle. Gets fixed, yeah?")
POT_CLAIMED = "Dealer pushed the pot to the other bloke and seat 4 complained. Gets fixed, yeah?"  # when: not told


async def pot_dispute_tapped(driver: Driver, send_command, click, story: str):
    """The story asked about, the topic question answered with its first option (the pot dispute, the model's)."""
    asked_ruling = driver.bot.engine.rule(story)
    [question] = asked_ruling.questions
    assert (question.fact, question.options[0].value) == ("topic", "pot-dispute")
    asked = await send_command("ruling", situation=story)
    return await click(asked, question.options[0].label)


async def test_tapping_the_topic_rules_at_once_on_what_the_story_states(driver, send_command, click) -> None:
    """One tap: the claim made before the shuffle (the next hand not begun) is kept as the story tells it, so the
    answer to "Is this what happened?" is the ruling, logged, not a second question."""
    answered = await pot_dispute_tapped(driver, send_command, click, POT_CLAIMED_AT_ONCE)

    expected = driver.bot.engine.rule(POT_CLAIMED_AT_ONCE, facts={"topic": "pot-dispute"})
    assert (expected.status, expected.facts["next_hand_started"]) == ("ruling", "no")
    assert answered.message["embeds"][0]["title"] == expected.headline
    [entry] = await entries(driver)
    assert (entry.rule_id, entry.outcome) == (expected.rule_id, expected.outcome) == (
        "showdown.dispute-deadline", "pot-corrected")


async def test_tapping_the_topic_still_asks_what_the_story_does_not_state(driver, send_command, click) -> None:
    answered = await pot_dispute_tapped(driver, send_command, click, POT_CLAIMED)

    expected = driver.bot.engine.rule(POT_CLAIMED, facts={"topic": "pot-dispute"})
    assert (expected.status, expected.questions[0].fact) == ("question", "next_hand_started")
    assert answered.message["embeds"][0]["title"] == expected.questions[0].text
    assert [b["label"] for b in buttons(answered.message)] == [o.label for o in expected.questions[0].options]
    assert await entries(driver) == ()  # nothing ruled yet
