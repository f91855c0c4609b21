"""A player threw his own hand into the muck and now wants it back, or it landed in another player's cards
(showdown.mucked-hand). What decides it: whether his cards can still be picked out for certain, and whether they
fouled another hand. Mucking because of an opponent's wrong claim is `cards-speak`, showing one card then mucking
is `table-cards`, a dealer taking cards the player still held is protecting the hand (another topic); a plain
muck after losing is normal play."""

from __future__ import annotations

import re

from ..readers.identifiable import hand_identifiable
from ..readers.phrases import settled_by
from ..readers.showdown import Release, dealer_releases, hand_released
from ..reading import Facts, Reading
from . import Cue, Topic
from .non_standard_fold import BETTING_TOLD


def _regretted_muck(r: Reading, given: Facts) -> Facts | None:
    mucked = hand_released(r)  # "nobody mucked by mistake" is no muck
    if mucked and (r.has("muck_regret") or r.has("own_misread")
                   or _believed(r, mucked) or _still_there(r, mucked) or _lost_in_muck(r, mucked)
                   or _opponent_still_in(r, mucked)) \
            and not r.has("normal_play"):
        return {}
    return None


def _kept_apart_after_muck(r: Reading, given: Facts) -> Facts | None:
    """His cards let go, then said to be still known against the muck ("threw them forward and they touched the
    muck, but you could still tell which two were his"): told only because he wants them back, above a fold that
    binds (the cards' fate is the question, not whether folding was allowed); not with the betting the fold was
    in told ("no bet to face… but they are still there, and nobody after him has acted": that fold's rule)."""
    mucked = hand_released(r)
    if not mucked or r.has("normal_play") or any(map(r.has, BETTING_TOLD)):
        return None
    return {} if _still_there(r, mucked) else None


def _owner_kept_apart(r: Reading, given: Facts) -> Facts | None:
    """Strong evidence, above a card dealt too soon and the fold topics that share its words ("let his cards go too
    early, but his two cards were still lying apart on top of the discards"): the player himself let his cards go,
    not the dealer, and they are said to be there all the same. What becomes of them is the question. It yields to
    the showdown topics (`_SHOWDOWN_STORIES`: one card shown, a wrong claim believed, the board played, the dealer
    told taking the hand): the muck is then only part of their story."""
    if _kept_apart_after_muck(r, given) is None:
        return None
    by_dealer = {m.start for m in dealer_releases(r)}
    return {} if any(m.start not in by_dealer for m in hand_released(r)) else None


def _lost_in_muck(r: Reading, mucked: list[Release]) -> bool:
    """His cards said to be mixed into the discards after he let them go ("threw his hand in and it got mixed
    into the muck", "si sono mescolate con le altre"): whether they can be had back is the question, unless he lets
    the loss go ("oh well, nice hand")."""
    return any(m.start() > mucked[0].start for m in r.matches("cards_mixed")) and not r.has("muck_accepted")


def _opponent_still_in(r: Reading, mucked: list[Release]) -> bool:
    """Another player told as still holding cards after the muck ("I let my cards go into the muck. Then the BB
    says he still has cards"): he mucked believing he had won."""
    return any(m.start() > mucked[0].start for m in r.matches("opponent_still_in"))


def _into_another_hand(r: Reading, given: Facts) -> Facts | None:
    """Strong evidence, above the card-count and fold topics: a player threw his cards and they landed in another
    player's cards ("ho buttato le carte … sono finite sopra le carte di Marco … le quattro carte sono insieme"):
    four cards together are his fouled discards, not a player dealt too many; or he let them go believing the
    others had folded while one still held cards ("figured everyone folded … the button still had cards"): a
    bettor's premature muck, not a fold."""
    mucked = hand_released(r)
    if not mucked or r.has("normal_play"):
        return None
    return {} if r.has("fouled_other") or (r.has("muck_belief") and _opponent_still_in(r, mucked)) else None


def _still_there(r: Reading, mucked: list[Release]) -> bool:
    """The mucked cards said to be still there, against the muck ("ha buttato le carte nel muck ma si vedono
    ancora", "mucked too soon but his two cards were sitting on top of the pile"): told only because he wants them
    back."""
    return any(m.start() > mucked[0].start and _turned_against(r, mucked[0], m)
               for m in r.matches("cards_identifiable"))


def _turned_against(r: Reading, muck: Release, said: re.Match[str]) -> bool:
    """A turn ("but", "ma", "however") between the muck and what is said of the cards, in the sentence that says
    it, however many words name the cards ("but | his two cards were | sitting on top"), or just before it."""
    since = max(muck.end, r.sentence_start(said.start()))
    return r.lexicon.says("contrast", r.before(said.start(), "muck_contrast_before")) or any(
        since <= c.start() < said.start() for c in r.matches("contrast"))


def _believed(r: Reading, mucked: list[Release]) -> bool:
    """He mucked on a belief said in the same sentence ("pensavo che l'ultimo fosse il 9 e … ho buttato le carte")."""
    ends = {r.sentence_end(m.start) for m in mucked}
    return any(r.sentence_end(b.start()) in ends for b in r.matches("muck_belief"))


fouled_other_hand = settled_by("fouled_other_hand", {"fouled_other": "yes"})


_SHOWDOWN_STORIES = ("board-claim", "cards-speak", "table-cards", "protect-hand")

TOPIC = Topic("mucked-hand", cues=(Cue(160, _owner_kept_apart, yields_to=_SHOWDOWN_STORIES),
                                   Cue(104, _into_another_hand), Cue(74, _kept_apart_after_muck),
                                   Cue(57, _regretted_muck)),
              readers=(fouled_other_hand, hand_identifiable))
