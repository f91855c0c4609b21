"""The three tools from the options as typed to their results (no words yet: `report` phrases them).

Seats: players are listed clockwise — in `pots` when it is given (it names everyone who put chips in), else in
`hands` — and the first one listed sits first left of the button, unless `button` names the player on the
button, in which case the order starts with the player after them. The odd chip of a split goes by that order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from table_tools.amounts import parse_amount, smallest_chip
from table_tools.pots import Award, Contribution, Pots, award, build_pots
from table_tools.problems import TableInputError
from table_tools.raising import RaiseCheck, Street, Structure, check_raise
from table_tools.reading import (
    match_name,
    read_bets,
    read_blinds,
    read_board,
    read_contributions,
    read_hands,
)
from table_tools.showdown import Showdown, check_unique_names, read_showdown


@dataclass(frozen=True, slots=True)
class ShowdownResult:
    """The hands read; with contributions, the pots and who wins each. `seats` is the clockwise order from
    the first seat left of the button."""

    showdown: Showdown
    seats: tuple[str, ...]
    pots: Pots | None = None
    awards: tuple[Award, ...] = ()

    @property
    def winners(self) -> list[str]:
        """The best hand(s) at the table, in seat order (they win at least the main pot)."""
        best = {seat.name for seat in self.showdown.ranking[0]}
        return [name for name in self.seats if name in best]


@dataclass(frozen=True, slots=True)
class PotsResult:
    pots: Pots
    seats: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RaiseResult:
    """The round read, with the blinds as read (the reply restates them)."""

    check: RaiseCheck
    small: Decimal
    big: Decimal
    straddle: Decimal | None


def settle_showdown(
    board: str, hands: str, pots: str | None = None, button: str | None = None, chip: str | None = None
) -> ShowdownResult:
    """Read the hands; with `pots`, build the pots and award each one."""
    showdown = read_showdown(read_board(board), read_hands(hands))
    names = [seat.name for seat in showdown.seats]
    if not pots or not pots.strip():
        return ShowdownResult(showdown, seats_from(names, button))
    contributions = _matched(read_contributions(pots), names)
    built = build_pots(contributions, _unit(chip, [c.amount for c in contributions]))
    seats = seats_from([c.name for c in contributions], button)
    strength = {seat.name: seat.hand.strength for seat in showdown.seats}
    return ShowdownResult(showdown, seats, built, tuple(award(built, strength, seats)))


def split_pots(contributions_text: str, button: str | None = None, chip: str | None = None) -> PotsResult:
    """Main and side pots from what each player put in (no hands: who can win each, not who does)."""
    contributions = read_contributions(contributions_text)
    check_unique_names(c.name for c in contributions)
    unit = _unit(chip, [c.amount for c in contributions])
    return PotsResult(build_pots(contributions, unit), seats_from([c.name for c in contributions], button))


def check_raise_text(blinds: str, bets: str, structure: str = "no-limit", street: str = "preflop") -> RaiseResult:
    read = read_blinds(blinds)
    check = check_raise(read, read_bets(bets), structure=Structure(structure), street=Street(street))
    straddle = Decimal(read.straddle) if read.straddle is not None else None
    return RaiseResult(check, Decimal(read.small), Decimal(read.big), straddle)


def seats_from(names: Sequence[str], button: str | None) -> tuple[str, ...]:
    """The clockwise order from the first seat left of the button."""
    if button is None or not button.strip():
        return tuple(names)
    on_button = match_name(button, names)
    if on_button is None:
        raise TableInputError("unknown_button", name=button.strip()[:40])
    after = names.index(on_button) + 1
    return (*names[after:], *names[:after])


def _matched(contributions: list[Contribution], names: Sequence[str]) -> list[Contribution]:
    """Contributions under the hands' spelling of each name; every hand in them, every live one with a hand."""
    check_unique_names(c.name for c in contributions)
    matched = []
    for contribution in contributions:
        name = match_name(contribution.name, names)
        if name is not None and contribution.folded:
            raise TableInputError("folded_with_hand", name=name)
        if name is None and not contribution.folded:
            raise TableInputError("live_without_hand", name=contribution.name)
        matched.append(
            Contribution(name or contribution.name, contribution.amount, contribution.folded, contribution.all_in)
        )
    listed = {c.name for c in matched}
    for name in names:
        if name not in listed:
            raise TableInputError("hand_not_in_pots", name=name)
    return matched


def _unit(chip: str | None, amounts: Sequence[Decimal]) -> Decimal:
    """The smallest chip in play: as given, else what the amounts imply (1 for whole numbers)."""
    if chip is None or not chip.strip():
        return smallest_chip(amounts)
    try:
        return parse_amount(chip)
    except TableInputError:
        raise TableInputError("bad_chip") from None
