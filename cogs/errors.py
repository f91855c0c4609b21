"""The one place where failures become a short ephemeral reply and a log line.

cogs/shared.py installs `on_error` on the command tree; the views and dynamic items send their failures
here too, so a button and a command fail the same way.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Mapping

import discord
from discord import app_commands

from cogs import fit
from cogs.core import FloorBot
from cogs.language import reply_language
from cogs.respond import answer
from i18n import Language, text
from store import StoreBusy, StoreFailing, StoreFault, StoreFull, StoreGone, StoreUnavailable

log = logging.getLogger("floorcall.bot")
UNKNOWN_INTERACTION = 10062  # Discord's code when the first response came after its 3-second window


async def on_error(interaction: discord.Interaction[FloorBot], error: Exception, /) -> None:
    original = getattr(error, "original", error)
    where = f"guild={interaction.guild_id} user={interaction.user.id} command={command_name(interaction)}"
    if isinstance(original, discord.NotFound) and original.code == UNKNOWN_INTERACTION:
        log.warning("Too late to answer %s: Discord had already dropped the interaction", where)
        return
    language = await reply_language(interaction)
    message = friendly(original, language) or friendly(error, language)
    if isinstance(original, StoreFault):
        log.error("Not saved %s: %s", where, original)  # one line naming the file and the fix: no traceback
    elif message is None:
        log.error("Unhandled error %s", where, exc_info=original)
    else:
        log.info("Refused %s: %s", where, error)
    message = message or text(language, "errors.bug")
    try:
        await answer(interaction, message, ephemeral=True)  # after a public "thinking…" this fills it in, publicly
    except discord.HTTPException:
        log.warning("Could not tell the user about the failure %s", where)


def command_name(interaction: discord.Interaction[FloorBot]) -> str:
    command = interaction.command
    if command is not None:
        return f"/{command.qualified_name}"
    data: Mapping[str, object] = interaction.data or {}
    return str(data.get("custom_id") or data.get("name") or "?")


def friendly(error: Exception, language: Language) -> str | None:
    """The user-facing sentence for an expected failure; None for a bug."""
    if isinstance(error, StoreFull):
        return text(language, "errors.store_full")
    if isinstance(error, StoreGone):
        return text(language, "errors.store_gone")
    if isinstance(error, StoreUnavailable) and error.reading:
        return text(language, "errors.store_unreadable")
    if isinstance(error, StoreBusy):
        return text(language, "errors.store_busy")
    if isinstance(error, StoreFailing):
        return text(language, "errors.store_failing")
    if isinstance(error, StoreUnavailable):  # PostgreSQL out of reach
        return text(language, "errors.store_unreachable")
    if isinstance(error, app_commands.MissingPermissions | app_commands.BotMissingPermissions):
        missing = ", ".join(_permission(p, language) for p in error.missing_permissions)
        return text(language, "errors.permission", missing=missing)
    if isinstance(error, app_commands.NoPrivateMessage):
        return text(language, "errors.server_only")
    if isinstance(error, app_commands.CommandOnCooldown):
        return text(language, "errors.cooldown", seconds=math.ceil(error.retry_after))
    if isinstance(error, app_commands.CheckFailure):
        return text(language, "errors.not_here")
    if isinstance(error, app_commands.TransformerError):
        return text(language, "errors.unreadable", value=fit.quote(str(error.value), 80))
    if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        return text(language, "errors.stale_command")
    return None


def _permission(name: str, language: Language) -> str:
    """Discord's name for a permission: from the catalogue for those the commands check, else from its flag."""
    try:
        return text(language, f"permissions.{name}")
    except KeyError:
        return name.replace("_", " ").replace("guild", "server")
