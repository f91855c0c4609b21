"""The stand-in refuses what Discord refuses, through discord.py's real HTTP path, with Discord's codes.

Each case registers a test-only command whose handler sends one body, and checks the exception discord.py
raised (status, code, the field named in the error) and that the stand-in recorded the refusal.
"""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

import aiohttp
import discord
import pytest

from offline import limits, payloads
from offline.driver import Driver, Exchange
from offline.payloads import PLAYER, PayloadError
from offline.standin import StandIn

Respond = Callable[[discord.Interaction], Awaitable[Any]]


class Raw(discord.ui.View):
    """A view that renders exactly the rows given, so a test can send shapes discord.py's View won't build."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        super().__init__(timeout=None)
        self.rows = rows

    def to_components(self) -> list[dict[str, Any]]:
        return self.rows


async def probe(
    driver: Driver, respond: Respond, payload_changes: dict[str, Any] | None = None
) -> tuple[Any, Exchange]:
    """Run `respond` as a slash command's handler; return what it raised (or returned) and the exchange."""
    outcome: list[Any] = []

    async def handler(interaction: discord.Interaction) -> None:
        try:
            outcome.append(await respond(interaction))
        except Exception as exc:  # the refusal is what the test looks at
            outcome.append(exc)

    driver.bot.tree.add_command(discord.app_commands.Command(name="probe", description="Test-only.", callback=handler))
    payload = payloads.slash_command(payloads.command_schema(driver.bot.tree)["probe"], PLAYER)
    exchange = await driver.feed({**payload, **(payload_changes or {})})
    return outcome[0], exchange


async def each_outcome(*attempts: Awaitable[Any]) -> list[Any]:
    """Each request's result, or the HTTP error Discord answered it with, in order."""
    outcomes: list[Any] = []
    for attempt in attempts:
        try:
            outcomes.append(await attempt)
        except discord.HTTPException as exc:
            outcomes.append(exc)
    return outcomes


def refused(driver: Driver, raised: Any, status: int, code: int, field: str | None = None) -> None:
    """`raised` is discord.py's exception for Discord's answer, and the stand-in recorded exactly one refusal."""
    assert isinstance(raised, discord.HTTPException), raised
    assert (raised.status, raised.code) == (status, code), raised.text
    if field is not None:
        assert f"In {field}:" in raised.text, raised.text
    assert len(driver.standin.errors) == 1, driver.standin.errors
    driver.standin.errors.clear()


