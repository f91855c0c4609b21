"""/houserule and house rules on the cards, through the real discord.py path against the strict stand-in."""

from __future__ import annotations

import pytest

from bot import FloorBot
from offline.driver import Driver
from offline.payloads import GUILD_ID, MANAGER, PLAYER, USER_ID, Actor
from rules_engine.house import outcomes
from rules_engine.language import in_language
from store import Viewer

EPHEMERAL = 64
FLOP, FLOP_RULE = "the flop had four cards", "holdem.flop-too-many-cards"
TURN = "the dealer turned the turn before the betting was done"
EXPOSED, EXPOSED_RULE = "the dealer exposed a card", "holdem.exposed-holecard"
BURN = "Here the extra card is burned and play goes on"
FLOOR_ROLE = 777_000_000_000_000_777
FLOOR = Actor(user_id=USER_ID + 5, name="floor", roles=(FLOOR_ROLE,))
EVERYONE = Viewer(user_id=0, manager=True)


async def set_rule(send_command, actor: Actor = MANAGER, **options: str):
    return await send_command("houserule", "set", actor=actor, **options)


async def entries(driver):
    return (await driver.bot.store.log_page(GUILD_ID, viewer=EVERYONE, per_page=50)).entries


def house_line(embed) -> str:
    return embed["description"].split("\n\n")[0]


def fields(embed) -> dict[str, str]:
    return {field["name"]: field["value"] for field in embed["fields"]}


async def test_the_everyone_role_as_floor_role_makes_everyone_the_floor_as_settings_says(driver, send_command) -> None:
    """Discord never lists @everyone (the role whose id is the server's) among a member's roles, so a floor role
    of @everyone made nobody the floor while /settings said every member was."""
    said = await send_command("settings", "floor-role", actor=MANAGER, role=GUILD_ID)
    by_anyone = await set_rule(send_command, PLAYER, rule_id=FLOP_RULE, text=BURN)

    assert f"<@&{GUILD_ID}>" in said.data["content"] and "are the floor" in said.data["content"]
    assert not by_anyone.data.get("flags", 0) & EPHEMERAL and BURN in by_anyone.data["content"]
    assert [(r.rule_id, r.set_by) for r in await driver.bot.store.list_house_rules(GUILD_ID)] == [
        (FLOP_RULE, PLAYER.user_id)
    ]


async def test_set_show_clear(driver, send_command) -> None:
    saved = await set_rule(send_command, rule_id=FLOP_RULE, text=BURN)
    shown = await send_command("houserule", "show")
    cleared = await send_command("houserule", "clear", actor=MANAGER, rule_id=FLOP_RULE)
    again = await send_command("houserule", "clear", actor=MANAGER, rule_id=FLOP_RULE)
    empty = await send_command("houserule", "show")

    assert not saved.data.get("flags", 0) & EPHEMERAL and BURN in saved.data["content"]
    assert saved.data["allowed_mentions"] == {"parse": []}
    assert shown.data["flags"] & EPHEMERAL and BURN in shown.embeds[0]["description"]
    assert FLOP_RULE in cleared.data["content"] and "follow the rulebook again" in cleared.data["content"]
    assert again.data["flags"] & EPHEMERAL and "no house rule" in again.data["content"]
    assert "No house rules" in empty.embeds[0]["description"]
    assert await driver.bot.store.list_house_rules(GUILD_ID) == []


