"""Whether a board card came before everyone in the hand had acted, worked out from the betting told: "four of us
saw the flop, seat 1 checked, seat 3 bet, seat 4 called, and the dealer turned the turn" has three players move
of four, so the turn came while the flop's round was open. A floor counts the players, not the teller's words
about timing; the players' count must be said of the street, since a table's count ("nine-handed") says nothing
of who folded before it.
"""

from __future__ import annotations

import re

from ..reading import Reading, group, inside
from .actions import actors
from .events import Event, events
from .streets import NEXT_STREET


def street_dealt_early(r: Reading) -> str | None:
    """The street of the card that came while fewer players had moved on the round before it than were in the
    hand; None when the story does not count them or every player moved."""
    return r.derived("unfinished_round.street", lambda: _street_dealt_early(r))


def _street_dealt_early(r: Reading) -> str | None:
    """For each count of players said of a street: the next street's card told after it, and the moves told in
    between made by fewer players than that count."""
    for count in r.matches("players_on_street"):
        players, street = r.number(count), _counted_street(r, count)
        if not players or street is None:
            continue
        places = r.matches("street_as_place")  # "one folds on the turn" is where a move was, no card that came
        card = next((m for m in r.matches(NEXT_STREET[street])
                     if m.start() > count.end() and not any(inside(m, p) for p in places)), None)
        if card is None or any(count.end() <= m.start() < card.start() for m in r.matches("moves_of_many")):
            continue  # "the others folded": the moves told do not count who made them
        moved = [e for e in events(r) if count.end() <= e.start < card.start() and _made(e)]
        if moved and actors(moved) < players:
            return NEXT_STREET[street]
    return None


def _counted_street(r: Reading, count: re.Match[str]) -> str | None:
    """The street the count is said of: named in it ("on the flop"), else the first street named after it
    ("tre in mano. Quarta strada: …"), else the last one before it ("flop is out, four players left")."""
    said = group(count, "street")
    if said:
        return said
    after = [(m.start(), name) for name in NEXT_STREET.values() for m in r.matches(name) if m.start() >= count.end()]
    before = [(m.start(), name) for name in NEXT_STREET.values() for m in r.matches(name) if m.start() < count.start()]
    if after:
        return min(after)[1] if min(after)[1] in NEXT_STREET else None
    return max(before)[1] if before and max(before)[1] in NEXT_STREET else None


def _made(event: Event) -> bool:
    """A move told as done, not denied ("hadn't acted") or asked about ("can he raise?")."""
    return not (event.denied or event.hypothetical) and event.move != "act"