def button(custom_id: str = "b", label: str = "x", **extra: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": label, **extra}


def row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


def select(count: int = 1, **extra: Any) -> dict[str, Any]:
    options = [{"label": f"o{n}", "value": f"v{n}"} for n in range(count)]
    return {"type": 3, "custom_id": "s", "options": options, "min_values": 1, "max_values": 1, **extra}


def embed(**parts: Any) -> discord.Embed:
    return discord.Embed.from_dict({"type": "rich", **parts})


def fields(count: int, name: str = "n", value: str = "v") -> list[dict[str, Any]]:
    return [{"name": name, "value": value, "inline": False} for _ in range(count)]


# Each shape: the send_message arguments (views are rendered as given by `Raw`) and the field Discord names.
MESSAGE_SHAPES: dict[str, tuple[dict[str, Any], str]] = {
    "content 2,001": ({"content": "x" * 2001}, "data.content"),
    "title 257": ({"embed": embed(title="x" * 257)}, "data.embeds.0.title"),
    "description 4,097": ({"embed": embed(description="x" * 4097)}, "data.embeds.0.description"),
    "26 fields": ({"embed": embed(fields=fields(26))}, "data.embeds.0.fields"),
    "field name 257": ({"embed": embed(fields=fields(1, name="x" * 257))}, "data.embeds.0.fields.0.name"),
    "field value 1,025": ({"embed": embed(fields=fields(1, value="x" * 1025))}, "data.embeds.0.fields.0.value"),
    "empty field value": ({"embed": embed(fields=fields(1, value=""))}, "data.embeds.0.fields.0.value"),
    "footer 2,049": ({"embed": embed(footer={"text": "x" * 2049})}, "data.embeds.0.footer.text"),
    "author 257": ({"embed": embed(author={"name": "x" * 257})}, "data.embeds.0.author.name"),
    "6,001 across two embeds": (
        {"embeds": [embed(description="x" * 4000), embed(description="x" * 2001)]},
        "data.embeds",
    ),
    "6,001 in one embed": (
        {"embed": embed(description="x" * 4096, fields=fields(2, value="x" * 952))},
        "data.embeds",
    ),
    "6 rows": ({"rows": ([row(button(f"b{n}")) for n in range(6)])}, "data.components"),
    "6 buttons in a row": ({"rows": ([row(*(button(f"b{n}") for n in range(6)))])}, "data.components.0.components"),
    "a select and a button in a row": ({"rows": ([row(select(), button())])}, "data.components.0.components"),
    "custom_id 101": ({"rows": ([row(button("x" * 101))])}, "data.components.0.components.0.custom_id"),
    "duplicate custom_id": ({"rows": ([row(button("a"), button("a"))])}, "data.components.0.components.1.custom_id"),
    "label 81": ({"rows": ([row(button(label="x" * 81))])}, "data.components.0.components.0.label"),
    "26 select options": ({"rows": ([row(select(26))])}, "data.components.0.components.0.options"),
    "option label 101": (
        {"rows": ([row(select(options=[{"label": "x" * 101, "value": "v"}]))])},
        "data.components.0.components.0.options.0.label",
    ),
    "option value 101": (
        {"rows": ([row(select(options=[{"label": "l", "value": "x" * 101}]))])},
        "data.components.0.components.0.options.0.value",
    ),
    "option description 101": (
        {"rows": ([row(select(options=[{"label": "l", "value": "v", "description": "x" * 101}]))])},
        "data.components.0.components.0.options.0.description",
    ),
    "placeholder 151": ({"rows": ([row(select(placeholder="x" * 151))])}, "data.components.0.components.0.placeholder"),
}


@pytest.mark.parametrize("shape", list(MESSAGE_SHAPES))
async def test_an_over_limit_reply_is_refused_with_50035(driver, shape: str) -> None:
    body, field = dict(MESSAGE_SHAPES[shape][0]), MESSAGE_SHAPES[shape][1]
    if "rows" in body:
        body["view"] = Raw(list(body.pop("rows")))

    raised, exchange = await probe(driver, lambda interaction: interaction.response.send_message(**body))

    refused(driver, raised, 400, limits.INVALID_FORM_BODY, field)
    assert exchange.message is None  # nothing was posted


async def test_the_same_limits_hold_for_edits_and_followups(driver) -> None:
    async def respond(interaction: discord.Interaction) -> list[Any]:
        await interaction.response.send_message("fine")
        return await each_outcome(
            interaction.edit_original_response(content="x" * 2001),
            interaction.followup.send(embed=embed(title="x" * 257)),
        )

    (edit, followup), exchange = await probe(driver, respond)

    assert (edit.status, edit.code) == (followup.status, followup.code) == (400, limits.INVALID_FORM_BODY)
    assert "In content:" in edit.text and "In embeds.0.title:" in followup.text
    assert exchange.message is not None and exchange.message["content"] == "fine"
    assert len(driver.standin.errors) == 2
    driver.standin.errors.clear()


async def test_limits_are_inclusive(driver) -> None:
    """Exactly at every limit is accepted: the stand-in must not refuse what Discord takes."""
    full = embed(
        title="t" * 256,
        description="d" * 4096,
        footer={"text": "f" * 1000},
        fields=[{"name": "n" * 100, "value": "v" * 548, "inline": False}],
    )
    assert len(full) == 6000
    buttons = row(*(button(str(n) * 100, "l" * 80) for n in range(5)))
    view = Raw([buttons, row(select(25, placeholder="p" * 150))])

    raised, exchange = await probe(driver, lambda i: i.response.send_message("c" * 2000, embed=full, view=view))

    assert not isinstance(raised, Exception), raised
    assert exchange.message is not None and len(exchange.message["content"]) == 2000
    assert driver.standin.errors == []


async def test_an_upload_over_the_interactions_limit_is_413(driver) -> None:
    async def respond(interaction: discord.Interaction) -> Any:
        return await interaction.response.send_message(file=discord.File(io.BytesIO(b"x" * 101), "big.csv"))

    raised, _ = await probe(driver, respond, {"attachment_size_limit": 100})

    refused(driver, raised, 413, limits.ENTITY_TOO_LARGE)


async def test_files_of_one_request_count_together(driver) -> None:
    async def respond(interaction: discord.Interaction) -> Any:
        files = [discord.File(io.BytesIO(b"x" * 60), f"part{n}.csv") for n in range(2)]
        return await interaction.response.send_message(files=files)

    raised, _ = await probe(driver, respond, {"attachment_size_limit": 100})

    refused(driver, raised, 413, limits.ENTITY_TOO_LARGE)


async def test_a_first_response_after_three_seconds_is_an_unknown_interaction(driver, clock) -> None:
    async def respond(interaction: discord.Interaction) -> Any:
        clock.advance(3.1)
        return await interaction.response.send_message("too late")

    raised, exchange = await probe(driver, respond)

    refused(driver, raised, 404, limits.UNKNOWN_INTERACTION)
    assert isinstance(raised, discord.NotFound) and exchange.message is None


async def test_a_deferral_within_three_seconds_buys_fifteen_minutes(driver, clock) -> None:
    async def respond(interaction: discord.Interaction) -> Any:
        clock.advance(2.9)
        await interaction.response.defer(thinking=True)
        clock.advance(14 * 60)
        return await interaction.edit_original_response(content="done")

    raised, exchange = await probe(driver, respond)

    assert isinstance(raised, discord.InteractionMessage), raised
    assert exchange.message is not None and exchange.message["content"] == "done"


async def test_the_token_dies_after_fifteen_minutes(driver, clock) -> None:
    async def respond(interaction: discord.Interaction) -> Any:
        await interaction.response.send_message("first")
        clock.advance(15 * 60 + 1)
        return await interaction.edit_original_response(content="second")

    raised, exchange = await probe(driver, respond)

    refused(driver, raised, 401, limits.INVALID_WEBHOOK_TOKEN)
    assert exchange.message is not None and exchange.message["content"] == "first"


async def test_a_second_initial_response_is_already_acknowledged(driver) -> None:
    async def respond(interaction: discord.Interaction) -> Any:
        await interaction.response.send_message("first")
        # A second InteractionResponse forgets that the first was sent, as a second process or a bug would.
        return await discord.InteractionResponse(interaction).send_message("second")

    raised, exchange = await probe(driver, respond)

    refused(driver, raised, 400, limits.ALREADY_ACKNOWLEDGED)
    assert exchange.message is not None and exchange.message["content"] == "first"


async def test_a_followup_before_any_response_is_refused(driver) -> None:
    raised, _ = await probe(driver, lambda interaction: interaction.followup.send("early"))
    refused(driver, raised, 404, limits.UNKNOWN_WEBHOOK)


@pytest.mark.parametrize(("deferred_ephemeral", "asked_ephemeral"), [(True, False), (False, True)])
async def test_the_first_followup_after_a_deferral_fills_the_deferred_reply_and_keeps_its_flag(
    driver, deferred_ephemeral: bool, asked_ephemeral: bool
) -> None:
    async def respond(interaction: discord.Interaction) -> Any:
        await interaction.response.defer(ephemeral=deferred_ephemeral, thinking=True)
        await interaction.followup.send("filled in", ephemeral=asked_ephemeral)
        return await interaction.followup.send("a new message", ephemeral=asked_ephemeral)

    _, exchange = await probe(driver, respond)

    original = exchange.message
    assert original is not None and original["content"] == "filled in"
    assert bool(original["flags"] & 64) is deferred_ephemeral  # the follow-up's own flag was ignored
    assert not original["flags"] & 128  # no longer "thinking"
    [second] = [r for r in exchange.followups if r.message_id != int(original["id"])]
    assert bool(driver.standin.messages[second.message_id]["flags"] & 64) is asked_ephemeral


async def test_a_server_only_command_is_never_delivered_from_a_dm(driver) -> None:
    dm = replace(PLAYER, guild_id=None)
    with pytest.raises(PayloadError, match="server-only"):
        await driver.command("game", dm, ("list",))
    with pytest.raises(PayloadError, match="server-only"):
        await driver.autocomplete("game", dm, "game", ("log",), game="")
    assert (await driver.command("ruling", dm, situation="the flop had four cards")).embeds  # DM-able commands work


async def test_autocomplete_over_limits_is_refused(driver, error_log) -> None:
    async def respond(interaction: discord.Interaction, current: str) -> list[discord.app_commands.Choice[str]]:
        if current == "many":
            return [discord.app_commands.Choice(name=f"c{n}", value=f"v{n}") for n in range(26)]
        if current == "long name":
            return [discord.app_commands.Choice(name="x" * 101, value="v")]
        return [discord.app_commands.Choice(name="n", value="x" * 101)]

    async def pick(interaction: discord.Interaction, thing: str) -> None:
        await interaction.response.send_message(thing)

    command: discord.app_commands.Command[Any, ..., None] = discord.app_commands.Command(
        name="pick", description="Test-only.", callback=pick
    )
    command.autocomplete("thing")(respond)
    driver.bot.tree.add_command(command)

    for typed, field in (("many", "choices"), ("long name", "choices.0.name"), ("long value", "choices.0.value")):
        await driver.autocomplete("pick", PLAYER, "thing", thing=typed)
        [refusal] = driver.standin.errors
        assert f"code {limits.INVALID_FORM_BODY}" in refusal and f"data.{field}:" in refusal
        driver.standin.errors.clear()
    error_log.records.clear()  # discord.py logs the failed autocomplete answer


async def raw_callback(standin: StandIn, payload: dict[str, Any], body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """POST a callback the way discord.py would, for bodies discord.py itself refuses to build."""
    standin.expect(payload)
    url = f"{standin.base_url}/interactions/{payload['id']}/{payload['token']}/callback"
    async with aiohttp.ClientSession() as session, session.post(url, json=body) as response:
        return response.status, await response.json()


async def test_a_callback_type_that_does_not_suit_the_interaction_is_refused(driver) -> None:
    payload = payloads.slash_command(payloads.command_schema(driver.bot.tree)["help"], PLAYER)

    status, answer = await raw_callback(driver.standin, payload, {"type": 7, "data": {}})

    assert (status, answer["code"]) == (400, limits.INVALID_FORM_BODY)
    assert len(driver.standin.errors) == 1
    driver.standin.errors.clear()


async def test_eleven_embeds_are_refused(driver) -> None:
    """discord.py refuses to build this body, so it goes over HTTP as discord.py would have sent it."""
    payload = payloads.slash_command(payloads.command_schema(driver.bot.tree)["help"], PLAYER)
    body = {"type": 4, "data": {"embeds": [{"title": "x"}] * 11}}

    status, answer = await raw_callback(driver.standin, payload, body)

    assert (status, answer["code"]) == (400, limits.INVALID_FORM_BODY)
    assert "_errors" in answer["errors"]["data"]["embeds"]
    driver.standin.errors.clear()


# Bodies Discord refuses that discord.py would build or that a bug could send: sent as discord.py would.
EMPTY_BODIES = {
    "no content": {"content": ""},
    "spaces only": {"content": "  \n "},
    "an embed with nothing in it": {"embeds": [{"type": "rich"}]},
}


@pytest.mark.parametrize("shape", list(EMPTY_BODIES))
async def test_an_empty_message_is_refused_with_50006(driver, shape: str) -> None:
    payload = payloads.slash_command(payloads.command_schema(driver.bot.tree)["help"], PLAYER)

    status, answer = await raw_callback(driver.standin, payload, {"type": 4, "data": EMPTY_BODIES[shape]})

    assert (status, answer["code"]) == (400, limits.EMPTY_MESSAGE)
    assert len(driver.standin.errors) == 1
    driver.standin.errors.clear()


async def test_a_followup_or_an_edit_that_leaves_nothing_is_refused(driver) -> None:
    async def respond(interaction: discord.Interaction) -> list[Any]:
        await interaction.response.send_message("fine")
        return await each_outcome(interaction.followup.send("   "), interaction.edit_original_response(content=""))

    (followup, edit), exchange = await probe(driver, respond)

    assert (followup.status, followup.code) == (edit.status, edit.code) == (400, limits.EMPTY_MESSAGE)
    assert exchange.message is not None and exchange.message["content"] == "fine"
    assert len(driver.standin.errors) == 2
    driver.standin.errors.clear()


COMPONENT_SHAPES: dict[str, tuple[list[dict[str, Any]], str]] = {
    "two options of one value": (
        [row(select(options=[{"label": "a", "value": "same"}, {"label": "b", "value": "same"}]))],
        "data.components.0.components.0.options.1.value",
    ),
    "button style 9": ([row(button(style=9))], "data.components.0.components.0.style"),
    "a link without a url": ([row({"type": 2, "style": 5, "label": "x"})], "data.components.0.components.0.url"),
    "a link with a custom_id": (
        [row({"type": 2, "style": 5, "label": "x", "url": "https://example.org", "custom_id": "c"})],
        "data.components.0.components.0.custom_id",
    ),
    "a url on a plain button": ([row(button(url="https://example.org"))], "data.components.0.components.0.url"),
}


@pytest.mark.parametrize("shape", list(COMPONENT_SHAPES))
async def test_components_discord_refuses_are_refused(driver, shape: str) -> None:
    rows, field = COMPONENT_SHAPES[shape]

    raised, exchange = await probe(driver, lambda interaction: interaction.response.send_message("x", view=Raw(rows)))

    refused(driver, raised, 400, limits.INVALID_FORM_BODY, field)
    assert exchange.message is None


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"content": "x", "components": [{"type": 10, "content": "text"}]}, "content"),
        ({"embeds": [{"title": "t"}], "components": [{"type": 10, "content": "text"}]}, "embeds"),
        ({"components": [row(*(button(f"b{n}") for n in range(5))) for _ in range(8)]}, "components"),
    ],
    ids=["content", "embeds", "48 components"],
)
async def test_the_components_v2_flag_takes_components_only_and_at_most_40(driver, body, field) -> None:
    payload = payloads.slash_command(payloads.command_schema(driver.bot.tree)["help"], PLAYER)

    data = {**body, "flags": limits.COMPONENTS_V2}
    status, answer = await raw_callback(driver.standin, payload, {"type": 4, "data": data})

    assert (status, answer["code"]) == (400, limits.INVALID_FORM_BODY)
    assert field in answer["errors"]["data"]
    driver.standin.errors.clear()


