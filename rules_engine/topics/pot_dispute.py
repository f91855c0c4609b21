"""A pot awarded wrongly and complained about (showdown.dispute-deadline): the wrong player got it, or it was
counted or split wrong. What decides it: how long ago — had the next hand begun (first riffle) — and under TDA
what went wrong (a misread can be put right until the next hand, a miscount until substantial action in it). A
misread noticed before the pot is awarded is `cards-speak`; a normal showdown is no dispute. Tried before
`boxed-card`, whose "before shuffling" such complaints often say."""

from __future__ import annotations

import re

from ..readers.actions import players_acted
from ..readers.negation import denied
from ..readers.phrases import settled_by
from ..readers.showdown import paid_to_lower_hand, worse_hand_paid
from ..reading import Facts, Reading
from . import Cue, Topic
from .cards_speak import killed_tabled, misread  # a tabled hand killed, a hand misread: the cards speak


def _awarded_wrongly(r: Reading, given: Facts) -> Facts | None:
    if not r.has("pot_words"):
        return None
    awarded = any(not denied(r, m) for m in r.matches("pot_awarded"))  # "the dealer hasn't moved the chips"
    if not (awarded or r.has("late_claim") or r.has("next_hand_begun")):
        return None
    # "nobody miscalled, the pot went to the right guy" is no error
    wrong = r.has("better_hand_found") or worse_hand_paid(r) or paid_to_lower_hand(r) or any(
        not denied(r, m) for concept in ("wrong_award", "pot_miscount", "pot_correction") for m in r.matches(concept))
    disputed = _disputed_by_next_hand(r) or (awarded and _claimed_after_next_hand(r))
    if killed_tabled(r) and not r.has("next_hand_begun"):
        return None  # "scooped his face-up straight into the muck, pushed the pot": a tabled hand killed
    if _miscall_found_better(r) and not r.has("next_hand_begun"):
        return None  # "said 'two pair' and tabled, actually had a straight, dealer pushed him the pot": the cards speak
    return {} if (wrong or disputed) and not r.has("normal_play") else None


def _miscall_found_better(r: Reading) -> bool:
    """The only thing wrong told is a better hand found, in a story of a hand a player called aloud at showdown
    ("dice 'ho coppia' e gira, ma aveva colore"): the tabled cards against his words, no lower hand said paid, no
    chips miscounted, no dealer's misreading."""
    if worse_hand_paid(r) or paid_to_lower_hand(r) or any(map(r.has, ("pot_miscount", "pot_correction"))):
        return False
    called = (r.has("hand_claim") or r.has("hand_played_down")) and not r.has("dealer_reading")  # a player's word
    # "pushed the pot to the other guy": paid to someone else than the one who called his hand
    elsewhere = any(r.lexicon.says("another_player", r.text[m.start():min(
        m.end() + len(r.after(m.end(), "moved_object_after")), r.sentence_end(m.start()))])
        for m in r.matches("pot_awarded"))
    return called and not elsewhere and r.has("better_hand_found") and misread(r)


def _disputed_by_next_hand(r: Reading) -> bool:
    """A complaint made and timed against the next hand ("ho contestato subito, il dealer non aveva ancora raccolto
    le carte per la mano dopo"): the pot just pushed was disputed, and when is the question; "too late?" alone,
    or a complaint about a bet or a card, is none."""
    return r.has("next_hand_begun") and any(not denied(r, m) for m in r.matches("dispute_made"))


def _claimed_after_next_hand(r: Reading) -> bool:
    """A pot told as awarded, the next hand named, and whether it can still be claimed asked ("took down a pot…
    only when the next hand was dealt did I see I was short. Can I still claim it?"): asking is the complaint,
    whatever the teller found wrong with the pot (a hand he misread, chips short)."""
    return r.has("next_hand_begun") and r.has("late_claim")


error_kind = settled_by(
    "error_kind", {"pot_miscount": "pot-count", "wrong_award": "hand-read", "better_hand_found": "hand-read"}
)


def hand_read_error(r: Reading, facts: Facts) -> None:
    """The pot went to the lower of the hands the story names: a hand misread, however the hands are told."""
    if "error_kind" not in facts and (worse_hand_paid(r) or paid_to_lower_hand(r)):
        facts["error_kind"] = "hand-read"


# "before the next hand" says no though it names the next hand, so it is read first
next_hand_started = settled_by("next_hand_started", {"before_next_hand": "no", "next_hand_begun": "yes"})


def next_hand_action(r: Reading, facts: Facts) -> None:
    """Actions told after the next hand began are what TDA counts (substantial action in the next hand)."""
    begun = r.matches("next_hand_begun")
    if facts.get("next_hand_started") != "yes" or not begun:
        return
    told = " ".join((*(m[0] for m in r.matches("acted_in_next_hand")), *_acted_before_named(r, begun),
                     r.text[begun[0].end():]))
    players_acted(Reading(told, r.lexicon), facts)


def _acted_before_named(r: Reading, begun: list[re.Match[str]]) -> list[str]:
    """The moves of the next hand told in a time clause that ends by naming it ("only spotted it after the small
    blind, the big blind and UTG had all acted in the next hand", "quando UTG, UTG+1 e il cutoff avevano già
    parlato nella mano successiva"): from the clause's opening word to the hand named."""
    clauses = []
    for named in begun:
        sentence = r.sentence_start(named.start())
        openers = [m.end() for m in r.matches("time_clause_open") if sentence <= m.start() < named.start()]
        if openers:
            clauses.append(r.text[max(openers):named.start()])
    return clauses


TOPIC = Topic("pot-dispute", cues=(Cue(127, _awarded_wrongly),),
              readers=(error_kind, hand_read_error, next_hand_started, next_hand_action))
