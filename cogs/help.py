"""`/help`: how to describe a situation so the floor can rule, and every command the bot has."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs import embeds
from cogs.core import FloorBot
from cogs.language import reply_language
from cogs.respond import answer
from i18n import LANGUAGES, Language, text
from i18n.commands import COMMANDS

# Situations that get a ruling or a question (tests/cogs/test_help.py keeps them honest), in each language.
EXAMPLES: dict[Language, tuple[str, ...]] = {
    "en": (
        "the flop had four cards",
        "dealer turned the turn card before the betting was done",
        "first card of the deal was exposed",
        "player discarded before showing he plays the board",
    ),
    "it": (
        "il flop aveva quattro carte",
        "il mazziere ha girato il turn prima che finissero le puntate",
        "la prima carta è stata scoperta",
    ),
}


def command_lines(tree: app_commands.CommandTree, language: Language) -> list[str]:
    """One line per slash command and subcommand, as a member of `language` sees them in Discord, read from
    the tree so new cogs show up by themselves."""
    lines = []
    for command in tree.walk_commands(type=discord.AppCommandType.chat_input):
        if isinstance(command, app_commands.Command):
            name, about = COMMANDS.path(command.qualified_name, language), COMMANDS.description(command, language)
            lines.append(f"`/{name}` — {about}")
    return sorted(lines)


def examples(written_in: Language, language: Language) -> str:
    """`written_in`'s example situations behind /ruling as a member of `language` types it."""
    prefix = COMMANDS.path("ruling", language)
    return "\n".join(f"`/{prefix} {situation}`" for situation in EXAMPLES[written_in])


class Help(commands.Cog):
    def __init__(self, bot: FloorBot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="How to describe a situation, with examples, and every command.")
    async def help(self, interaction: discord.Interaction[FloorBot]) -> None:
        language = await reply_language(interaction)
        embed = discord.Embed(
            title=text(language, "help.title"), description=text(language, "help.how_to"), colour=embeds.RULING_COLOUR
        )
        for written_in in sorted(LANGUAGES, key=lambda other: other != language):  # the reader's language first
            embed.add_field(
                name=text(language, f"help.examples.{written_in}"),
                value=examples(written_in, language),
                inline=False,
            )
        embeds.add_lines(embed, text(language, "help.commands"), command_lines(self.bot.tree, language))
        embed.set_footer(text=text(language, "help.footer"))
        await answer(interaction, embed=embed, ephemeral=True)


async def setup(bot: FloorBot) -> None:
    await bot.add_cog(Help(bot))
