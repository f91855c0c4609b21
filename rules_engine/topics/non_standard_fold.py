"""A fold that wasn't needed, or that a player wants back (action.non-standard-fold): he folded with no bet to
face, or pushed his cards away by mistake. What decides it: whether he faced a bet, whether he said 'fold' or
only let his cards go, whether the next player acted on it, and whether his cards can still be picked out.
A fold out of turn is the out-of-turn topic (it outranks this one)."""

from __future__ import annotations

from ..readers.events import events, passed_over, skipped_players
from ..readers.identifiable import hand_identifiable
from ..readers.negation import denied
from ..readers.phrases import settled_by
from ..reading import Facts, Reading
from . import Cue, Topic
from .out_of_turn import acted_out_of_turn

# "Call or raise?" is only asked of a player facing a bet.
facing_bet = settled_by("facing_bet", {"facing_bet_no": "no", "facing_bet_yes": "yes", "call_or_raise_question": "yes"})


def fold_way(r: Reading, facts: Facts) -> None:
    """How he folded: said aloud, unless the word is denied ("never says fold", "senza dire passo"); else his cards
    let go."""
    if any(not denied(r, m) for m in r.matches("fold_declared")):
        facts["fold_way"] = "declared"
    elif r.has("fold_released"):
        facts["fold_way"] = "released"


next_acted = settled_by("next_acted", {"next_acted_yes": "yes", "next_acted_no": "no", "not_yet_acted": "no"})


def _needless(r: Reading, given: Facts) -> Facts | None:
    """A fold with no bet to face, or a fold he wants back; not a hand mucked at showdown (the showdown rules')."""
    answerable = r.has("fold_act") and (r.has("facing_bet_no") or r.has("fold_take_back"))
    if not (answerable or r.has("needless_fold")):
        return None  # nothing this cue could answer (its last tests, first): the story's events are not worked out
    if r.has("fold_at_showdown") or r.has("online_play"):
        return None  # an online misclick is the site's business, not a table ruling
    if r.has("misdeal_called") or r.has("deal_went_wrong"):
        return None  # a fold wanted back because the deal was wrong: the misdeal cut-off decides
    if r.has("last_round_checked") and r.has("tabled"):
        return None  # "everyone checked the river, SB showed first, the rest mucked": a showdown muck
    if _muck_only(r):
        return None  # "mucked the best hand by accident, can he get it back?": the mucked hand's
    if _after_a_shown_hand(r):
        return None  # "Mike flips a straight, I see I'm beat and toss my cards": a showdown muck
    if _folded_past_another(r):
        return None  # "the hijack hadn't acted yet when the button threw his cards in": a fold out of turn
    if r.has("needless_fold"):
        return {}
    if not r.has("fold_act") or _dealt_too_soon(r):
        return None  # a card dealt while someone still had to act: the premature card's story, whoever folded
    return {} if r.has("facing_bet_no") or r.has("fold_take_back") else None


def _declared_fold_taken_back(r: Reading, given: Facts) -> Facts | None:
    """A fold said aloud facing a bet, then taken back ("davanti a una puntata ha detto 'fold' e poi ha cambiato
    idea", "said 'I fold' facing the river bet, then said he misspoke"): this rule's declared fold, above the
    verbal-declaration topic's word followed by a change of mind, which keeps a word said with no bet told ("dice
    'passo' al suo turno, poi cambio idea"); not a fold said out of turn (the out-of-turn rule's)."""
    told = r.has("fold_declared") and r.has("fold_take_back") and r.has("facing_bet_yes")
    if not told or acted_out_of_turn(r):
        return None
    said = r.matches("fold_declared")[0].start()
    return _needless(r, given) if any(m.start() > said for m in r.matches("fold_take_back")) else None


def _fold_over_a_check(r: Reading, given: Facts) -> Facts | None:
    """A fold told as taking a check's place ("butta le carte nel muck invece di fare check"): this rule's evidence
    itself, above a deal error whose words ("al bottone … invece di") only tell where the checks went; the same
    exceptions as the weak cue (a showdown muck, a fold out of turn)."""
    return _needless(r, given) if r.has("fold_over_a_check") else None


BETTING_TOLD = ("facing_bet_yes", "facing_bet_no", "call_or_raise_question", "next_acted_yes", "next_acted_no",
                "fold_declared")
"""Concepts that tell the betting a fold was in; the mucked-hand topic steps aside from a fold told with them."""


def _muck_only(r: Reading) -> bool:
    """Cards let go by mistake or said to be still identifiable, with nothing told of the betting the fold was in
    (a bet faced or not, a word said, the next player acting): the mucked hand's question, whether they can be
    taken back, not this rule's (a fold that binds or not by the betting)."""
    return (r.has("muck_regret") or r.has("cards_identifiable")) and not any(map(r.has, BETTING_TOLD))


def _after_a_shown_hand(r: Reading) -> bool:
    """An opponent's hand turned over before the fold: the cards were let go at a showdown, not in the betting."""
    folds = r.matches("fold_act")
    return bool(folds) and any(m.start() < folds[0].start() for m in r.matches("hand_shown"))


def hand_still_there(r: Reading, facts: Facts) -> None:
    """His cards said to be still where he let them go ("le carte erano ancora lì, chiarissime"): identifiable, unless
    the story already said whether they are (mixed in later, "ma poi il dealer le ha mischiate"); not said denied."""
    if "hand_identifiable" not in facts and any(not denied(r, m) for m in r.matches("fold_cards_still_there")):
        facts["hand_identifiable"] = "yes"


def next_acted_heads_up(r: Reading, facts: Facts) -> None:
    """Heads-up, the opponent had already acted when he folded ("villain checked, I mucked"): nobody was left
    to act on the fold."""
    if "next_acted" in facts or not r.has("heads_up_yes") or not r.has("fold_act"):
        return
    fold = r.matches("fold_act")[0].start()
    if any(m.start() < fold for m in r.matches("round_check")):
        facts["next_acted"] = "no"


def _folded_past_another(r: Reading) -> bool:
    """A fold made past a player told first as still to act, or told as made before he acted ("threw his cards
    away before the small blind decided"): out of turn, the out-of-turn rule's."""
    past = passed_over(r)
    if past is None:
        return False
    who, move = past
    return move.move == "fold" and any((mark.at < move.start or mark.before) and mark.who == who
                                       for mark in skipped_players(r))


def next_acted_in_story(r: Reading, facts: Facts) -> None:
    """Another player said to be still to act after the fold ("the cutoff hasn't acted yet"): nobody acted on it."""
    folds = [e for e in events(r) if e.move == "fold" and e.happened]
    if "next_acted" in facts or not folds:
        return
    if any(mark.at > folds[0].start and mark.who != folds[0].actor for mark in skipped_players(r)):
        facts["next_acted"] = "no"


def _dealt_too_soon(r: Reading) -> bool:
    """A card dealt while someone still had to act: "hadn't acted" told before the dealing, or the dealing told
    after the fold; not "the flop comes 9-9-4 … he flicks his cards … nobody has acted after him"."""
    dealt = r.matches("board_dealing")
    if not dealt or not r.has("betting_open"):
        return False
    fold = r.matches("fold_act")[0].start()
    return r.matches("betting_open")[0].start() < dealt[-1].start() or dealt[-1].start() > fold


TOPIC = Topic("non-standard-fold", cues=(Cue(147, _declared_fold_taken_back), Cue(81, _fold_over_a_check),
                                         Cue(73, _needless)),
              readers=(facing_bet, fold_way, next_acted, next_acted_heads_up, next_acted_in_story, hand_identifiable,
                      hand_still_there))
