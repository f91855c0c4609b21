"""A local Discord stand-in: the REST routes discord.py uses for login and interaction replies.

Tests and the offline console both run the real bot against it. It keeps the messages it "posted" so a
component click can reference the id it handed out, and it records every request so callers can assert
on exactly what the bot sent.

It is as strict as Discord about what it accepts (offline/limits.py has the numbers), and every refusal is
recorded in `errors`, so a test fails unless it expected the refusal and cleared it:
- a body over any limit → 400, code 50035, with Discord's nested error tree;
- an upload over the interaction's `attachment_size_limit` → 413, code 40005;
- the initial response later than 3 s after the interaction was created → 404, code 10062;
- a second initial response → 400, code 40060;
- any use of the interaction token after 15 minutes → 401, code 50027; before the initial response → 404;
- a callback type that does not suit the interaction (an update for a slash command…) → 400, code 50035;
- the first follow-up after a deferred reply ("thinking…") edits that reply instead of posting a new
  message, and keeps the deferral's ephemeral flag whatever the follow-up asks (Discord's rule);
- a message with nothing to show (no content but spaces, no embed with anything in it, no component, no
  file), posted or left so by an edit → 400, code 50006;
- a webhook route naming a message its token did not post (another interaction's) → 404, code 10008;
- more follow-ups on one interaction than Discord's rate (5 per 2 s) → 429 with the time to wait, as Discord
  does, with its rate limit headers on every follow-up so the library can pace itself; 429s are recorded in
  `rate_limited`, not `errors` (a client that waits as told did nothing wrong).
Time is read from an injectable clock, so a test can age an interaction without sleeping (rate limits use the
real clock: discord.py really waits). Anything it does not know is answered 404 and recorded as an error.

It serves from a thread and event loop of its own (`own_thread`, the default), as Discord is elsewhere: its
work (reading a 10 MB upload, checking bodies) is not done on the bot's event loop, so it does not count
against the bot's latency. Tests read what it recorded once the bot's handlers are done.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from aiohttp import BodyPartReader, web

from offline import limits
from offline.payloads import APP_ID, BOT_USER_ID, DISCORD_EPOCH_MS, snowflake

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

# Interaction types and callback types (Discord's InteractionType / InteractionCallbackType).
COMMAND, COMPONENT, AUTOCOMPLETE_REQUEST, MODAL_SUBMIT = 2, 3, 4, 5
PONG, MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE, AUTOCOMPLETE, MODAL = 1, 4, 5, 6, 7, 8, 9
ALLOWED_CALLBACKS: dict[int, set[int]] = {
    COMMAND: {MESSAGE, DEFERRED_MESSAGE, MODAL},
    COMPONENT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE, MODAL},
    AUTOCOMPLETE_REQUEST: {AUTOCOMPLETE},
    MODAL_SUBMIT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE},
}

Clock = Callable[[], float]


class OffsetClock:
    """The real time plus an offset a test moves forward: `clock.advance(4)` ages every interaction by 4 s."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds


def created_at(snowflake_id: int) -> float:
    """When Discord made an id, in seconds since the epoch."""
    return ((snowflake_id >> 22) + DISCORD_EPOCH_MS) / 1000


@dataclass(frozen=True, slots=True)
class RecordedFile:
    """One file part of a multipart request (`data` empty if the stand-in keeps no uploads; `size` always)."""

    field: str
    filename: str | None
    content_type: str | None
    data: bytes
    size: int = 0


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
    token: str | None = None  # the interaction token in the route, if any

    @property
    def is_callback(self) -> bool:
        return self.path.endswith("/callback")


@dataclass(slots=True)
class Interaction:
    """What the stand-in knows about one interaction it delivered."""

    payload: dict[str, Any]
    created: float
    acknowledged: int | None = None  # the initial callback's type, once accepted
    original: int | None = None  # the message the interaction token's @original is
    loading: bool = False  # a deferred reply nobody has filled in yet
    owned: set[int] = field(default_factory=set)  # messages this token may read, edit or delete
    followups: deque[float] = field(default_factory=deque)  # when its recent follow-ups came (real clock)
    modal: dict[str, Any] | None = None  # the form this interaction opened, if its answer was one

    @property
    def upload_limit(self) -> int:
        return int(self.payload.get("attachment_size_limit") or 10 * 1024 * 1024)


