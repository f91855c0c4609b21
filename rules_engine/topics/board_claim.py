"""Playing the board (holdem.play-the-board): a player claims a share of the pot because the board is his best
hand. What decides it: did he claim before letting go of his cards, and did he table both of them?

Players rarely say "I play the board": they muck "thinking we chop", ask "can I still get half?" with their cards
"still on top of the muck", or both show and split. Letting go of the cards believing in a split is a discard
before any claim; cards still identifiable on the muck may still be tabled under TDA (Rule 14) unless they were
turned up after all. Another player's showing is not the claimer's, and when two people tell it differently
what they disagree on is asked.
"""

from __future__ import annotations

import re
from collections import Counter

from ..readers.negation import denied, happened
from ..reading import Facts, Reading, inside
from . import Cue, Topic

_ONLY_THEN = re.compile(r"\b(?:only|solo) (?:then|after|dopo|allora)\b")
_AFTER = re.compile(r"\b(?:after|dopo)\b")
_BEFORE = re.compile(r"\b(?:before|prima di)\b")
_THEN = re.compile(r"\b(?:then|poi)\b")
_FOLDED = re.compile(r"fold")  # a player who folded gave up his hand: he is not the one claiming the board
_RANKS = "23456789tjqka"
_WHEEL = [0, 1, 2, 3, 12]  # A-2-3-4-5: the ace plays low
_BOTH = 2
_NEVER = re.compile(r"\b(?:never|didn t|did not|didnt|non|mai|without|senza)\b")  # a denial, not how the cards lie


def _claim(r: Reading, given: Facts) -> Facts | None:
    """A claim said outright, a discard believing in a split, a share asked for about cards let go or shown, or
    cards let go while the board made the hand ("ho buttato le carte, c'era scala al tavolo")."""
    if r.has("board_claim") or r.has("split_belief"):
        return {}
    if not (r.has("discard") or _shown(r) or r.has("still_on_muck")):
        return None
    let_go = r.has("discard") or r.has("still_on_muck")
    return {} if r.has("split_request") or (_board_hand(r) and (let_go or _both_shown(r))) else None


def _both_shown(r: Reading) -> bool:
    """Both players' cards shown at the end ("both of us turned our cards up", "seat 1 shows…, seat 6 shows…",
    "il secondo le scopre anche lui"): with the board making the hand, whether it is shared is the question, asked
    or not; not when a hand was read out ("the dealer called it a pair"): that is how the hands were read."""
    if r.has("dealer_reading"):
        return False
    shown = _shown(r)
    reach, both = r.lexicon.windows["owner_before"], r.matches("both_players")
    return len(shown) + len(r.matches("others_show")) >= _BOTH or any(
        m.start() - reach <= b.start() and b.end() <= m.end() for m in shown for b in both)


def _board_made_the_hand(r: Reading, given: Facts) -> Facts | None:
    """Strong evidence, tried before the one-card-at-showdown topic: the board makes the hand ("the board is a royal
    flush"), cards are shown or let go, and a share is asked ("split?") or the hands shown are said not to beat it:
    that is playing the board, however the hole cards were shown."""
    shown = bool(_shown(r))
    let_go = shown or r.has("discard") or r.has("still_on_muck")
    compared = shown and r.has("board_unbeaten")  # "both flip their cards, neither improves": the share
    # is the question, asked or not (not merely both shown: "both table, the dealer pushes it to queens full")
    return {} if _board_hand(r) and let_go and (r.has("split_request") or compared) else None


def _shown(r: Reading) -> list[re.Match[str]]:
    """Cards shown, not a showing denied ("he won't turn his cards over", "non gira nemmeno le carte"); worked out
    once per story (both cues and the reader ask)."""
    return r.derived("board_claim.shown", lambda: happened(r, "tabled") if r.has("tabled") else [])


def _board_hand(r: Reading) -> bool:
    """The board itself makes a hand: named ("c'era scala al tavolo"), or five ranks listed that make a straight, a
    full house or quads ("board AKQJT"); a listed board of high cards or one pair ("board was 6-J-2-9-K") is only
    the story's board, no hand to play."""
    return r.has("board_hand") or any(_made(m["ranks"].replace(" ", "")) for m in r.matches("board_listed"))


