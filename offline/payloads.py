"""INTERACTION_CREATE payloads shaped like Discord's, built from the bot's own command schema.

Payloads are validated against `cmd.to_dict(tree)` and against the components of the message being
clicked, so a test or the console cannot send an option or a click that Discord never would.
"""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import discord
from discord import app_commands

DISCORD_EPOCH_MS = 1_420_070_400_000
APP_ID = 1_300_000_000_000_000_001
BOT_USER_ID = APP_ID
GUILD_ID = 1_300_000_000_000_000_100
CHANNEL_ID = 1_300_000_000_000_000_200
USER_ID = 1_300_000_000_000_000_300

# Permission bits (Discord's Permissions flags).
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_GUILD = 1 << 5
MEMBER = VIEW_CHANNEL | SEND_MESSAGES | USE_APPLICATION_COMMANDS

# Option types (Discord's ApplicationCommandOptionType) the offline tools can fill in.
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN, ROLE, NUMBER = 1, 2, 3, 4, 5, 8, 10
# Interaction contexts (Discord's InteractionContextType).
GUILD_CONTEXT, BOT_DM = 0, 1
# Component types.
ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT, LABEL = 1, 2, 3, 4, 18

SNOWFLAKE = re.compile(r"[1-9][0-9]{0,19}")  # an id as Discord writes it (ASCII digits)

_sequence = itertools.count()


class PayloadError(ValueError):
    """The payload asked for is one Discord would never send (unknown option, wrong type, no such button)."""


def snowflake(at: float | None = None) -> int:
    """A fresh id for the current time (or `at`), as Discord makes them (discord.py derives created_at from it)."""
    millis = int((time.time() if at is None else at) * 1000) - DISCORD_EPOCH_MS
    return (millis << 22) | (next(_sequence) & 0x3FFFFF)


@dataclass(frozen=True, slots=True)
class Actor:
    """Who sends an interaction, and from where. `guild_id=None` means a DM with the bot."""

    user_id: int = USER_ID
    name: str = "player"
    permissions: int = MEMBER
    guild_id: int | None = GUILD_ID
    channel_id: int = CHANNEL_ID
    locale: str = "en-US"
    roles: tuple[int, ...] = ()  # the server's roles this member has

    def user(self) -> dict[str, Any]:
        return {
            "id": str(self.user_id),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "public_flags": 0,
        }


PLAYER = Actor()
STRANGER = Actor(user_id=USER_ID + 1, name="stranger")
MANAGER = Actor(user_id=USER_ID + 2, name="manager", permissions=MEMBER | MANAGE_GUILD)


def command_schema(tree: app_commands.CommandTree) -> dict[str, dict[str, Any]]:
    """Every global slash command as Discord would store it, keyed by name."""
    return {cmd.name: cmd.to_dict(tree) for cmd in tree.get_commands(type=discord.AppCommandType.chat_input)}


