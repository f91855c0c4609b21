"""The tools' results in words, English or Italian (words.toml), citing the server's rulebook (rules.toml).

Plain text only: `Style` says how to show a player's name and a piece of typed text, so the Discord cog can
escape them (markdown, mentions) while tests, the game log and the rules engine get them as they are.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from pathlib import Path
from typing import Any

from i18n import Language, load_strings
from table_tools.answers import PotsResult, RaiseResult, ShowdownResult
from table_tools.cards import Card, show
from table_tools.hands import Category, Hand
from table_tools.pots import Award, Pots
from table_tools.problems import TableInputError
from table_tools.raising import Kind, RaiseCheck, Reading, Structure, UnderRaise
from table_tools.showdown import Claim, Decider, Margin, Seat, decider

WORDS = load_strings(Path(__file__).with_name("words.toml"))
with Path(__file__).with_name("rules.toml").open("rb") as _file:
    RULES: dict[str, Any] = tomllib.load(_file)
DEFAULT_FAMILY = "rrop"
WINNER_MARK = "🏆 "

ODD_CHIP = "showdown.odd-chip-and-side-pots"
CARDS_SPEAK = "showdown.cards-speak"
FOULED_DECK = "deck.fouled-deck"
MIN_RAISE = "betting.min-raise-and-underraise"
REOPEN = "betting.incomplete-allin-reopen"


def _plain(text: str) -> str:
    return text


@dataclass(frozen=True, slots=True)
class Style:
    """The reply language, the rulebook cited (its id and its name as the reader sees it), and how a name or a
    piece of what the user typed is shown."""

    language: Language = "en"
    rulebook: str = "robert-classic"
    rulebook_name: str = ""
    name: Callable[[str], str] = field(default=_plain)
    quote: Callable[[str], str] = field(default=_plain)

    @property
    def family(self) -> str:
        return str(RULES["families"].get(self.rulebook, DEFAULT_FAMILY))

    def say(self, key: str, /, **fields: Any) -> str:
        return WORDS[key][self.language].format(**fields)

    def cite(self, rule_id: str) -> str:
        """`Robert's Rules of Poker (classic), §3 General Poker Rules, Ties`."""
        where = RULES["citations"][rule_id][self.family]
        return f"{self.rulebook_name}, {where}" if self.rulebook_name else where

    def money(self, amount: Decimal) -> str:
        """1,000 · 2.50 in English; 1.000 · 2,50 in Italian."""
        text = f"{amount:,.0f}" if amount == amount.to_integral_value() else f"{amount:,.2f}"
        return text.translate(str.maketrans(",.", ".,")) if self.language == "it" else text

    def names(self, names: Iterable[str]) -> str:
        shown = [self.name(name) for name in names]
        if len(shown) < 2:
            return "".join(shown)
        return f"{', '.join(shown[:-1])} {self.say('join.and')} {shown[-1]}"


@dataclass(frozen=True, slots=True)
class Report:
    """A tool's answer: a title, the sections' lines (what was read — the hands, or the bets —, why, the pots,
    notes), the rules it applied, and one plain line for the game log."""

    title: str
    read: list[str]
    reasons: list[str]
    pots: list[str]
    notes: list[str]
    rules: list[str]
    summary: str


# --- hands ------------------------------------------------------------------------------------------------


def hand_name(hand: Hand, style: Style) -> str:
    """`full house, sevens full of deuces` / `full di sette su due`."""
    r = hand.ranks

    def form(rank: int, kind: str) -> str:
        return style.say(f"rank.{rank}.{kind}")

    match hand.category:
        case Category.STRAIGHT_FLUSH if hand.is_royal:
            return style.say("hand.royal_flush")
        case Category.STRAIGHT_FLUSH if hand.is_wheel:
            return style.say("hand.steel_wheel")
        case Category.STRAIGHT if hand.is_wheel:
            return style.say("hand.wheel")
        case Category.STRAIGHT | Category.STRAIGHT_FLUSH | Category.FLUSH | Category.HIGH_CARD:
            return style.say(f"hand.{hand.category.name.lower()}", high=form(r[0], "high"))
        case Category.TWO_PAIR:
            return style.say("hand.two_pair", top=form(r[0], "many"), second=form(r[1], "many"))
        case Category.FULL_HOUSE:
            return style.say("hand.full_house", trips=form(r[0], "many"), pair=form(r[1], "many"))
        case _:
            return style.say(f"hand.{hand.category.name.lower()}", many=form(r[0], "many"))


def category_name(category: Category, style: Style) -> str:
    return style.say(f"category.{category.value}")


def claim_name(claim: Claim, style: Style) -> str:
    return style.say("hand.royal_flush") if claim.royal else category_name(claim.category, style)


def reason(why: Decider, style: Style) -> str:
    """Why one hand beats another, in a sentence: the kind of hand, the made hand, or the deciding kicker."""
    won, lost = why.winner.hand, why.loser.hand
    winner, loser = style.name(why.winner.name), style.name(why.loser.name)
    if why.margin is Margin.CATEGORY:
        return style.say(
            "decide.beats",
            winner=winner,
            loser=loser,
            winning=category_name(won.category, style),
            losing=category_name(lost.category, style),
        )
    if why.margin is Margin.MADE:
        winning, losing = hand_name(won, style), hand_name(lost, style)
        return style.say("decide.beats", winner=winner, loser=loser, winning=winning, losing=losing)
    kicker, other = style.say(f"rank.{why.winning_rank}.card"), style.say(f"rank.{why.losing_rank}.card")
    compared = {"winner": winner, "loser": loser, "kicker": kicker, "other": other}
    if why.margin is Margin.CARD:
        ordinal = style.say(f"ordinal.card.{why.ordinal}")
        return style.say("decide.flush_card", high=style.say(f"rank.{won.ranks[0]}.high"), ordinal=ordinal, **compared)
    if why.ordinal == 1:
        return style.say("decide.kicker", hand=hand_name(won, style), **compared)
    ordinal = style.say(f"ordinal.kicker.{why.ordinal}")
    return style.say("decide.later_kicker", hand=hand_name(won, style), ordinal=ordinal, **compared)


def hand_line(seat: Seat, won: bool, style: Style) -> str:
    name, hand = style.name(seat.name), hand_name(seat.hand, style)
    line = style.say("showdown.hand_line", name=name, hole=show(seat.hole), hand=hand, five=show(seat.hand.five))
    extras = [style.say("showdown.plays_the_board")] if seat.hand.plays_the_board else []
    if seat.claim is not None:
        extras.append(style.say("showdown.called", claim=claim_name(seat.claim, style)))
    return (WINNER_MARK if won else "") + " · ".join([line, *extras])


def showdown_reasons(winners: Sequence[Seat], contenders: Sequence[Seat], style: Style) -> list[str]:
    """Why `winners` take a pot that `contenders` (winners included) could win: a tie, and what beats the
    best of the rest."""
    lines = []
    if len(winners) > 1:
        hand = hand_name(winners[0].hand, style)
        names = style.names(seat.name for seat in winners)
        board = all(seat.hand.plays_the_board for seat in winners)
        lines.append(style.say("decide.board_plays" if board else "decide.tie", hand=hand, names=names))
    rest = [seat for seat in contenders if seat not in winners]
    if rest:
        runner_up = max(rest, key=lambda seat: seat.hand.strength)
        lines.append(reason(decider(winners[0], runner_up), style))
    return lines


def miscall_notes(seats: Iterable[Seat], style: Style) -> list[str]:
    """Cards speak: a note for each hand announced as something the cards don't make."""
    notes = [
        style.say(
            "note.miscalled",
            name=style.name(seat.name),
            claim=claim_name(seat.claim, style),
            hand=hand_name(seat.hand, style),
            rule=style.cite(CARDS_SPEAK),
        )
        for seat in seats
        if seat.miscalled and seat.claim is not None
    ]
    return [*notes, style.say("note.miscall_on_purpose")] if notes else []


