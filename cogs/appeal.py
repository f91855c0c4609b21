"""The floor's last word on a public ruling: "Call the floor" on the card, a short form, the card updated.

- The button carries the ruling's number in the server's log (`floor:<number>`) and is a dynamic item, so it
  works after a restart like the question buttons: everything it needs is the store's floor call (the card's
  request, the house rule it applied, the decision once made).
- Only the floor decides (Manage Server, or the server's floor role); anyone else who presses it is told who can.
- The form's answer is handled by its custom id (`floor-decision:<number>`) from a listener, not by a form
  object kept in memory, so a form opened before a restart still lands.
- One decision per ruling: the store takes the first (`decide_floor_call`); a floor member who decided a moment
  later is told who decided first, and nothing else changes.
- The card is drawn again with the decision on top ("Floor decision by …", when, confirmed or overruled, why;
  the new outcome's steps if the floor chose one) and the bot's ruling labelled beside it; the log keeps both.
  The asker is told in the channel by a message that names them and pings nobody (the bot mentions no one).
- Private rulings get no button: their card is seen by the asker alone, so nobody else could call the floor on
  it, and a floor decision shown to one player would settle nothing at the table.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator, Mapping
from typing import Any

import discord

from cogs import errors, fit
from cogs.cards import RulingRequest, card, card_language
from cogs.core import FloorBot
from cogs.embeds import FloorNote, verdict_fields
from cogs.house import Applied, apply, is_floor, outcome_remedy
from cogs.language import reply_language
from cogs.respond import answer, in_time
from cogs.views import Hook
from i18n import Language, text
from rules_engine.house import outcomes
from store import FloorCall, FloorDecision, Verdict

log = logging.getLogger("floorcall.appeal")

DECISION_MAX = 300  # a short decision: one or two sentences
FORM = re.compile(r"floor-decision:([0-9]{1,18})")
VERDICT, DECISION = "verdict", "decision"  # the form's fields
CONFIRM, OVERRULE, OUTCOME = "confirm", "overrule", "outcome:"  # the verdict menu's values (OUTCOME + a token)


class FloorCallButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"floor:(?P<entry>[0-9]{1,18})"):
    """ "Call the floor" on a public ruling card; found again by its custom id after a restart."""

    def __init__(self, entry_number: int, label: str = "Call the floor") -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=fit.clip(label, fit.BUTTON_LABEL),
            emoji="⚖️",
            style=discord.ButtonStyle.secondary,
            custom_id=f"floor:{entry_number}",
        )
        super().__init__(button)
        self.entry_number = entry_number

    @classmethod
    async def from_custom_id(
        cls, interaction: Hook, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> FloorCallButton:
        return cls(int(match["entry"]))

    async def callback(self, interaction: Hook) -> None:
        try:
            await call_the_floor(interaction, self.entry_number)
        except Exception as error:
            await errors.on_error(interaction, error)


def floor_call_view(entry_number: int, language: Language) -> discord.ui.View:
    """The button under a public ruling card; a dynamic item only, so discord.py keeps no per-message state."""
    view = discord.ui.View(timeout=None)
    view.add_item(FloorCallButton(entry_number, text(language, "floor.button")))
    return view


async def call_the_floor(interaction: discord.Interaction[FloorBot], entry_number: int) -> None:
    """A press on "Call the floor": the floor gets the form (within Discord's 3 seconds: two reads, no write)."""
    language = await reply_language(interaction)
    if not await is_floor(interaction):
        await answer(interaction, await not_the_floor(interaction, language), ephemeral=True)
        return
    call = await interaction.client.store.get_floor_call(interaction.guild_id or 0, entry_number)
    if call is None or call.decision is not None:
        await answer(interaction, settled(call, language), ephemeral=True)
        return
    await interaction.response.send_modal(decision_form(interaction.client, call, language))


def decision_form(bot: FloorBot, call: FloorCall, language: Language) -> discord.ui.Modal:
    """Confirm, overrule, or overrule with another of the rule's outcomes; and why, in a sentence."""
    choices = [
        discord.SelectOption(label=text(language, "floor.confirm"), value=CONFIRM),
        discord.SelectOption(label=text(language, "floor.overrule"), value=OVERRULE),
    ]
    rule = bot.engine.rules.get(call.rule_id or "")
    for token in outcomes(rule) if rule else ():
        if token != call.outcome:
            headline = bot.engine.data.outcomes[token].headline[language]
            label = fit.clip(text(language, "floor.overrule_to", headline=headline), fit.OPTION_TEXT)
            choices.append(discord.SelectOption(label=label, value=OUTCOME + token))
    form = discord.ui.Modal(title=text(language, "floor.form_title"), custom_id=f"floor-decision:{call.entry_number}")
    verdict: discord.ui.Select[Any] = discord.ui.Select(custom_id=VERDICT, options=choices[: fit.CHOICES])
    form.add_item(
        discord.ui.Label(
            text=text(language, "floor.form_verdict"),
            description=text(language, "floor.form_verdict_about"),
            component=verdict,
        )
    )
    why: discord.ui.TextInput[Any] = discord.ui.TextInput(
        custom_id=DECISION,
        style=discord.TextStyle.paragraph,
        max_length=DECISION_MAX,
        placeholder=text(language, "floor.form_placeholder"),
    )
    form.add_item(discord.ui.Label(text=text(language, "floor.form_decision"), component=why))
    form.stop()  # its answer is handled by its custom id (on_form), not by this object: nothing to keep in memory
    return form


async def on_form(interaction: discord.Interaction[FloorBot]) -> None:
    """Every interaction passes here (a listener); a decision form's answer is taken, anything else left alone."""
    if interaction.type is not discord.InteractionType.modal_submit:
        return
    data: Mapping[str, Any] = interaction.data or {}
    match = FORM.fullmatch(str(data.get("custom_id", "")))
    if match is None:
        return
    try:
        await decide(interaction, int(match[1]))
    except Exception as error:
        await errors.on_error(interaction, error)


async def decide(interaction: discord.Interaction[FloorBot], entry_number: int) -> None:
    """Record the floor's decision once, draw the card again with it, and tell the asker."""
    language = await reply_language(interaction)
    store, guild_id = interaction.client.store, interaction.guild_id or 0
    if not await is_floor(interaction):  # the role may have been taken away while the form was open
        await answer(interaction, await not_the_floor(interaction, language), ephemeral=True)
        return
    data: Mapping[str, Any] = interaction.data or {}
    values = dict(submitted(data.get("components") or []))
    words = str(values.get(DECISION) or "").strip()
    picked = values.get(VERDICT) or [""]
    if not fit.visible(words) or len(words) > DECISION_MAX:
        await answer(interaction, text(language, "floor.decision_blank", limit=DECISION_MAX), ephemeral=True)
        return
    call = await store.get_floor_call(guild_id, entry_number)
    if call is None or call.decision is not None:
        await answer(interaction, settled(call, language), ephemeral=True)
        return
    chosen = verdict_of(interaction.client, call, str(picked[0]))
    if chosen is None:
        await answer(interaction, text(language, "floor.not_an_outcome"), ephemeral=True)
        return
    verdict, outcome = chosen
    update = interaction.message is not None  # the card the form was opened from
    decided = await in_time(
        interaction,
        store.decide_floor_call(
            guild_id, entry_number, verdict=verdict, decision=words, outcome=outcome, decided_by=interaction.user.id
        ),
        update=update,
    )
    if decided is None or decided.decision is None:  # another floor member's decision came first
        await answer(interaction, settled(await store.get_floor_call(guild_id, entry_number), language), ephemeral=True)
        return
    embed, card_in = redraw(interaction.client, decided)
    await answer(interaction, embed=embed, view=None, update=update)
    if decided.user_id != interaction.user.id:
        told = "floor.told_overruled" if decided.decision.overruled else "floor.told_confirmed"
        await answer(interaction, text(card_in, told, asker=f"<@{decided.user_id}>", number=entry_number))


def verdict_of(bot: FloorBot, call: FloorCall, picked: str) -> tuple[Verdict, str | None] | None:
    """The verdict and the outcome put in place, from the menu's value; None for an outcome that is not another
    of the ruling's rule's (a forged form, or a rule changed since the form was opened)."""
    if picked == CONFIRM:
        return "confirmed", None
    if picked == OVERRULE:
        return "overruled", None
    token = picked.removeprefix(OUTCOME)
    rule = bot.engine.rules.get(call.rule_id or "")
    if picked.startswith(OUTCOME) and rule is not None and token in outcomes(rule) and token != call.outcome:
        return "overruled", token
    return None


def submitted(components: list[Mapping[str, Any]]) -> Iterator[tuple[str, Any]]:
    """A form's answers by custom id: a text input's text, a menu's picked values (labels and rows unwrapped)."""
    for component in components:
        if "component" in component:
            yield from submitted([component["component"]])
        elif "components" in component:
            yield from submitted(component["components"])
        elif "custom_id" in component:
            yield str(component["custom_id"]), component.get("value", component.get("values"))


def redraw(bot: FloorBot, call: FloorCall) -> tuple[discord.Embed, Language]:
    """The card again, from what the store kept: the same request ruled again (the engine is deterministic),
    the house rule as it applied then, and the floor's decision; and the card's language."""
    request = RulingRequest.from_stored(call.card)
    ruling = bot.engine.rule(request.text, request.rulebook, request.facts, reply_language=request.language)
    language = card_language(request, ruling)
    same_rule = ruling.status == "ruling" and ruling.rule_id == call.rule_id  # else the rules changed since
    applied = apply(bot.engine, ruling, call.house, language) if same_rule else Applied(ruling, None, None)
    floor = None if call.decision is None else floor_note(bot, applied, call.decision, language)
    return card(bot, request, applied.ruling, True, house=applied.note, floor=floor), language


def floor_note(bot: FloorBot, applied: Applied, decision: FloorDecision, language: Language) -> FloorNote:
    remedy = (
        None if decision.outcome is None else outcome_remedy(bot.engine, applied.ruling, decision.outcome, language)
    )
    return FloorNote(decision.decided_by, decision.decided_at, decision.overruled, decision.decision, remedy)


def settled(call: FloorCall | None, language: Language) -> str:
    """Why there is nothing to decide: the ruling is gone from the log, or someone already decided it."""
    if call is None or call.decision is None:
        return text(language, "floor.gone")
    decision = call.decision
    fields = verdict_fields(decision.decided_by, decision.decided_at, decision.overruled, language)
    return text(language, "floor.already_decided", **fields)


async def not_the_floor(interaction: discord.Interaction[FloorBot], language: Language) -> str:
    """Who may decide here: the floor role if the server has one, and Manage Server."""
    role = await interaction.client.store.get_floor_role(interaction.guild_id or 0)
    if role is None:
        return text(language, "floor.not_floor_no_role")
    return text(language, "floor.not_floor", role=f"<@&{role}>")