def slash_command(
    schema: Mapping[str, Any],
    actor: Actor,
    path: Sequence[str] = (),
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """A type-2 payload for `/name path... option:value`; `path` names the subcommand group/subcommand."""
    _check_context(schema, actor)
    data = _command_data(schema, path, options or {}, focused=None)
    return _interaction(2, actor, data)


def autocomplete(
    schema: Mapping[str, Any],
    actor: Actor,
    focused: str,
    path: Sequence[str] = (),
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """A type-4 payload: the user is typing in option `focused`; required options may still be empty."""
    _check_context(schema, actor)
    data = _command_data(schema, path, options or {}, focused=focused)
    return _interaction(4, actor, data)


def component_click(
    message: Mapping[str, Any], custom_id: str, actor: Actor, values: Sequence[str] | None = None
) -> dict[str, Any]:
    """A type-3 payload: `actor` pressed a button or picked `values` in a select of `message`."""
    component = next((c for c in interactive_components(message) if c.get("custom_id") == custom_id), None)
    if component is None:
        raise PayloadError(f"message {message['id']} has no component {custom_id!r}")
    if component.get("disabled"):
        raise PayloadError(f"component {custom_id!r} is disabled")
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": component["type"]}
    if component["type"] == STRING_SELECT:
        allowed = {o["value"] for o in component.get("options", [])}
        chosen = list(values or ())
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not low <= len(chosen) <= high or not set(chosen) <= allowed:
            raise PayloadError(f"select {custom_id!r} cannot take {chosen!r}")
        data["values"] = chosen
    elif values:
        raise PayloadError(f"component {custom_id!r} is not a select")
    payload = _interaction(3, actor, data)
    payload["message"] = dict(message)
    return payload


def modal_inputs(modal: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A form's fields in order: each text input or select, with the label it is shown under."""
    fields = []
    for component in modal.get("components") or []:
        if component.get("type") == LABEL:
            fields.append({**component["component"], "label": component.get("label")})
        else:  # an action row holding one text input, which carries its own label
            fields.extend(component.get("components") or [])
    return fields


def modal_submit(
    modal: Mapping[str, Any],
    actor: Actor,
    values: Mapping[str, str | Sequence[str]],
    message: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """A type-5 payload: `actor` filled in the form `modal` (a text per text input, the picked values per select,
    by custom id) and sent it. `message` is the message whose component opened the form, if one did: Discord
    sends it along, and the answer may then update it."""
    fields = {field["custom_id"]: field for field in modal_inputs(modal)}
    unknown = set(values) - set(fields)
    if unknown:
        raise PayloadError(f"the form has no field {sorted(unknown)}; it has {sorted(fields)}")
    submitted = []
    for custom_id, field in fields.items():
        value = values.get(custom_id)
        if field["type"] == TEXT_INPUT:
            typed = "" if value is None else value
            if not isinstance(typed, str):
                raise PayloadError(f"field {custom_id!r} takes text")
            low, high = field.get("min_length", 0), field.get("max_length", 4000)
            if field.get("required", True) and not typed:
                raise PayloadError(f"field {custom_id!r} is required")
            if typed and not low <= len(typed) <= high:
                raise PayloadError(f"field {custom_id!r} takes {low}–{high} characters, not {len(typed)}")
            inner: dict[str, Any] = {"type": TEXT_INPUT, "custom_id": custom_id, "value": typed}
        else:
            picked = [] if value is None else [value] if isinstance(value, str) else list(value)
            allowed = {option["value"] for option in field.get("options", [])}
            low, high = field.get("min_values", 1), field.get("max_values", 1)
            if field.get("required", True) is False and not picked:
                low = 0
            if not low <= len(picked) <= high or not set(picked) <= allowed:
                raise PayloadError(f"select {custom_id!r} cannot take {picked!r}")
            inner = {"type": field["type"], "custom_id": custom_id, "values": picked}
        submitted.append({"type": LABEL, "component": inner})
    payload = _interaction(5, actor, {"custom_id": modal["custom_id"], "components": submitted})
    if message is not None:
        payload["message"] = dict(message)
    return payload


def aged(payload: Mapping[str, Any], seconds: float) -> dict[str, Any]:
    """The same interaction as if Discord had created it `seconds` ago (a slow gateway, a busy bot)."""
    interaction_id = snowflake(time.time() - seconds)
    return {**payload, "id": str(interaction_id), "token": f"offline-token-{interaction_id}"}


def _check_context(schema: Mapping[str, Any], actor: Actor) -> None:
    """Discord never delivers a server-only command (`contexts` without DMs) from a DM."""
    contexts = schema.get("contexts")
    server_only = schema.get("dm_permission") is False or (contexts is not None and BOT_DM not in contexts)
    if actor.guild_id is None and server_only:
        raise PayloadError(f"/{schema['name']} is server-only: Discord never delivers it from a DM")


def interactive_components(message: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Buttons and selects of a message in reading order (action rows and nested layouts flattened)."""
    return [c for c in _walk(message.get("components") or []) if c.get("type") != ACTION_ROW and "custom_id" in c]


def _walk(components: Sequence[Mapping[str, Any]]) -> Iterator[dict[str, Any]]:
    for component in components:
        yield dict(component)
        yield from _walk(component.get("components") or [])
        if "accessory" in component:
            yield from _walk([component["accessory"]])


def _command_data(
    schema: Mapping[str, Any], path: Sequence[str], values: Mapping[str, Any], focused: str | None
) -> dict[str, Any]:
    leaf_options, wrap = _descend(schema, path)
    known = {o["name"]: o for o in leaf_options}
    built = []
    for name, value in values.items():
        if name not in known:
            raise PayloadError(f"/{_qualified(schema, path)} has no option {name!r}; it has {sorted(known)}")
        option = {
            "name": name,
            "type": known[name]["type"],
            "value": str(value) if known[name]["type"] == ROLE else value,
        }
        if name == focused:
            if not known[name].get("autocomplete"):
                raise PayloadError(f"option {name!r} has no autocomplete")
            option["focused"] = True
        else:
            _check_value(known[name], value)
        built.append(option)
    if focused is not None and focused not in values:
        raise PayloadError(f"the focused option {focused!r} needs a value (it may be empty)")
    if focused is None:
        missing = [o["name"] for o in leaf_options if o.get("required") and o["name"] not in values]
        if missing:
            raise PayloadError(f"/{_qualified(schema, path)} needs {missing}")
    data: dict[str, Any] = {"id": str(snowflake()), "name": schema["name"], "type": 1, "options": wrap(built)}
    roles = {str(o["value"]): role(int(o["value"])) for o in built if o["type"] == ROLE and not o.get("focused")}
    if roles:
        data["resolved"] = {"roles": roles}
    return data


def role(role_id: int, name: str | None = None) -> dict[str, Any]:
    """A role as Discord resolves it in a command's options (offline, any id is a role of the server)."""
    return {
        "id": str(role_id),
        "name": name or f"role {role_id}",
        "color": 0,
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": 1,
        "permissions": "0",
        "managed": False,
        "mentionable": True,
        "flags": 0,
    }


def _descend(
    schema: Mapping[str, Any], path: Sequence[str]
) -> tuple[list[dict[str, Any]], Callable[[list[dict[str, Any]]], list[dict[str, Any]]]]:
    """Follow subcommand group/subcommand names; return the leaf's options and how to nest values."""
    options: list[dict[str, Any]] = list(schema.get("options") or [])
    chain: list[tuple[str, int]] = []
    for name in path:
        step = next((o for o in options if o["name"] == name and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)), None)
        if step is None:
            raise PayloadError(f"/{_qualified(schema, path)}: no subcommand {name!r}")
        chain.append((name, step["type"]))
        options = list(step.get("options") or [])
    if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in options):
        subs = sorted(o["name"] for o in options)
        raise PayloadError(f"/{_qualified(schema, path)} needs a subcommand: {subs}")

    def wrap(built: list[dict[str, Any]]) -> list[dict[str, Any]]:
        for name, kind in reversed(chain):
            built = [{"name": name, "type": kind, "options": built}]
        return built

    return options, wrap


def _check_value(option: Mapping[str, Any], value: Any) -> None:
    kind, name = option["type"], option["name"]
    valid = {
        STRING: isinstance(value, str),
        INTEGER: isinstance(value, int) and not isinstance(value, bool),
        BOOLEAN: isinstance(value, bool),
        NUMBER: isinstance(value, int | float) and not isinstance(value, bool),
        ROLE: SNOWFLAKE.fullmatch(str(value)) is not None,
    }
    if kind not in valid:
        raise PayloadError(f"option {name!r} has type {kind}, which the offline tools cannot fill in")
    if not valid[kind]:
        raise PayloadError(f"option {name!r} (type {kind}) cannot take {value!r}")
    choices = option.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise PayloadError(f"option {name!r} must be one of {[c['value'] for c in choices]}")
    if kind == STRING and not option.get("min_length", 0) <= len(value) <= option.get("max_length", 6000):
        raise PayloadError(f"option {name!r} has a length Discord would refuse ({len(value)})")
    if kind in (INTEGER, NUMBER) and not option.get("min_value", value) <= value <= option.get("max_value", value):
        raise PayloadError(f"option {name!r} is out of range: {value!r}")


def _qualified(schema: Mapping[str, Any], path: Sequence[str]) -> str:
    return " ".join([schema["name"], *path])


def _interaction(kind: int, actor: Actor, data: dict[str, Any]) -> dict[str, Any]:
    interaction_id = snowflake()
    payload: dict[str, Any] = {
        "id": str(interaction_id),
        "application_id": str(APP_ID),
        "type": kind,
        "token": f"offline-token-{interaction_id}",
        "version": 1,
        "data": data,
        "locale": actor.locale,
        "attachment_size_limit": 10 * 1024 * 1024,
        "app_permissions": str(MEMBER),
        "entitlements": [],
        "channel_id": str(actor.channel_id),
    }
    if actor.guild_id is None:
        payload |= {
            "user": actor.user(),
            "context": BOT_DM,
            "authorizing_integration_owners": {"1": str(actor.user_id)},
            "channel": {"id": str(actor.channel_id), "type": 1, "recipients": [actor.user()]},
        }
        return payload
    payload |= {
        "guild_id": str(actor.guild_id),
        "guild_locale": "en-US",
        "guild": {"id": str(actor.guild_id), "locale": "en-US", "features": []},
        "context": GUILD_CONTEXT,
        "authorizing_integration_owners": {"0": str(actor.guild_id)},
        "member": {
            "user": actor.user(),
            "roles": [str(role) for role in actor.roles],
            "nick": None,
            "avatar": None,
            "joined_at": datetime(2024, 1, 1, tzinfo=UTC).isoformat(),
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "permissions": str(actor.permissions),
        },
        "channel": {
            "id": str(actor.channel_id),
            "type": 0,
            "guild_id": str(actor.guild_id),
            "name": "poker-night",
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "rate_limit_per_user": 0,
            "last_message_id": None,
            "flags": 0,
        },
    }
    return payload
