"""Rabbit hunting (deck.rabbit-hunting): showing the cards that would have come after the hand ended, called so or
told as a wish to see the undealt cards once everyone folded. A card shown while someone still had to act is a
premature card instead: told after moves of a betting round and before any word of the hand ending ("il primo
punta, il secondo chiama, e il dealer gira già il turn; gli altri due hanno foldato lo stesso")."""

from __future__ import annotations

from ..readers.events import events
from ..reading import Facts, Reading
from . import Cue, Topic
from .fouled_deck import fault_told

_ROUND_UNDER_WAY = 2  # a move and an answer to it: a betting round going on


def _rabbit(r: Reading, given: Facts) -> Facts | None:
    over = r.has("rabbit_hand_over") or r.has("pot_taken")
    told = r.has("rabbit") or (r.has("rabbit_show") and over and not r.has("betting_open") and not _shown_mid_round(r))
    return {} if told and _no_other_reason(r) else None


def _shown_after_pot_taken(r: Reading, given: Facts) -> Facts | None:
    """The pot taken, then a card asked or shown ("Marty folds, Shaun rakes it; then Marty asks the dealer to show him
    the river"): the hand was over, so it is the rabbit, above a street dealt while someone was thinking that the
    story tells before the fold."""
    taken = r.matches("pot_taken")
    shown = taken and any(show.start() > taken[0].end() for show in r.matches("rabbit_show"))
    return {} if shown and _no_other_reason(r) else None


def _no_other_reason(r: Reading) -> bool:
    """Neither the board run out because everyone is all in (the game, whatever someone calls it) nor a faulty deck
    ("as the board is shown: the river has a red back"; rabbit talk as background to a duplicate)."""
    return not r.has("everyone_allin") and not fault_told(r)


def _shown_mid_round(r: Reading) -> bool:
    """The card came out in the middle of a betting round: every showing is told after a round under way (a move
    and another player's answer to it) and before every word of the hand ending, none of which is tied to an earlier
    time ("after everyone folded")."""
    ends = r.matches("rabbit_hand_over")
    moved = sorted(event.start for event in events(r) if event.happened)
    return all(len(moved) >= _ROUND_UNDER_WAY and moved[_ROUND_UNDER_WAY - 1] < shown.start()
               and all(shown.end() <= end.start() and not r.lexicon.says("ended_before", r.text[shown.end():end.end()])
                       for end in ends)
               for shown in r.matches("rabbit_show"))


TOPIC = Topic("rabbit-hunt", cues=(Cue(164, _shown_after_pot_taken), Cue(125, _rabbit)))
