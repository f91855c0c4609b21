"""How the hand is dealt again after a misdeal (misdeal.redeal): the button stays, and under TDA the redeal is an
exact replay (seats, level, players away or penalised). Whether it was a misdeal at all is the mistake's own
topic; this one answers only the question about the redeal, so it is tried first, but "si rifà?" after a misdeal item
told asks whether it is one."""

from __future__ import annotations

from ..readers.negation import denied
from ..reading import Facts, Reading
from . import Cue, Topic
from .misdeal_condition import errors_told


def _misdeal_told(r: Reading) -> bool:
    """A misdeal told as having happened: said with its subject or premise anywhere ("after a misdeal", "the floor
    called a misdeal"), or opening a sentence ("Misdeal because I dealt past the 5 seat", "Dichiarato il misdeal"),
    where those words are neither a question nor a verb whose subject and denial come before them."""
    return r.has("after_misdeal") or any(m.start() == r.sentence_start(m.start()) and not denied(r, m)
                                         for m in r.matches("misdeal_told_first"))


def _redeal(r: Reading, given: Facts) -> Facts | None:
    said = _misdeal_told(r) or (r.has("redo_asked") and not errors_told(r))
    if not (said or r.has("redeal_word")) or not r.has("redeal_how"):
        return None
    if said:
        return {}
    asked = any(r.near("redeal_how", m.start(), "redeal_question_reach") or
                r.near("redeal_how", m.end(), "redeal_question_reach") for m in r.matches("redeal_word"))
    return {} if asked else None


def _redeal_after_misdeal(r: Reading, given: Facts) -> Facts | None:
    """A misdeal said to have happened and how the redeal goes asked: the redeal, whatever else the story names on
    the way ("after a misdeal the clock ticked over to the next level: do we redeal at the new level?" is not about
    the clock)."""
    return {} if r.has("redeal_how") and _misdeal_told(r) else None


TOPIC = Topic("misdeal-redeal", cues=(Cue(154, _redeal_after_misdeal), Cue(145, _redeal)))
