"""Calling the floor on a public ruling, through the real discord.py path against the strict stand-in: only the
floor decides, once; the card and the log keep the bot's ruling and the decision; it all survives a restart."""

from __future__ import annotations

from typing import Any

from bot import FloorBot
from offline import payloads
from offline.driver import Driver, Exchange
from offline.payloads import GUILD_ID, MANAGER, PLAYER, STRANGER, USER_ID, Actor
from rules_engine.language import in_language
from store import Viewer

EPHEMERAL, MODAL, UPDATE = 64, 9, 7
FLOP, FLOP_RULE = "the flop had four cards", "holdem.flop-too-many-cards"
FLOOR_ROLE = 777_000_000_000_000_777
FLOOR = Actor(user_id=USER_ID + 5, name="floor", roles=(FLOOR_ROLE,))
OTHER_FLOOR = Actor(user_id=USER_ID + 6, name="other floor", roles=(FLOOR_ROLE,))
EVERYONE = Viewer(user_id=0, manager=True)


def controls(message: dict[str, Any]) -> list[dict[str, Any]]:
    return payloads.interactive_components(message)


async def ruled(driver: Driver, situation: str = FLOP, actor: Actor = PLAYER, **options: Any) -> Exchange:
    return await driver.command("ruling", actor, situation=situation, **options)


async def call_floor(driver: Driver, card: Exchange, actor: Actor) -> Exchange:
    [button] = controls(driver.standin.messages[int(card.posted["id"])])
    return await driver.click(card.posted, button["custom_id"], actor)


def choice(opened: Exchange, starts: str) -> str:
    """The verdict menu's value whose label starts with `starts`."""
    assert opened.modal is not None
    [menu] = [f for f in payloads.modal_inputs(opened.modal) if f["custom_id"] == "verdict"]
    [value] = [o["value"] for o in menu["options"] if o["label"].startswith(starts)]
    return value


async def decide(driver: Driver, opened: Exchange, actor: Actor, starts: str, why: str) -> Exchange:
    return await driver.submit(opened, actor, {"verdict": [choice(opened, starts)], "decision": why})


async def set_floor_role(driver: Driver) -> None:
    await driver.command("settings", MANAGER, ("floor-role",), role=FLOOR_ROLE)


async def only_entry(driver: Driver):
    [entry] = (await driver.bot.store.log_page(GUILD_ID, viewer=EVERYONE)).entries
    return entry


async def test_a_public_ruling_carries_call_the_floor_a_private_one_and_a_dm_none(driver) -> None:
    public = await ruled(driver)
    private = await ruled(driver, private=True)
    dm = await ruled(driver, actor=Actor(guild_id=None))

    entry = (await driver.bot.store.log_page(GUILD_ID, viewer=EVERYONE)).entries[-1]
    [button] = controls(public.posted)
    assert (button["label"], button["custom_id"]) == ("Call the floor", f"floor:{entry.number}")
    assert controls(private.posted) == [] and controls(dm.posted) == []


async def test_only_the_floor_gets_the_form(driver) -> None:
    card = await ruled(driver)
    await set_floor_role(driver)

    refused = {who.name: await call_floor(driver, card, who) for who in (PLAYER, STRANGER)}
    opened = {who.name: await call_floor(driver, card, who) for who in (FLOOR, MANAGER)}

    for answer in refused.values():
        assert answer.data["flags"] & EPHEMERAL and f"<@&{FLOOR_ROLE}>" in answer.data["content"]
        assert answer.data["allowed_mentions"] == {"parse": []}
    for answer in opened.values():
        assert answer.callback["type"] == MODAL
    form = opened["floor"].modal
    assert form is not None and form["title"] == "Floor decision"
    labels = [o["label"] for f in payloads.modal_inputs(form) if f["custom_id"] == "verdict" for o in f["options"]]
    scramble = driver.bot.engine.data.outcomes["scramble-flop"].headline.en
    assert labels == ["Confirm the ruling", "Overrule it (my reason says what instead)", f"Overrule: {scramble}"]


async def test_a_confirmation_updates_the_card_logs_who_and_when_and_tells_the_asker(driver) -> None:
    bot_ruling = driver.bot.engine.rule(FLOP)
    card = await ruled(driver)

    opened = await call_floor(driver, card, MANAGER)
    decided = await decide(driver, opened, MANAGER, "Confirm", "Everyone saw four cards: redeal it")
    log = await driver.command("game", PLAYER, ("log",))

    assert decided.callback["type"] == UPDATE
    [embed] = decided.posted["embeds"]
    assert embed["title"] == bot_ruling.headline
    first = embed["description"].split("\n\n")[0]
    assert first.startswith(f"⚖️ **Floor decision** by <@{MANAGER.user_id}>, <t:")
    assert first.endswith(":f>: **confirmed** — Everyone saw four cards: redeal it")
    for number, step in enumerate(bot_ruling.steps, 1):
        assert f"{number}. {step}" in embed["description"]
    assert controls(decided.posted) == []  # one decision per ruling: the button is gone
    [told] = decided.followups
    assert told.json["content"].startswith(f"⚖️ <@{PLAYER.user_id}>: the floor confirmed your ruling #")
    assert told.json["allowed_mentions"] == {"parse": []} and not told.json.get("flags", 0) & EPHEMERAL
    entry = await only_entry(driver)
    call = await driver.bot.store.get_floor_call(GUILD_ID, entry.number)
    assert call is not None and call.decision is not None
    assert (call.decision.verdict, call.decision.decided_by, call.decision.outcome) == (
        "confirmed",
        MANAGER.user_id,
        None,
    )
    assert entry.outcome == bot_ruling.outcome  # the bot's ruling stays in the log
    assert "✅ confirmed by the floor" in log.embeds[0]["description"]


