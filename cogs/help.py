"""`/help`: how to describe a situation so the floor can rule, and every command the bot has."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs import embeds

if TYPE_CHECKING:
    from bot import FloorBot

HOW_TO = (
    "Say what went wrong in your own words, in English or Italian. The floor rules faster when you mention:\n"
    "• **the street**: deal, preflop, flop, turn, river, showdown\n"
    "• **what happened**: how many cards, which card, exposed or dealt early\n"
    "• **who**: the dealer or a player\n"
    "• **when**: before or after the betting was done, whether anyone had acted\n"
    "If a deciding fact is missing you get a question with buttons; your answer completes the ruling."
)

EXAMPLES_EN = (
    "`/ruling the flop had four cards`\n"
    "`/ruling dealer turned the turn card before the betting was done`\n"
    "`/ruling first card of the deal was exposed`\n"
    "`/ruling player discarded before showing he plays the board`"
)

EXAMPLES_IT = (
    "`/ruling il flop aveva quattro carte`\n"
    "`/ruling il mazziere ha girato il turn prima che finissero le puntate`\n"
    "`/ruling la prima carta è stata scoperta`"
)


def command_lines(tree: app_commands.CommandTree) -> list[str]:
    """One line per slash command and subcommand, read from the tree so new cogs show up by themselves."""
    lines = []
    for command in tree.walk_commands(type=discord.AppCommandType.chat_input):
        if isinstance(command, app_commands.Command):
            lines.append(f"`/{command.qualified_name}` — {command.description}")
    return sorted(lines)


class Help(commands.Cog):
    def __init__(self, bot: FloorBot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="How to describe a situation, with examples, and every command.")
    async def help(self, interaction: discord.Interaction) -> None:
        embed = discord.Embed(
            title="Floor Call — your poker floorperson", description=HOW_TO, colour=embeds.RULING_COLOUR
        )
        embed.add_field(name="Examples", value=EXAMPLES_EN, inline=False)
        embed.add_field(name="Esempi in italiano", value=EXAMPLES_IT, inline=False)
        embed.add_field(
            name="Commands",
            value=embeds.shorten("\n".join(command_lines(self.bot.tree)), embeds.FIELD_VALUE_MAX),
            inline=False,
        )
        embed.set_footer(text="Replies never ping anyone. Add private:true to /ruling to keep the answer to yourself.")
        await interaction.response.send_message(embed=embeds.fit(embed), ephemeral=True)


async def setup(bot: FloorBot) -> None:
    await bot.add_cog(Help(bot))
