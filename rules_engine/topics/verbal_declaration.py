"""What a player said in turn binds him (betting.verbal-binding): he wants to change what he said, said "call…
and raise", or his words and his chips disagreed (and which came first: catalogue C9). "Call… and raise" or a
clear mismatch outranks the chip topics; a bare "he changed his mind" is tried only after every other topic."""

from __future__ import annotations

from ..readers import betting_round
from ..readers.phrases import out_of_scope, said_outright, settled_by, tells_a_situation
from ..reading import Facts, Reading
from . import Cue, Topic
from .undercall import short_call

declaration = settled_by("declaration", {"verbal_call_raise": "call-and-raise", "verbal_chips_differ": "chips-differ",
                                         "verbal_said_then_changed": "changed-mind",
                                         "verbal_changed_mind": "changed-mind"})
word_timing = settled_by("word_timing", {"chips_first": "chips-first", "words_together": "together",
                                         "words_first": "words-first"})


def _said_otherwise(r: Reading, given: Facts) -> Facts | None:
    """"Call… and raise", words and chips that said different things, or a word then a change of mind."""
    if not (r.has("verbal_call_raise") or r.has("verbal_chips_differ")):
        # a word said, then a wish to do otherwise said outright ("said all-in, then only wanted to call"); acting
        # out of turn is the out-of-turn topic's (catalogue C10)
        changed = r.has("verbal_said_then_changed") and not (said_outright(r, "out_of_turn") or out_of_scope(r))
        return {} if changed else None
    if (short_call(r) and not r.has("raise_declared_yes")) or out_of_scope(r):
        return None  # "said call but put in less": the undercall rule settles a short call ("said raise to 1,000"
        # over fewer chips is words against chips: the amount said is no bet he faced)
    if _short_raise(r):
        return None  # "said raise and put out 1,300 facing 1,000": more than a call, less than a raise: its size
    if r.has("verbal_call_raise"):
        return {}
    # chips, then words: several trips to the stack before the word are the string-bet topic's, and "raise" said
    # after a single chip landed the oversized-chip topic's
    if r.has("string_motions") or (r.has("single_chip") and r.has("raise_declared_no")):
        return None
    return {} if r.has("verbal_chips_differ") else None


def _short_raise(r: Reading) -> bool:
    """"Raise" said, and chips put out above the call but short of a full raise: the raise-size rule decides how
    much he must add, not a clash of words and chips."""
    told = betting_round.told(r)
    return told is not None and told.check.under_raise is not None and r.has("raise_declared_yes")


def _changed_mind(r: Reading, given: Facts) -> Facts | None:
    """Weak evidence, after every other topic: someone wants to change what he said ("is verbal binding?" alone is
    a general question, not a situation)."""
    return {} if r.has("verbal_changed_mind") and tells_a_situation(r) else None


TOPIC = Topic("verbal-declaration", cues=(Cue(143, _said_otherwise), Cue(-3, _changed_mind)),
              readers=(declaration, word_timing))
