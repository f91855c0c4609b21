"""`/settings`: the server's rulebook and reply language. Anyone may look; Manage Server may change."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs import embeds
from cogs.games import guild_id_of
from rules_engine import RULEBOOKS
from store import GuildSettings

if TYPE_CHECKING:
    from bot import FloorBot

AUTO = "auto"
LANGUAGES: dict[str, str] = {"en": "English", "it": "Italiano", AUTO: "Auto (each member's Discord language)"}


def describe(settings: GuildSettings) -> discord.Embed:
    """The settings card shown by every /settings command."""
    embed = discord.Embed(title="Server settings", colour=embeds.RULING_COLOUR)
    rulebook = RULEBOOKS.get(settings.rulebook, settings.rulebook)
    embed.add_field(name="Rulebook", value=f"{rulebook} (`{settings.rulebook}`)", inline=False)
    embed.add_field(name="Language", value=LANGUAGES[settings.language or AUTO], inline=False)
    return embed


@app_commands.guild_only()
class Settings(
    commands.GroupCog, group_name="settings", group_description="This server's rulebook and language."
):
    """Thin over the store: validation is the option choices, storage is `Store.set_*`."""

    def __init__(self, bot: FloorBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="rulebook", description="Choose the rulebook rulings follow (Manage Server).")
    @app_commands.describe(rulebook="Robert's Rules classic, Robert's Rules v11, or TDA 2024")
    @app_commands.choices(
        rulebook=[app_commands.Choice(name=name, value=id_) for id_, name in RULEBOOKS.items()]
    )
    @app_commands.checks.has_permissions(manage_guild=True)
    async def rulebook(self, interaction: discord.Interaction, rulebook: str) -> None:
        settings = await self.bot.store.set_rulebook(guild_id_of(interaction), rulebook)
        await interaction.response.send_message(
            f"Rulings in this server now follow **{RULEBOOKS[rulebook]}**.", embed=describe(settings)
        )

    @app_commands.command(name="language", description="Choose the language replies use (Manage Server).")
    @app_commands.describe(language="English, Italiano, or auto: each member's own Discord language")
    @app_commands.choices(
        language=[app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()]
    )
    @app_commands.checks.has_permissions(manage_guild=True)
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        settings = await self.bot.store.set_language(
            guild_id_of(interaction), None if language == AUTO else language
        )
        await interaction.response.send_message(
            f"Replies in this server: **{LANGUAGES[language]}**.", embed=describe(settings)
        )

    @app_commands.command(name="show", description="Show this server's rulebook and language.")
    async def show(self, interaction: discord.Interaction) -> None:
        settings = await self.bot.store.get_settings(guild_id_of(interaction))
        await interaction.response.send_message(embed=describe(settings), ephemeral=True)


async def setup(bot: FloorBot) -> None:
    await bot.add_cog(Settings(bot))
