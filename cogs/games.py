"""`/game`: home games per server — open one in a channel, log rulings and notes in it, page, export. The
game's ledger (cogs/ledger.py) shows in its log, and `/game end` says who pays whom.

Thin by design: the store does the work (and the scoping by server); this module turns its values into
replies. Games and entries are shown by their per-server numbers (`#3`), never by the store's internal ids.
Anything a user typed is shown through `fit.quote`, so it can neither ping nor format, and every page is
sized by characters as well as by count so it fits Discord's limits whatever the names and notes hold.
"""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Awaitable, Callable, Mapping
from datetime import UTC, datetime

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from cogs import cooldown, embeds, fit, money
from cogs.core import FloorBot
from cogs.language import reply_language
from cogs.money import Voice
from cogs.respond import MISSING, answer, defer, in_time
from cogs.views import Confirm, Pager
from i18n import Language, text
from i18n.commands import choice, describe
from store import ExportPart, Game, GameAlreadyOpen, LogEntry, LogPage, RulingMark, Streamed, Viewer

PER_PAGE = 10
GAMES_PER_PAGE = 10
LIST_GAMES = 250  # /game list pages through this many of the newest games; older ones are reached by number
NAME_MAX = 100
NOTE_MAX = 1000
# A reference made of a number (ASCII digits, with # or a sign) names that number or nothing, never a name that
# contains it (default names are dates: "20" or "-1" would pick "Game 2026-12-01"). 18 digits fit the store.
GAME_REF = re.compile(r"#?\s*[+-]?\s*([0-9]+)")

FORMATS = ("csv", "json")
FORMAT_CHOICES = [choice(name.upper(), name, it=name.upper()) for name in FORMATS]  # same word in Italian
MIN_EXPORT_BYTES = 4096  # the smallest part the store will split a log into


def game_label(game: Game) -> str:
    """`#12 **Friday**` with the name made safe to show."""
    return f"#{game.number} **{fit.quote(game.name, NAME_MAX)}**"


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


def entry_line(entry: LogEntry, *, with_game: bool, budget: int, voice: Voice, mark: str = "") -> str:
    """Two lines per entry, at most `budget` characters: when, who, where (and which game); then the ruling
    (with its `mark`: a house rule, the floor's verdict), the note (its text cut to what is left of the budget)
    or the ledger's buy-in or cash-out (in `voice`)."""
    where = ""
    if with_game and entry.game_number is not None:
        where = f" · #{entry.game_number} {fit.quote(entry.game_name or '', 60)}"
    private = " · 🔒" if entry.private else ""
    head = f"`#{entry.number}` {discord.utils.format_dt(entry.created_at, 'f')} · <@{entry.user_id}>{where}{private}"
    if entry.kind in money.ICONS:
        return fit.clip(f"{head}\n{money.log_line(voice, entry)}", budget)
    head += mark
    if entry.kind == "note":
        lead, tail = "📝 ", ""
    else:
        verdict = " · ".join(part for part in (entry.outcome, entry.rule_id and f"`{entry.rule_id}`") if part)
        lead, tail = f"⚖️ {verdict or entry.status}: “", "”"
    room = budget - len(head) - 1 - len(lead) - len(tail)
    return fit.clip(f"{head}\n{lead}{fit.quote(entry.text, max(room, 1))}{tail}", budget)


def log_embed(page: LogPage, game: Game | None, voice: Voice, marks: Mapping[int, str] | None = None) -> discord.Embed:
    language = voice.language
    if game:
        title = text(language, "games.log_title", game=f"#{game.number} {fit.quote(game.name, NAME_MAX)}")
    else:
        title = text(language, "games.server_log_title")
    share = fit.shares(len(page.entries))  # every entry an equal share of the description: a page always fits
    marks = marks or {}
    lines = [
        entry_line(entry, with_game=game is None, budget=share, voice=voice, mark=marks.get(entry.number, ""))
        for entry in page.entries
    ]
    if not lines:
        lines = [text(language, "games.log_empty" if page.page == 1 else "games.page_empty")]
    embed = discord.Embed(title=title, description=fit.LINE_BREAK.join(lines), colour=embeds.RULING_COLOUR)
    embed.set_footer(text=text(language, "games.page_footer", page=page.page))
    return fit.embed(embed)


