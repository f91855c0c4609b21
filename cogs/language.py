"""Which language a reply is in. Every cog asks here, so the rule lives in one place:

the server's `/settings language` if set, else an Italian Discord client, else no preference — `/ruling`
then answers in the language the situation was written in, every other reply in English.
"""

from __future__ import annotations

import logging

import discord

from cogs.core import FloorBot
from i18n import DEFAULT_LANGUAGE, LANGUAGES, Language, from_locale
from store import GuildSettings

log = logging.getLogger("floorcall.language")


async def server_settings(interaction: discord.Interaction[FloorBot]) -> GuildSettings:
    """The server's settings; the defaults in a DM or when the store can't be read (a reply beats an error)."""
    if interaction.guild_id is None:
        return GuildSettings()
    try:
        return await interaction.client.store.get_settings(interaction.guild_id)
    except Exception:
        log.warning("Could not read settings for guild %s; using the defaults", interaction.guild_id, exc_info=True)
        return GuildSettings()


def preferred_language(settings: GuildSettings, interaction: discord.Interaction[FloorBot]) -> Language | None:
    """The server's choice, else the member's client language; None when neither says anything."""
    if settings.language in LANGUAGES:
        return settings.language
    return from_locale(interaction.locale)


async def reply_language(interaction: discord.Interaction[FloorBot]) -> Language:
    """The language of any reply but a ruling's."""
    return preferred_language(await server_settings(interaction), interaction) or DEFAULT_LANGUAGE