# --- showdown -----------------------------------------------------------------------------------------------


def showdown(result: ShowdownResult, style: Style) -> Report:
    shown = result.showdown
    winners = [shown.seat(name) for name in result.winners]
    title = _title(winners, style)
    winning = set(result.winners) | {name for a in result.awards for name in a.winners}
    ranked = [seat for group in shown.ranking for seat in group]
    hands = [hand_line(seat, seat.name in winning, style) for seat in ranked]
    rules, notes = [], miscall_notes(shown.seats, style)
    if notes:
        rules.append(CARDS_SPEAK)
    if result.pots is None:
        reasons = showdown_reasons(winners, shown.seats, style)
        pots: list[str] = []
        if len(winners) > 1:
            notes.append(
                style.say(
                    f"odd_chip.{style.family}.unknown", name=style.name(winners[0].name), rule=style.cite(ODD_CHIP)
                )
            )
    else:
        reasons, pots, pot_notes = _awards(result, style)
        notes.extend(pot_notes)
    if _has_odd_chip(result, winners):
        notes.append(style.say("note.seats", names=style.names(result.seats)))
        rules.append(ODD_CHIP)
    summary = _summary(result, replace(style, name=_plain, quote=_plain))
    return Report(title, hands, reasons, pots, notes, rules, summary)