async def test_a_token_cannot_edit_another_interactions_message(driver) -> None:
    schema = payloads.command_schema(driver.bot.tree)["help"]
    first, second = payloads.slash_command(schema, PLAYER), payloads.slash_command(schema, PLAYER)
    for payload in (first, second):
        await raw_callback(driver.standin, payload, {"type": 4, "data": {"content": "mine"}})
    theirs = driver.standin.original(first)
    assert theirs is not None
    url = f"{driver.standin.base_url}/webhooks/{payloads.APP_ID}/{second['token']}/messages/{theirs['id']}"

    async with aiohttp.ClientSession() as session, session.patch(url, json={"content": "not yours"}) as response:
        assert (response.status, (await response.json())["code"]) == (404, limits.UNKNOWN_MESSAGE)
    assert driver.standin.original(first) == theirs | {"content": "mine"}
    driver.standin.errors.clear()


async def test_followups_past_discords_rate_are_429_and_discord_py_waits_them_out(driver) -> None:
    payload = payloads.slash_command(payloads.command_schema(driver.bot.tree)["help"], PLAYER)
    await raw_callback(driver.standin, payload, {"type": 4, "data": {"content": "first"}})
    url = f"{driver.standin.base_url}/webhooks/{payloads.APP_ID}/{payload['token']}"
    async with aiohttp.ClientSession() as session:
        statuses = []
        for n in range(limits.FOLLOWUP_RATE + 1):
            async with session.post(url, json={"content": f"{n}"}) as response:
                statuses.append(response.status)
                if response.status == 429:
                    assert 0 < (await response.json())["retry_after"] <= limits.FOLLOWUP_PER
    assert statuses == [200] * limits.FOLLOWUP_RATE + [429]
    assert len(driver.standin.rate_limited) == 1 and driver.standin.errors == []

    async def respond(interaction: discord.Interaction) -> int:
        await interaction.response.send_message("parts follow")
        for n in range(limits.FOLLOWUP_RATE + 3):
            await interaction.followup.send(f"part {n}")
        return limits.FOLLOWUP_RATE + 3

    sent, exchange = await probe(driver, respond)

    assert len([r for r in exchange.followups if r.status == 200]) == sent  # every one got through, paced
    assert driver.standin.errors == []


