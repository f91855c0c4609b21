"""The stand-in: exact content type, 404s recorded as errors, multipart bodies parsed, clicks checked."""

from __future__ import annotations

import io
import json

import aiohttp
import discord
import pytest

from offline import payloads
from offline.payloads import PLAYER, PayloadError
from offline.standin import StandIn


@pytest.fixture
async def standin():
    server = StandIn()
    await server.start()
    yield server
    await server.close()


async def test_answers_login_routes_with_exact_json_content_type(standin: StandIn) -> None:
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{standin.base_url}/users/@me") as response:
            assert response.status == 200
            assert response.headers["Content-Type"] == "application/json"
            assert (await response.json())["id"] == str(payloads.BOT_USER_ID)
        async with session.get(f"{standin.base_url}/oauth2/applications/@me") as response:
            assert (await response.json())["id"] == str(payloads.APP_ID)
    assert [r.path for r in standin.requests] == ["/api/v10/users/@me", "/api/v10/oauth2/applications/@me"]
    assert standin.errors == []


async def test_unknown_route_is_404_and_recorded_as_an_error(standin: StandIn) -> None:
    url = f"{standin.base_url}/channels/1/messages"
    async with aiohttp.ClientSession() as session, session.post(url, json={"content": "hi"}) as response:
        assert response.status == 404
    assert standin.requests[-1].json == {"content": "hi"}
    assert standin.requests[-1].status == 404
    assert standin.errors and "/channels/1/messages" in standin.errors[0]


async def test_callback_for_an_unknown_interaction_is_an_error(standin: StandIn) -> None:
    async with aiohttp.ClientSession() as session:
        url = f"{standin.base_url}/interactions/1/nope/callback"
        async with session.post(url, json={"type": 4, "data": {"content": "x"}}) as response:
            assert response.status == 404
    assert standin.errors


async def test_multipart_reply_records_payload_json_and_files(driver) -> None:
    """Attachments (CSV/JSON export) arrive as multipart: the body and each file are recorded."""

    @driver.bot.tree.command(name="attach", description="Test-only: reply with a file, then a followup file.")
    async def attach(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("log", file=discord.File(io.BytesIO(b"id,rule\n1,x\n"), "log.csv"))
        await interaction.followup.send(file=discord.File(io.BytesIO(b'{"a": 1}'), "log.json"))

    exchange = await driver.command("attach", PLAYER)

    callback, followup = exchange.requests
    assert callback.json["data"]["content"] == "log"
    assert [(f.filename, f.data) for f in callback.files] == [("log.csv", b"id,rule\n1,x\n")]
    assert [(f.filename, json.loads(f.data)) for f in followup.files] == [("log.json", {"a": 1})]
    assert exchange.message is not None
    assert exchange.message["attachments"][0]["filename"] == "log.csv"


def test_payload_refuses_options_discord_would_never_send() -> None:
    schema = {
        "name": "game",
        "description": "d",
        "options": [
            {
                "type": payloads.SUB_COMMAND,
                "name": "start",
                "description": "d",
                "options": [{"type": payloads.STRING, "name": "name", "description": "d", "required": True}],
            }
        ],
    }
    payload = payloads.slash_command(schema, PLAYER, ["start"], {"name": "Friday"})
    assert payload["data"]["options"] == [
        {"name": "start", "type": 1, "options": [{"name": "name", "type": 3, "value": "Friday"}]}
    ]
    assert payload["member"]["flags"] == 0 and payload["attachment_size_limit"] > 0
    with pytest.raises(PayloadError, match="no option"):
        payloads.slash_command(schema, PLAYER, ["start"], {"title": "x"})
    with pytest.raises(PayloadError, match="needs"):
        payloads.slash_command(schema, PLAYER, ["start"], {})
    with pytest.raises(PayloadError, match="cannot take"):
        payloads.slash_command(schema, PLAYER, ["start"], {"name": 3})
    with pytest.raises(PayloadError, match="needs a subcommand"):
        payloads.slash_command(schema, PLAYER, [], {})


def test_click_must_name_a_component_on_the_message() -> None:
    message = {
        "id": "1",
        "components": [
            {"type": 1, "components": [{"type": 2, "custom_id": "yes", "label": "Yes", "style": 1}]},
            {
                "type": 1,
                "components": [
                    {
                        "type": 3,
                        "custom_id": "pick",
                        "options": [{"label": "A", "value": "a"}],
                        "max_values": 1,
                    }
                ],
            },
        ],
    }
    assert payloads.component_click(message, "yes", PLAYER)["data"] == {
        "custom_id": "yes",
        "component_type": 2,
    }
    assert payloads.component_click(message, "pick", PLAYER, ["a"])["data"]["values"] == ["a"]
    with pytest.raises(PayloadError):
        payloads.component_click(message, "no", PLAYER)
    with pytest.raises(PayloadError):
        payloads.component_click(message, "pick", PLAYER, ["b"])


def test_snowflakes_are_current_and_unique() -> None:
    ids = [payloads.snowflake() for _ in range(1000)]
    assert len(set(ids)) == len(ids)
    created = discord.utils.snowflake_time(ids[0])
    assert abs((discord.utils.utcnow() - created).total_seconds()) < 60