def _title(winners: Sequence[Seat], style: Style) -> str:
    hand = hand_name(winners[0].hand, style)
    if len(winners) == 1:
        return style.say("showdown.wins", name=style.name(winners[0].name), hand=hand)
    return style.say("showdown.split", names=style.names(seat.name for seat in winners), hand=hand)


def _has_odd_chip(result: ShowdownResult, winners: Sequence[Seat]) -> bool:
    if result.pots is None:
        return len(winners) > 1
    return any(share.odd_chip for a in result.awards for share in a.shares)


def _awards(result: ShowdownResult, style: Style) -> tuple[list[str], list[str], list[str]]:
    """Per pot: why its winner(s) won it (once per distinct contest), the award line, the odd chips."""
    assert result.pots is not None
    shown, pots = result.showdown, result.pots
    reasons: list[str] = []
    lines, notes, seen = [], [], set()
    for given in result.awards:
        pot = pot_name(given.index, pots, style)
        amount = style.money(pots.money(given.pot.chips))
        winners = [shown.seat(name) for name in given.winners]
        if given.uncontested:
            lines.append(style.say("pot.won_alone", pot=pot, amount=amount, name=style.name(given.winners[0])))
            continue
        hand = hand_name(winners[0].hand, style)
        if len(winners) == 1:
            lines.append(style.say("pot.won", pot=pot, amount=amount, name=style.name(winners[0].name), hand=hand))
        else:
            shares = ", ".join(f"{style.name(s.name)} {style.money(pots.money(s.chips))}" for s in given.shares)
            lines.append(style.say("pot.split", pot=pot, amount=amount, hand=hand, shares=shares))
        for line in showdown_reasons(winners, [shown.seat(name) for name in given.pot.eligible], style):
            if line not in seen:
                seen.add(line)
                reasons.append(style.say("decide.in_pot", pot=pot, reason=line) if len(pots.pots) > 1 else line)
        notes.extend(_odd_chips(given, pot, style))
    lines.extend(_returned(pots, style))
    return reasons, lines, notes + _assumed(pots, style)


def _odd_chips(given: Award, pot: str, style: Style) -> list[str]:
    odd = [share.name for share in given.shares if share.odd_chip]
    if not odd:
        return []
    rule = style.cite(ODD_CHIP)
    if len(odd) == 1:
        return [style.say(f"odd_chip.{style.family}.one", pot=pot, name=style.name(odd[0]), rule=rule)]
    return [style.say(f"odd_chip.{style.family}.many", pot=pot, count=len(odd), names=style.names(odd), rule=rule)]


def pot_name(index: int, pots: Pots, style: Style) -> str:
    if len(pots.pots) == 1:
        return style.say("pot.only")
    return style.say("pot.main") if index == 0 else style.say("pot.side", number=index)


def _returned(pots: Pots, style: Style) -> list[str]:
    return [
        style.say("pot.returned", amount=style.money(pots.money(chips)), name=style.name(name))
        for name, chips in pots.returned
    ]


def _assumed(pots: Pots, style: Style) -> list[str]:
    return [style.say("pot.assumed_all_in", name=style.name(name)) for name in pots.assumed_all_in]


def _summary(result: ShowdownResult, style: Style) -> str:
    if result.pots is None:
        title = _title([result.showdown.seat(name) for name in result.winners], style)
        return style.say("summary.showdown", board=show(result.showdown.board), result=title)
    _, lines, _ = _awards(result, style)
    return style.say("summary.showdown", board=show(result.showdown.board), result="; ".join(lines))


# --- pots ----------------------------------------------------------------------------------------------------


def pots(result: PotsResult, style: Style) -> Report:
    built = result.pots
    total = style.money(built.money(sum(pot.chips for pot in built.pots)))
    summary = style.say("summary.pots", pots="; ".join(_pot_lines(built, replace(style, name=_plain))))
    notes = _assumed(built, style)
    return Report(style.say("pot.total", amount=total), [], [], _pot_lines(built, style), notes, [ODD_CHIP], summary)


def _pot_lines(built: Pots, style: Style) -> list[str]:
    lines = [
        style.say(
            "pot.line",
            pot=pot_name(index, built, style),
            amount=style.money(built.money(pot.chips)),
            names=style.names(pot.eligible),
        )
        for index, pot in enumerate(built.pots)
    ]
    return lines + _returned(built, style)


# --- raise -----------------------------------------------------------------------------------------------------


def raise_check(result: RaiseResult, style: Style) -> Report:
    check = result.check
    key = "raise.title_bet" if check.bet == 0 else "raise.title"
    title = style.say(key, amount=style.money(check.min_raise_to))
    under = [_under_raise(check.under_raise, style)] if check.under_raise else []
    reasons = [*under, _state_line(check, style), *_options(check, style), _others(check, style)]
    plain = replace(style, name=_plain, quote=_plain)
    actions = "; ".join(_reading_line(reading, plain) for reading in check.readings) or "-"
    summary = style.say("summary.raise", blinds=_blinds(result, style), actions=actions, result=title)
    read = [_blinds(result, style), *(_reading_line(reading, style) for reading in check.readings)]
    return Report(title, read, reasons, [], _raise_notes(check, style), [MIN_RAISE, REOPEN], summary)


