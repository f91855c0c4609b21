"""A bet or raise put in with several movements (betting.string-bet). What decides it: one movement or several;
what he had said before his chips went in ("raise", the amount, or nothing); in limit under Robert's, whether he
put out a full bet plus at least half a bet."""

from __future__ import annotations

from ..readers.phrases import out_of_scope, said_unless_denied, settled_by, tells_a_situation
from ..reading import Facts, Reading
from . import Cue, Topic
from .allin_reopen import betting_structure
from .raise_size import half_or_more

one_motion = settled_by("one_motion", {"string_motions": "no", "one_motion_yes": "yes"})


def declared_first(r: Reading, facts: Facts) -> None:
    """"Raise" or the amount said before the chips, or neither ("without saying raise", "raise" only afterwards)."""
    said = said_unless_denied(r, "raise_declared_yes", "raise_declared_no")
    if said:
        facts["declared_first"] = "raise"
    elif r.has("amount_declared"):
        facts["declared_first"] = "amount"
    elif said is False:
        facts["declared_first"] = "nothing"


def _string(r: Reading, given: Facts) -> Facts | None:
    """Chips put in with several movements, or a string bet named in a situation (not "are string bets allowed?")."""
    if out_of_scope(r):
        return None
    return {} if r.has("string_motions") or (r.has("string_named") and tells_a_situation(r)) else None


TOPIC = Topic("string-bet", cues=(Cue(133, _string),), readers=(one_motion, declared_first, betting_structure,
                                                               half_or_more))
