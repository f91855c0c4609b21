"""Views shared by the cogs: controls that only the person who asked (or a server manager) may use."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from cogs import errors
from cogs.core import FloorBot
from cogs.embeds import shorten
from cogs.language import reply_language
from i18n import text

VIEW_TIMEOUT = 15 * 60  # Discord's interaction tokens last 15 minutes; the buttons live as long

Choose = Callable[[discord.Interaction[FloorBot], str], Awaitable[None]]
# discord.py declares the hooks a view or item overrides (interaction_check, on_error, callback) generic over
# the client, so an override must accept any client's interaction; each passes it on to code typed for FloorBot.
Hook = discord.Interaction[Any]


class OwnedView(discord.ui.View):
    """Admits only its owner or a member with Manage Server; failures go to the tree's on_error."""

    def __init__(self, owner_id: int, *, timeout: float | None = VIEW_TIMEOUT) -> None:
        super().__init__(timeout=timeout)
        self.owner_id = owner_id

    async def interaction_check(self, interaction: Hook) -> bool:
        if interaction.user.id == self.owner_id:
            return True
        if interaction.guild_id is not None and interaction.permissions.manage_guild:
            return True
        refusal = text(await reply_language(interaction), "errors.not_yours")
        await interaction.response.send_message(refusal, ephemeral=True)
        return False

    async def on_error(self, interaction: Hook, error: Exception, item: discord.ui.Item[Any]) -> None:
        await errors.on_error(interaction, error)


class ChoiceButton(discord.ui.Button["ButtonsView"]):
    """A button that hands its value to the view's callback."""

    def __init__(self, label: str, value: str, index: int) -> None:
        super().__init__(label=shorten(label, 80), style=discord.ButtonStyle.primary, custom_id=f"choice:{index}")
        self.value = value

    async def callback(self, interaction: Hook) -> None:
        assert self.view is not None
        self.view.stop()
        await self.view.choose(interaction, self.value)


class ButtonsView(OwnedView):
    """One button per (label, value); a press calls `choose(interaction, value)` once."""

    def __init__(self, owner_id: int, options: Sequence[tuple[str, str]], choose: Choose) -> None:
        super().__init__(owner_id)
        self.choose = choose
        for index, (label, value) in enumerate(options[:25]):
            self.add_item(ChoiceButton(label, value, index))


class PickSelect(discord.ui.Select["SelectView"]):
    """A select menu that hands the picked value to the view's callback."""

    async def callback(self, interaction: Hook) -> None:
        assert self.view is not None
        await self.view.choose(interaction, self.values[0])


class SelectView(OwnedView):
    """A select menu of (label, value, description); each pick calls `choose(interaction, value)`."""

    def __init__(
        self, owner_id: int, placeholder: str, options: Sequence[tuple[str, str, str]], choose: Choose
    ) -> None:
        super().__init__(owner_id)
        self.choose = choose
        self.add_item(
            PickSelect(
                custom_id="pick",
                placeholder=shorten(placeholder, 150),
                options=[
                    discord.SelectOption(
                        label=shorten(label, 100), value=value, description=shorten(about, 100) or None
                    )
                    for label, value, about in options[:25]
                ],
            )
        )