def _options(check: RaiseCheck, style: Style) -> list[str]:
    """For each player who acted and still faces a bet: call, or raise if the betting is open to them."""
    lines = []
    for option in check.options:
        if option.to_call <= 0:
            continue
        fields = {
            "name": style.name(option.player),
            "to_call": style.money(option.to_call),
            "facing": style.money(option.facing),
            "rule": style.cite(REOPEN),
        }
        if option.may_raise:
            lines.append(style.say("raise.option.reopened", **fields))
        elif check.structure is Structure.LIMIT:
            lines.append(style.say("raise.option.closed_limit", full=style.money(check.full_raise / 2), **fields))
        else:
            lines.append(style.say("raise.option.closed", full=style.money(check.full_raise), **fields))
    return lines


def _others(check: RaiseCheck, style: Style) -> str:
    key = "raise.others_limit" if check.structure is Structure.LIMIT else "raise.others"
    return style.say(key, bet=style.money(check.bet), min_to=style.money(check.min_raise_to))


def _raise_notes(check: RaiseCheck, style: Style) -> list[str]:
    """No completing after a short all-in (big bet); TDA's 50 % rule for an under-raise; pot-limit's cap."""
    notes = []
    last = check.readings[-1] if check.readings else None
    if last is not None and last.kind is Kind.ALL_IN_SHORT and check.structure is not Structure.LIMIT:
        full, bet = style.money(check.full_raise), style.money(check.bet)
        notes.append(style.say("raise.no_completing", name=style.name(last.action.player), full=full, bet=bet))
    under = check.under_raise
    if under is not None and under.bet > 0:
        notes.append(style.say("raise.under_tda", half_to=style.money(under.half_to), min_to=style.money(under.min_to)))
    if check.structure is Structure.POT_LIMIT:
        notes.append(style.say("raise.pot_limit"))
    return notes


def _under_raise(under: UnderRaise, style: Style) -> str:
    key = "raise.under" if under.bet > 0 else "raise.under_bet"
    return style.say(
        key,
        name=style.name(under.action.player),
        to=style.money(under.to),
        min_to=style.money(under.min_to),
        rule=style.cite(MIN_RAISE),
    )


def _reading_line(reading: Reading, style: Style) -> str:
    kind = reading.kind
    return style.say(
        f"raise.read.{kind.value}",
        name=style.name(reading.action.player),
        to=style.money(Decimal(reading.action.to or 0) if kind is Kind.ALL_IN_CALL else reading.bet),
        bet=style.money(reading.bet),
        increment=style.money(reading.increment),
    )


def _state_line(check: RaiseCheck, style: Style) -> str:
    rule = style.cite(MIN_RAISE)
    if check.bet == 0:
        return style.say("raise.state.no_bet", full=style.money(check.full_raise), rule=rule)
    key = "raise.state.limit" if check.structure is Structure.LIMIT else "raise.state.big_bet"
    return style.say(
        key,
        bet=style.money(check.bet),
        full=style.money(check.full_raise),
        min_to=style.money(check.min_raise_to),
        rule=rule,
    )


def _blinds(result: RaiseResult, style: Style) -> str:
    small, big = style.money(result.small), style.money(result.big)
    if result.straddle is not None:
        return style.say("raise.straddle", small=small, big=big, straddle=style.money(result.straddle))
    return style.say("raise.blinds", small=small, big=big)


# --- problems ----------------------------------------------------------------------------------------------------


def problem(error: TableInputError, style: Style) -> str:
    """The sentence for a refused input: names styled, typed text quoted, amounts and cards shown."""
    fields: dict[str, Any] = {}
    for key, value in error.fields.items():
        if key == "name":
            fields[key] = style.name(value)
        elif key in ("first", "second"):
            place = (
                style.say("problem.place.board")
                if value is None
                else style.say("problem.place.hand", name=style.name(value))
            )
            fields[key] = place
        elif key in ("players", "names"):
            fields["names"] = style.names(value)
        elif isinstance(value, Decimal):
            fields[key] = style.money(value)
        elif isinstance(value, Card | int):
            fields[key] = str(value)
        else:
            fields[key] = style.quote(str(value))
    if error.key == "duplicate_card":
        fields["rule"] = f"{FOULED_DECK}: {style.cite(FOULED_DECK)}"
    return style.say(f"problem.{error.key}", **fields)
