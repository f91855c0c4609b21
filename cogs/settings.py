"""`/settings`: the server's rulebook, reply language, the ledger's currency and the floor role. Anyone may look
(the house rules are shown too); Manage Server may change."""

from __future__ import annotations

from decimal import Decimal

import discord
from discord import app_commands
from discord.ext import commands

from cogs import embeds, fit
from cogs.core import FloorBot
from cogs.games import guild_id_of
from cogs.house import describe_house
from cogs.language import reply_language
from cogs.respond import answer, in_time
from i18n import LANGUAGES, Language, text
from i18n.commands import choice, describe, string_choice
from ledger import AmountError, format_amount
from ledger.amounts import CURRENCY_MAX, read_currency
from rules_engine import load_rulebooks
from store import GuildSettings

AUTO = "auto"
LANGUAGE_CHOICES = (*LANGUAGES, AUTO)
# The choices are fixed when the command is declared, before the engine is loaded, so read the names here.
RULEBOOK_CHOICES = [choice(book.name.en, book.id, it=book.name.it) for book in load_rulebooks()[0].values()]
EXAMPLE = Decimal(50)  # how an amount looks in the chosen currency


def describe_settings(settings: GuildSettings, rulebooks: dict[str, str], language: Language) -> discord.Embed:
    """The settings card shown by every /settings command; `rulebooks` names them in `language`."""
    embed = discord.Embed(title=text(language, "settings.title"), colour=embeds.RULING_COLOUR)
    rulebook = rulebooks.get(settings.rulebook, settings.rulebook)
    embed.add_field(name=text(language, "settings.rulebook"), value=f"{rulebook} (`{settings.rulebook}`)", inline=False)
    chosen = text(language, f"settings.languages.{settings.language or AUTO}")
    embed.add_field(name=text(language, "settings.language"), value=chosen, inline=False)
    example = format_amount(EXAMPLE, settings.currency)
    currency = example if settings.currency else text(language, "settings.currency_none", example=example)
    embed.add_field(name=text(language, "settings.currency"), value=fit.escape(currency), inline=False)
    return embed


@app_commands.guild_only()
class Settings(
    commands.GroupCog, group_name="settings", group_description="This server's rulebook, language and currency."
):
    """Thin over the store: validation is the option choices, storage is `Store.set_*`."""

    def __init__(self, bot: FloorBot) -> None:
        self.bot = bot
        super().__init__()

    async def _language(self, interaction: discord.Interaction[FloorBot]) -> tuple[Language, dict[str, str]]:
        """The language this server's replies are now in, and the rulebooks' names in it."""
        language = await reply_language(interaction)
        return language, embeds.rulebook_names(self.bot.engine.rulebooks, language)

    @app_commands.command(name="rulebook", description="Choose the rulebook rulings follow (Manage Server).")
    @describe(rulebook="Robert's Rules classic, Robert's Rules v11, or TDA 2024")
    @app_commands.choices(rulebook=RULEBOOK_CHOICES)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def rulebook(self, interaction: discord.Interaction[FloorBot], rulebook: str) -> None:
        settings = await in_time(interaction, self.bot.store.set_rulebook(guild_id_of(interaction), rulebook))
        language, names = await self._language(interaction)
        await answer(
            interaction,
            text(language, "settings.rulebook_set", rulebook=names[rulebook]),
            embed=describe_settings(settings, names, language),
        )

    @app_commands.command(name="language", description="Choose the language replies use (Manage Server).")
    @describe(language="English, Italiano, or auto: each member's own Discord language")
    @app_commands.choices(language=[string_choice(f"settings.languages.{code}", code) for code in LANGUAGE_CHOICES])
    @app_commands.checks.has_permissions(manage_guild=True)
    async def language(self, interaction: discord.Interaction[FloorBot], language: str) -> None:
        chosen = None if language == AUTO else language
        settings = await in_time(interaction, self.bot.store.set_language(guild_id_of(interaction), chosen))
        reply, names = await self._language(interaction)  # the new setting's language, unless it is auto
        await answer(
            interaction,
            text(reply, "settings.language_set", language=text(reply, f"settings.languages.{language}")),
            embed=describe_settings(settings, names, reply),
        )

    @app_commands.command(name="currency", description="Choose the currency the ledger shows (Manage Server).")
    @describe(currency="A sign or a code, e.g. € or EUR; leave it out for plain numbers")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def currency(
        self, interaction: discord.Interaction[FloorBot], currency: app_commands.Range[str, 1, 20] | None = None
    ) -> None:
        language = await reply_language(interaction)
        try:
            chosen = None if currency is None else read_currency(currency)
        except AmountError:
            refusal = text(language, "ledger.amount.currency", typed=fit.quote(currency or "", 40), limit=CURRENCY_MAX)
            await answer(interaction, refusal, ephemeral=True)
            return
        settings = await in_time(interaction, self.bot.store.set_currency(guild_id_of(interaction), chosen))
        language, names = await self._language(interaction)
        example = fit.escape(format_amount(EXAMPLE, chosen))
        said = text(language, "settings.currency_set" if chosen else "settings.currency_cleared", example=example)
        await answer(interaction, said, embed=describe_settings(settings, names, language))

    @app_commands.command(
        name="floor-role", description="Choose the floor's role: it sets house rules and decides floor calls."
    )
    @describe(role="The floor's role (leave it out for none: then Manage Server alone is the floor)")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def floor_role(self, interaction: discord.Interaction[FloorBot], role: discord.Role | None = None) -> None:
        guild_id = guild_id_of(interaction)
        setting = self.bot.store.set_floor_role(guild_id, None if role is None else role.id, set_by=interaction.user.id)
        floor = await in_time(interaction, setting)
        language = await reply_language(interaction)
        said = text(language, "floor.role_set", role=f"<@&{floor}>") if floor else text(language, "floor.role_cleared")
        await self._show(interaction, said)

    @app_commands.command(
        name="show", description="Show this server's settings: rulebook, language, currency, floor, house rules."
    )
    async def show(self, interaction: discord.Interaction[FloorBot]) -> None:
        await self._show(interaction, None, ephemeral=True)

    async def _show(
        self, interaction: discord.Interaction[FloorBot], said: str | None, ephemeral: bool = False
    ) -> None:
        """Every setting, the floor role and the house rules (store/house.py) included."""
        guild_id = guild_id_of(interaction)
        settings = await self.bot.store.get_settings(guild_id)
        floor, rules = await self.bot.store.get_floor_role(guild_id), await self.bot.store.list_house_rules(guild_id)
        language, names = await self._language(interaction)
        card = describe_house(describe_settings(settings, names, language), self.bot.engine, floor, rules, language)
        await answer(interaction, discord.utils.MISSING if said is None else said, embed=card, ephemeral=ephemeral)


async def setup(bot: FloorBot) -> None:
    await bot.add_cog(Settings(bot))
