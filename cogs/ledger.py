"""`/ledger`: the money of a home game — buy-ins (again for a rebuy), cash-outs, the night's totals, who pays
whom in the fewest transfers, undo, standings over every game, and merging a guest spelled twice.

Players are members, given as a mention (Discord's client puts `<@id>` in the option when you pick someone
with @; autocomplete offers you and the server's earlier players), or guests by name. Amounts are typed text,
read exactly (`ledger.parse_amount`): never Discord's number option, which is a float.

Who may write: a member records their own buy-ins and cash-outs; the game's opener (the banker) and members
with Manage Server record for anyone and undo anyone's entry; every entry keeps who recorded it, and an undo
keeps who undid it. Merging rewrites every game of the server, closed ones too, so it is for the floor (Manage
Server or the floor role, cogs.house.is_floor): the banker's word ends with their own open game.

Every write is committed before the reply (respond.in_time), counted against the member's write limit (the
buttons spend the same bucket), and carries the request that asked for it — the interaction, or the Rebuy
button of one entry — so it is recorded once: a press delivered twice or a double click records one entry
and the second press is told. The Rebuy and Undo buttons name their entry in their custom id, so they keep
working after a restart, for as long as the game is open.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import cooldown, embeds, errors, fit, money
from cogs.core import FloorBot
from cogs.games import ListPager, find_game, game_choices, guild_id_of
from cogs.house import is_floor
from cogs.money import Night, Voice, player_label
from cogs.respond import answer, in_time
from cogs.views import Confirm, Hook
from i18n import DEFAULT_LANGUAGE, from_locale, text
from i18n.commands import describe
from ledger import MAX_AMOUNT, AmountError, parse_amount
from ledger.amounts import from_cents, to_cents
from ledger.players import GUEST_MAX, PlayerError, PlayerRef, fold, read_player
from store import Game, LedgerEntry, LedgerPlayer, Recorded
from store.models import MoneyKind

AMOUNT_TYPED = 40  # characters Discord lets a member type in `amount`
PLAYER_TYPED = 100
NAMES_KEPT = 4096
# Members' display names as seen in their own interactions, for autocomplete only: in memory, never stored
# (the store keeps ids, not names), so a member nobody has seen since the start is offered by the end of id.
KNOWN_NAMES: dict[tuple[int, int], str] = {}


def remember(interaction: discord.Interaction[FloorBot]) -> None:
    KNOWN_NAMES[(interaction.guild_id or 0, interaction.user.id)] = interaction.user.display_name
    while len(KNOWN_NAMES) > NAMES_KEPT:
        del KNOWN_NAMES[next(iter(KNOWN_NAMES))]


def member_name(interaction: discord.Interaction[FloorBot], user_id: int) -> str | None:
    member = interaction.guild.get_member(user_id) if interaction.guild else None
    return member.display_name if member else KNOWN_NAMES.get((interaction.guild_id or 0, user_id))


async def player_choices(interaction: discord.Interaction[FloorBot], current: str) -> list[app_commands.Choice[str]]:
    """You first, then the server's players recorded most recently: guests whose name contains what was
    typed, members whose name (as this bot last saw it) does. A member's value is their mention."""
    return await _choices(interaction, current, members=True)


async def guest_choices(interaction: discord.Interaction[FloorBot], current: str) -> list[app_commands.Choice[str]]:
    """The server's guests whose name contains what was typed, most recent first (merge's `guest`)."""
    return await _choices(interaction, current, members=False)


async def _choices(
    interaction: discord.Interaction[FloorBot], current: str, *, members: bool
) -> list[app_commands.Choice[str]]:
    if interaction.guild_id is None:
        return []
    remember(interaction)
    language = from_locale(interaction.locale) or DEFAULT_LANGUAGE
    typed = fold(current.strip().lstrip("@"))[:GUEST_MAX]
    players = await interaction.client.store.recent_players(interaction.guild_id, search=typed, members=members)
    choices: list[app_commands.Choice[str]] = []
    me = interaction.user
    if members and typed in fold(me.display_name):
        you = text(language, "ledger.you", name=me.display_name)
        choices.append(app_commands.Choice(name=fit.clip(you, fit.OPTION_TEXT) or "@", value=f"<@{me.id}>"))
    for player in players:
        if player.guest is not None:
            choices.append(app_commands.Choice(name=player.guest, value=player.guest))
        elif player.user_id is not None and player.user_id != me.id:
            name = member_name(interaction, player.user_id)
            if typed and (name is None or typed not in fold(name)):
                continue
            shown = f"@{name}" if name else text(language, "ledger.member_by_id", end=str(player.user_id)[-4:])
            choices.append(app_commands.Choice(name=fit.clip(shown, fit.OPTION_TEXT), value=f"<@{player.user_id}>"))
    return choices[: fit.CHOICES]


