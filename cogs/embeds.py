"""How engine answers look in Discord: embeds built from a Ruling or a Rule. Presentation only, no rules."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime

import discord

from cogs import fit
from i18n import Language, text
from rules_engine import Case, Rule, Rulebook, Ruling, Text
from rules_engine.house import Remedy

RULING_COLOUR = discord.Colour.green()
QUESTION_COLOUR = discord.Colour.gold()
NO_MATCH_COLOUR = discord.Colour.light_grey()
QUOTE_LIMIT = 300
HOUSE_QUOTE = 1000  # a house rule's text on a card (the text may be up to cogs/houserules.py's TEXT_MAX)
MIN_FLOOR_DECISION = 60  # below this, a floor decision's first words would say nothing: the note under a ruling has it
FLOOR_QUOTE = 600  # the floor's decision on a card (the form takes up to cogs/appeal.py's DECISION_MAX)
CONTINUED = "\u200b"  # the name of a field that continues the one before (Discord wants a non-empty name)


@dataclass(frozen=True, slots=True)
class HouseNote:
    """A house rule as a card shows it: its text; the headline of the outcome it puts in place (None: the
    rulebook's outcome stands); the rulebook's own answer, shown beside a ruling (None on a question card)."""

    text: str
    replaced_by: str | None
    rulebook: Remedy | None


@dataclass(frozen=True, slots=True)
class FloorNote:
    """The floor's decision as a card shows it: who, when, confirmed or overruled, why, and the outcome the floor
    put in place (None: the ruling's outcome stands, or the decision says what instead)."""

    decided_by: int
    decided_at: datetime
    overruled: bool
    decision: str
    remedy: Remedy | None


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
    house: HouseNote | None = None,
    floor: FloorNote | None = None,
) -> discord.Embed:
    """The card for a ruling, a question or a no-match, its fixed words in `language` (the engine's text
    comes in the language it was asked for); `rulebook` is the engine's, named in `language` unless the
    citation already names it; `logged=False` adds the "not logged" note.

    What is in force comes first, and what it replaced stays beside it, labelled: the floor's decision, then
    the server's house rule (`ruling` is then the ruling as the house rule has it), then the rulebook."""
    rule_line = f"**{ruling.title}** — `{ruling.rule_id}`" if ruling.rule_id else ""
    lead = [floor_line(floor, language) if floor else "", house_line(house, ruling, language) if house else ""]
    shown: list[tuple[str, ...]] = []  # the steps on the card so far: an answer the same as one shown is not repeated
    if ruling.status == "ruling":
        title, steps = answer_in_force(ruling, house, floor, language)
        embed = discord.Embed(title=title, colour=RULING_COLOUR)
        body = [*lead, rule_line, numbered(steps), understood(ruling, language)]
        shown.append(tuple(steps))
    elif ruling.status == "question":
        question = ruling.questions[0].text if ruling.questions else ruling.headline
        embed = discord.Embed(title=question, colour=QUESTION_COLOUR)
        # a rule's question names its rule; the topic question ("which is the dispute?") says why it is asked
        asks = text(language, "ruling.question_lead", rule=rule_line) if rule_line else f"**{ruling.title}**"
        body = [*lead, asks, understood(ruling, language), text(language, "ruling.pick_answer")]
    else:
        embed = discord.Embed(title=text(language, "ruling.no_match_title"), colour=NO_MATCH_COLOUR)
        hint = text(language, "ruling.nearest_rules" if ruling.alternatives else "ruling.no_rule")
        body = [hint, understood(ruling, language)]
    embed.description = fit.clip("\n\n".join(part for part in body if part), fit.DESCRIPTION)
    if ruling.status == "ruling":
        for name, remedy in replaced_answers(ruling, house, floor, language):
            if tuple(remedy) not in shown:  # a house rule or a floor decision that chose the rulebook's own outcome
                shown.append(tuple(remedy))
                embed.add_field(name=fit.clip(name, fit.FIELD_NAME), value=fit.clip(numbered(remedy), fit.FIELD_VALUE))
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


def answer_in_force(
    ruling: Ruling, house: HouseNote | None, floor: FloorNote | None, language: Language
) -> tuple[str, tuple[str, ...]]:
    """The title and steps a ruling card leads with: the floor's outcome, else what the floor said (no steps of
    the bot's), else the ruling (the house outcome's, if one replaced the rulebook's), else — a house rule in
    words only — the house rule (its text leads the card; the rulebook's steps are beside it, labelled)."""
    if floor is not None and floor.overruled:
        if floor.remedy is not None:
            return floor.remedy.headline, floor.remedy.steps
        return text(language, "floor.overruled_title"), ()
    if house is not None and house.replaced_by is None:
        return text(language, "house.title"), ()
    return ruling.headline or ruling.title, ruling.steps


def replaced_answers(
    ruling: Ruling, house: HouseNote | None, floor: FloorNote | None, language: Language
) -> list[tuple[str, tuple[str, ...]]]:
    """The answers the one in force replaced, each named for what it was: the bot's ruling the floor overruled
    (when it was not the rulebook's own), and the rulebook's answer whenever a house rule or the floor replaced it."""
    answers: list[tuple[str, tuple[str, ...]]] = []
    overruled = floor is not None and floor.overruled
    if overruled and house is not None and house.replaced_by is not None:
        answers.append((text(language, "floor.overruled_field", headline=ruling.headline), ruling.steps))
    if house is not None and house.rulebook is not None:
        answers.append((text(language, "house.rulebook_field", headline=house.rulebook.headline), house.rulebook.steps))
    elif overruled:
        answers.append((text(language, "floor.overruled_field", headline=ruling.headline), ruling.steps))
    return answers


def house_line(house: HouseNote, ruling: Ruling, language: Language) -> str:
    """The house rule, first on the card: its text, as typed, made safe (on a question, with the outcome it
    will put in place whatever the answer)."""
    if ruling.status == "ruling":
        return text(language, "house.rule_line", text=quote(house.text, HOUSE_QUOTE))
    lines = [text(language, "house.question_line", text=quote(house.text, HOUSE_QUOTE))]
    if house.replaced_by is not None:
        lines.append(text(language, "house.its_outcome", headline=house.replaced_by))
    return "\n".join(lines)


def verdict_fields(decided_by: int, decided_at: datetime, overruled: bool, language: Language) -> dict[str, str]:
    """A floor decision's who, when (Discord shows the time in each reader's zone) and verdict, for a string."""
    return {
        "who": f"<@{decided_by}>",
        "when": discord.utils.format_dt(decided_at, "f"),
        "verdict": text(language, "floor.overruled" if overruled else "floor.confirmed"),
    }


def floor_line(floor: FloorNote, language: Language) -> str:
    """Who decided, when, the verdict and why."""
    fields = verdict_fields(floor.decided_by, floor.decided_at, floor.overruled, language)
    return text(language, "floor.decided_line", **fields, decision=quote(floor.decision, FLOOR_QUOTE))


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
    decided: list[tuple[int, Text]] = []  # the cases' floor decisions, by the index of the case's field
    for case in rule.cases[: fit.FIELDS - 2]:
        books = ", ".join(names.get(book, book) for book in case.rulebooks)
        outcome = f" (`{case.outcome}`)" if case.outcome else ""
        headline, steps = case.headline[language], [step[language] for step in case.steps]
        value = "\n".join(part for part in (f"**{headline}**{outcome}", numbered(steps), f"*{books}*") if part)
        if case.floor_decision is not None:
            decided.append((len(embed.fields), case.floor_decision))
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
    return fit.embed(add_floor_decisions(embed, decided, language))


def add_floor_decisions(embed: discord.Embed, decided: list[tuple[int, Text]], language: Language) -> discord.Embed:
    """Each case's floor decision (both readings of a conflict, and the one the case follows) under its steps,
    in what the card has left: an equal share of the room under Discord's 6,000 characters, within the field's
    1,024, so every case, the citations and the notes stay whole and the decisions are cut instead."""
    if not decided:
        return embed
    share = (fit.EMBED_TOTAL - len(embed)) // len(decided)
    for index, decision in decided:
        field = embed.fields[index]
        value = field.value or ""
        room = min(share, fit.FIELD_VALUE - len(value)) - 1
        line = text(language, "rule.floor_decision", decision=decision[language])
        if room >= MIN_FLOOR_DECISION:
            embed.set_field_at(index, name=field.name or "", value=f"{value}\n{fit.clip(line, room)}", inline=False)
    return embed


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
