"""How every cog answers an interaction: in time, by one rule, and within Discord's limits.

Discord drops an interaction that gets no first response within 3 seconds of being created. `in_time`
runs a piece of slow work (a store write, an export); if it is not done `DEFER_AFTER` seconds after
Discord created the interaction — measured from the interaction's own timestamp, so time spent before the
handler counts — it defers first, looking the way the reply will (ephemeral or not, a new message or an
update of the message clicked). `answer` then sends the reply by whichever route is still open, with the
content and embeds fitted to Discord's limits (cogs/fit.py), and binds an expiring view to the interaction
so it can disable itself while the token is still valid.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

import discord

from cogs import fit
from cogs.core import FloorBot

DEFER_AFTER = 1.5  # seconds after the interaction was created; Discord's window is 3 s
T = TypeVar("T")
MISSING: Any = discord.utils.MISSING


@runtime_checkable
class Bindable(Protocol):
    """A view that remembers the interaction showing it (cogs/views.py's ExpiringView)."""

    def bind(self, interaction: discord.Interaction[FloorBot]) -> None: ...


def age(interaction: discord.Interaction[FloorBot]) -> float:
    """Seconds since Discord created the interaction."""
    return (discord.utils.utcnow() - interaction.created_at).total_seconds()


async def in_time(
    interaction: discord.Interaction[FloorBot], work: Awaitable[T], *, ephemeral: bool = False, update: bool = False
) -> T:
    """Await `work`, deferring first if it runs past DEFER_AFTER; `ephemeral`/`update` say how the reply
    will look (Discord fixes a deferred reply's visibility when it defers). The deferral is started by a timer
    beside the work, so the common case — a write done in a few milliseconds — costs one timer, not a task."""
    if interaction.response.is_done():
        return await work
    loop = asyncio.get_running_loop()
    deferring: list[asyncio.Task[None]] = []
    waited = min(max(age(interaction), 0.0), DEFER_AFTER)  # a host clock behind Discord's never adds to the wait
    timer = loop.call_later(
        DEFER_AFTER - waited,
        lambda: deferring.append(loop.create_task(defer(interaction, ephemeral=ephemeral, update=update))),
    )
    try:
        result = await work
    except BaseException:
        timer.cancel()
        await asyncio.gather(*deferring, return_exceptions=True)  # the work's own failure is the one to report
        raise
    timer.cancel()
    for deferral in deferring:
        await deferral  # the reply goes after the deferral, and a refused deferral is reported
    return result


async def defer(interaction: discord.Interaction[FloorBot], *, ephemeral: bool = False, update: bool = False) -> None:
    """Acknowledge now, reply later: "thinking…" for a new message, a silent acknowledgement for an update (of
    the message a button is on, or that a form was opened from)."""
    if interaction.response.is_done():
        return
    if update and interaction.type in (discord.InteractionType.component, discord.InteractionType.modal_submit):
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)


async def answer(
    interaction: discord.Interaction[FloorBot],
    content: str | None = MISSING,
    *,
    embed: discord.Embed | None = MISSING,
    view: discord.ui.View | None = MISSING,
    files: Sequence[discord.File] = (),
    ephemeral: bool = False,
    update: bool = False,
) -> None:
    """Reply, or with `update` edit the message a button is on (or a form was opened from), by the route still open:
    - nothing sent yet: the initial response (a new message, or an update of the clicked message);
    - deferred with "thinking…": fill that reply in (its visibility was fixed when it was deferred);
    - deferred silently after a click: edit the clicked message, or post a new message for a reply;
    - already answered: a follow-up message."""
    fields: dict[str, Any] = {}
    if content is not MISSING:
        fields["content"] = fit.content(content)
    if embed is not MISSING:
        fields["embed"] = None if embed is None else fit.embed(embed)
    sent = interaction.response.type
    if sent is None:
        if update:
            await interaction.response.edit_message(**fields, **_edits(view, files))
        else:
            await interaction.response.send_message(**fields, **_sends(view, files), ephemeral=ephemeral)
    elif sent is discord.InteractionResponseType.deferred_channel_message or (
        sent is discord.InteractionResponseType.deferred_message_update and update
    ):
        await interaction.edit_original_response(**fields, **_edits(view, files))
    else:
        await interaction.followup.send(**fields, **_sends(view, files), ephemeral=ephemeral)
        return  # a follow-up is not the token's @original: an expiring view there cannot be bound to it
    if isinstance(view, Bindable):
        view.bind(interaction)


def _edits(view: discord.ui.View | None, files: Sequence[discord.File]) -> dict[str, Any]:
    """An edit's view and files: `view=None` removes the controls, files replace the attachments."""
    fields: dict[str, Any] = {} if view is MISSING else {"view": view}
    if files:
        fields["attachments"] = list(files)
    return fields


def _sends(view: discord.ui.View | None, files: Sequence[discord.File]) -> dict[str, Any]:
    """A new message's view and files (a new message has no controls to remove)."""
    fields: dict[str, Any] = {} if view is MISSING or view is None else {"view": view}
    if files:
        fields["files"] = list(files)
    return fields