def may_record_for_anyone(interaction: discord.Interaction[FloorBot], game: Game) -> bool:
    """The banker (the game's opener) and members with Manage Server write for everyone."""
    return interaction.user.id == game.opened_by or interaction.permissions.manage_guild


def amount_problem(voice: Voice, refused: AmountError) -> str:
    return voice.say(f"amount.{refused.reason}", typed=fit.quote(refused.raw, 40), limit=voice.money(MAX_AMOUNT))


def player_problem(voice: Voice, refused: PlayerError) -> str:
    return voice.say(f"player.{refused.reason}", typed=fit.quote(refused.typed, 40), limit=GUEST_MAX)


def player_ref(player: LedgerPlayer) -> PlayerRef:
    return PlayerRef(user_id=player.user_id, guest=player.guest)


class EntryButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"lg:(?P<action>rebuy|undo):(?P<n>[0-9]{1,18})"
):
    """Rebuy (one more buy-in of the same amount) or Undo, for the entry the card shows; found again by its
    custom id after a restart, with everything else read from the store."""

    def __init__(self, action: str, number: int, label: str = "…") -> None:
        style = discord.ButtonStyle.success if action == "rebuy" else discord.ButtonStyle.secondary
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=fit.clip(label, fit.BUTTON_LABEL) or "…", style=style, custom_id=f"lg:{action}:{number}"
        )
        super().__init__(button)
        self.action, self.number = action, number

    @classmethod
    async def from_custom_id(
        cls, interaction: Hook, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> EntryButton:
        return cls(match["action"], int(match["n"]))

    async def callback(self, interaction: Hook) -> None:
        try:
            if self.action == "rebuy":
                await rebuy(interaction, self.number)
            else:
                await undo_entry(interaction, self.number)
        except Exception as error:
            await errors.on_error(interaction, error)


def entry_buttons(voice: Voice, entry: LedgerEntry) -> discord.ui.View:
    """A buy-in's Rebuy and Undo; a cash-out's Undo. Dynamic items only: discord.py keeps no state for them."""
    view = discord.ui.View(timeout=None)
    if entry.kind == "buyin":
        view.add_item(EntryButton("rebuy", entry.number, voice.say("rebuy_button", amount=voice.money(entry.amount))))
    view.add_item(EntryButton("undo", entry.number, voice.say("undo_button", number=entry.number)))
    return view


async def show_recorded(
    interaction: discord.Interaction[FloorBot], voice: Voice, recorded: Recorded, *, update: bool = False
) -> None:
    """The card of a recorded entry: it, the player's night so far, who recorded it, the table's totals."""
    entry = recorded.entry
    night = Night.of(await interaction.client.store.game_money(entry.guild_id, entry.game_id))
    card = money.recorded_text(voice, entry, night, again=not recorded.new)
    await answer(interaction, card, view=entry_buttons(voice, entry), update=update)


async def record(
    interaction: discord.Interaction[FloorBot], typed_player: str, typed_amount: str, kind: MoneyKind
) -> None:
    """/ledger buyin and cashout: read, check who may, write once, show the card."""
    remember(interaction)
    voice = await money.voice(interaction)
    guild_id = guild_id_of(interaction)
    try:
        amount = parse_amount(typed_amount)
        player = read_player(typed_player)
    except AmountError as refused:
        await answer(interaction, amount_problem(voice, refused), ephemeral=True)
        return
    except PlayerError as refused:
        await answer(interaction, player_problem(voice, refused), ephemeral=True)
        return
    store = interaction.client.store
    game = await store.open_game(guild_id, channel_id=interaction.channel_id or 0)
    if game is None:
        await answer(interaction, voice.say("none_open"), ephemeral=True)
        return
    if player.user_id != interaction.user.id and not may_record_for_anyone(interaction, game):
        refusal = voice.say("only_your_own", you=f"<@{interaction.user.id}>", banker=f"<@{game.opened_by}>")
        await answer(interaction, refusal, ephemeral=True)
        return
    writing = store.record_money(
        guild_id,
        game_id=game.id,
        channel_id=game.channel_id,
        player=player,
        kind=kind,
        cents=to_cents(amount),
        recorded_by=interaction.user.id,
        request=f"i:{interaction.id}",
    )
    recorded = await in_time(interaction, writing)
    if recorded is None:  # the game was closed meanwhile
        await answer(interaction, voice.say("none_open"), ephemeral=True)
        return
    await show_recorded(interaction, voice, recorded)


async def _entry_in_open_game(
    interaction: discord.Interaction[FloorBot], voice: Voice, number: int
) -> tuple[LedgerEntry, Game] | None:
    """The entry a button names and its game, if that game is still open; else None after saying so."""
    store, guild_id = interaction.client.store, guild_id_of(interaction)
    entry = await store.money_entry(guild_id, number)
    game = None if entry is None else await store.get_game(guild_id, entry.game_number)
    if entry is None or game is None or not game.is_open:
        await answer(interaction, voice.say("button_closed"), ephemeral=True)
        return None
    return entry, game


async def rebuy(interaction: discord.Interaction[FloorBot], number: int) -> None:
    """One more buy-in like entry #number; the press is the request, so a double click rebuys once."""
    remember(interaction)
    voice = await money.voice(interaction)
    found = await _entry_in_open_game(interaction, voice, number)
    if found is None:
        return
    entry, game = found
    if entry.player.user_id != interaction.user.id and not may_record_for_anyone(interaction, game):
        refusal = voice.say("only_your_own", you=f"<@{interaction.user.id}>", banker=f"<@{game.opened_by}>")
        await answer(interaction, refusal, ephemeral=True)
        return
    cooldown.spend(interaction, "writes")
    writing = interaction.client.store.record_money(
        entry.guild_id,
        game_id=game.id,
        channel_id=game.channel_id,
        player=player_ref(entry.player),
        kind="buyin",
        cents=entry.cents,
        recorded_by=interaction.user.id,
        request=f"rebuy:{number}",
    )
    recorded = await in_time(interaction, writing, update=True)
    if recorded is None:
        await answer(interaction, voice.say("button_closed"), ephemeral=True)
    elif not recorded.new:
        await answer(interaction, voice.say("pressed_twice", number=recorded.entry.number), ephemeral=True)
    else:
        await show_recorded(interaction, voice, recorded, update=True)


async def undo_entry(interaction: discord.Interaction[FloorBot], number: int) -> None:
    """The Undo button: remove exactly entry #number, once; its recorder, the banker or a manager may."""
    voice = await money.voice(interaction)
    found = await _entry_in_open_game(interaction, voice, number)
    if found is None:
        return
    entry, game = found
    anyone = may_record_for_anyone(interaction, game)
    if entry.recorded_by != interaction.user.id and not anyone:
        refusal = voice.say(
            "undo_not_yours", number=number, recorder=f"<@{entry.recorded_by}>", banker=f"<@{game.opened_by}>"
        )
        await answer(interaction, refusal, ephemeral=True)
        return
    if not entry.removed:
        cooldown.spend(interaction, "writes")
        removing = interaction.client.store.remove_money(
            entry.guild_id, game_id=game.id, removed_by=interaction.user.id, number=number
        )
        removed = await in_time(interaction, removing, update=True)
        if removed is not None:
            await answer(interaction, money.removed_text(voice, removed), view=None, update=True)
            return
    await answer(interaction, voice.say("already_undone", number=number), ephemeral=True)


@app_commands.guild_only()
class Ledger(commands.GroupCog, group_name="ledger", group_description="The money of this channel's game."):
    """Buy-ins, cash-outs and settling up in the channel's open game; standings over the server's games."""

    def __init__(self, bot: FloorBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="buyin", description="Record a buy-in in this channel's game (again for a rebuy).")
    @describe(
        player="A guest's name, or a member picked with @ (members record their own)",
        amount="How much, e.g. 50 or 12.50",
    )
    @app_commands.autocomplete(player=player_choices)
    @cooldown.writes
    async def buyin(
        self,
        interaction: discord.Interaction[FloorBot],
        player: app_commands.Range[str, 1, PLAYER_TYPED],
        amount: app_commands.Range[str, 1, AMOUNT_TYPED],
    ) -> None:
        await record(interaction, player, amount, "buyin")

    @app_commands.command(name="cashout", description="Record what a player cashed out in this channel's game.")
    @describe(
        player="A guest's name, or a member picked with @ (members record their own)",
        amount="How much they took from the table, e.g. 110",
    )
    @app_commands.autocomplete(player=player_choices)
    @cooldown.writes
    async def cashout(
        self,
        interaction: discord.Interaction[FloorBot],
        player: app_commands.Range[str, 1, PLAYER_TYPED],
        amount: app_commands.Range[str, 1, AMOUNT_TYPED],
    ) -> None:
        await record(interaction, player, amount, "cashout")

    async def _game(self, interaction: discord.Interaction[FloorBot], ref: str | None, voice: Voice) -> Game | None:
        """The game named by `ref`, else the channel's open one; None after saying why there is none."""
        if ref is not None:
            return await find_game(interaction, ref, voice.language)
        game = await self.bot.store.open_game(guild_id_of(interaction), channel_id=interaction.channel_id or 0)
        if game is None:
            await answer(interaction, voice.say("no_game_here"), ephemeral=True)
        return game

    async def _pages(
        self, interaction: discord.Interaction[FloorBot], voice: Voice, card: discord.Embed, pages: list[str]
    ) -> None:
        pager = ListPager(interaction.user.id, pages, voice.language, card)
        embed, paged = await pager.show(interaction, 1)
        if not paged:
            pager.stop()
        await answer(interaction, embed=embed, view=pager if paged else None)

    @app_commands.command(name="show", description="Each player's buy-ins, cash-outs and result, and the totals.")
    @describe(game="A game from /game list (default: this channel's open game)")
    @app_commands.autocomplete(game=game_choices)
    async def show(self, interaction: discord.Interaction[FloorBot], game: str | None = None) -> None:
        voice = await money.voice(interaction)
        chosen = await self._game(interaction, game, voice)
        if chosen is None:
            return
        night = Night.of(await self.bot.store.game_money(chosen.guild_id, chosen.id))
        card, pages = money.summary_card(voice, chosen, night)
        await self._pages(interaction, voice, card, pages)

    @app_commands.command(name="settle", description="Who pays whom, in the fewest transfers.")
    @describe(
        anyway="Settle even though chips in and out differ (the difference is shared out)",
        game="A game from /game list (default: this channel's open game)",
    )
    @app_commands.autocomplete(game=game_choices)
    async def settle(
        self, interaction: discord.Interaction[FloorBot], anyway: bool = False, game: str | None = None
    ) -> None:
        voice = await money.voice(interaction)
        chosen = await self._game(interaction, game, voice)
        if chosen is None:
            return
        night = Night.of(await self.bot.store.game_money(chosen.guild_id, chosen.id))
        result = await money.settled(night, anyway=anyway)
        if result is None:
            refusal = (
                f"{money.difference_line(voice, night.summary)}\n{voice.say('settle_refused', number=chosen.number)}"
            )
            await answer(interaction, refusal, ephemeral=True)
            return
        card, pages = money.settlement_card(voice, chosen, night, result)
        await self._pages(interaction, voice, card, pages)

    @app_commands.command(
        name="undo", description="Remove your last entry in this channel's game (any, for the banker)."
    )
    @cooldown.writes
    async def undo(self, interaction: discord.Interaction[FloorBot]) -> None:
        voice = await money.voice(interaction)
        game = await self.bot.store.open_game(guild_id_of(interaction), channel_id=interaction.channel_id or 0)
        if game is None:
            await answer(interaction, voice.say("none_open"), ephemeral=True)
            return
        anyone = may_record_for_anyone(interaction, game)
        removing = self.bot.store.remove_money(
            game.guild_id,
            game_id=game.id,
            removed_by=interaction.user.id,
            recorded_by=None if anyone else interaction.user.id,
        )
        removed = await in_time(interaction, removing)
        if removed is None:
            nothing = (
                voice.say("nothing_to_undo") if anyone else voice.say("nothing_of_yours", banker=f"<@{game.opened_by}>")
            )
            await answer(interaction, nothing, ephemeral=True)
            return
        await answer(interaction, money.removed_text(voice, removed))

    @app_commands.command(name="standings", description="Every player's result over this server's games.")
    @describe(since="Only games opened on or after this date, e.g. 2025-01-31")
    async def standings(self, interaction: discord.Interaction[FloorBot], since: str | None = None) -> None:
        voice = await money.voice(interaction)
        start = None
        if since is not None:
            try:
                start = date.fromisoformat(since.strip())
            except ValueError:
                await answer(interaction, voice.say("bad_date", typed=fit.quote(since, 40)), ephemeral=True)
                return
        rows = await self.bot.store.standings(guild_id_of(interaction), since=start)
        card = discord.Embed(
            title=voice.say("standings_title")
            if start is None
            else voice.say("standings_since", date=start.isoformat()),
            colour=embeds.RULING_COLOUR,
        )
        card.set_footer(text=voice.say("standings_footer"))
        lines = [
            voice.say(
                "standing_line",
                rank=rank,
                player=player_label(row.player),
                net=voice.signed(from_cents(row.net)),
                games=row.games,
                bought=voice.money(from_cents(row.bought_in)),
                cashed=voice.money(from_cents(row.cashed_out)),
            )
            for rank, row in enumerate(rows, 1)
        ]
        pages = fit.pages(lines, per_page=money.LINES_PER_PAGE, separator="\n") or [voice.say("no_standings")]
        await self._pages(interaction, voice, card, pages)

    @app_commands.command(
        name="merge", description="Merge a guest spelled twice into one player (Manage Server or floor role)."
    )
    @describe(guest="The spelling to drop, e.g. Alise", into="The player to keep, e.g. Alice (or a member, with @)")
    @app_commands.autocomplete(guest=guest_choices, into=player_choices)
    @cooldown.writes
    async def merge(
        self,
        interaction: discord.Interaction[FloorBot],
        guest: app_commands.Range[str, 1, PLAYER_TYPED],
        into: app_commands.Range[str, 1, PLAYER_TYPED],
    ) -> None:
        voice = await money.voice(interaction)
        guild_id, store = guild_id_of(interaction), self.bot.store
        try:
            dropped, kept = read_player(guest), read_player(into)
        except PlayerError as refused:
            await answer(interaction, player_problem(voice, refused), ephemeral=True)
            return
        if not await is_floor(interaction):
            role = await store.get_floor_role(guild_id)
            refusal = voice.say("merge_who_no_role") if role is None else voice.say("merge_who", role=f"<@&{role}>")
            await answer(interaction, refusal, ephemeral=True)
            return
        if dropped.guest is None:
            await answer(interaction, voice.say("merge_member"), ephemeral=True)
            return
        known = await store.find_player(guild_id, dropped)
        if known is None or known.guest is None:
            await answer(interaction, voice.say("no_such_guest", guest=player_label(dropped)), ephemeral=True)
            return
        if dropped.key == kept.key:
            same = voice.say("same_player", guest=player_label(known), into=player_label(kept))
            await answer(interaction, same, ephemeral=True)
            return
        shown = {"guest": player_label(known), "into": player_label(kept)}
        if kept.guest is not None:
            note = voice.say("merge_note", guest=known.guest, into=kept.guest)
        else:
            note = voice.say("merge_note_member", guest=known.guest, user_id=kept.user_id)
        channel_id, user_id = interaction.channel_id or 0, interaction.user.id

        async def merge_it() -> str:
            merged = await store.merge_guest(
                guild_id, guest=dropped, into=kept, channel_id=channel_id, user_id=user_id, note=note
            )
            if merged is None:
                return voice.say("merge_gone", guest=shown["guest"])
            return voice.say("merged", count=merged.entries, **shown)

        labels = voice.say("merge_button"), text(voice.language, "games.cancel"), voice.say("merge_cancelled")
        question = voice.say("merge_question", **shown)
        await answer(interaction, question, view=Confirm(interaction.user.id, merge_it, *labels), ephemeral=True)


async def setup(bot: FloorBot) -> None:
    bot.add_dynamic_items(EntryButton)
    await bot.add_cog(Ledger(bot))
