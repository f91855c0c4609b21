"""A slow player and the clock (action.clock): may he be put on the clock, and what happens when his time runs
out (facing a bet, the hand is dead; otherwise it is a check) or when he acts right at the end."""

from __future__ import annotations

from ..readers.events import CHANGING, events, passed_over, skipped_players
from ..readers.phrases import out_of_scope, settled_by, tells_a_situation
from ..readers.streets import marks
from ..reading import Facts, Reading
from . import Cue, Topic
from .non_standard_fold import facing_bet

# Acting at the last second is said with the words of time running out ("just before time ran out"): tried first.
clock_status = settled_by("clock_status", {"clock_acted_in_time": "acted-in-time", "clock_ran_out": "time-ran-out",
                                           "clock_not_started": "not-on-clock", "slow_play": "not-on-clock"})


def _clock(r: Reading, given: Facts) -> Facts | None:
    """The clock named in a situation told ("ci pensa da cinque minuti a ogni mano: posso chiedere il clock?"), not
    "what is the TDA rule on the clock?"; a slow player with no clock named is `_slow`'s."""
    return _situation(r) if r.has("clock") else None  # the clock word first: most stories lack it


def _slow(r: Reading, given: Facts) -> Facts | None:
    """A slow player told by his slowness alone, no clock named ("tanks forever, then calls"): weak, as it is often
    the background of what happened next (a card dealt while he thought, a showdown nobody starts, a bet built
    slowly), which the topics of those incidents recognise first."""
    return _situation(r) if r.has("slow_play") else None


def _situation(r: Reading) -> Facts | None:
    """The clock's words told of a situation: not strategy, manners or another game, and not a move made past the
    slow player (out of turn) when no time ran out on him."""
    if r.has("strategy") or r.has("clock_etiquette") or out_of_scope(r):
        return None
    if passed_over(r) and not (_ran_out(r) or r.has("clock_acted_in_time")):
        return None  # "the cutoff was taking ages and the button fired 75 while he still hadn't acted": a move made
        # past the slow player, out of turn, when no clock ran out on him
    # the time run out on someone, or a move made as it ran out, is itself what happened ("on the clock, first to act,
    # nobody has bet, and the time runs out")
    told = tells_a_situation(r) or r.has("slow_play") or _ran_out(r) or r.has("clock_acted_in_time")
    return {} if told else None


def _ran_out(r: Reading) -> bool:
    """Time said to have run out in words other than the ones marking a player passed over ("mentre lui non aveva
    ancora parlato, il bottone ha puntato" says he was still to act, not that a clock ran out)."""
    marked = [mark.at for mark in skipped_players(r)]
    return any(not any(m.start() <= at < m.end() for at in marked) for m in r.matches("clock_ran_out"))


def facing_bet_from_moves(r: Reading, facts: Facts) -> None:
    """Whether the slow player faced a bet, from the moves told on his street before the clock or his slowness,
    whichever is told first ("seat 2 bets 800, seat 6 tanks": yes; "checked to Bob, he goes into the tank": no): a
    bet, raise or all-in made is one to face; checks alone are none. Folds alone say nothing (before the flop the
    big blind is a bet)."""
    told = r.matches("clock") + r.matches("slow_play")  # his slowness, when told first, is where he thinks
    if "facing_bet" in facts or not told:
        return
    clock = min(m.start() for m in told)
    street = max((at for at in marks(r) if at < clock), default=0)
    moves = [e for e in events(r) if e.happened and street <= e.start < clock]
    if any(e.move in CHANGING for e in moves):
        facts["facing_bet"] = "yes"
    elif any(e.move == "check" for e in moves):
        facts["facing_bet"] = "no"


TOPIC = Topic("clock", cues=(Cue(153, _clock), Cue(39, _slow)),
              readers=(clock_status, facing_bet, facing_bet_from_moves))