class Refused(Exception):
    """A request Discord would refuse: answered with `status` and Discord's error JSON."""

    def __init__(self, status: int, code: int, message: str, errors: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body

    def describe(self) -> str:
        details = "; ".join(limits.flatten(self.errors or {}))
        return f"{self.status} (code {self.code}) {self.message}" + (f": {details}" if details else "")


class StandIn:
    """An aiohttp server on 127.0.0.1, port 0, that plays Discord's REST API for one application."""

    def __init__(self, clock: Clock = time.time, *, own_thread: bool = True) -> None:
        self.clock = clock
        self.requests: list[Recorded] = []
        self.errors: list[str] = []
        self.rate_limited: list[str] = []
        self.messages: dict[int, dict[str, Any]] = {}
        self._interactions: dict[str, Interaction] = {}  # by token
        self._runner: web.AppRunner | None = None
        self._own_thread = own_thread
        self.keep_uploads = True  # False: record each file's size only (a benchmark's memory is the bot's)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self.port = 0

    @property
    def base_url(self) -> str:
        """What discord.py's Route.BASE must be set to."""
        return f"http://127.0.0.1:{self.port}{API}"

    async def start(self) -> None:
        if not self._own_thread:
            await self._serve()
            return
        self._loop = asyncio.new_event_loop()
        started: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def run(loop: asyncio.AbstractEventLoop, caller: asyncio.AbstractEventLoop) -> None:
            asyncio.set_event_loop(loop)
            try:
                loop.run_until_complete(self._serve())
            except BaseException as failure:
                caller.call_soon_threadsafe(started.set_exception, failure)
                return
            caller.call_soon_threadsafe(started.set_result, None)
            loop.run_forever()

        self._thread = threading.Thread(
            target=run, args=(self._loop, asyncio.get_running_loop()), name="discord-stand-in", daemon=True
        )
        self._thread.start()
        await started

    async def _serve(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
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
        loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            await self._stop_serving()
            return
        await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(self._stop_serving(), loop))
        loop.call_soon_threadsafe(loop.stop)
        await asyncio.to_thread(thread.join)
        loop.close()
        self._loop = self._thread = None

    async def _stop_serving(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    def expect(self, payload: dict[str, Any]) -> None:
        """Remember an INTERACTION_CREATE payload so its callback and followups can be answered."""
        self._interactions[payload["token"]] = Interaction(payload, created_at(int(payload["id"])))

    def forget(self) -> None:
        """Drop everything recorded so far (long benchmark runs; tests keep the history to assert on)."""
        self.requests.clear()
        self.messages.clear()
        self._interactions.clear()
        self.rate_limited.clear()

    def modal(self, payload: Mapping[str, Any]) -> dict[str, Any] | None:
        """The form (modal) this interaction answered with, if it did."""
        known = self._interactions.get(payload["token"])
        return None if known is None else known.modal

    def original(self, payload: Mapping[str, Any]) -> dict[str, Any] | None:
        """The message that answered this interaction, as it stands now."""
        known = self._interactions.get(payload["token"])
        return None if known is None or known.original is None else self.messages.get(known.original)

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
        try:
            return self._answer_callback(recorded)
        except Refused as refused:
            return self._refuse(recorded, refused)

    def _answer_callback(self, recorded: Recorded) -> web.Response:
        known = self._interactions.get(recorded.token or "")
        if known is None or not isinstance(recorded.json, dict):
            raise Refused(404, limits.UNKNOWN_INTERACTION, "Unknown interaction")
        if known.acknowledged is not None:
            raise Refused(400, limits.ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged.")
        if self.clock() - known.created > limits.INITIAL_RESPONSE_WINDOW:
            raise Refused(404, limits.UNKNOWN_INTERACTION, "Unknown interaction")
        kind = recorded.json.get("type")
        interaction = known.payload
        if kind not in ALLOWED_CALLBACKS.get(interaction["type"], set()):
            raise _invalid(
                {"type": limits.error("INTERACTION_RESPONSE_TYPE_INVALID", f"Callback type {kind!r} is not valid here")}
            )
        data = recorded.json.get("data") or {}
        if kind == AUTOCOMPLETE:
            _check(limits.choices_errors(data), "data")
        elif kind == MODAL:
            _check(limits.modal_errors(data), "data")
            known.modal = data
        else:
            _check(limits.message_errors(data), "data")
        if kind == MESSAGE and limits.is_empty(data, len(recorded.files)):
            raise _empty()
        self._check_upload(known, recorded)
        known.acknowledged = kind
        answer: dict[str, Any] = {"id": interaction["id"], "type": interaction["type"]}
        resource: dict[str, Any] = {"type": kind}
        if kind in (MESSAGE, DEFERRED_MESSAGE):
            flags = int(data.get("flags", 0)) | (LOADING if kind == DEFERRED_MESSAGE else 0)
            message = self._post(interaction, {**data, "flags": flags}, recorded.files)
            known.original = recorded.message_id = int(message["id"])
            known.owned.add(known.original)
            known.loading = kind == DEFERRED_MESSAGE
            answer |= {
                "response_message_id": message["id"],
                "response_message_loading": known.loading,
                "response_message_ephemeral": bool(flags & EPHEMERAL),
            }
            resource["message"] = message
        elif kind in (UPDATE, DEFERRED_UPDATE):
            clicked = interaction.get("message")
            if clicked is None or int(clicked["id"]) not in self.messages:
                raise Refused(404, limits.UNKNOWN_MESSAGE, "Unknown Message")
            if kind == UPDATE:
                _check_not_emptied(self.messages[int(clicked["id"])], data, recorded.files)
            known.original = recorded.message_id = int(clicked["id"])
            known.owned.add(known.original)
            if kind == UPDATE:
                resource["message"] = self._patch(known.original, data, recorded.files)
        return _json({"interaction": answer, "resource": resource})

    async def _followup(self, request: web.Request) -> web.Response:
        recorded = await self._record(request)
        try:
            known = self._webhook(recorded)
            wait = _rate_limited(known.followups)
            if wait:
                recorded.status = 429
                self.rate_limited.append(f"{recorded.method} {recorded.path}: wait {wait:.2f} s")
                return _too_many(wait)
            body = recorded.json
            if not isinstance(body, dict):
                raise _invalid({"_errors": [{"code": "BASE_TYPE_REQUIRED", "message": "A body is required"}]})
            _check(limits.message_errors(body))
            if limits.is_empty(body, len(recorded.files)):
                raise _empty()
            self._check_upload(known, recorded)
        except Refused as refused:
            return self._refuse(recorded, refused)
        headers = _rate_headers(recorded.token or "", known.followups)
        if known.loading and known.original in self.messages:
            # Discord's rule: the first follow-up after a deferred reply fills that reply in, flags ignored.
            known.loading = False
            recorded.message_id = known.original
            filled = self._patch(known.original, {k: v for k, v in body.items() if k != "flags"}, recorded.files)
            return _json(filled, headers=headers)
        message = self._post(known.payload, body, recorded.files)
        recorded.message_id = int(message["id"])
        known.owned.add(recorded.message_id)
        return _json(message, headers=headers)

    async def _get_message(self, request: web.Request) -> web.Response:
        recorded = await self._record(request)
        try:
            message_id = self._message_id(request, self._webhook(recorded))
        except Refused as refused:
            return self._refuse(recorded, refused)
        return _json(self.messages[message_id])

    async def _edit_message(self, request: web.Request) -> web.Response:
        recorded = await self._record(request)
        try:
            known = self._webhook(recorded)
            message_id = self._message_id(request, known)
            if not isinstance(recorded.json, dict):
                raise _invalid({"_errors": [{"code": "BASE_TYPE_REQUIRED", "message": "A body is required"}]})
            _check(limits.message_errors(recorded.json))
            _check_not_emptied(self.messages[message_id], recorded.json, recorded.files)
            self._check_upload(known, recorded)
        except Refused as refused:
            return self._refuse(recorded, refused)
        if message_id == known.original:
            known.loading = False
        recorded.message_id = message_id
        return _json(self._patch(message_id, recorded.json, recorded.files))

    async def _delete_message(self, request: web.Request) -> web.Response:
        recorded = await self._record(request)
        try:
            message_id = self._message_id(request, self._webhook(recorded))
        except Refused as refused:
            return self._refuse(recorded, refused)
        del self.messages[message_id]
        return web.Response(status=204)

    async def _unknown(self, request: web.Request) -> web.Response:
        recorded = await self._record(request)
        return self._refuse(recorded, Refused(404, 0, "404: route the stand-in does not serve"))

    # -- helpers ------------------------------------------------------------------------------------

    def _webhook(self, recorded: Recorded) -> Interaction:
        """The interaction whose token a webhook route uses, if Discord would still honour it."""
        known = self._interactions.get(recorded.token or "")
        if known is None:
            raise Refused(404, limits.UNKNOWN_WEBHOOK, "Unknown Webhook")
        if self.clock() - known.created > limits.TOKEN_LIFETIME:
            raise Refused(401, limits.INVALID_WEBHOOK_TOKEN, "Invalid Webhook Token")
        if known.acknowledged is None:
            raise Refused(404, limits.UNKNOWN_WEBHOOK, "Unknown Webhook")
        return known

    def _message_id(self, request: web.Request, known: Interaction) -> int:
        """The message a webhook route names: @original, or one this token posted (never another's)."""
        raw = request.match_info["message_id"]
        message_id = known.original if raw == "@original" else int(raw) if raw.isdigit() else None
        if message_id is None or message_id not in self.messages or message_id not in known.owned:
            raise Refused(404, limits.UNKNOWN_MESSAGE, "Unknown Message")
        return message_id

    def _check_upload(self, known: Interaction, recorded: Recorded) -> None:
        """Each file, and the files of one request together, must fit the interaction's upload limit."""
        sizes = [file.size for file in recorded.files]
        if len(sizes) > limits.ATTACHMENTS:
            raise _invalid({"attachments": limits.too_long(limits.ATTACHMENTS)})
        if sum(sizes) > known.upload_limit:
            raise Refused(413, limits.ENTITY_TOO_LARGE, "Request entity too large")

    def _refuse(self, recorded: Recorded, refused: Refused) -> web.Response:
        recorded.status = refused.status
        self.errors.append(f"{recorded.method} {recorded.path}: {refused.describe()}")
        return _json(refused.body(), status=refused.status)

    def _post(self, interaction: dict[str, Any], data: dict[str, Any], files: list[RecordedFile]) -> dict:
        message_id = snowflake()
        message = {
            "id": str(message_id),
            "type": 20 if interaction["type"] == COMMAND else 0,
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
                    data = bytes(raw) if self.keep_uploads else b""
                    files.append(RecordedFile(part.name or "", part.filename, content_type, data, len(raw)))
        elif request.can_read_body:
            text = await request.text()
            body = json.loads(text) if text else None
        token = request.match_info.get("token")
        recorded = Recorded(request.method, request.path, dict(request.query), body, files, token=token)
        self.requests.append(recorded)
        return recorded


def _empty() -> Refused:
    return Refused(400, limits.EMPTY_MESSAGE, "Cannot send an empty message")


def _check_not_emptied(message: Mapping[str, Any], edit: Mapping[str, Any], files: list[RecordedFile]) -> None:
    """An edit may not leave a message with nothing to show (keys it leaves out keep their value)."""
    after = {**message, **{key: value for key, value in edit.items() if key in ("content", "embeds", "components")}}
    if "attachments" in edit or files:
        after["attachments"] = [*(edit.get("attachments") or []), *files]
    if limits.is_empty(after):
        raise _empty()


def _rate_limited(recent: deque[float]) -> float:
    """Seconds to wait before another follow-up, or 0 (and this one is counted)."""
    now = time.monotonic()
    while recent and now - recent[0] >= limits.FOLLOWUP_PER:
        recent.popleft()
    if len(recent) >= limits.FOLLOWUP_RATE:
        return limits.FOLLOWUP_PER - (now - recent[0])
    recent.append(now)
    return 0.0


def _rate_headers(token: str, recent: deque[float]) -> dict[str, str]:
    """Discord's rate limit headers, from which discord.py paces the next follow-ups of the same interaction."""
    reset_after = limits.FOLLOWUP_PER - (time.monotonic() - recent[0]) if recent else 0.0
    return {
        "X-RateLimit-Limit": str(limits.FOLLOWUP_RATE),
        "X-RateLimit-Remaining": str(max(limits.FOLLOWUP_RATE - len(recent), 0)),
        "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
        "X-RateLimit-Reset-After": f"{reset_after:.3f}",
        "X-RateLimit-Bucket": f"followups-{abs(hash(token)):x}",
    }


def _too_many(wait: float) -> web.Response:
    body = {"message": "You are being rate limited.", "retry_after": round(wait, 3), "global": False}
    headers = {"Retry-After": f"{wait:.3f}", "X-RateLimit-Scope": "user", "X-RateLimit-Remaining": "0"}
    headers["Via"] = "1.1 google"  # Discord answers through its proxy; discord.py takes a 429 without it for a ban
    return _json(body, status=429, headers=headers)


def _invalid(errors: dict[str, Any]) -> Refused:
    return Refused(400, limits.INVALID_FORM_BODY, "Invalid Form Body", errors)


def _check(errors: dict[str, Any], under: str | None = None) -> None:
    if errors:
        raise _invalid({under: errors} if under else errors)


def _attachment(file: RecordedFile) -> dict[str, Any]:
    attachment_id = snowflake()
    url = f"http://127.0.0.1/attachments/{attachment_id}/{file.filename}"
    return {
        "id": str(attachment_id),
        "filename": file.filename or "file",
        "size": file.size,
        "url": url,
        "proxy_url": url,
        "content_type": file.content_type,
    }


def _json(data: Any, *, status: int = 200, headers: Mapping[str, str] | None = None) -> web.Response:
    """Discord answers `Content-Type: application/json` exactly; discord.py checks for that string."""
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json", **(headers or {})}
    )
