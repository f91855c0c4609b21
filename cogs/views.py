"""Controls shared by the cogs, and what happens to them when they go stale.

Two kinds of controls, by how long they may matter:
- expiring views (pagers, select menus, confirmations): only their owner (or a manager) may use them; they
  stop 14 minutes after the last press, and `on_timeout` disables them by editing the message through the
  newest press's interaction token, which Discord honours for 15 minutes. Their custom ids carry a nonce
  (`x:<nonce>:<name>`), so a press on one that is no longer live — used, expired, or shown before a restart —
  reaches `ExpiredControl`, which says so instead of letting Discord show "This interaction failed".
- question buttons (cogs/rulings.py) carry the id of the question they answer and survive restarts.
"""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from cogs import errors, fit
from cogs.core import FloorBot
from cogs.language import reply_language
from cogs.respond import answer, in_time
from i18n import text

log = logging.getLogger("floorcall.views")

VIEW_TIMEOUT = 14 * 60  # after the last press; the token of that press lives 15 minutes, so on_timeout can edit
LIVE: set[str] = set()  # nonces of the expiring views still listening, in this process

Choose = Callable[[discord.Interaction[FloorBot], str], Awaitable[None]]
# discord.py declares the hooks a view or item overrides (interaction_check, on_error, callback) generic over
# the client, so an override must accept any client's interaction; each passes it on to code typed for FloorBot.
Hook = discord.Interaction[Any]


class OwnedView(discord.ui.View):
    """Admits only its owner or a member with Manage Server; failures go to the one error handler."""

    def __init__(self, owner_id: int, *, timeout: float | None = VIEW_TIMEOUT) -> None:
        super().__init__(timeout=timeout)
        self.owner_id = owner_id

    async def interaction_check(self, interaction: Hook) -> bool:
        if interaction.user.id == self.owner_id:
            return True
        if interaction.guild_id is not None and interaction.permissions.manage_guild:
            return True
        await answer(interaction, text(await reply_language(interaction), "errors.not_yours"), ephemeral=True)
        return False

    async def on_error(self, interaction: Hook, error: Exception, item: discord.ui.Item[Any]) -> None:
        await errors.on_error(interaction, error)


class ExpiringView(OwnedView):
    """An owned view that disables itself when it expires and whose stale presses get a clear answer."""

    def __init__(self, owner_id: int) -> None:
        super().__init__(owner_id, timeout=VIEW_TIMEOUT)
        self.nonce = secrets.token_hex(4)
        self.interaction: discord.Interaction[FloorBot] | None = None
        LIVE.add(self.nonce)

    def control_id(self, name: str) -> str:
        return f"x:{self.nonce}:{name}"

    def bind(self, interaction: discord.Interaction[FloorBot]) -> None:
        """The newest interaction that showed this view: its token is the one that can still edit the message."""
        self.interaction = interaction

    async def interaction_check(self, interaction: Hook) -> bool:
        allowed = await super().interaction_check(interaction)
        if allowed:
            self.bind(interaction)
        return allowed

    def stop(self) -> None:
        # Presses that discord.py already dispatched to this view are queued behind this call; forgetting the
        # nonce on the next loop turn keeps ExpiredControl from answering them too (each press gets one reply).
        asyncio.get_running_loop().call_soon(LIVE.discard, self.nonce)
        super().stop()

    async def on_timeout(self) -> None:
        LIVE.discard(self.nonce)
        if self.interaction is None:
            return
        disable(self)
        try:
            await self.interaction.edit_original_response(view=self)
        except discord.HTTPException as exc:  # the message was deleted, or the token already lapsed
            log.info("Could not disable expired controls: %s", exc)


def disable(view: discord.ui.View) -> discord.ui.View:
    for item in view.children:
        if isinstance(item, discord.ui.Button | discord.ui.Select):
            item.disabled = True
    return view