async def test_without_keeping_uploads_sizes_are_still_recorded_and_checked(driver) -> None:
    """A benchmark drops the uploads' bytes (keep_uploads False): the limit and the attachment's size hold."""
    driver.standin.keep_uploads = False

    async def fits(interaction: discord.Interaction) -> Any:
        return await interaction.response.send_message(file=discord.File(io.BytesIO(b"x" * 90), "log.csv"))

    _, exchange = await probe(driver, fits, {"attachment_size_limit": 100})
    (recorded,) = exchange.requests[0].files
    assert (recorded.data, recorded.size) == (b"", 90)
    assert exchange.message is not None and exchange.message["attachments"][0]["size"] == 90

    async def too_big(interaction: discord.Interaction) -> Any:
        return await interaction.response.send_message(file=discord.File(io.BytesIO(b"x" * 101), "big.csv"))

    driver.bot.tree.remove_command("probe")
    raised, _ = await probe(driver, too_big, {"attachment_size_limit": 100})
    refused(driver, raised, 413, limits.ENTITY_TOO_LARGE)
# --- forms (modals) ---------------------------------------------------------------------------------------


def form(title: str = "Floor decision", label: str = "Why", max_length: int = 300) -> discord.ui.Modal:
    modal = discord.ui.Modal(title=title, custom_id="form:1", timeout=None)
    choice: discord.ui.Select[Any] = discord.ui.Select(
        custom_id="pick", options=[discord.SelectOption(label=x, value=x) for x in "ab"]
    )
    modal.add_item(discord.ui.Label(text="Pick", component=choice))
    text: discord.ui.TextInput[Any] = discord.ui.TextInput(
        custom_id="why", style=discord.TextStyle.paragraph, max_length=max_length
    )
    modal.add_item(discord.ui.Label(text=label, component=text))
    modal.stop()  # the test reads the submission from the exchange; discord.py need not listen for it
    return modal