async def test_an_overrule_with_another_outcome_shows_its_steps_beside_the_bots_ruling(driver) -> None:
    engine = driver.bot.engine
    bot_ruling = engine.rule(FLOP)
    [tda] = [case for case in engine.rules[FLOP_RULE].cases if case.outcome == "scramble-flop" and not case.when]
    await set_floor_role(driver)
    card = await ruled(driver)

    opened = await call_floor(driver, card, FLOOR)
    decided = await decide(driver, opened, FLOOR, "Overrule: Scramble", "We play TDA on Fridays")
    log = await driver.command("game", PLAYER, ("log",))

    [embed] = decided.posted["embeds"]
    assert embed["title"] == tda.headline.en
    assert "**overruled** — We play TDA on Fridays" in embed["description"]
    for number, step in enumerate(in_language(tda.steps, "en"), 1):
        assert f"{number}. {step}" in embed["description"]
    beside = {field["name"]: field["value"] for field in embed["fields"]}
    assert beside[f"⚖️ Overruled: {bot_ruling.headline}"].startswith(f"1. {bot_ruling.steps[0]}")
    entry = await only_entry(driver)
    call = await driver.bot.store.get_floor_call(GUILD_ID, entry.number)
    assert call is not None and call.decision is not None
    assert (call.decision.verdict, call.decision.outcome, call.outcome) == ("overruled", "scramble-flop", "redeal-flop")
    assert "↩️ overruled by the floor → scramble-flop" in log.embeds[0]["description"]
    [told] = decided.followups
    assert "the floor overruled your ruling" in told.json["content"]


async def test_an_overrule_in_words_only_keeps_the_bots_ruling_labelled(driver) -> None:
    bot_ruling = driver.bot.engine.rule(FLOP)
    card = await ruled(driver)

    opened = await call_floor(driver, card, MANAGER)
    decided = await decide(driver, opened, MANAGER, "Overrule it", "Burn the extra card and play on")

    [embed] = decided.posted["embeds"]
    assert embed["title"] == "Overruled by the floor"
    assert "1. " not in embed["description"]  # no steps of the bot's in force
    assert f"⚖️ Overruled: {bot_ruling.headline}" in [field["name"] for field in embed["fields"]]


async def test_an_overrule_of_a_house_ruling_keeps_the_house_rule_and_its_outcome_beside_it(driver) -> None:
    await driver.command("houserule", MANAGER, ("set",), rule_id=FLOP_RULE, text="We scramble", outcome="scramble-flop")
    card = await ruled(driver)

    opened = await call_floor(driver, card, MANAGER)
    decided = await decide(driver, opened, MANAGER, "Overrule: Redeal", "Not tonight: redeal")

    [embed] = decided.posted["embeds"]
    first, second = embed["description"].split("\n\n")[:2]
    assert "**overruled** — Not tonight: redeal" in first and second == "🏠 **House rule:** We scramble"
    assert embed["title"] == driver.bot.engine.data.outcomes["redeal-flop"].headline.en
    names = [field["name"] for field in embed["fields"]]
    scramble = driver.bot.engine.data.outcomes["scramble-flop"].headline.en
    assert names[:2] == [f"⚖️ Overruled: {scramble}", "Situation"]  # the floor went back to the rulebook's steps


async def test_two_floor_members_at_once_one_decides_the_other_is_told(driver) -> None:
    await set_floor_role(driver)
    card = await ruled(driver)
    first, second = [await call_floor(driver, card, who) for who in (FLOOR, OTHER_FLOOR)]
    forms = [
        payloads.modal_submit(
            opened.modal or {}, who, {"verdict": [choice(opened, verdict)], "decision": why}, card.posted
        )
        for opened, who, verdict, why in (
            (first, FLOOR, "Confirm", "Right call"),
            (second, OTHER_FLOOR, "Overrule: Scramble", "TDA tonight"),
        )
    ]

    results = await driver.feed_together(forms)

    updates = [r for r in results if r.callback["type"] == UPDATE]
    told = [r for r in results if r.callback["type"] == 4]
    assert len(updates) == 1 and len(told) == 1
    assert told[0].data["flags"] & EPHEMERAL and "already ruled on this one" in told[0].data["content"]
    entry = await only_entry(driver)
    call = await driver.bot.store.get_floor_call(GUILD_ID, entry.number)
    assert call is not None and call.decision is not None
    winner = FLOOR if updates[0].payload is forms[0] else OTHER_FLOOR
    assert call.decision.decided_by == winner.user_id
    assert controls(driver.standin.messages[int(card.posted["id"])]) == []  # the button went with the decision