class ExpiredControl(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"x:(?P<nonce>[0-9a-f]{8}):\w+"):
    """A press on an expiring view that no longer listens: disable the message's controls and say so."""

    def __init__(self, custom_id: str) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_id))
        self.nonce = custom_id.split(":")[1]

    @classmethod
    async def from_custom_id(
        cls, interaction: Hook, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ExpiredControl:
        return cls(match.string)

    async def interaction_check(self, interaction: Hook) -> bool:
        return self.nonce not in LIVE  # a live view answers its own presses

    async def callback(self, interaction: Hook) -> None:
        try:
            language = await reply_language(interaction)
            if interaction.message is not None:
                stale = discord.ui.View.from_message(interaction.message, timeout=None)
                stale.stop()  # finished, so discord.py does not start listening to it
                await answer(interaction, view=disable(stale), update=True)
            await answer(interaction, text(language, "errors.controls_expired"), ephemeral=True)
        except Exception as error:
            await errors.on_error(interaction, error)


class PickSelect(discord.ui.Select["SelectView"]):
    """A select menu that hands the picked value to the view's callback."""

    async def callback(self, interaction: Hook) -> None:
        assert self.view is not None
        await self.view.choose(interaction, self.values[0])


class SelectView(ExpiringView):
    """A select menu of (label, value, description); each pick calls `choose(interaction, value)`."""

    def __init__(
        self, owner_id: int, placeholder: str, options: Sequence[tuple[str, str, str]], choose: Choose
    ) -> None:
        super().__init__(owner_id)
        self.choose = choose
        self.add_item(
            PickSelect(
                custom_id=self.control_id("pick"),
                placeholder=fit.clip(placeholder, fit.PLACEHOLDER),
                options=[
                    discord.SelectOption(
                        label=fit.clip(label, fit.OPTION_TEXT) or value,
                        value=value,
                        description=fit.clip(about, fit.OPTION_TEXT) or None,
                    )
                    for label, value, about in options[: fit.CHOICES]
                ],
            )
        )


class Pager(ExpiringView):
    """Previous/Next; `render(page)` gives the embed of a page and whether there are pages on either side.
    The pages stay in the language of the first one, whoever turns them."""

    def __init__(self, owner_id: int, page: int, previous_label: str, next_label: str) -> None:
        super().__init__(owner_id)
        self.page = page
        self.previous.custom_id, self.previous.label = self.control_id("previous"), previous_label
        self.next.custom_id, self.next.label = self.control_id("next"), next_label

    async def render(self, interaction: discord.Interaction[FloorBot], page: int) -> tuple[discord.Embed, bool, bool]:
        raise NotImplementedError

    async def show(self, interaction: discord.Interaction[FloorBot], page: int) -> tuple[discord.Embed, bool]:
        """The embed of `page`, with the buttons set for it; and whether paging is needed at all."""
        embed, has_previous, has_next = await self.render(interaction, page)
        self.page = page
        self.previous.disabled, self.next.disabled = not has_previous, not has_next
        return embed, has_previous or has_next

    async def _turn(self, interaction: discord.Interaction[FloorBot], step: int) -> None:
        embed, _ = await self.show(interaction, self.page + step)
        await answer(interaction, embed=embed, view=self, update=True)

    @discord.ui.button(label="Previous", emoji="◀️")
    async def previous(self, interaction: discord.Interaction[FloorBot], _: discord.ui.Button[Pager]) -> None:
        await self._turn(interaction, -1)

    @discord.ui.button(label="Next", emoji="▶️")
    async def next(self, interaction: discord.Interaction[FloorBot], _: discord.ui.Button[Pager]) -> None:
        await self._turn(interaction, +1)


class Confirm(ExpiringView):
    """Confirm/Cancel for what cannot be undone; `action` is bound to exactly what the question named.
    Only the asker may answer (not even another manager): pressing it would be deciding for someone else."""

    def __init__(
        self, owner_id: int, action: Callable[[], Awaitable[str]], confirm_label: str, cancel_label: str, cancelled: str
    ) -> None:
        super().__init__(owner_id)
        self.action, self.cancelled = action, cancelled
        self.decided = False  # the first press decides: Delete and Cancel pressed together must not both act
        self.confirm.custom_id, self.confirm.label = self.control_id("confirm"), confirm_label
        self.cancel.custom_id, self.cancel.label = self.control_id("cancel"), cancel_label

    async def interaction_check(self, interaction: Hook) -> bool:
        if interaction.user.id == self.owner_id:
            self.bind(interaction)
            return True
        await answer(interaction, text(await reply_language(interaction), "errors.only_asker"), ephemeral=True)
        return False

    async def first_press(self, interaction: discord.Interaction[FloorBot]) -> bool:
        """Whether this press decides. Checked and set before any await, so of two presses dispatched together
        (Delete and Cancel, two clients) exactly one acts; the other is told the question is no longer open."""
        if self.decided:
            language = await reply_language(interaction)
            await answer(interaction, text(language, "errors.controls_expired"), ephemeral=True)
            return False
        self.decided = True
        self.stop()
        return True

    @discord.ui.button(label="Confirm", style=discord.ButtonStyle.danger)
    async def confirm(self, interaction: discord.Interaction[FloorBot], _: discord.ui.Button[Confirm]) -> None:
        if await self.first_press(interaction):
            done = await in_time(interaction, self.action(), update=True)
            await answer(interaction, done, view=None, update=True)

    @discord.ui.button(label="Cancel", style=discord.ButtonStyle.secondary)
    async def cancel(self, interaction: discord.Interaction[FloorBot], _: discord.ui.Button[Confirm]) -> None:
        if await self.first_press(interaction):
            await answer(interaction, self.cancelled, view=None, update=True)