async def test_only_the_floor_sets_and_clears(driver, send_command) -> None:
    refused = await set_rule(send_command, PLAYER, rule_id=FLOP_RULE, text=BURN)
    before_role = await set_rule(send_command, FLOOR, rule_id=FLOP_RULE, text=BURN)
    not_a_manager = await send_command("settings", "floor-role", actor=FLOOR, role=FLOOR_ROLE)
    role_set = await send_command("settings", "floor-role", actor=MANAGER, role=FLOOR_ROLE)
    by_floor = await set_rule(send_command, FLOOR, rule_id=FLOP_RULE, text=BURN)
    player_clears = await send_command("houserule", "clear", actor=PLAYER, rule_id=FLOP_RULE)
    await send_command("settings", "floor-role", actor=MANAGER)  # no role: Manage Server alone
    after_role = await send_command("houserule", "clear", actor=FLOOR, rule_id=FLOP_RULE)

    for answer in (refused, before_role, player_clears, after_role):
        assert answer.data["flags"] & EPHEMERAL
    assert "Manage Server" in refused.data["content"] and "/settings floor-role" in refused.data["content"]
    assert f"<@&{FLOOR_ROLE}>" in player_clears.data["content"]  # names the role, pings nobody
    assert "manage server" in not_a_manager.data["content"].lower()
    assert f"<@&{FLOOR_ROLE}>" in role_set.data["content"] and f"<@&{FLOOR_ROLE}>" in str(role_set.embeds)
    assert BURN in by_floor.data["content"] and not by_floor.data.get("flags", 0) & EPHEMERAL
    rules = await driver.bot.store.list_house_rules(GUILD_ID)
    assert [(r.rule_id, r.set_by) for r in rules] == [(FLOP_RULE, FLOOR.user_id)]  # set once, by the floor


async def test_the_house_rule_is_shown_first_on_the_ruling_it_touches_beside_the_rulebook(driver, send_command):
    rulebook = driver.bot.engine.rule(FLOP)
    await set_rule(send_command, rule_id=FLOP_RULE, text=BURN)

    touched = await send_command("ruling", situation=FLOP)
    other = await send_command("ruling", situation=TURN)

    [card] = touched.embeds
    assert card["title"] == "House rule"
    assert house_line(card) == f"🏠 **House rule:** {BURN}"
    beside = fields(card)[f"📖 The rulebook says: {rulebook.headline}"]
    assert beside == "\n".join(f"{n}. {step}" for n, step in enumerate(rulebook.steps, 1))
    [plain] = other.embeds
    assert "House rule" not in str(plain) and "📖" not in str(plain)
    assert plain["title"] == driver.bot.engine.rule(TURN).headline
    flop_entry, turn_entry = reversed(await entries(driver))
    assert flop_entry.outcome == rulebook.outcome  # text only: the rulebook's outcome stands
    call = await driver.bot.store.get_floor_call(GUILD_ID, flop_entry.number)
    assert call is not None and call.house is not None and call.house.text == BURN and call.house.outcome is None
    assert await driver.bot.store.ruling_marks(GUILD_ID, [turn_entry.number]) == {}


async def test_an_outcome_in_place_of_the_rulebooks_changes_the_steps_and_the_log(driver, send_command) -> None:
    engine = driver.bot.engine
    rulebook = engine.rule(FLOP)
    [tda] = [case for case in engine.rules[FLOP_RULE].cases if case.outcome == "scramble-flop" and not case.when]
    await set_rule(send_command, rule_id=FLOP_RULE, text=BURN, outcome="scramble-flop")

    touched = await send_command("ruling", situation=FLOP)
    log = await send_command("game", "log")

    [card] = touched.embeds
    assert card["title"] == tda.headline.en
    for number, step in enumerate(in_language(tda.steps, "en"), 1):
        assert f"{number}. {step}" in card["description"]
    assert house_line(card) == f"🏠 **House rule:** {BURN}"
    assert f"📖 The rulebook says: {rulebook.headline}" in fields(card)
    [entry] = await entries(driver)
    assert (entry.outcome, entry.rule_id) == ("scramble-flop", FLOP_RULE)
    call = await driver.bot.store.get_floor_call(GUILD_ID, entry.number)
    assert call is not None and call.house is not None
    assert (call.house.outcome, call.house.rulebook_outcome) == ("scramble-flop", "redeal-flop")
    assert "🏠 house rule" in log.embeds[0]["description"] and "scramble-flop" in log.embeds[0]["description"]


