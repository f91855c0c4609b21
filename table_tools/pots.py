"""Main and side pots from what each player put in, and who wins each one.

Pots are built in layers: everyone who put in at least an amount contributes to the layer up to it, and only
players still in the hand (not folded) can win it; neighbouring layers with the same players are one pot.
Chips nobody matched go back to whoever bet them. A split gives equal shares in whole chips; the odd chips
left go one each to the winners in seat order from the button (RRoP §3 Ties, TDA 20–21: nobody gets two,
suits never decide), so the order of `seats` must start with the first seat left of the button.

All arithmetic is in whole chips of the smallest denomination in play (`unit`), so nothing is lost to
rounding.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from table_tools.problems import TableInputError

MAX_PLAYERS = 10


@dataclass(frozen=True, slots=True)
class Contribution:
    """Everything a player put in the pot this hand, and whether they folded or said they are all-in."""

    name: str
    amount: Decimal
    folded: bool = False
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class Pot:
    """A pot in chips of `unit`, and who can win it (in the order the players were listed)."""

    chips: int
    eligible: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Pots:
    """The main pot first, then the side pots in the order they formed; what went back uncalled; and the
    players taken to be all-in because they put in less than others without folding."""

    unit: Decimal
    pots: tuple[Pot, ...]
    returned: tuple[tuple[str, int], ...]
    assumed_all_in: tuple[str, ...]

    def money(self, chips: int) -> Decimal:
        return chips * self.unit


@dataclass(frozen=True, slots=True)
class Share:
    name: str
    chips: int
    odd_chip: bool  # one of the chips left over from an uneven split


@dataclass(frozen=True, slots=True)
class Award:
    """Who takes pot number `index` (0 is the main pot): one winner, or a split in seat order."""

    index: int
    pot: Pot
    shares: tuple[Share, ...]

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(share.name for share in self.shares)

    @property
    def uncontested(self) -> bool:
        """Only one player left who can win it: no showdown needed for this pot."""
        return len(self.pot.eligible) == 1


def build_pots(contributions: Sequence[Contribution], unit: Decimal = Decimal(1)) -> Pots:
    """Layer the contributions into pots. Raises TableInputError for amounts that can't happen."""
    if not contributions:
        raise TableInputError("no_contributions")
    if len(contributions) > MAX_PLAYERS:
        raise TableInputError("too_many_players", count=len(contributions), limit=MAX_PLAYERS)
    chips = {c.name: _chips(c, unit) for c in contributions}
    live = [c.name for c in contributions if not c.folded]
    if not live:
        raise TableInputError("everyone_folded")
    top_live = max(chips[name] for name in live)
    assumed = tuple(c.name for c in contributions if not c.folded and not c.all_in and chips[c.name] < top_live)
    pots: list[Pot] = []
    returned: list[tuple[str, int]] = []
    floor = 0
    for level in sorted(set(chips.values())):
        payers = tuple(name for name in chips if chips[name] >= level)
        layer = (level - floor) * len(payers)
        floor = level
        if len(payers) == 1:
            returned.append((payers[0], layer))  # nobody matched it: an uncalled bet goes back
            continue
        eligible = tuple(name for name in payers if name in live)
        if not eligible:
            raise TableInputError("pot_without_players", players=payers)
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].chips + layer, eligible)
        else:
            pots.append(Pot(layer, eligible))
    return Pots(unit, tuple(pots), tuple(returned), assumed)


def award(pots: Pots, strength: Mapping[str, int], seats: Sequence[str]) -> list[Award]:
    """Each pot to the strongest eligible hand(s) (`strength`: greater wins, equal splits); `seats` is the
    table order from the first seat left of the button, which gives the odd chips. A pot with one eligible
    player is theirs whatever they hold."""
    place = {name: index for index, name in enumerate(seats)}
    awards = []
    for index, pot in enumerate(pots.pots):
        if len(pot.eligible) == 1:
            winners = list(pot.eligible)
        else:
            best = max(strength[name] for name in pot.eligible)
            winners = sorted((name for name in pot.eligible if strength[name] == best), key=place.__getitem__)
        share, odd = divmod(pot.chips, len(winners))
        shares = tuple(Share(name, share + (n < odd), n < odd) for n, name in enumerate(winners))
        awards.append(Award(index, pot, shares))
    return awards


def _chips(contribution: Contribution, unit: Decimal) -> int:
    if contribution.amount <= 0:
        raise TableInputError("amount_not_positive", amount=str(contribution.amount))
    chips, rest = divmod(contribution.amount, unit)
    if rest:
        raise TableInputError("not_whole_chips", name=contribution.name, amount=contribution.amount, unit=unit)
    return int(chips)