@pytest.mark.parametrize(
    ("shape", "field"),
    [
        ({"title": "t" * 46}, "data.title"),
        ({"label": "l" * 46}, "data.components.1.label"),
        ({"max_length": 4001}, "data.components.1.component.max_length"),
    ],
)
async def test_an_over_limit_form_is_refused(driver, shape: dict[str, Any], field: str) -> None:
    raised, exchange = await probe(driver, lambda interaction: interaction.response.send_modal(form(**shape)))

    refused(driver, raised, 400, limits.INVALID_FORM_BODY, field)
    assert exchange.modal is None


class Opener(discord.ui.View):
    """A card whose button opens the form."""

    @discord.ui.button(label="Open", custom_id="open")
    async def open(self, interaction: discord.Interaction, _: discord.ui.Button[Opener]) -> None:
        await interaction.response.send_modal(form())


async def test_a_form_is_filled_in_and_sent_back_with_the_message_that_opened_it(driver) -> None:
    received: list[Any] = []

    async def on_interaction(interaction: discord.Interaction) -> None:
        if interaction.type is discord.InteractionType.modal_submit:
            received.append(interaction.data)
            await interaction.response.edit_message(content="decided")

    driver.bot.add_listener(on_interaction)
    _, posted = await probe(driver, lambda interaction: interaction.response.send_message("card", view=Opener()))
    opened = await driver.click(posted.posted, "open", PLAYER)
    assert opened.modal is not None and opened.modal["title"] == "Floor decision"

    with pytest.raises(PayloadError, match="required"):
        await driver.submit(opened, PLAYER, {"pick": "a"})
    with pytest.raises(PayloadError, match="cannot take"):
        await driver.submit(opened, PLAYER, {"pick": "c", "why": "x"})
    with pytest.raises(PayloadError, match="300"):
        await driver.submit(opened, PLAYER, {"pick": "a", "why": "x" * 301})
    with pytest.raises(PayloadError, match="no field"):
        await driver.submit(opened, PLAYER, {"pick": "a", "why": "x", "other": "y"})
    answered = await driver.submit(opened, PLAYER, {"pick": ["b"], "why": "because"})

    [data] = received
    assert data["custom_id"] == "form:1"
    assert [c["component"] for c in data["components"]] == [
        {"type": 3, "custom_id": "pick", "values": ["b"]},
        {"type": 4, "custom_id": "why", "value": "because"},
    ]
    assert answered.callback["type"] == 7 and answered.posted["content"] == "decided"
    driver.bot.remove_listener(on_interaction)


async def test_a_role_option_is_resolved_like_discord_does(driver) -> None:
    async def handler(interaction: discord.Interaction, role: discord.Role) -> None:
        await interaction.response.send_message(f"{role.id} {role.name}")

    driver.bot.tree.add_command(
        discord.app_commands.Command(name="pickrole", description="Test-only.", callback=handler)
    )
    schema = payloads.command_schema(driver.bot.tree)["pickrole"]
    member = replace(PLAYER, roles=(42,))

    answered = await driver.feed(payloads.slash_command(schema, member, (), {"role": 42}))

    assert answered.posted["content"] == "42 role 42"
    assert answered.payload["member"]["roles"] == ["42"]
    with pytest.raises(PayloadError, match="cannot take"):
        payloads.slash_command(schema, member, (), {"role": "everyone"})
