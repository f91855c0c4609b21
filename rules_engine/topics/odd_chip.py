"""Splitting a pot (showdown.odd-chip-and-side-pots): who gets the chip a split leaves over, whether suits break
a tie, how side pots are built and shared. What decides it: whether the game is high-low (the odd chip goes to
high). Other games are `other-game`; chips missing from a pot are a counting quarrel, not a split;
who shows first in a side pot is `show-order`."""

from __future__ import annotations

from ..readers.phrases import said_outright
from ..reading import Facts, Reading
from . import Cue, Topic


def _splitting(r: Reading, given: Facts) -> Facts | None:
    if not r.has("split_words"):
        return None
    allin_shares = r.has("allin") and r.has("allin_share_asked")  # "A all in for 20, B and C call… how much is A's?"
    tie_asked = r.has("tie_split_asked") and not r.has("board_claim")  # a chop claimed on the board is board-claim
    splitting = r.has("odd_chip") or r.has("suit_tiebreak") or r.has("side_pot_split") or tie_asked or allin_shares
    return {} if splitting and not (r.has("pot_shortfall") or r.has("show_first") or r.has("strategy_talk")
                                    or r.has("seat_draw")) else None  # a suit breaking a draw for the button


def _high_low_split(r: Reading, given: Facts) -> Facts | None:
    """The odd chip of a high-low split ("Omaha hi-lo, piatto diviso tra alto e basso, avanza una fiche"): the one
    split rule other games share (the odd chip goes to high), so above the other games the game's name calls up."""
    return _splitting(r, given) if said_outright(r, "hi_lo") and r.has("odd_chip") else None


def hi_lo(r: Reading, facts: Facts) -> None:
    """A high-low game, said without a denial: "plain hold'em, not hi-lo" names the game it is not."""
    if said_outright(r, "hi_lo"):
        facts["hi_lo"] = "yes"


TOPIC = Topic("odd-chip", cues=(Cue(132, _high_low_split), Cue(117, _splitting)), readers=(hi_lo,))