def mark_text(mark: RulingMark, language: Language) -> str:
    """What a ruling's log line says besides it: a house rule applied, the floor confirmed or overruled it (and
    the outcome it put in place)."""
    parts = [text(language, "games.mark_house")] if mark.house else []
    if mark.verdict is not None:
        verdict = text(language, f"games.mark_{mark.verdict}")
        parts.append(f"{verdict} → {mark.floor_outcome}" if mark.floor_outcome else verdict)
    return "".join(f" · {part}" for part in parts)


def parse_game_ref(ref: str) -> int | None:
    """`12` or `#12` (what autocomplete sends) as a game number; 0 for a number no game has (`0`, `-1`, 20
    digits); None for anything else (a name)."""
    match = GAME_REF.fullmatch(ref.strip())
    if match is None:
        return None
    digits = match.group(1).lstrip("0")
    return int(digits) if digits and len(digits) <= 18 and "-" not in ref else 0


def upload_room(limit: int) -> int:
    """Bytes a part may take so the whole upload stays within Discord's limit (the request carries the
    message's JSON and multipart framing besides the file)."""
    return limit - min(16 * 1024, limit // 8)


def attachment(part: ExportPart) -> discord.File:
    return discord.File(io.BytesIO(part.data), filename=part.filename)


async def send_part(
    interaction: discord.Interaction[FloorBot], streamed: Streamed, number: int, language: Language
) -> None:
    """One part of an export, privately: the first fills the deferred reply in, the rest follow it. Until the
    last, a part only says more follow; the last says how many entries there were, and if there were several
    files, the first message is then told too."""
    if not streamed.last:
        caption = text(language, "games.export_part_more", part=number)
    else:
        how = "games.exported_zipped" if streamed.compressed else "games.exported"
        summary = text(language, how, count=streamed.entries, parts=number)
        caption = summary if number == 1 else text(language, "games.export_part", part=number, parts=number)
    if number == 1:
        await answer(interaction, caption, files=[attachment(streamed.part)], ephemeral=True)
    else:
        await interaction.followup.send(fit.clip(caption, fit.CONTENT), file=attachment(streamed.part), ephemeral=True)
    if streamed.last and number > 1:
        first = text(language, "games.export_part", part=1, parts=number)
        await interaction.edit_original_response(content=fit.content(f"{summary}\n{first}"))


def viewer(interaction: discord.Interaction[FloorBot]) -> Viewer:
    """Who is reading: private rulings are shown to their asker and to managers only."""
    return Viewer(user_id=interaction.user.id, manager=interaction.permissions.manage_guild)


async def game_choices(interaction: discord.Interaction[FloorBot], current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete: this server's games whose name contains what was typed, newest first."""
    if interaction.guild_id is None:
        return []
    games = await interaction.client.store.list_games(
        interaction.guild_id, search=current.strip()[:NAME_MAX], limit=fit.CHOICES
    )
    return [
        app_commands.Choice(
            name=fit.clip(f"#{g.number} {g.name}", fit.OPTION_TEXT) or f"#{g.number}", value=str(g.number)
        )
        for g in games
    ]


class LogPager(Pager):
    """Previous/Next through a log; each press reads the page from the store again, as its first reader may."""

    def __init__(self, interaction: discord.Interaction[FloorBot], game: Game | None, page: int, voice: Voice) -> None:
        language = voice.language
        super().__init__(interaction.user.id, page, text(language, "games.previous"), text(language, "games.next"))
        self.guild_id, self.viewer, self.game, self.voice = guild_id_of(interaction), viewer(interaction), game, voice
        # Where each page reached by turning starts: below the last number the page before it showed. Entries
        # logged or deleted meanwhile then never repeat or skip one on the next page (offsets would shift).
        self.starts: dict[int, int] = {}

    async def render(self, interaction: discord.Interaction[FloorBot], page: int) -> tuple[discord.Embed, bool, bool]:
        result = await interaction.client.store.log_page(
            self.guild_id,
            viewer=self.viewer,
            game_number=self.game.number if self.game else None,
            page=page,
            per_page=PER_PAGE,
            before=self.starts.get(page),
        )
        if result.entries:
            self.starts[page + 1] = result.entries[-1].number
        numbers = [entry.number for entry in result.entries if entry.kind == "ruling"]
        marks = await interaction.client.store.ruling_marks(self.guild_id, numbers)
        shown = {number: mark_text(mark, self.voice.language) for number, mark in marks.items()}
        return log_embed(result, self.game, self.voice, shown), result.has_previous, result.has_next


class ListPager(Pager):
    """Previous/Next through pages made beforehand (cut by characters and by count: see `fit.pages`), each shown
    in a copy of `card` (title, fields, footer; by default the games list's), numbered when there are several."""

    def __init__(self, owner_id: int, pages: list[str], language: Language, card: discord.Embed | None = None) -> None:
        super().__init__(owner_id, 1, text(language, "games.previous"), text(language, "games.next"))
        self.pages, self.language = pages or [text(language, "games.no_games")], language
        self.card = card or discord.Embed(title=text(language, "games.list_title"), colour=embeds.RULING_COLOUR)

    async def render(self, interaction: discord.Interaction[FloorBot], page: int) -> tuple[discord.Embed, bool, bool]:
        page = min(max(page, 1), len(self.pages))
        embed = self.card.copy()
        embed.description = self.pages[page - 1]
        footer = [self.card.footer.text or ""]
        if len(self.pages) > 1:
            footer.append(text(self.language, "games.page_of", page=page, pages=len(self.pages)))
        embed.set_footer(text=" · ".join(part for part in footer if part) or None)
        return fit.embed(embed), page > 1, page < len(self.pages)


@app_commands.guild_only()
class Games(commands.GroupCog, group_name="game", group_description="Home games: open, log, export."):
    """One open game per channel; every final /ruling in that channel lands in its log."""

    def __init__(self, bot: FloorBot) -> None:
        self.bot = bot
        self.exporting = asyncio.Semaphore(1)  # one export at a time: each is a CPU-bound thread on a small box
        super().__init__()

    @app_commands.command(name="start", description="Open a home game in this channel; rulings here go in its log.")
    @describe(name="What to call it, e.g. Friday cash game (default: today's date)")
    @cooldown.writes
    async def start(
        self, interaction: discord.Interaction[FloorBot], name: app_commands.Range[str, 1, NAME_MAX] | None = None
    ) -> None:
        language = await reply_language(interaction)
        if name is not None and not fit.visible(name):
            await answer(interaction, text(language, "games.name_blank"), ephemeral=True)
            return
        title = name.strip() if name else text(language, "games.default_name", date=f"{datetime.now(UTC):%Y-%m-%d}")
        opening = self.bot.store.start_game(
            guild_id_of(interaction), channel_id=interaction.channel_id or 0, user_id=interaction.user.id, name=title
        )
        try:
            game = await in_time(interaction, opening)
        except GameAlreadyOpen as already:
            await answer(
                interaction, text(language, "games.already_open", game=game_label(already.game)), ephemeral=True
            )
            return
        await answer(interaction, text(language, "games.started", game=game_label(game)))

    @app_commands.command(name="end", description="Close this channel's open game.")
    @cooldown.writes
    async def end(self, interaction: discord.Interaction[FloorBot]) -> None:
        voice = await money.voice(interaction)
        language = voice.language
        closing = self.bot.store.end_game(guild_id_of(interaction), channel_id=interaction.channel_id or 0)
        game = await in_time(interaction, closing)
        if game is None:
            await answer(interaction, text(language, "games.none_open"), ephemeral=True)
            return
        night = money.Night.of(await self.bot.store.game_money(game.guild_id, game.id))
        settlement = await money.settled(night, anyway=False) if night.players else None
        settled = money.end_card(voice, game, night, settlement)  # who pays whom, if the game has a ledger
        ended = text(language, "games.ended", game=game_label(game), number=game.number)
        await answer(interaction, ended, embed=MISSING if settled is None else settled)

    @app_commands.command(name="note", description="Add a note to this channel's game (or the server log).")
    @describe(text="What to remember, e.g. new deck at 22:00, Marco rebought")
    @cooldown.writes
    async def note(
        self, interaction: discord.Interaction[FloorBot], text: app_commands.Range[str, 1, NOTE_MAX]
    ) -> None:
        note, say = text, i18n.text  # the option is called `text`, which hides i18n's
        language = await reply_language(interaction)
        if not fit.visible(note):
            await answer(interaction, say(language, "games.note_blank"), ephemeral=True)
            return
        adding = self.bot.store.add_note(
            guild_id_of(interaction), channel_id=interaction.channel_id or 0, user_id=interaction.user.id, text=note
        )
        entry = await in_time(interaction, adding)
        if entry.game_number is not None:
            game = f"#{entry.game_number} **{fit.quote(entry.game_name or '', NAME_MAX)}**"
            reply = say(language, "games.noted_in_game", game=game, text=embeds.quote(note))
        else:
            reply = say(language, "games.noted_in_server_log", text=embeds.quote(note))
        await answer(interaction, reply)

    @app_commands.command(name="log", description="Read the log, newest first: one game or the whole server.")
    @describe(game="A game from /game list (default: the whole server log)", page="Page number")
    @app_commands.autocomplete(game=game_choices)
    async def log(
        self,
        interaction: discord.Interaction[FloorBot],
        game: str | None = None,
        page: app_commands.Range[int, 1, 100_000] = 1,
    ) -> None:
        voice = await money.voice(interaction)
        chosen = None if game is None else await find_game(interaction, game, voice.language)
        if game is not None and chosen is None:
            return
        pager = LogPager(interaction, chosen, page, voice)
        embed, paged = await pager.show(interaction, page)
        if not paged:
            pager.stop()
        # Only the reader sees it: the page may hold private rulings this reader, and nobody else here, may read.
        await answer(interaction, embed=embed, view=pager if paged else None, ephemeral=True)

    @app_commands.command(name="export", description="Download the log as a CSV or JSON file.")
    @describe(game="A game from /game list (default: the whole server log)", format="File format")
    @app_commands.choices(format=FORMAT_CHOICES)
    @app_commands.autocomplete(game=game_choices)
    @cooldown.exports
    async def export(
        self, interaction: discord.Interaction[FloorBot], game: str | None = None, format: str = "csv"
    ) -> None:
        language = await reply_language(interaction)
        chosen = None if game is None else await find_game(interaction, game, language)
        if game is not None and chosen is None:
            return
        room = upload_room(interaction.filesize_limit)
        if room < MIN_EXPORT_BYTES:
            await answer(interaction, text(language, "games.upload_limit_too_small"), ephemeral=True)
            return
        await defer(interaction, ephemeral=True)  # an export always takes a moment: it waits for its turn too
        async with (
            self.exporting,
            self.bot.store.export_stream(
                guild_id_of(interaction),
                viewer=viewer(interaction),
                game_number=chosen.number if chosen else None,
                fmt="json" if format == "json" else "csv",
                max_bytes=room,
            ) as stream,
        ):
            async for streamed in stream:  # each part sent as soon as it is built: one held at a time
                await send_part(interaction, streamed, stream.parts, language)
        if not stream.found:  # the game was deleted while the export waited
            await answer(interaction, text(language, "games.no_such_game", name=fit.quote(game or "", 80)))

    @app_commands.command(name="list", description="This server's games, newest first.")
    async def list_games(self, interaction: discord.Interaction[FloorBot]) -> None:
        language = await reply_language(interaction)
        games = await self.bot.store.list_games(guild_id_of(interaction), limit=LIST_GAMES + 1)
        lines = (game_line(g, language) for g in games[:LIST_GAMES])
        pages = fit.pages(lines, per_page=GAMES_PER_PAGE, separator="\n")
        card = discord.Embed(title=text(language, "games.list_title"), colour=embeds.RULING_COLOUR)
        if len(games) > LIST_GAMES:  # say so, rather than leave the oldest out without a word
            card.set_footer(text=text(language, "games.list_newest", count=LIST_GAMES))
        pager = ListPager(interaction.user.id, pages, language, card)
        embed, paged = await pager.show(interaction, 1)
        if not paged:
            pager.stop()
        await answer(interaction, embed=embed, view=pager if paged else None, ephemeral=True)

    @app_commands.command(name="delete", description="Delete one game and its log (Manage Server).")
    @describe(game="The game to delete, from /game list")
    @app_commands.autocomplete(game=game_choices)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def delete(self, interaction: discord.Interaction[FloorBot], game: str) -> None:
        language = await reply_language(interaction)
        chosen = await find_game(interaction, game, language, partial=False)  # a delete names its game exactly
        if chosen is None:
            return
        guild_id, number = guild_id_of(interaction), chosen.number  # bound now: numbers are never reused

        async def delete_it() -> str:
            deleted = await self.bot.store.delete_game(guild_id, number)
            if deleted is None:
                return text(language, "games.already_gone", number=number)
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
        extent = await self.bot.store.log_extent(guild_id)  # bound now: what is logged meanwhile stays

        async def clear_it() -> str:
            await self.bot.store.clear_log(guild_id, through=extent)
            return text(language, "games.cleared")

        await _confirm(interaction, text(language, "games.clear_question"), clear_it, language)


async def find_game(
    interaction: discord.Interaction[FloorBot], ref: str, language: Language, *, partial: bool = True
) -> Game | None:
    """The game `ref` names — a number; else the newest game of exactly that name; else (if `partial`, never
    for a delete) the newest whose name contains it — or None after telling the user why (nothing typed, or no
    such game in this server). /game and /ledger take games this way."""
    if not fit.visible(ref):
        await answer(interaction, text(language, "games.blank_reference"), ephemeral=True)
        return None
    store, guild_id, wanted = interaction.client.store, guild_id_of(interaction), ref.strip()
    number = parse_game_ref(wanted)
    if number is not None:
        game = await store.get_game(guild_id, number) if number else None
    else:
        game = await store.game_named(guild_id, wanted[:NAME_MAX])
        if game is None and partial:
            game = next(iter(await store.list_games(guild_id, search=wanted[:NAME_MAX], limit=1)), None)
    if game is None:
        await answer(interaction, text(language, "games.no_such_game", name=fit.quote(ref, 80)), ephemeral=True)
    return game


def guild_id_of(interaction: discord.Interaction[FloorBot]) -> int:
    """The server id; guild_only is enforced by Discord, this keeps a stray DM from reaching the store."""
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage()
    return interaction.guild_id


async def _confirm(
    interaction: discord.Interaction[FloorBot], question: str, action: Callable[[], Awaitable[str]], language: Language
) -> None:
    labels = text(language, "games.delete"), text(language, "games.cancel"), text(language, "games.cancelled")
    await answer(interaction, question, view=Confirm(interaction.user.id, action, *labels), ephemeral=True)


async def setup(bot: FloorBot) -> None:
    await bot.add_cog(Games(bot))