def _made(ranks: str) -> bool:
    """Five ranks ("akqjt", "6j29k") making a straight (the ace high or low), a full house or quads."""
    ranks = ranks.replace("10", "t")  # "a k q j 10"
    counts = sorted(Counter(ranks).values())
    if counts in ([2, 3], [1, 4]):
        return True
    values = sorted(_RANKS.index(rank) for rank in ranks)
    return len(set(values)) == len(values) and (values[-1] - values[0] == len(values) - 1 or values == _WHEEL)


def claim(r: Reading, facts: Facts) -> None:
    """Whether the claim came before the discard, and whether both cards were shown."""
    if r.has("conflicting_accounts") or _doubted(r):
        r.doubt("claim_before_discard")  # "he says he showed them, the other guy says he never did"
        r.doubt("cards_tabled")
        return
    claims = r.matches("board_claim")
    discards = [m for m in r.matches("discard") if not denied(r, m) and not _FOLDED.match(m[0])]
    others = r.matches("others_show")
    shown = [m for m in _shown(r)
             if not any(inside(m, c) for c in claims) and not any(inside(m, o) for o in others)]
    let_go = discards or r.has("still_on_muck")  # "my cards are still on top of the muck"
    if r.has("claim_late") or r.has("split_belief") or (let_go and not claims and not shown):
        facts["claim_before_discard"] = "no"  # let go of the cards before any claim
    elif discards and claims:
        facts["claim_before_discard"] = "yes" if _claimed_first(r, claims[0], discards[0]) else "no"
    else:
        facts["claim_before_discard"] = "yes"
    on_muck = r.matches("still_on_muck")
    face_down = r.matches("not_tabled")
    later = [m for m in shown if on_muck and m.start() > on_muck[-1].end()
             and not any(n.start() <= m.start() < n.end() for n in face_down)]  # not "never turned them"
    if r.has("retrieved_tabled") or later:
        facts["cards_tabled"] = "yes"  # took them back, or turned them up after they lay on the muck (TDA Rule 14)
    elif shown and face_down and not (on_muck or discards) and shown[-1].start() > face_down[-1].end():
        facts["cards_tabled"] = "yes"  # "lascia le carte coperte davanti a sé, non le butta … poi le gira tutte e
        # due": never let go, the last state told is the hand turned up
    elif face_down and not on_muck:
        facts["cards_tabled"] = "no"
    elif on_muck and any(n.start() > on_muck[-1].end() and _NEVER.search(n[0]) for n in face_down):
        facts["cards_tabled"] = "no"  # "identifiable on the muck, but he never turned them up"
    elif on_muck:
        return  # still identifiable on the muck: whether they were tabled is what TDA asks
    elif r.has("one_card_shown") or r.has("other_card_let_go"):
        facts["cards_tabled"] = "no"  # "shows one card and says board plays, mucks the other": not both tabled
    elif shown:
        facts["cards_tabled"] = "yes"
    elif discards or r.has("not_tabled") or len(_shown(r)) < len(r.matches("tabled")):
        facts["cards_tabled"] = "no"  # let go, or a showing denied ("ma non gira le carte")


def _doubted(r: Reading) -> bool:
    """A doubt about what was done with the cards ("an argument whether he flipped them or threw them in"), or
    about what became of them once let go ("nobody is sure if the dealer had already killed it")."""
    if r.has("fate_doubted") and (r.has("discard") or r.has("not_tabled")):
        return True
    return any(r.uncertain_near(m.start(), "doubt_detail") for m in r.matches("tabled") + r.matches("discard"))


def _claimed_first(r: Reading, claimed: re.Match[str], discard: re.Match[str]) -> bool:
    """Reads time order from word order, turned round by "after"/"before" between or just before."""
    if claimed.start() < discard.start():
        between = r.text[claimed.end():discard.start()]
        if _ONLY_THEN.search(between):
            return True  # "…turned both cards up, and only then let the dealer take them"
        return not _AFTER.search(between)
    between = r.text[discard.end():claimed.start()]
    if _BEFORE.search(r.before(discard.start(), "discard_lead")):
        return True
    return bool(_AFTER.search(between) and not _THEN.search(between))


TOPIC = Topic("board-claim", cues=(Cue(98, _board_made_the_hand), Cue(90, _claim)), readers=(claim,))
