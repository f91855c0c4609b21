"""How engine answers look in Discord: embeds built from a Ruling or a Rule. Presentation only, no rules."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

import discord

from rules_engine import Ruling

RULING_COLOUR = discord.Colour.green()
QUESTION_COLOUR = discord.Colour.gold()
NO_MATCH_COLOUR = discord.Colour.light_grey()
QUOTE_LIMIT = 300
MENTION_SYNTAX = re.compile(r"<([@#][!&]?\d+)>")

# Discord's embed limits.
TITLE_MAX, DESCRIPTION_MAX, FIELD_NAME_MAX, FIELD_VALUE_MAX, FOOTER_MAX, FIELDS_MAX, TOTAL_MAX = (
    256,
    4096,
    256,
    1024,
    2048,
    25,
    6000,
)


def shorten(text: str, limit: int) -> str:
    """Cut to `limit` characters on a whitespace boundary when possible, marking the cut with an ellipsis."""
    text = text.strip()
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    if " " in cut[limit // 2 :]:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip() + "…"


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """User text made safe to show back: one line, shortened, markdown and mentions neutralised."""
    flat = " ".join(text.split())
    safe = discord.utils.escape_mentions(discord.utils.escape_markdown(shorten(flat, limit)))
    return MENTION_SYNTAX.sub("<\u200b\\1>", safe)  # escape_mentions skips ids shorter than real snowflakes


def numbered(steps: Iterable[str]) -> str:
    return "\n".join(f"{n}. {step}" for n, step in enumerate(steps, 1))


def understood(ruling: Ruling) -> str:
    """The facts the engine read from the text, in its own words, so a player can spot a misunderstanding."""
    if not ruling.understood:
        return "Understood: nothing specific yet"
    return "Understood: " + " · ".join(ruling.understood)


def ruling_embed(
    ruling: Ruling, *, situation: str, asker: str, rulebook_name: str, logged: bool | None = None
) -> discord.Embed:
    """The card for a ruling, a question or a no-match; `logged=False` adds the "not logged" note."""
    rule_line = f"**{ruling.title}** — `{ruling.rule_id}`" if ruling.rule_id else ""
    if ruling.status == "ruling":
        embed = discord.Embed(title=ruling.headline or ruling.title, colour=RULING_COLOUR)
        body = [rule_line, numbered(ruling.steps), understood(ruling)]
    elif ruling.status == "question":
        question = ruling.questions[0].text if ruling.questions else ruling.headline
        embed = discord.Embed(title=question, colour=QUESTION_COLOUR)
        lead = f"Looks like {rule_line}, but one fact decides the ruling." if rule_line else ""
        body = [lead, understood(ruling), "Pick the answer below."]
    else:
        embed = discord.Embed(title="I can't rule on that", colour=NO_MATCH_COLOUR)
        hint = (
            "Here are the nearest rules: pick one below to read it."
            if ruling.alternatives
            else "I couldn't match it to a rule. `/help` shows how to describe a situation; `/rules` lists every rule."
        )
        body = [hint, understood(ruling)]
    embed.description = shorten("\n\n".join(part for part in body if part), DESCRIPTION_MAX)
    embed.add_field(name="Situation", value=quote(situation), inline=False)
    if ruling.notes:
        embed.add_field(name="Notes", value=shorten("\n".join(f"• {n}" for n in ruling.notes), FIELD_VALUE_MAX))
    citation = ruling.citation if ruling.status == "ruling" else ""
    book = "" if rulebook_name in citation else rulebook_name  # citations usually name their rulebook
    footer = [citation, book, f"asked by {asker}"]
    if logged is False:
        footer.append("⚠ not logged")
    embed.set_footer(text=shorten(" · ".join(part for part in footer if part), FOOTER_MAX))
    return fit(embed)


def rule_card(rule: Any, rulebooks: Mapping[str, str]) -> discord.Embed:
    """A rule with every case, which rulebooks each case belongs to, and each rulebook's citation."""
    lines = [f"`{rule.id}` · {rule.section}"]
    if rule.title_it:
        lines.append(f"*{rule.title_it}*")
    lines.append(rule.summary)
    embed = discord.Embed(
        title=shorten(rule.title, TITLE_MAX),
        description=shorten("\n".join(lines), DESCRIPTION_MAX),
        colour=RULING_COLOUR,
    )
    for case in rule.cases[: FIELDS_MAX - 2]:
        books = ", ".join(rulebooks.get(book, book) for book in case.rulebooks)
        outcome = f" (`{case.outcome}`)" if case.outcome else ""
        value = "\n".join(
            part for part in (f"**{case.headline}**{outcome}", numbered(case.steps), f"*{books}*") if part
        )
        embed.add_field(
            name=shorten(_condition(case), FIELD_NAME_MAX),
            value=shorten(value, FIELD_VALUE_MAX),
            inline=False,
        )
    if rule.citations:
        cited = "\n".join(
            f"• {where}" if rulebooks.get(book, book) in where else f"• {rulebooks.get(book, book)}: {where}"
            for book, where in rule.citations.items()
        )
        embed.add_field(name="Citations", value=shorten(cited, FIELD_VALUE_MAX), inline=False)
    if rule.notes:
        embed.add_field(name="Notes", value=shorten("\n".join(f"• {n}" for n in rule.notes), FIELD_VALUE_MAX))
    return fit(embed)


def _condition(case: Any) -> str:
    """The case's condition in words: the contract says `when` is text; the engine also offers `when_text`."""
    text = (case.when if isinstance(case.when, str) else case.when_text).replace("_", " ")
    return text[:1].upper() + text[1:] if text else "Otherwise"


def fit(embed: discord.Embed) -> discord.Embed:
    """Drop trailing fields until the embed is within Discord's 6,000-character total."""
    while len(embed) > TOTAL_MAX and embed.fields:
        embed.remove_field(len(embed.fields) - 1)
    return embed
