"""`/ruling`: describe what happened at the table, get the floor's answer (and answer its questions).

A question is kept in the store (a pending question) and its buttons carry that question's id and the
option's index (`q:<id>:<n>`), so:
- a click answers exactly the question it was shown with: a stale click (a double click landing after the
  card moved on to the next question) finds its question already answered and is told so;
- the store accepts one answer per question, atomically with the ruling it logs: two clicks at once (the
  asker and a manager, or a double click) log the ruling once, and the second click is told it was answered;
- the buttons keep working after a restart: they are dynamic items matched by their custom id, and
  everything needed to carry on is in the stored question.
"""

from __future__ import annotations

import logging
import re
from dataclasses import asdict, replace
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import appeal, cooldown, embeds, errors, fit
from cogs.appeal import FloorCallButton, floor_call_view
from cogs.cards import RulingRequest, card, card_language
from cogs.core import FloorBot
from cogs.house import Applied, apply, house_rule_for
from cogs.language import preferred_language, reply_language, server_settings
from cogs.respond import answer, in_time
from cogs.views import Hook, SelectView, disable
from i18n import DEFAULT_LANGUAGE, Language, text
from i18n.commands import describe
from rules_engine import DEFAULT_RULEBOOK, Ruling
from store import LogEntry, RulingRecord, StoreFault

log = logging.getLogger("floorcall.rulings")

MAX_SITUATION = 1000
DM = 0  # the store scopes questions asked in direct messages under server id 0


def situation_problem(situation: str, language: Language) -> str | None:
    """Why a situation can't be ruled on as given, in words for the user; None if it can."""
    if not fit.visible(situation):
        return text(language, "ruling.empty")
    if len(situation) > MAX_SITUATION:
        return text(
            language, "ruling.too_long", length=len(situation), limit=MAX_SITUATION, start=embeds.quote(situation, 80)
        )
    return None


class Rulings(commands.Cog):
    """Turns a described situation into a ruling card, a question with buttons, or the nearest rules."""

    def __init__(self, bot: FloorBot) -> None:
        self.bot = bot

    @app_commands.command(name="ruling", description="Describe what happened at the table and get the floor's ruling.")
    @describe(
        situation="What happened, in your own words (English or Italian), e.g. the flop had four cards",
        private="Only you see the answer (default: everyone in the channel)",
    )
    @cooldown.writes
    async def ruling(self, interaction: discord.Interaction[FloorBot], situation: str, private: bool = False) -> None:
        settings = await server_settings(interaction)
        language = preferred_language(settings, interaction)
        problem = situation_problem(situation, language or DEFAULT_LANGUAGE)
        if problem is not None:
            await answer(interaction, problem, ephemeral=True)
            return
        request = RulingRequest(
            text=situation.strip(),
            rulebook=settings.rulebook if settings.rulebook in self.bot.engine.rulebooks else DEFAULT_RULEBOOK,
            owner_id=interaction.user.id,
            owner_name=interaction.user.display_name,
            language=language,
            private=private,
        )
        ruling = self.bot.engine.rule(request.text, request.rulebook, request.facts, reply_language=request.language)
        house = await house_rule_for(interaction, ruling)
        applied = apply(self.bot.engine, ruling, house, card_language(request, ruling))
        if ruling.status == "ruling":
            logged, entry = await log_ruling(interaction, request, applied)
            shown = card(interaction.client, request, applied.ruling, logged, house=applied.note)
            view = floor_call(request, applied.ruling, entry)
            await answer(interaction, embed=shown, view=view or discord.utils.MISSING, ephemeral=private)
        elif ruling.status == "question" and ruling.questions:
            question_id = await in_time(interaction, ask(interaction, request, ruling), ephemeral=private)
            shown = card(interaction.client, request, applied.ruling, house=applied.note)
            await answer(interaction, embed=shown, view=QuestionView(question_id, ruling), ephemeral=private)
        else:
            view = nearest_rules(interaction.client, request, ruling)
            await answer(interaction, embed=card(interaction.client, request, ruling), view=view, ephemeral=private)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[FloorBot]) -> None:
        await appeal.on_form(interaction)


def floor_call(request: RulingRequest, ruling: Ruling, entry: LogEntry | None) -> discord.ui.View | None:
    """ "Call the floor" under a public ruling that was logged (a private one gets none: see cogs/appeal.py)."""
    if entry is None or request.private:
        return None
    return floor_call_view(entry.number, card_language(request, ruling))


