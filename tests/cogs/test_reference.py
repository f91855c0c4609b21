"""/rule and /rules: rule cards, autocomplete from memory, friendly unknown ids, browsing by section."""

from __future__ import annotations

import pytest

from offline import payloads
from rules_engine import RULEBOOKS

AUTOCOMPLETE_RESULT = 8
COMPONENT_UPDATE = 7


async def test_rule_card_shows_every_case_and_each_rulebooks_citation(driver, send_command) -> None:
    rule = driver.bot.engine.rules["holdem.premature-turn"]

    exchange = await send_command("rule", rule_id=rule.id)

    assert exchange.data["allowed_mentions"] == {"parse": []}
    assert not exchange.data.get("flags", 0) & 64
    [card] = exchange.embeds
    assert card["title"] == rule.title.en
    assert rule.id in card["description"] and rule.summary in card["description"]
    case_fields = card["fields"][: len(rule.cases)]
    for case, field in zip(rule.cases, case_fields, strict=True):
        assert case.headline.en in field["value"]
        for step in case.steps:
            assert step.en in field["value"]
        for book in case.rulebooks:
            assert RULEBOOKS[book] in field["value"]
    citations = next(f["value"] for f in card["fields"] if f["name"] == "Citations")
    for where in rule.citations.values():
        assert where in citations
    assert len(card["fields"]) <= 25


async def test_every_rule_has_a_card_within_discords_limits(driver, send_command) -> None:
    for rule_id in driver.bot.engine.rules:
        exchange = await send_command("rule", rule_id=rule_id)
        [card] = exchange.embeds
        size = len(card["title"]) + len(card.get("description", "")) + len(card.get("footer", {}).get("text", ""))
        size += sum(len(f["name"]) + len(f["value"]) for f in card.get("fields", []))
        assert size <= 6000 and all(len(f["value"]) <= 1024 for f in card.get("fields", []))


@pytest.mark.parametrize("typed", ["premature turn", "holdem.premature-tur", "turn early"])
async def test_an_unknown_id_gets_fuzzy_suggestions(driver, send_command, typed) -> None:
    exchange = await send_command("rule", rule_id=typed)

    assert exchange.data["flags"] == 64
    assert "I don't know a rule called" in exchange.data["content"]
    for rule in driver.bot.engine.search(typed, 5):
        assert f"`{rule.id}`" in exchange.data["content"]


@pytest.mark.parametrize("typed", ["   ", "@everyone", "<@&123>", "x" * 6000])
async def test_an_unknown_id_is_never_echoed_raw(send_command, typed) -> None:
    exchange = await send_command("rule", rule_id=typed)
    content = exchange.data["content"]
    assert exchange.data["flags"] == 64 and exchange.data["allowed_mentions"] == {"parse": []}
    assert "@everyone" not in content and "<@&123>" not in content
    assert len(content) < 1000


@pytest.mark.parametrize("typed", ["", "turn", "giro", "premature", "zzzz", "x" * 6000])
async def test_autocomplete_offers_at_most_25_choices_from_the_engine(driver, typed) -> None:
    from offline.payloads import PLAYER

    exchange = await driver.autocomplete("rule", PLAYER, "rule_id", rule_id=typed)

    assert exchange.callback["type"] == AUTOCOMPLETE_RESULT
    choices = exchange.data["choices"]
    assert len(choices) <= 25
    assert all(1 <= len(c["name"]) <= 100 and c["value"] in driver.bot.engine.rules for c in choices)
    assert [c["value"] for c in choices] == [r.id for r in driver.bot.engine.search(typed[:100], 25)][:25]


async def test_autocomplete_finds_a_rule_by_title_words(driver) -> None:
    from offline.payloads import PLAYER

    exchange = await driver.autocomplete("rule", PLAYER, "rule_id", rule_id="turn")
    assert "holdem.premature-turn" in [c["value"] for c in exchange.data["choices"]]


async def test_rules_browses_by_section(driver, send_command, click) -> None:
    sections = driver.bot.engine.sections()

    exchange = await send_command("rules")

    [overview] = exchange.embeds
    for name in sections:
        assert name in overview["description"]
    [select] = [c for row in exchange.data["components"] for c in row["components"]]
    assert [o["value"] for o in select["options"]] == list(sections)[:25]

    section, rules = next(iter(sections.items()))
    shown = await click(exchange, section)

    assert shown.callback["type"] == COMPONENT_UPDATE
    [listing] = shown.embeds
    assert listing["title"] == section
    for rule in rules:
        assert rule.id in listing["description"]


def with_floor_decisions(driver, rule_id: str, length: int):
    """The rule with a floor decision of `length` characters on every case (the data's are 300–600), in the engine."""
    from dataclasses import replace

    from rules_engine import Text

    rule = driver.bot.engine.rules[rule_id]
    decided = tuple(
        replace(case, floor_decision=Text(f"EN{n} " + "a" * length, f"IT{n} " + "b" * length))
        for n, case in enumerate(rule.cases)
    )
    changed = replace(rule, cases=decided)
    driver.bot.engine.rules = {**driver.bot.engine.rules, rule_id: changed}
    return changed


async def test_a_cases_floor_decision_is_on_the_rule_card(driver, send_command) -> None:
    rule = with_floor_decisions(driver, "holdem.premature-turn", 300)

    english = (await send_command("rule", rule_id=rule.id)).embeds[0]
    await driver.bot.store.set_language(payloads.GUILD_ID, "it")
    italian = (await send_command("rule", rule_id=rule.id)).embeds[0]

    for n, field in enumerate(english["fields"][: len(rule.cases)]):
        assert f"⚖️ **Floor decision:** EN{n} {'a' * 300}" in field["value"]
    for n, field in enumerate(italian["fields"][: len(rule.cases)]):
        assert f"⚖️ **Decisione del floor:** IT{n} " in field["value"]


async def test_long_floor_decisions_are_cut_so_every_case_and_the_citations_stay(driver, send_command) -> None:
    rule = with_floor_decisions(driver, "holdem.exposed-holecard", 3000)

    [card] = (await send_command("rule", rule_id=rule.id)).embeds  # the stand-in refuses an embed over the limits

    names = [field["name"] for field in card["fields"]]
    assert len(names) == len(rule.cases) + 1 + bool(rule.notes) and "Citations" in names
    for case, field in zip(rule.cases, card["fields"], strict=False):
        assert all(step.en in field["value"] for step in case.steps)
        assert len(field["value"]) <= 1024
    assert sum("⚖️ **Floor decision:** EN" in field["value"] for field in card["fields"]) >= 1
    assert "…" in str(card["fields"])


async def test_autocomplete_titles_are_in_an_italian_members_language(driver) -> None:
    """QA report 15: /rule's autocomplete always listed English titles, though it invites Italian words."""
    from offline.payloads import Actor

    rule = driver.bot.engine.rules["holdem.premature-turn"]
    assert rule.title["it"] != rule.title["en"]

    italian = await driver.autocomplete("rule", Actor(locale="it"), "rule_id", rule_id="holdem.premature-turn")
    english = await driver.autocomplete("rule", Actor(locale="en-US"), "rule_id", rule_id="holdem.premature-turn")

    assert italian.data["choices"][0] == {"name": f"{rule.title['it']} (holdem.premature-turn)", "value": rule.id}
    assert english.data["choices"][0]["name"].startswith(rule.title["en"])
