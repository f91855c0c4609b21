"""A server's house rules on its rulings, and who the floor is. Shared by /ruling, the floor call and /houserule.

A house rule is a text for one rule, and optionally one of that rule's outcomes in place of the rulebook's.
Applied to a ruling it gives the ruling in force (the house outcome's headline and steps, from the rule's own
case: rules_engine.house), what the log keeps (the house rule as it applied then, and the rulebook's outcome
beside it) and what the card shows (the house rule first, the rulebook's answer labelled beside it).

The floor is whoever may set house rules and decide a floor call: members with Manage Server, and members with
the server's floor role (`/settings floor-role`).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import discord

from cogs import embeds, fit
from cogs.core import FloorBot
from cogs.embeds import HouseNote
from i18n import Language, text
from rules_engine import Engine, Ruling
from rules_engine.house import Remedy, remedy, with_outcome
from store import HouseApplied, HouseRule

log = logging.getLogger("floorcall.house")

SETTINGS_RULES = 10  # house rules listed in full on /settings show; /houserule show pages through them all
SETTINGS_BUDGET = 2000  # characters those lines share


@dataclass(frozen=True, slots=True)
class Applied:
    """A ruling with the server's house rule applied: the ruling in force, what the log keeps, what the card
    shows (both None when no house rule touched it)."""

    ruling: Ruling
    logged: HouseApplied | None
    note: HouseNote | None


def apply(engine: Engine, ruling: Ruling, house: HouseRule | HouseApplied | None, language: Language) -> Applied:
    """`ruling` as the server's house rule has it, in `language`. A house rule only touches a ruling or a
    question on its own rule; an outcome the rule no longer has (the rules changed since it was set) is left
    out, and the house rule's text still shown."""
    rule = engine.rules.get(ruling.rule_id or "")
    if house is None or rule is None or house.rule_id != rule.id or ruling.status == "no-match":
        return Applied(ruling, None, None)
    try:
        replaced = None if house.outcome is None else with_outcome(ruling, rule, house.outcome, language)
    except ValueError:
        log.warning("House rule for %s names outcome %r, which the rule no longer has", rule.id, house.outcome)
        replaced = None
    if ruling.status != "ruling":
        headline = None if replaced is None else replaced.headline
        return Applied(ruling, None, HouseNote(house.text, headline, None))
    own = Remedy(ruling.outcome or "", ruling.headline, ruling.steps)
    in_force = replaced or ruling
    logged = HouseApplied(rule.id, house.text, None if replaced is None else replaced.outcome, ruling.outcome)
    return Applied(in_force, logged, HouseNote(house.text, None if replaced is None else replaced.headline, own))


def outcome_remedy(engine: Engine, ruling: Ruling, outcome: str, language: Language) -> Remedy | None:
    """Another outcome of the ruling's rule in words (what the floor put in place); None if the rule has none."""
    rule = engine.rules.get(ruling.rule_id or "")
    if rule is None:
        return None
    try:
        return remedy(rule, outcome, rulebook=ruling.rulebook, facts=ruling.facts, language=language)
    except ValueError:
        return None


async def house_rule_for(interaction: discord.Interaction[FloorBot], ruling: Ruling) -> HouseRule | None:
    """The server's house rule for the ruling's rule, if any; none in a direct message, and none when the store
    can't be read (the rulebook's ruling beats an error)."""
    if interaction.guild_id is None or ruling.rule_id is None:
        return None
    try:
        return await interaction.client.store.get_house_rule(interaction.guild_id, ruling.rule_id)
    except Exception:
        log.warning("Could not read house rules for guild %s", interaction.guild_id, exc_info=True)
        return None


async def is_floor(interaction: discord.Interaction[FloorBot]) -> bool:
    """Whether the member may act as the floor here: Manage Server, or the server's floor role."""
    if interaction.guild_id is None:
        return False
    if interaction.permissions.manage_guild:
        return True
    role = await interaction.client.store.get_floor_role(interaction.guild_id)
    # The @everyone role has the server's id, and Discord never lists it among a member's roles: everyone has it.
    return role is not None and (role == interaction.guild_id or has_role(interaction.user, role))


def has_role(user: discord.User | discord.Member, role_id: int) -> bool:
    """The member has the role. Read from the role ids Discord sent with the member: `Member.roles` only holds
    roles of servers in discord.py's cache, which a server's interaction does not need to be."""
    return isinstance(user, discord.Member) and role_id in user._roles


def house_rule_line(engine: Engine, house: HouseRule, language: Language, budget: int) -> str:
    """One house rule in at most `budget` characters: the rule's title and id, the outcome it puts in place,
    then its text (as typed, made safe), cut to what is left."""
    rule = engine.rules.get(house.rule_id)
    title = rule.title[language] if rule else house.rule_id
    outcome = ""
    if house.outcome is not None:
        known = engine.data.outcomes.get(house.outcome)
        headline = known.headline[language] if known else house.outcome
        outcome = text(language, "house.line_outcome", headline=headline)
    head = text(language, "house.line", rule=title, rule_id=house.rule_id, outcome=outcome, text="")
    return fit.clip(head + embeds.quote(house.text, max(budget - len(head), 1)), budget)


def describe_house(
    embed: discord.Embed, engine: Engine, floor_role: int | None, rules: list[HouseRule], language: Language
) -> discord.Embed:
    """The settings card's floor role and house rules (the first few in full, then how many more)."""
    role = f"<@&{floor_role}>" if floor_role is not None else text(language, "settings.no_floor_role")
    embed.add_field(name=text(language, "settings.floor_role"), value=role, inline=False)
    shown = rules[:SETTINGS_RULES]
    share = fit.shares(len(shown), SETTINGS_BUDGET, "\n")
    lines = [house_rule_line(engine, house, language, share) for house in shown]
    if len(rules) > len(shown) or not rules:
        lines.append(text(language, "house.count", count=len(rules)) if rules else text(language, "house.none"))
    embeds.add_lines(embed, text(language, "settings.house_rules"), lines)
    return fit.embed(embed)
