"""`/game`: home games per server — open one in a channel, log rulings and notes in it, page, export.

Thin by design: the store does the work (and the scoping by server); this module turns its values into
replies. Anything a user typed is shown through `embeds.quote`, so it can neither ping nor format.
"""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from cogs import embeds
from cogs.core import FloorBot
from cogs.language import reply_language
from cogs.views import Hook, OwnedView
from i18n import Language, text
from i18n.commands import choice, describe
from store import Game, GameAlreadyOpen, LogEntry, LogPage
from store.export import to_csv, to_json

PER_PAGE = 10
NAME_MAX = 100
NOTE_MAX = 1000
ENTRY_QUOTE = 200
MAX_CHOICES = 25

EXPORTERS: dict[str, Callable[[list[LogEntry]], bytes]] = {"csv": to_csv, "json": to_json}
FORMAT_CHOICES = [choice(name.upper(), name, it=name.upper()) for name in EXPORTERS]  # same word in Italian


def game_label(game: Game) -> str:
    """`#12 Friday` with the name made safe to show."""
    return f"#{game.id} **{embeds.quote(game.name, NAME_MAX)}**"


def game_line(game: Game, language: Language) -> str:
    closed = discord.utils.format_dt(game.closed_at or game.opened_at, "f")
    state = text(language, "games.open") if game.is_open else text(language, "games.closed", when=closed)
    return text(
        language,
        "games.line",
        game=game_label(game),
        channel=f"<#{game.channel_id}>",
        when=discord.utils.format_dt(game.opened_at, "f"),
        user=f"<@{game.opened_by}>",
        state=state,
    )


def entry_line(entry: LogEntry, *, with_game: bool) -> str:
    """Two lines per entry: when, who, where (and which game); then the ruling or the note."""
    where = f" · {embeds.quote(entry.game_name, 60)}" if with_game and entry.game_name else ""
    head = f"`#{entry.id}` {discord.utils.format_dt(entry.created_at, 'f')} · <@{entry.user_id}>{where}"
    if entry.kind == "note":
        body = f"📝 {embeds.quote(entry.text, ENTRY_QUOTE)}"
    else:
        verdict = " · ".join(part for part in (entry.outcome, entry.rule_id and f"`{entry.rule_id}`") if part)
        body = f"⚖️ {verdict or entry.status}: “{embeds.quote(entry.text, ENTRY_QUOTE)}”"
    return f"{head}\n{body}"


def log_embed(page: LogPage, game: Game | None, language: Language) -> discord.Embed:
    if game:
        title = text(language, "games.log_title", game=f"#{game.id} {embeds.quote(game.name, NAME_MAX)}")
    else:
        title = text(language, "games.server_log_title")
    lines = [entry_line(entry, with_game=game is None) for entry in page.entries]
    if not lines:
        lines = [text(language, "games.log_empty" if page.page == 1 else "games.page_empty")]
    embed = discord.Embed(title=title, description="\n\n".join(lines), colour=embeds.RULING_COLOUR)
    embed.set_footer(text=text(language, "games.page_footer", page=page.page))
    return embeds.fit(embed)


def parse_game_ref(text: str) -> int | None:
    """`12` or `#12` (what autocomplete sends) as an id; None for a name."""
    raw = text.strip().removeprefix("#")
    return int(raw) if raw.isdigit() else None


