"""Extension: what every cog shares — the error handler on the command tree, and the answer to a press on a
stale expiring control. Loaded first (bot.py's EXTENSIONS).

A module of its own because discord.py loads an extension as a fresh copy of its module: the helpers it
installs (cogs/errors.py, cogs/views.py) must stay plain modules, imported once, whose state every cog shares.
"""

from __future__ import annotations

from cogs.core import FloorBot
from cogs.errors import on_error
from cogs.views import ExpiredControl


async def setup(bot: FloorBot) -> None:
    bot.tree.error(on_error)
    bot.add_dynamic_items(ExpiredControl)
