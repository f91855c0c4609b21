"""/help: how to describe a situation, examples in English and Italian, and every command in the tree."""

from __future__ import annotations


async def test_help_explains_with_examples_in_both_languages(send_command) -> None:
    exchange = await send_command("help")

    assert exchange.data["flags"] == 64
    assert exchange.data["allowed_mentions"] == {"parse": []}
    [embed] = exchange.embeds
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    assert "street" in embed["description"]
    assert "/ruling the flop had four cards" in fields["Examples"]
    assert "/ruling il flop aveva quattro carte" in fields["Esempi in italiano"]


async def test_help_lists_every_command_including_other_cogs_subcommands(driver, send_command) -> None:
    exchange = await send_command("help")
    listed = "\n".join(f["value"] for f in exchange.embeds[0]["fields"] if f["name"] in ("Commands", "\u200b"))
    for name, entry in driver.schema.items():
        subcommands = [o["name"] for o in entry.get("options", []) if o["type"] == 1]
        expected = [f"/{name} {sub}" for sub in subcommands] or [f"/{name}"]
        for command in expected:
            assert f"`{command}`" in listed


async def test_help_examples_really_get_rulings(driver) -> None:
    """The examples must keep working as the engine changes: each gives a ruling or a question."""
    from cogs.help import EXAMPLES

    for situations in EXAMPLES.values():
        for situation in situations:
            assert driver.bot.engine.rule(situation).status in ("ruling", "question"), situation