async def test_the_form_is_refused_to_whoever_is_not_the_floor_any_more(driver) -> None:
    await set_floor_role(driver)
    card = await ruled(driver)
    opened = await call_floor(driver, card, FLOOR)
    await driver.command("settings", MANAGER, ("floor-role",))  # the role is no longer the floor's

    refused = await decide(driver, opened, FLOOR, "Confirm", "ok")

    assert refused.data["flags"] & EPHEMERAL and "Manage Server" in refused.data["content"]
    entry = await only_entry(driver)
    call = await driver.bot.store.get_floor_call(GUILD_ID, entry.number)
    assert call is not None and call.decision is None


async def test_a_blank_decision_or_a_forged_outcome_gets_a_friendly_answer(driver) -> None:
    card = await ruled(driver)
    opened = await call_floor(driver, card, MANAGER)
    assert opened.modal is not None
    forged = {**opened.modal}
    forged["components"] = [dict(c) for c in opened.modal["components"]]
    menu = dict(forged["components"][0]["component"])
    menu["options"] = [*menu["options"], {"label": "Misdeal", "value": "outcome:misdeal"}]
    forged["components"][0] = {**forged["components"][0], "component": menu}

    blank = await decide(driver, opened, MANAGER, "Confirm", " \u200b ")
    foreign = await driver.feed(
        payloads.modal_submit(forged, MANAGER, {"verdict": ["outcome:misdeal"], "decision": "misdeal it"}, card.posted)
    )

    assert blank.data["flags"] & EPHEMERAL and "Write the decision in a sentence" in blank.data["content"]
    assert foreign.data["flags"] & EPHEMERAL and "not one of this rule's" in foreign.data["content"]
    entry = await only_entry(driver)
    call = await driver.bot.store.get_floor_call(GUILD_ID, entry.number)
    assert call is not None and call.decision is None


async def test_a_ruling_deleted_from_the_log_has_nothing_to_decide(driver, click) -> None:
    card = await ruled(driver)
    asked = await driver.command("game", MANAGER, ("clear",))
    await click(asked, "Delete", actor=MANAGER)

    pressed = await call_floor(driver, card, MANAGER)

    assert pressed.data["flags"] & EPHEMERAL and "no longer in the log" in pressed.data["content"]


async def test_in_italian_the_form_and_the_decision_are_in_italian(driver) -> None:
    await driver.bot.store.set_language(GUILD_ID, "it")
    card = await ruled(driver, situation="il flop aveva quattro carte")

    opened = await call_floor(driver, card, MANAGER)
    decided = await decide(driver, opened, MANAGER, "Confermo", "Giusto così")

    assert opened.modal is not None and opened.modal["title"] == "Decisione del floor"
    assert "⚖️ **Decisione del floor** di " in decided.posted["embeds"][0]["description"]
    assert "**confermata** — Giusto così" in decided.posted["embeds"][0]["description"]
    assert "il floor ha confermato la tua decisione" in decided.followups[0].json["content"]


async def test_a_pending_floor_call_survives_a_restart(bot, config, error_log) -> None:
    first = await Driver.start(bot)
    try:
        card = dict((await ruled(first)).posted)
        opened = await call_floor(first, await ruled(first), MANAGER)  # a form left open over the restart
        opened_card = dict(first.standin.messages[int(opened.payload["message"]["id"])])
        form = dict(opened.modal or {})
    finally:
        await first.close()

    second = await Driver.start(FloorBot(config))
    try:
        for shown in (card, opened_card):  # the same messages, still on the members' screens
            second.standin.messages[int(shown["id"])] = shown
        [button] = controls(card)
        pressed = await second.click(card, button["custom_id"], MANAGER)
        assert pressed.callback["type"] == MODAL
        values = {"verdict": ["confirm"], "decision": "Still right after the restart"}
        landed = await second.feed(payloads.modal_submit(form, MANAGER, values, opened_card))
        assert landed.callback["type"] == UPDATE
        assert "Still right after the restart" in landed.posted["embeds"][0]["description"]
        assert not second.standin.errors
    finally:
        await second.close()


async def test_a_late_form_is_deferred_and_still_updates_the_card(driver) -> None:
    """A form delivered 2 s after Discord made it (a slow gateway): the write runs past the deferral point, so the
    bot acknowledges first and then edits the card through the deferred reply."""
    card = await ruled(driver)
    opened = await call_floor(driver, card, MANAGER)
    values = {"verdict": [choice(opened, "Confirm")], "decision": "Late but right"}
    submitted = payloads.aged(payloads.modal_submit(opened.modal or {}, MANAGER, values, card.posted), 2.0)

    late = await driver.feed(submitted)

    assert late.callback["type"] == 6  # a deferred update of the card
    [edit] = [r for r in late.requests if r.method == "PATCH"]
    assert edit.path.endswith("/messages/@original") and "Late but right" in str(edit.json["embeds"])
    assert "Late but right" in driver.standin.messages[int(card.posted["id"])]["embeds"][0]["description"]