async def game_choices(interaction: discord.Interaction[FloorBot], current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete: this server's games whose name contains what was typed, newest first."""
    if interaction.guild_id is None:
        return []
    games = await interaction.client.store.list_games(
        interaction.guild_id, search=current.strip()[:NAME_MAX], limit=MAX_CHOICES
    )
    return [app_commands.Choice(name=embeds.shorten(f"#{g.id} {g.name}", 100), value=str(g.id)) for g in games]


class LogPager(OwnedView):
    """Previous/Next through a log; each press reads the page from the store again. The pages stay in the
    language of the first one, whoever turns them."""

    def __init__(self, owner_id: int, guild_id: int, game: Game | None, page: LogPage, language: Language) -> None:
        super().__init__(owner_id)
        self.guild_id, self.game, self.page, self.language = guild_id, game, page, language
        self.previous.label = text(language, "games.previous")
        self.next.label = text(language, "games.next")
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        self.previous.disabled = not self.page.has_previous
        self.next.disabled = not self.page.has_next

    async def _turn(self, interaction: discord.Interaction[FloorBot], step: int) -> None:
        self.page = await interaction.client.store.log_page(
            self.guild_id,
            game_id=self.game.id if self.game else None,
            page=self.page.page + step,
            per_page=PER_PAGE,
        )
        self._sync_buttons()
        await interaction.response.edit_message(embed=log_embed(self.page, self.game, self.language), view=self)

    @discord.ui.button(label="Previous", emoji="◀️", custom_id="log:previous")
    async def previous(self, interaction: discord.Interaction[FloorBot], _: discord.ui.Button[LogPager]) -> None:
        await self._turn(interaction, -1)

    @discord.ui.button(label="Next", emoji="▶️", custom_id="log:next")
    async def next(self, interaction: discord.Interaction[FloorBot], _: discord.ui.Button[LogPager]) -> None:
        await self._turn(interaction, +1)


class Confirm(OwnedView):
    """Delete/Cancel for what cannot be undone. Only the asker may answer (not even another manager):
    pressing it would be deciding for someone else."""

    def __init__(self, owner_id: int, action: Callable[[], Awaitable[str]], language: Language) -> None:
        super().__init__(owner_id)
        self.action, self.language = action, language
        self.confirm.label = text(language, "games.delete")
        self.cancel.label = text(language, "games.cancel")

    async def interaction_check(self, interaction: Hook) -> bool:
        if interaction.user.id == self.owner_id:
            return True
        refusal = text(await reply_language(interaction), "errors.only_asker")
        await interaction.response.send_message(refusal, ephemeral=True)
        return False

    @discord.ui.button(label="Delete", style=discord.ButtonStyle.danger, custom_id="confirm:yes")
    async def confirm(self, interaction: discord.Interaction[FloorBot], _: discord.ui.Button[Confirm]) -> None:
        self.stop()
        await interaction.response.edit_message(content=await self.action(), view=None)

    @discord.ui.button(label="Cancel", style=discord.ButtonStyle.secondary, custom_id="confirm:no")
    async def cancel(self, interaction: discord.Interaction[FloorBot], _: discord.ui.Button[Confirm]) -> None:
        self.stop()
        await interaction.response.edit_message(content=text(self.language, "games.cancelled"), view=None)


@app_commands.guild_only()
class Games(commands.GroupCog, group_name="game", group_description="Home games: open, log, export."):
    """One open game per channel; every final /ruling in that channel lands in its log."""

    def __init__(self, bot: FloorBot) -> None:
        self.bot = bot
        super().__init__()

    async def _game(self, interaction: discord.Interaction[FloorBot], ref: str, language: Language) -> Game | None:
        """The game `ref` names (an id, else the newest name match); tells the user if there is none."""
        guild_id = guild_id_of(interaction)
        game_id = parse_game_ref(ref)
        if game_id is not None:
            game = await self.bot.store.get_game(guild_id, game_id)
        else:
            matches = await self.bot.store.list_games(guild_id, search=ref.strip()[:NAME_MAX])
            exact = [g for g in matches if g.name.casefold() == ref.strip().casefold()]
            game = (exact or matches)[0] if exact or matches else None
        if game is None:
            await _ephemeral(interaction, text(language, "games.no_such_game", name=embeds.quote(ref, 80)))
        return game

    @app_commands.command(name="start", description="Open a home game in this channel; rulings here go in its log.")
    @describe(name="What to call it, e.g. Friday cash game (default: today's date)")
    async def start(
        self, interaction: discord.Interaction[FloorBot], name: app_commands.Range[str, 1, NAME_MAX] | None = None
    ) -> None:
        language = await reply_language(interaction)
        title = (name or "").strip() or text(language, "games.default_name", date=f"{datetime.now(UTC):%Y-%m-%d}")
        try:
            game = await self.bot.store.start_game(
                guild_id_of(interaction),
                channel_id=interaction.channel_id or 0,
                user_id=interaction.user.id,
                name=title,
            )
        except GameAlreadyOpen as already:
            await _ephemeral(interaction, text(language, "games.already_open", game=game_label(already.game)))
            return
        await interaction.response.send_message(text(language, "games.started", game=game_label(game)))

    @app_commands.command(name="end", description="Close this channel's open game.")
    async def end(self, interaction: discord.Interaction[FloorBot]) -> None:
        language = await reply_language(interaction)
        game = await self.bot.store.end_game(guild_id_of(interaction), channel_id=interaction.channel_id or 0)
        if game is None:
            await _ephemeral(interaction, text(language, "games.none_open"))
            return
        await interaction.response.send_message(text(language, "games.ended", game=game_label(game), id=game.id))

    @app_commands.command(name="note", description="Add a note to this channel's game (or the server log).")
    @describe(text="What to remember, e.g. new deck at 22:00, Marco rebought")
    async def note(
        self, interaction: discord.Interaction[FloorBot], text: app_commands.Range[str, 1, NOTE_MAX]
    ) -> None:
        language = await reply_language(interaction)  # the option `text` hides i18n's: spelled i18n.text here
        entry = await self.bot.store.add_note(
            guild_id_of(interaction),
            channel_id=interaction.channel_id or 0,
            user_id=interaction.user.id,
            text=text,
        )
        if entry.game_name:
            game = f"#{entry.game_id} **{embeds.quote(entry.game_name, NAME_MAX)}**"
            reply = i18n.text(language, "games.noted_in_game", game=game, text=embeds.quote(text))
        else:
            reply = i18n.text(language, "games.noted_in_server_log", text=embeds.quote(text))
        await interaction.response.send_message(reply)

    @app_commands.command(name="log", description="Read the log, newest first: one game or the whole server.")
    @describe(game="A game from /game list (default: the whole server log)", page="Page number")
    @app_commands.autocomplete(game=game_choices)
    async def log(
        self,
        interaction: discord.Interaction[FloorBot],
        game: str | None = None,
        page: app_commands.Range[int, 1, 100_000] = 1,
    ) -> None:
        language = await reply_language(interaction)
        chosen = None if game is None else await self._game(interaction, game, language)
        if game is not None and chosen is None:
            return
        guild_id = guild_id_of(interaction)
        result = await self.bot.store.log_page(
            guild_id, game_id=chosen.id if chosen else None, page=page, per_page=PER_PAGE
        )
        embed = log_embed(result, chosen, language)
        if result.has_previous or result.has_next:
            view = LogPager(interaction.user.id, guild_id, chosen, result, language)
            await interaction.response.send_message(embed=embed, view=view)
        else:
            await interaction.response.send_message(embed=embed)

    @app_commands.command(name="export", description="Download the log as a CSV or JSON file.")
    @describe(game="A game from /game list (default: the whole server log)", format="File format")
    @app_commands.choices(format=FORMAT_CHOICES)
    @app_commands.autocomplete(game=game_choices)
    async def export(
        self, interaction: discord.Interaction[FloorBot], game: str | None = None, format: str = "csv"
    ) -> None:
        language = await reply_language(interaction)
        chosen = None if game is None else await self._game(interaction, game, language)
        if game is not None and chosen is None:
            return
        await interaction.response.defer(ephemeral=True, thinking=True)  # a big log takes a moment
        entries = await self.bot.store.export_entries(guild_id_of(interaction), game_id=chosen.id if chosen else None)
        data = EXPORTERS[format](entries)
        if len(data) > interaction.filesize_limit:
            await interaction.edit_original_response(content=text(language, "games.too_big", size=len(data) / 1e6))
            return
        filename = f"floorcall-{f'game-{chosen.id}' if chosen else 'server-log'}.{format}"
        await interaction.edit_original_response(
            content=text(language, "games.exported", count=len(entries)),
            attachments=[discord.File(io.BytesIO(data), filename=filename)],
        )

    @app_commands.command(name="list", description="This server's games, newest first.")
    async def list_games(self, interaction: discord.Interaction[FloorBot]) -> None:
        language = await reply_language(interaction)
        games = await self.bot.store.list_games(guild_id_of(interaction), limit=MAX_CHOICES)
        description = "\n".join(game_line(g, language) for g in games) or text(language, "games.no_games")
        embed = discord.Embed(
            title=text(language, "games.list_title"), description=description, colour=embeds.RULING_COLOUR
        )
        await interaction.response.send_message(embed=embeds.fit(embed), ephemeral=True)

    @app_commands.command(name="delete", description="Delete one game and its log (Manage Server).")
    @describe(game="The game to delete, from /game list")
    @app_commands.autocomplete(game=game_choices)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def delete(self, interaction: discord.Interaction[FloorBot], game: str) -> None:
        language = await reply_language(interaction)
        chosen = await self._game(interaction, game, language)
        if chosen is None:
            return

        async def delete_it() -> str:
            deleted = await self.bot.store.delete_game(guild_id_of(interaction), chosen.id)
            if deleted is None:
                return text(language, "games.already_gone")
            return text(language, "games.deleted", game=game_label(deleted))

        question = text(language, "games.delete_question", game=game_label(chosen))
        await _confirm(interaction, question, delete_it, language)

    @app_commands.command(
        name="clear", description="Delete every game and the whole log of this server (Manage Server)."
    )
    @app_commands.checks.has_permissions(manage_guild=True)
    async def clear(self, interaction: discord.Interaction[FloorBot]) -> None:
        language = await reply_language(interaction)
        guild_id = guild_id_of(interaction)

        async def clear_it() -> str:
            await self.bot.store.clear_log(guild_id)
            return text(language, "games.cleared")

        await _confirm(interaction, text(language, "games.clear_question"), clear_it, language)


def guild_id_of(interaction: discord.Interaction[FloorBot]) -> int:
    """The server id; guild_only is enforced by Discord, this keeps a stray DM from reaching the store."""
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage()
    return interaction.guild_id


async def _ephemeral(interaction: discord.Interaction[FloorBot], text: str) -> None:
    await interaction.response.send_message(text, ephemeral=True)


async def _confirm(
    interaction: discord.Interaction[FloorBot], question: str, action: Callable[[], Awaitable[str]], language: Language
) -> None:
    await interaction.response.send_message(
        question, view=Confirm(interaction.user.id, action, language), ephemeral=True
    )


async def setup(bot: FloorBot) -> None:
    await bot.add_cog(Games(bot))
