"""How engine answers look in Discord: embeds built from a Ruling or a Rule. Presentation only, no rules."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import discord

from cogs import fit
from i18n import Language, text
from rules_engine import Case, Rule, Rulebook, Ruling

RULING_COLOUR = discord.Colour.green()
QUESTION_COLOUR = discord.Colour.gold()
NO_MATCH_COLOUR = discord.Colour.light_grey()
QUOTE_LIMIT = 300
CONTINUED = "\u200b"  # the name of a field that continues the one before (Discord wants a non-empty name)


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """User text made safe to show back (escaped first, then cut: see cogs/fit.py)."""
    return fit.quote(text, limit)


def numbered(steps: Iterable[str]) -> str:
    return "\n".join(f"{n}. {step}" for n, step in enumerate(steps, 1))


def understood(ruling: Ruling, language: Language) -> str:
    """The facts the engine read from the text, in its own words, so a player can spot a misunderstanding."""
    if not ruling.understood:
        return text(language, "ruling.understood_nothing")
    return text(language, "ruling.understood", facts=" · ".join(ruling.understood))


def ruling_embed(
    ruling: Ruling,
    *,
    situation: str,
    asker: str,
    rulebook: Rulebook,
    language: Language,
    logged: bool | None = None,
) -> discord.Embed:
    """The card for a ruling, a question or a no-match, its fixed words in `language` (the engine's text
    comes in the language it was asked for); `rulebook` is the engine's, named in `language` unless the
    citation already names it; `logged=False` adds the "not logged" note."""
    rule_line = f"**{ruling.title}** — `{ruling.rule_id}`" if ruling.rule_id else ""
    if ruling.status == "ruling":
        embed = discord.Embed(title=ruling.headline or ruling.title, colour=RULING_COLOUR)
        body = [rule_line, numbered(ruling.steps), understood(ruling, language)]
    elif ruling.status == "question":
        question = ruling.questions[0].text if ruling.questions else ruling.headline
        embed = discord.Embed(title=question, colour=QUESTION_COLOUR)
        lead = text(language, "ruling.question_lead", rule=rule_line) if rule_line else ""
        body = [lead, understood(ruling, language), text(language, "ruling.pick_answer")]
    else:
        embed = discord.Embed(title=text(language, "ruling.no_match_title"), colour=NO_MATCH_COLOUR)
        hint = text(language, "ruling.nearest_rules" if ruling.alternatives else "ruling.no_rule")
        body = [hint, understood(ruling, language)]
    embed.description = fit.clip("\n\n".join(part for part in body if part), fit.DESCRIPTION)
    embed.add_field(name=text(language, "ruling.situation"), value=quote(situation), inline=False)
    if ruling.notes:
        embed.add_field(name=text(language, "ruling.notes"), value=bullets(ruling.notes))
    citation = ruling.citation if ruling.status == "ruling" else ""
    book = "" if rulebook.name.en in citation else rulebook.name[language]  # citations are English
    footer = [citation, book, text(language, "ruling.asked_by", asker=asker)]
    if logged is False:
        footer.append(text(language, "ruling.not_logged"))
    embed.set_footer(text=fit.clip(" · ".join(part for part in footer if part), fit.FOOTER))
    return fit.embed(embed)


def rulebook_names(rulebooks: Mapping[str, Rulebook], language: Language) -> dict[str, str]:
    """The engine's rulebooks (id → Rulebook) by name in `language`."""
    return {book_id: book.name[language] for book_id, book in rulebooks.items()}


def rule_card(rule: Rule, rulebooks: Mapping[str, Rulebook], language: Language) -> discord.Embed:
    """A rule with every case, which rulebooks each case belongs to, and each rulebook's citation.

    The rule's own text is in `language` where the data has it (the summary and the case conditions are
    English only), with the title in the other language underneath; `rulebooks` are the engine's."""
    names = rulebook_names(rulebooks, language)
    other_title = rule.title.en if language == "it" else rule.title.it
    lines = [f"`{rule.id}` · {rule.section[language]}"]
    if other_title:
        lines.append(f"*{other_title}*")
    lines.append(rule.summary)
    embed = discord.Embed(
        title=fit.clip(rule.title[language], fit.TITLE),
        description=fit.clip("\n".join(lines), fit.DESCRIPTION),
        colour=RULING_COLOUR,
    )
    for case in rule.cases[: fit.FIELDS - 2]:
        books = ", ".join(names.get(book, book) for book in case.rulebooks)
        outcome = f" (`{case.outcome}`)" if case.outcome else ""
        headline, steps = case.headline[language], [step[language] for step in case.steps]
        value = "\n".join(part for part in (f"**{headline}**{outcome}", numbered(steps), f"*{books}*") if part)
        embed.add_field(
            name=fit.clip(_condition(case, language), fit.FIELD_NAME),
            value=fit.clip(value, fit.FIELD_VALUE),
            inline=False,
        )
    if rule.citations:
        cited = "\n".join(
            f"• {where}" if rulebooks[book].name.en in where else f"• {names[book]}: {where}"  # citations are English
            for book, where in rule.citations.items()
        )
        embed.add_field(name=text(language, "rule.citations"), value=fit.clip(cited, fit.FIELD_VALUE), inline=False)
    notes = [note[language] for note in rule.notes]
    if notes:
        embed.add_field(name=text(language, "ruling.notes"), value=bullets(notes))
    return fit.embed(embed)


def add_lines(embed: discord.Embed, name: str, lines: Iterable[str]) -> None:
    """Lines as a field, continued in untitled fields rather than cut at Discord's 1,024 characters a field."""
    chunk: list[str] = []
    for line in lines:
        if chunk and len("\n".join(chunk)) + 1 + len(line) > fit.FIELD_VALUE:
            embed.add_field(name=name, value="\n".join(chunk), inline=False)
            name, chunk = CONTINUED, []
        chunk.append(fit.clip(line, fit.FIELD_VALUE))
    if chunk:
        embed.add_field(name=name, value="\n".join(chunk), inline=False)


def bullets(lines: Iterable[str]) -> str:
    return fit.clip("\n".join(f"• {line}" for line in lines), fit.FIELD_VALUE)


def _condition(case: Case, language: Language) -> str:
    """The case's condition in words (English: the rules data has no Italian for it)."""
    if not case.when:
        return text(language, "rule.otherwise")
    words = case.when_text.replace("_", " ")
    return words[:1].upper() + words[1:]
