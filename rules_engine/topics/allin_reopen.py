"""Whether a short all-in reopened the betting (betting.incomplete-allin-reopen): may a player who already acted
raise again? With amounts told, table_tools.raising works it out for the player asking (several short all-ins
add up); the ruling's notes quote the numbers. Otherwise the rule asks."""

from __future__ import annotations

from table_tools.raising import Kind, Structure

from ..readers import betting_round
from ..readers.betting_round import on_digits
from ..readers.events import CHANGING, TELLER, events, may_tell
from ..readers.phrases import settled_by
from ..reading import Facts, Reading
from . import Cue, Topic
from .raise_size import legality_asked

_STRUCTURE_VALUES = {Structure.NO_LIMIT: "no-limit", Structure.POT_LIMIT: "pot-limit", Structure.LIMIT: "limit"}

already_acted = settled_by("already_acted", {"asker_not_acted": "no", "asker_acted": "yes"})
reopens = settled_by("reopens", {"allin_short": "no", "allin_full": "yes"})
# "less than half a bet": the limit test, said in words
half_or_more = settled_by("half_or_more", {"half_no": "no", "half_yes": "yes"})


def _reopen(r: Reading, given: Facts) -> Facts | None:
    """Words about reopening the betting or a short all-in, or a player asking to raise again (or what he may do)
    after an all-in."""
    if r.has("strategy"):
        return None
    asked = r.has("round_asker") or r.has("allin_options_question") or r.has("round_back_to") or \
        raise_asked_after_allin(r)
    if legality_asked(r) and not asked and not r.has("allin_reopen"):
        return None  # "is his all-in for 700 valid?": the all-in itself, the raise-size rule's, not anyone's options
    if r.has("allin_reopen") or raise_asked_after_allin(r) or (r.has("round_allin_word") and (
            r.has("round_asker") or r.has("allin_options_question") or r.has("allin_reopen_raise_words"))):
        return {}
    return None


def acted_on_an_earlier_street(r: Reading, facts: Facts) -> None:
    """"I raised pre-flop … on the flop he goes all-in": his action was on an earlier round, so on this one he
    has not acted yet."""
    streets = r.matches("round_postflop")
    if facts.get("already_acted") != "yes" or not streets:
        return
    start = streets[-1].start()
    if all(m.start() < start for m in r.matches("asker_acted")) and any(
            m.start() > start for m in r.matches("round_allin_word")):
        facts["already_acted"] = "no"


def betting_structure(r: Reading, facts: Facts) -> None:
    kind = betting_round.structure(r)
    if kind is not None:
        facts["betting_structure"] = _STRUCTURE_VALUES[kind]


def raise_asked_after_allin(r: Reading) -> bool:
    """A bet or raise only asked about, wanted or called legal after an all-in that happened, by a player who had
    moved before the all-in ("UTG raises … the button shoves 900. UTG wants to re-raise to 2500, is that legal?",
    "can UTG make it 2000?"): a move not made yet, by one who already acted, so the question is whether the all-in
    reopened the betting for him, not the size of a raise that was made. (One who had not acted may raise: "I want
    to raise to 200" after the all-in asks how much.)"""
    if not may_tell(r, "allin"):
        return False  # no all-in in the text's words: the events (a slow reader) are not worked out
    told = events(r)
    allin = next((e.start for e in told if e.move == "allin" and e.happened), None)
    if allin is None:
        return False
    acted = {e.actor for e in told if e.happened and e.actor and e.start < allin}
    return any(e.hypothetical and e.move in CHANGING and e.start > allin and e.actor in acted for e in told)


def _teller_moved_before(r: Reading) -> bool:
    """The teller tells a move of his own on this street ("I'm UTG and raise, the hijack shoves", "I had raised to
    300") that the round did not read: then it cannot be said that he had not acted. Read from the events, so a
    move of his told after the all-in in the past perfect counts too, and one only asked about does not."""
    streets = r.matches("round_postflop")
    start = streets[-1].start() if streets else 0
    return any(e.actor == TELLER and e.happened and e.move != "fold" and e.start >= start for e in events(r))


def reopen_amounts(r: Reading, facts: Facts) -> None:
    """For the player asking: had he acted, how much the bet rose since, and whether that is a full raise."""
    told = betting_round.told(r)
    if told is None:
        return
    check = told.check
    all_ins = [reading for reading in check.readings if reading.kind in (Kind.ALL_IN_FULL, Kind.ALL_IN_SHORT)]
    if all_ins and told.structure is Structure.LIMIT:
        facts["half_or_more"] = "yes" if all_ins[-1].kind is Kind.ALL_IN_FULL else "no"
    asker = told.asker
    if asker is None and not r.has("round_asker") and not r.has("asker_not_acted") and len(check.options) == 1:
        # the one player it can be about, unless the text puts the question to a player who had not acted yet
        asker = check.options[0].player
    others = [o.player for o in check.options if o.player != betting_round.ME]
    if asker == betting_round.OTHER:  # "I bet … can he re-raise?": the one other player who acted, if only one
        asker = others[0] if len(others) == 1 else None
    values = {"full_raise": check.full_raise, "next_min_raise_to": check.min_raise_to}
    option = next((o for o in check.options if o.player == asker), None)
    if option is not None:
        facts["already_acted"] = "yes"
        facts["reopens"] = "yes" if option.may_raise else "no"
        values |= {"raised_since": option.facing, "to_call": option.to_call}
    elif asker == betting_round.ME and _teller_moved_before(r):
        facts["already_acted"] = "yes"  # his move the round did not read ("rilancio io a 6"): whether he may raise
        # again stays to be asked
    elif asker is not None and all(action.player != asker for action in told.actions):
        facts["already_acted"] = "no"
        values |= {"to_call": check.bet}
    for name, value in values.items() if not told.guessed else ():  # guessed blinds: no amount to quote
        whole = betting_round.amount(value)
        if whole is not None:
            facts[name] = whole


TOPIC = Topic("allin-reopen", cues=(Cue(93, on_digits(_reopen)),),
              readers=tuple(map(on_digits, (already_acted, acted_on_an_earlier_street, reopens, half_or_more,
                                            betting_structure, reopen_amounts))))
