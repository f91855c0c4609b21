"""A bet or raise put in with several movements (betting.string-bet). What decides it: one movement or several;
what he had said before his chips went in ("raise", the amount, or nothing); in limit under Robert's, whether he
put out a full bet plus at least half a bet."""

from __future__ import annotations

import re
from decimal import Decimal

from table_tools.raising import Move, Structure

from ..readers import betting_round
from ..readers.betting_round import on_digits, words_said
from ..readers.phrases import out_of_scope, said_outright, tells_a_situation
from ..reading import Facts, Reading, group
from . import Cue, Topic
from .allin_reopen import betting_structure
from .raise_size import half_or_more, raise_said


def one_motion(r: Reading, facts: Facts) -> None:
    """Several movements told (not denied: "I never went back to my stack"), else one movement said."""
    if said_outright(r, "string_motions"):
        facts["one_motion"] = "no"
    elif r.has("one_motion_yes"):
        facts["one_motion"] = "yes"


def declared_first(r: Reading, facts: Facts) -> None:
    """"Raise" or the amount said before the chips, or neither ("without saying raise", "raise" only afterwards).
    An amount said in words counts ("dice 'ottocento' ad alta voce"), though it is no declared raise."""
    if r.has("word_heard_disputed"):
        r.doubt("declared_first")  # "claims he said raise but the dealer didn't hear anything": asked, not ruled
        return
    said = raise_said(r)
    if said and not _said_only_later(r):
        facts["declared_first"] = "raise"
    elif r.has("amount_declared") or said_outright(r, "round_said"):
        facts["declared_first"] = "amount"
    elif said is not None:  # denied, or said only with the later chips
        facts["declared_first"] = "nothing"


def _said_only_later(r: Reading) -> bool:
    """"Raise" said only once he was back at his stack for more ("ne prende altri 400 e solo mentre li spinge dice
    'rilancio'"): said after the first movement, it declared nothing before the chips."""
    later = r.matches("string_motions") + r.matches("string_added")
    said = words_said(r, "raise_declared_yes")
    return bool(later and said) and all(m.start() > min(m.start() for m in later) for m in said)


def limit_half(r: Reading, facts: Facts) -> None:
    """In limit, whether the chips added after the first movement were at least half the round's bet (a full bet
    plus at least half a bet is a raise to complete, under Robert's)."""
    if betting_round.structure(r) is not Structure.LIMIT:
        return
    # the chips of the later movement are told last ("ne mette 100 … e con un secondo movimento altre 20")
    later = next(reversed(r.matches("string_added")), None)
    added = _added(r, later) if later else None
    size = _bet_size(r, later.start()) if later else None
    if added is not None and size is not None and size > 0:
        facts["half_or_more"] = "yes" if 2 * added >= size else "no"


def _bet_size(r: Reading, added_at: int) -> Decimal | None:
    """The round's bet: a round opened with a bet ("limit 4/8, bet 8") gives it, whatever street it was on, else
    the full raise of the round worked out; with no round worked out, the chips of the first movement ("mette 8 per
    chiamare, poi … altre 4"): in limit, the first movement before the chips added is one bet."""
    told = betting_round.told(r)
    if told is not None:
        opening = next((a.to for a in told.actions if a.move is Move.BET and a.to is not None), None)
        return Decimal(opening if opening is not None else told.check.full_raise)
    first = next((m for m in r.matches("round_push") if m.start() < added_at), None)
    return betting_round.read_number(r, group(first, "to")) if first else None


def _added(r: Reading, match: re.Match[str]) -> Decimal | None:
    """The chips added after the first movement: "adds 10", "altre tre fiche da 1" (three chips of 1)."""
    value, count = betting_round.read_number(r, group(match, "amount")), group(match, "count")
    if value is None or not count:
        return value
    return value * (int(count) if count.isdigit() else r.lexicon.numbers.get(count, 1))


def _string(r: Reading, given: Facts) -> Facts | None:
    """Chips put in with several movements, or a string bet named in a situation (not "are string bets allowed?")."""
    if out_of_scope(r):
        return None
    motions = said_outright(r, "string_motions")
    return {} if motions or (said_outright(r, "string_named") and tells_a_situation(r)) else None


TOPIC = Topic("string-bet", cues=(Cue(133, on_digits(_string)),),
              readers=tuple(map(on_digits, (one_motion, declared_first, betting_structure, half_or_more, limit_half))))