def record(interaction: discord.Interaction[FloorBot], request: RulingRequest, applied: Applied) -> RulingRecord:
    """The log entry for a final ruling, as the house rule has it (the rulebook's outcome kept beside); the
    asker is its author even when a manager answered for them. A public ruling keeps its card's request, so
    the floor can confirm or overrule it, after a restart too."""
    ruling = applied.ruling
    return RulingRecord(
        channel_id=interaction.channel_id or 0,
        user_id=request.owner_id,
        situation=request.text,
        status=ruling.status,
        rule_id=ruling.rule_id,
        outcome=ruling.outcome,
        rulebook=ruling.rulebook,
        private=request.private,
        house=applied.logged,
        card=None if request.private else request.stored(),
    )


async def log_ruling(
    interaction: discord.Interaction[FloorBot], request: RulingRequest, applied: Applied
) -> tuple[bool | None, LogEntry | None]:
    """Log a final ruling before the reply; whether it was logged, and its entry. None: nothing to log (a DM);
    False: the write failed, and the ruling is shown anyway, marked not logged."""
    if interaction.guild_id is None:
        return None, None
    entry = record(interaction, request, applied)
    try:
        logged = await in_time(
            interaction,
            interaction.client.store.log_ruling(interaction.guild_id, **entry_fields(entry)),
            ephemeral=request.private,
        )
    except discord.HTTPException:
        raise  # Discord refused the deferral: not a logging failure
    except Exception as error:
        not_logged(interaction, request, applied.ruling, error)
        return False, None
    return True, logged


def entry_fields(entry: RulingRecord) -> dict[str, Any]:
    """`Store.log_ruling`'s arguments (asdict would turn the house rule into a dict)."""
    return {name: getattr(entry, name) for name in RulingRecord.__dataclass_fields__}


def not_logged(
    interaction: discord.Interaction[FloorBot], request: RulingRequest, ruling: Ruling, error: Exception
) -> None:
    """Say in the bot's log why a ruling was shown unlogged: the file's fault in one line (the store names the
    file and the fix), anything else with its traceback."""
    where = f"guild={interaction.guild_id} user={request.owner_id} rule={ruling.rule_id}"
    if isinstance(error, StoreFault):
        log.error("Ruling not logged %s: %s", where, error)
    else:
        log.error("Ruling not logged %s", where, exc_info=error)


def stored_question(request: RulingRequest, ruling: Ruling) -> dict[str, Any]:
    """What a question keeps in the store: the request so far, the fact asked and each button's value."""
    question = ruling.questions[0]
    return {**asdict(request), "fact": question.fact, "values": [option.value for option in question.options]}


async def ask(interaction: discord.Interaction[FloorBot], request: RulingRequest, ruling: Ruling) -> int:
    """Keep the question in the store; its id goes in the buttons."""
    return await interaction.client.store.create_question(
        interaction.guild_id or DM,
        channel_id=interaction.channel_id or 0,
        owner_id=request.owner_id,
        request=stored_question(request, ruling),
    )


def nearest_rules(bot: FloorBot, request: RulingRequest, ruling: Ruling) -> discord.ui.View | None:
    """A no-match's select menu of the nearest rules, each shown as its rule card."""
    rules = [bot.engine.rules[i] for i in ruling.alternatives if i in bot.engine.rules]
    if ruling.status != "no-match" or not rules:
        return None
    language = request.language or ruling.language

    async def show_rule(interaction: discord.Interaction[FloorBot], rule_id: str) -> None:
        rule_card = embeds.rule_card(
            interaction.client.engine.rules[rule_id], interaction.client.engine.rulebooks, language
        )
        await answer(interaction, embed=rule_card, update=True)

    return SelectView(
        request.owner_id,
        text(language, "ruling.nearest_placeholder"),
        [(rule.title[language], rule.id, rule.id) for rule in rules],
        show_rule,
    )


class QuestionButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"q:(?P<question>[0-9]{1,18}):(?P<option>[0-9]{1,2})"
):
    """One answer to one stored question; found again by its custom id after a restart."""

    def __init__(self, question_id: int, option: int, label: str = "?") -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=fit.clip(label, fit.BUTTON_LABEL) or "?",
            style=discord.ButtonStyle.primary,
            custom_id=f"q:{question_id}:{option}",
        )
        super().__init__(button)
        self.question_id, self.option = question_id, option

    @classmethod
    async def from_custom_id(
        cls, interaction: Hook, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> QuestionButton:
        return cls(int(match["question"]), int(match["option"]))

    async def callback(self, interaction: Hook) -> None:
        try:
            await answer_question(interaction, self.question_id, self.option)
        except Exception as error:
            await errors.on_error(interaction, error)


class QuestionView(discord.ui.View):
    """The buttons of one question; made of dynamic items only, so discord.py keeps no per-message state."""

    def __init__(self, question_id: int, ruling: Ruling) -> None:
        super().__init__(timeout=None)
        for index, option in enumerate(ruling.questions[0].options[: fit.CHOICES]):
            self.add_item(QuestionButton(question_id, index, option.label))


async def answer_question(interaction: discord.Interaction[FloorBot], question_id: int, option: int) -> None:
    """A press on a question button: re-rule with the chosen fact, and record the answer (and the ruling it
    completes, or the next question) once — the store refuses a second answer to the same question."""
    store, key = interaction.client.store, interaction.guild_id or DM
    pending = await store.get_question(key, question_id)
    if pending is None:  # purged at a start after QUESTION_DAYS: never answered, so say so and retire the buttons
        await retire(interaction, "ruling.question_too_old")
        return
    values = list(pending.request.get("values") or [])
    if pending.is_answered or option >= len(values):
        await answer(interaction, text(await reply_language(interaction), "ruling.already_answered"), ephemeral=True)
        return
    if interaction.user.id != pending.owner_id and not (interaction.guild_id and interaction.permissions.manage_guild):
        await answer(interaction, text(await reply_language(interaction), "errors.not_yours"), ephemeral=True)
        return
    request = RulingRequest.from_stored(pending.request)
    request = replace(request, facts={**request.facts, str(pending.request["fact"]): str(values[option])})
    ruling = interaction.client.engine.rule(
        request.text, request.rulebook, request.facts, reply_language=request.language
    )
    final = ruling.status == "ruling"
    asks_again = ruling.status == "question" and bool(ruling.questions)
    applied = apply(
        interaction.client.engine, ruling, await house_rule_for(interaction, ruling), card_language(request, ruling)
    )
    try:
        accepted = await in_time(
            interaction,
            store.answer_question(
                key,
                question_id,
                answered_by=interaction.user.id,
                ruling=record(interaction, request, applied) if final and interaction.guild_id else None,
                next_request=stored_question(request, ruling) if asks_again else None,
            ),
            update=True,
        )
    except discord.HTTPException:
        raise  # Discord refused the deferral: not a logging failure
    except Exception as error:
        if not final:
            raise
        not_logged(interaction, request, ruling, error)
        shown = card(interaction.client, request, applied.ruling, logged=False, house=applied.note)
        await answer(interaction, embed=shown, view=None, update=True)
        return
    if accepted is None:  # another click answered it first
        await answer(interaction, text(await reply_language(interaction), "ruling.already_answered"), ephemeral=True)
        return
    logged = (accepted.entry is not None) if final and interaction.guild_id else None
    if asks_again and accepted.next_question_id is not None:
        view: discord.ui.View | None = QuestionView(accepted.next_question_id, ruling)
    elif final:
        view = floor_call(request, ruling, accepted.entry)
    else:
        view = nearest_rules(interaction.client, request, ruling)
    shown = card(interaction.client, request, applied.ruling, logged, house=applied.note)
    await answer(interaction, embed=shown, view=view, update=True)


async def retire(interaction: discord.Interaction[FloorBot], reason: str) -> None:
    """Disable the buttons of the card pressed on (they can do nothing any more), then tell the presser why."""
    language = await reply_language(interaction)
    if interaction.message is not None:
        stale = discord.ui.View.from_message(interaction.message, timeout=None)
        stale.stop()  # finished, so discord.py does not start listening to it
        await answer(interaction, view=disable(stale), update=True)
    await answer(interaction, text(language, reason), ephemeral=True)


async def setup(bot: FloorBot) -> None:
    bot.add_dynamic_items(QuestionButton, FloorCallButton)
    await bot.add_cog(Rulings(bot))