async def test_a_house_outcome_the_same_as_the_rulebooks_is_not_shown_twice(driver, send_command) -> None:
    rulebook = driver.bot.engine.rule(FLOP)
    await set_rule(send_command, rule_id=FLOP_RULE, text=BURN, outcome=rulebook.outcome)

    [card] = (await send_command("ruling", situation=FLOP)).embeds

    assert card["title"] == rulebook.headline and house_line(card) == f"🏠 **House rule:** {BURN}"
    assert f"1. {rulebook.steps[0]}" in card["description"]
    assert not any(name.startswith("📖") for name in fields(card))


async def test_the_outcome_is_chosen_from_that_rules_own(driver, send_command) -> None:
    suggested = await driver.autocomplete("houserule", MANAGER, "outcome", ("set",), rule_id=FLOP_RULE, outcome="")
    nothing = await driver.autocomplete("houserule", MANAGER, "outcome", ("set",), rule_id="nonsense", outcome="")
    foreign = await set_rule(send_command, rule_id=FLOP_RULE, text=BURN, outcome="misdeal")
    unknown = await set_rule(send_command, rule_id="holdem.nonsense", text=BURN)

    choices = suggested.callback["data"]["choices"]
    assert [c["value"] for c in choices] == list(outcomes(driver.bot.engine.rules[FLOP_RULE]))
    assert nothing.callback["data"]["choices"] == []
    assert foreign.data["flags"] & EPHEMERAL and "`redeal-flop`" in foreign.data["content"]
    assert "misdeal" in foreign.data["content"] and "not an outcome of this rule" in foreign.data["content"]
    assert unknown.data["flags"] & EPHEMERAL and "holdem.nonsense" in unknown.data["content"]
    assert await driver.bot.store.list_house_rules(GUILD_ID) == []


async def test_rule_and_clear_autocomplete(driver, send_command) -> None:
    await set_rule(send_command, rule_id=FLOP_RULE, text=BURN)

    rules = await driver.autocomplete("houserule", MANAGER, "rule_id", ("set",), rule_id="flop", text="x")
    held = await driver.autocomplete("houserule", MANAGER, "rule_id", ("clear",), rule_id="")
    none_held = await driver.autocomplete("houserule", MANAGER, "rule_id", ("clear",), rule_id="turn")

    assert FLOP_RULE in [c["value"] for c in rules.callback["data"]["choices"]]
    assert [c["value"] for c in held.callback["data"]["choices"]] == [FLOP_RULE]
    assert none_held.callback["data"]["choices"] == []


async def test_a_question_a_house_rule_touches_says_so_and_its_answer_takes_the_house_outcome(
    driver, send_command, click
) -> None:
    engine = driver.bot.engine
    question = engine.rule(EXPOSED)
    assert question.status == "question" and question.rule_id == EXPOSED_RULE
    await set_rule(
        send_command, rule_id=EXPOSED_RULE, text="Any exposed card on the deal is a misdeal", outcome="misdeal"
    )

    asked = await send_command("ruling", situation=EXPOSED)
    answered = await click(asked, question.questions[0].options[0].label)
    while answered.embeds[0]["title"] != engine.data.outcomes["misdeal"].headline.en:
        answered = await click(answered, answered.message["components"][0]["components"][0]["label"])

    [card] = asked.embeds
    assert card["title"] == question.questions[0].text
    assert house_line(card).startswith("🏠 This server has a **house rule** for this rule: Any exposed card")
    assert "Whatever the answer, its outcome is: **Misdeal" in card["description"]
    [entry] = await entries(driver)
    assert entry.outcome == "misdeal"
    call = await driver.bot.store.get_floor_call(GUILD_ID, entry.number)
    assert call is not None and call.house is not None and call.house.outcome == "misdeal"


