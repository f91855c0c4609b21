"""The undealt cards dropped, spilled or mixed up during a hand (deck.disordered-stub): whether their order can be
rebuilt with certainty, and whether they got mixed with the discards or burns. A deck dropped before the deal is
no irregularity (it is simply shuffled), so it is not this topic."""

from __future__ import annotations

import re

from ..readers.negation import happened, negated
from ..reading import Facts, Reading, inside
from . import Cue, Topic


def _dropped(r: Reading, given: Facts) -> Facts | None:
    if r.has("stub_before_deal"):
        return None
    if not (r.has("stub_dropped") or r.has("stub_accident")):
        return {} if _stub_mixed_in(r) or _stub_scattered(r) else None
    if r.has("deck_missing_card") and not r.has("stub_dropped"):
        return None  # "a card missing from the deck, found on the floor": one card never dealt, the deck's fault
    if r.has("stub_dropped"):
        return {}
    accidents = r.matches("stub_accident")
    exposed = [m for m in happened(r, "exposure")  # "slid off", "per terra" are the accident's own words; "nothing
               # flipped" exposed nothing
               if not any(m.start() < a.end() and a.start() < m.end() for a in accidents)]
    if exposed or r.has("ordinal_card") or r.has("lock_wrong_card"):
        return None  # an exposed hole card ("the second card off the deck slipped out face up"), a wrong board card
    near = any(r.near("stub_accident", m.start(), "stub_accident_reach") for m in r.matches("stub_noun"))
    return {} if near else None


def _stub_scattered(r: Reading) -> bool:
    """The undealt cards named, then said scattered close after, however the accident is told ("elbow catches
    the stub and it goes all over the carpet", "il mazzo … carte sparse dappertutto"): the scattering is the
    accident. Not the stub named as a place ("cards from the stub")."""
    reach = r.lexicon.windows["stub_accident_reach"]
    stubs = [stub for stub in r.matches("stub_noun")
             if not r.lexicon.says("stub_as_place", r.before(stub.start(), "stub_place_before").rstrip())]
    return any(0 <= lost.start() - stub.end() <= reach for stub in stubs for lost in r.matches("cards_scattered"))


def _stub_mixed_in(r: Reading) -> bool:
    """The undealt cards named just before being said to have ended up among the discards or burns, with no other
    accident told ("il mazzo che restava è finito mescolato con le carte foldate e le bruciate"): the mix is the
    accident. Not a player's cards mixed in after the stub is named ("le sue carte sono finite sotto lo stub e il
    mazziere le ha raccolte con gli scarti"), nor the stub named as where a card came from or lay ("burned one from the
    deck into the muck")."""
    reach = r.lexicon.windows["stub_mixed_reach"]
    stubs = [stub for stub in r.matches("stub_noun")
             if not r.lexicon.says("stub_as_place", r.before(stub.start(), "stub_place_before").rstrip())]
    return any(any(0 <= m.start() - stub.end() <= reach for stub in stubs) and not _doubted(r, m)
               for m in r.matches("stub_into_discards"))


def order_recoverable(r: Reading, facts: Facts) -> None:
    """Said certain ("it fell as a block") beats any word of disorder; scattered or mixed cards have lost it (not
    "nothing mixed with the muck"); else what the story says of the order, known or not (`_order_said`)."""
    if r.has("order_certain"):
        facts["order_recoverable"] = "yes"
    elif any(not negated(r, m) for m in r.matches("order_lost")):
        facts["order_recoverable"] = "no"
    elif said := _order_said(r):
        facts["order_recoverable"] = said


def _order_said(r: Reading) -> str | None:
    """The order named with a word of knowing, keeping or rebuilding it close by ("we all know their order", "order
    obviously intact", "si può ricostruire l'ordine esatto"): known, unless a denial stands right before that word
    ("l'ordine non si ricostruisce", "nobody knows the order"); nothing when the story wonders ("not sure whether the
    order can be rebuilt")."""
    reach = r.lexicon.windows["order_said_reach"]
    for order in r.matches("order_word"):
        start = max(0, order.start() - reach)
        kept = r.lexicon.find("order_kept_said", r.text[:order.end() + reach], start)
        if kept is None:
            continue
        before = r.text[start:min(kept.start(), order.start())].rstrip()
        if r.lexicon.says("order_said_in_doubt", before):
            return None
        return "no" if r.lexicon.says("order_said_denied", r.text[start:kept.start()].rstrip()) else "yes"
    return None


def mixed_with_discards(r: Reading, facts: Facts) -> None:
    """Kept apart is the later, corrected word ("onto the muck, well, next to it, it didn't mix"), unless denied right
    before ("not separate from the muck"), and so is the mix denied; a doubt near the discards leaves it to the
    question."""
    told = r.matches("stub_into_discards")
    apart = any(not negated(r, m) for m in r.matches("stub_apart_from_discards"))
    if apart or any(_mix_denied(r, m) for m in told):
        facts["mixed_with_discards"] = "no"
    elif any(not _doubted(r, m) for m in told):
        facts["mixed_with_discards"] = "yes"


def _mix_denied(r: Reading, told: re.Match[str]) -> bool:
    """The discards named as where nothing went, the denial in the same clause however the verb is said ("nothing got
    into the discard pile", "non è finito niente tra gli scarti")."""
    return r.lexicon.says("mix_denied_before", r.before(told.start(), "mix_denied_before").rstrip())


def _doubted(r: Reading, told: re.Match[str]) -> bool:
    """A doubt told just before ("maybe some into the muck", "forse qualcuna sugli scarti") or right after ("…into
    the muck, nobody's sure"), not one about something else further on ("onto the discards after the flop, no idea
    about the order")."""
    reach = r.lexicon.windows["doubt_detail"]
    before = r.matches("uncertain") + r.matches("stub_mix_hedge")
    if any(0 <= told.start() - m.start() <= reach for m in before):
        return True
    after = r.lexicon.windows["stub_mix_doubt_after"]
    lost = r.matches("order_lost")  # "…with the folded cards, non si capisce piu quali sono le buone": the order lost,
    # not a doubt about the mix
    return any(0 <= m.start() - told.end() <= after and not any(inside(m, told_lost) for told_lost in lost)
               for m in r.matches("uncertain"))


def mixed_means_lost(r: Reading, facts: Facts) -> None:
    """Undealt cards mixed into the discards have lost their order unless the text says it is certain: nobody can
    tell which were the stub's, let alone where each lay."""
    if facts.get("mixed_with_discards") == "yes":
        facts.setdefault("order_recoverable", "no")


TOPIC = Topic("disordered-stub", cues=(Cue(105, _dropped),),
              readers=(order_recoverable, mixed_with_discards, mixed_means_lost))
