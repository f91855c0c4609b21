"""A local Discord stand-in: the REST routes discord.py uses for login and interaction replies.

Tests and the offline console both run the real bot against it. It keeps the messages it "posted" so a
component click can reference the id it handed out, and it records every request so callers can assert
on exactly what the bot sent. Anything it does not know is answered 404 and recorded as an error.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from aiohttp import BodyPartReader, web

from offline.payloads import APP_ID, BOT_USER_ID, snowflake

API = "/api/v10"
EPHEMERAL = 1 << 6
LOADING = 1 << 7

BOT_USER: dict[str, Any] = {
    "id": str(BOT_USER_ID),
    "username": "Floor Call",
    "global_name": "Floor Call",
    "discriminator": "0",
    "avatar": None,
    "bot": True,
    "flags": 0,
}

APPLICATION: dict[str, Any] = {
    "id": str(APP_ID),
    "name": "Floor Call",
    "description": "Offline stand-in application",
    "icon": None,
    "bot_public": False,
    "bot_require_code_grant": False,
    "verify_key": "0" * 64,
    "owner": BOT_USER,
    "flags": 0,
}

# Interaction callback types (Discord's InteractionResponseType).
PONG, MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE, AUTOCOMPLETE, MODAL = 1, 4, 5, 6, 7, 8, 9


@dataclass(frozen=True, slots=True)
class RecordedFile:
    """One file part of a multipart request."""

    field: str
    filename: str | None
    content_type: str | None
    data: bytes


@dataclass(slots=True)
class Recorded:
    """One request the bot made, with its JSON body (or multipart `payload_json`) and files."""

    method: str
    path: str
    query: dict[str, str]
    json: Any
    files: list[RecordedFile] = field(default_factory=list)
    status: int = 200
    message_id: int | None = None  # the message this request created or edited, if any

    @property
    def is_callback(self) -> bool:
        return self.path.endswith("/callback")


class StandIn:
    """An aiohttp server on 127.0.0.1, port 0, that plays Discord's REST API for one application."""

    def __init__(self) -> None:
        self.requests: list[Recorded] = []
        self.errors: list[str] = []
        self.messages: dict[int, dict[str, Any]] = {}
        self._interactions: dict[str, dict[str, Any]] = {}  # token -> INTERACTION_CREATE payload
        self._originals: dict[str, int] = {}  # token -> id of the interaction's original response
        self._runner: web.AppRunner | None = None
        self.port = 0

    @property
    def base_url(self) -> str:
        """What discord.py's Route.BASE must be set to."""
        return f"http://127.0.0.1:{self.port}{API}"

    async def start(self) -> None:
        app = web.Application(client_max_size=32 * 1024 * 1024)
        app.router.add_get(f"{API}/users/@me", self._user)
        app.router.add_get(f"{API}/oauth2/applications/@me", self._application)
        app.router.add_post(f"{API}/interactions/{{id}}/{{token}}/callback", self._callback)
        app.router.add_post(f"{API}/webhooks/{{app_id}}/{{token}}", self._followup)
        message = f"{API}/webhooks/{{app_id}}/{{token}}/messages/{{message_id}}"
        app.router.add_get(message, self._get_message)
        app.router.add_patch(message, self._edit_message)
        app.router.add_delete(message, self._delete_message)
        app.router.add_put(f"{API}/applications/{{app_id}}/commands", self._sync)
        app.router.add_put(f"{API}/applications/{{app_id}}/guilds/{{guild_id}}/commands", self._sync)
        app.router.add_route("*", "/{tail:.*}", self._unknown)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    def expect(self, payload: dict[str, Any]) -> None:
        """Remember an INTERACTION_CREATE payload so its callback and followups can be answered."""
        self._interactions[payload["token"]] = payload

    def forget(self) -> None:
        """Drop everything recorded so far (long benchmark runs; tests keep the history to assert on)."""
        self.requests.clear()
        self.messages.clear()
        self._interactions.clear()
        self._originals.clear()

    def original(self, payload: dict[str, Any]) -> dict[str, Any] | None:
        """The message that answered this interaction, as it stands now."""
        message_id = self._originals.get(payload["token"])
        return None if message_id is None else self.messages.get(message_id)

    # -- routes -------------------------------------------------------------------------------------

    async def _user(self, request: web.Request) -> web.Response:
        await self._record(request)
        return _json(BOT_USER)

    async def _application(self, request: web.Request) -> web.Response:
        await self._record(request)
        return _json(APPLICATION)

    async def _sync(self, request: web.Request) -> web.Response:
        """Bulk overwrite of the command list: echo it back with ids, as Discord does."""
        recorded = await self._record(request)
        guild_id = request.match_info.get("guild_id")
        commands = [
            {
                **command,
                "id": str(snowflake()),
                "application_id": str(APP_ID),
                "version": "1",
                "guild_id": guild_id,
            }
            for command in recorded.json or []
        ]
        return _json(commands)

    async def _callback(self, request: web.Request) -> web.Response:
        recorded = await self._record(request)
        token = request.match_info["token"]
        interaction = self._interactions.get(token)
        if interaction is None or not isinstance(recorded.json, dict):
            return self._fail(recorded, "callback for an interaction the stand-in was never given")
        kind = recorded.json.get("type")
        data = recorded.json.get("data") or {}
        answer: dict[str, Any] = {"id": interaction["id"], "type": interaction["type"]}
        resource: dict[str, Any] = {"type": kind}
        if kind in (MESSAGE, DEFERRED_MESSAGE):
            flags = int(data.get("flags", 0)) | (LOADING if kind == DEFERRED_MESSAGE else 0)
            message = self._post(interaction, {**data, "flags": flags}, recorded.files)
            self._originals[token] = recorded.message_id = int(message["id"])
            answer |= {
                "response_message_id": message["id"],
                "response_message_loading": kind == DEFERRED_MESSAGE,
                "response_message_ephemeral": bool(flags & EPHEMERAL),
            }
            resource["message"] = message
        elif kind in (UPDATE, DEFERRED_UPDATE):
            clicked = interaction.get("message")
            if clicked is None or int(clicked["id"]) not in self.messages:
                return self._fail(recorded, "message update for an interaction without a known message")
            message_id = recorded.message_id = int(clicked["id"])
            self._originals[token] = message_id
            if kind == UPDATE:
                resource["message"] = self._patch(message_id, data, recorded.files)
        elif kind not in (PONG, AUTOCOMPLETE, MODAL):
            return self._fail(recorded, f"unknown interaction callback type {kind!r}")
        return _json({"interaction": answer, "resource": resource})

    async def _followup(self, request: web.Request) -> web.Response:
        recorded = await self._record(request)
        interaction = self._interactions.get(request.match_info["token"])
        if interaction is None or not isinstance(recorded.json, dict):
            return self._fail(recorded, "followup for an interaction the stand-in was never given")
        message = self._post(interaction, recorded.json, recorded.files)
        recorded.message_id = int(message["id"])
        return _json(message)

    async def _get_message(self, request: web.Request) -> web.Response:
        recorded = await self._record(request)
        message_id = self._message_id(request)
        if message_id is None:
            return self._fail(recorded, "unknown webhook message")
        return _json(self.messages[message_id])

    async def _edit_message(self, request: web.Request) -> web.Response:
        recorded = await self._record(request)
        message_id = self._message_id(request)
        if message_id is None or not isinstance(recorded.json, dict):
            return self._fail(recorded, "edit of an unknown webhook message")
        recorded.message_id = message_id
        return _json(self._patch(message_id, recorded.json, recorded.files))

    async def _delete_message(self, request: web.Request) -> web.Response:
        recorded = await self._record(request)
        message_id = self._message_id(request)
        if message_id is None:
            return self._fail(recorded, "delete of an unknown webhook message")
        del self.messages[message_id]
        return web.Response(status=204)

    async def _unknown(self, request: web.Request) -> web.Response:
        recorded = await self._record(request)
        return self._fail(recorded, "route the stand-in does not serve")

    # -- helpers ------------------------------------------------------------------------------------

    def _fail(self, recorded: Recorded, why: str) -> web.Response:
        recorded.status = 404
        self.errors.append(f"{recorded.method} {recorded.path}: {why}")
        return _json({"message": f"404: {why}", "code": 0}, status=404)

    def _message_id(self, request: web.Request) -> int | None:
        raw = request.match_info["message_id"]
        if raw == "@original":
            return self._originals.get(request.match_info["token"])
        message_id = int(raw) if raw.isdigit() else None
        return message_id if message_id in self.messages else None

    def _post(self, interaction: dict[str, Any], data: dict[str, Any], files: list[RecordedFile]) -> dict:
        message_id = snowflake()
        message = {
            "id": str(message_id),
            "type": 20 if interaction["type"] == 2 else 0,
            "channel_id": interaction["channel"]["id"],
            "guild_id": interaction.get("guild_id"),
            "author": BOT_USER,
            "application_id": str(APP_ID),
            "webhook_id": str(APP_ID),
            "timestamp": datetime.now(UTC).isoformat(),
            "edited_timestamp": None,
            "tts": False,
            "pinned": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "content": "",
            "embeds": [],
            "components": [],
            "attachments": [],
            "flags": 0,
        }
        self.messages[message_id] = message
        self._patch(message_id, data, files)
        message["flags"] = int(data.get("flags") or 0)
        return message

    def _patch(self, message_id: int, data: dict[str, Any], files: list[RecordedFile]) -> dict[str, Any]:
        """Apply an edit; any edit ends a deferred reply's "thinking" state, ephemeral stays ephemeral."""
        message = self.messages[message_id]
        for key, empty in (("content", ""), ("embeds", []), ("components", [])):
            if key in data:
                message[key] = empty if data[key] is None else data[key]
        message["flags"] = (int(data.get("flags") or 0) | message["flags"]) & ~LOADING
        if files or "attachments" in data:
            message["attachments"] = [_attachment(f) for f in files]
        return message

    async def _record(self, request: web.Request) -> Recorded:
        body: Any = None
        files: list[RecordedFile] = []
        if request.content_type == "multipart/form-data":
            reader = await request.multipart()
            async for part in reader:
                if not isinstance(part, BodyPartReader):
                    continue  # discord.py never nests multiparts
                raw = await part.read()
                if part.name == "payload_json":
                    body = json.loads(raw)
                else:
                    content_type = part.headers.get("Content-Type")
                    files.append(RecordedFile(part.name or "", part.filename, content_type, bytes(raw)))
        elif request.can_read_body:
            text = await request.text()
            body = json.loads(text) if text else None
        recorded = Recorded(request.method, request.path, dict(request.query), body, files)
        self.requests.append(recorded)
        return recorded


def _attachment(file: RecordedFile) -> dict[str, Any]:
    attachment_id = snowflake()
    url = f"http://127.0.0.1/attachments/{attachment_id}/{file.filename}"
    return {
        "id": str(attachment_id),
        "filename": file.filename or "file",
        "size": len(file.data),
        "url": url,
        "proxy_url": url,
        "content_type": file.content_type,
    }


def _json(data: Any, *, status: int = 200) -> web.Response:
    """Discord answers `Content-Type: application/json` exactly; discord.py checks for that string."""
    return web.Response(body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"})