async def test_house_rules_are_settings_shown_by_settings_and_kept_by_game_clear(driver, send_command, click) -> None:
    await set_rule(send_command, rule_id=FLOP_RULE, text=BURN, outcome="scramble-flop")
    await send_command("ruling", situation=FLOP)

    shown = await send_command("settings", "show")
    asked = await send_command("game", "clear", actor=MANAGER)
    await click(asked, "Delete", actor=MANAGER)
    after = await send_command("ruling", situation=FLOP)

    listed = fields(shown.embeds[0])
    assert BURN in listed["House rules"] and FLOP_RULE in listed["House rules"]
    assert "Scramble" in listed["House rules"]
    assert listed["Floor role"].startswith("None")
    assert [r.rule_id for r in await driver.bot.store.list_house_rules(GUILD_ID)] == [FLOP_RULE]
    assert house_line(after.embeds[0]) == f"🏠 **House rule:** {BURN}"


async def test_in_italian_the_house_rule_and_the_rulebook_are_labelled_in_italian(driver, send_command) -> None:
    await driver.bot.store.set_language(GUILD_ID, "it")
    await set_rule(send_command, rule_id=FLOP_RULE, text="Qui la carta in più si brucia")

    card = (await send_command("ruling", situation="il flop aveva quattro carte")).embeds[0]
    listed = await send_command("houserule", "show")

    assert card["title"] == "Regola della casa"
    assert house_line(card) == "🏠 **Regola della casa:** Qui la carta in più si brucia"
    assert any(name.startswith("📖 Il regolamento dice: ") for name in fields(card))
    assert listed.embeds[0]["title"] == "Regole della casa"
    assert [
        row["components"][0]["label"] for row in (await send_command("ruling", situation=FLOP)).data["components"]
    ] == ["Chiama il floor"]


@pytest.mark.parametrize(
    ("typed", "says"),
    [("   \u200b ", "Write the house rule in a sentence"), ("x" * 6000, "6,000 characters")],
)
async def test_a_blank_or_huge_house_rule_gets_a_friendly_answer(driver, send_command, typed, says) -> None:
    refused = await set_rule(send_command, rule_id=FLOP_RULE, text=typed)

    assert refused.data["flags"] & EPHEMERAL and says in refused.data["content"]
    assert len(refused.data["content"]) <= 2000
    assert await driver.bot.store.list_house_rules(GUILD_ID) == []


async def test_over_limit_texts_are_fitted_on_every_card_and_never_ping(driver, send_command) -> None:
    hostile = ("@everyone **bold** <@&123> " * 40)[:500]
    # every rule gets a house rule as long as the rate limit allows, the ruled one first (more rules than one burst)
    for rule_id in sorted(driver.bot.engine.rules, key=lambda rule_id: rule_id != FLOP_RULE):
        await set_rule(send_command, rule_id=rule_id, text=hostile)

    ruling = await send_command("ruling", situation=(FLOP + " and then some" * 70)[:1000])
    shown = await send_command("houserule", "show")
    settings = await send_command("settings", "show")

    for answer in (ruling, shown, settings):  # the stand-in refuses anything over Discord's limits
        assert answer.callback["type"] == 4 and answer.data["allowed_mentions"] == {"parse": []}
        assert "@everyone" not in str(answer.embeds).replace("@\u200beveryone", "")
    assert "\\*\\*bold\\*\\*" in house_line(ruling.embeds[0])
    assert not driver.standin.errors


async def test_house_rules_survive_a_restart(bot, config, error_log) -> None:
    first = await Driver.start(bot)
    try:
        await first.command("houserule", MANAGER, ("set",), rule_id=FLOP_RULE, text=BURN, outcome="scramble-flop")
    finally:
        await first.close()

    second = await Driver.start(FloorBot(config))
    try:
        card = (await second.command("ruling", PLAYER, situation=FLOP)).embeds[0]
        assert house_line(card) == f"🏠 **House rule:** {BURN}"
        assert card["title"] == second.bot.engine.data.outcomes["scramble-flop"].headline.en
        assert not second.standin.errors
    finally:
        await second.close()
