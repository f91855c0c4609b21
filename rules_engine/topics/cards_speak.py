"""At showdown the cards decide, not what players say (showdown.cards-speak): a tabled hand misread or miscalled,
a player who mucked because an opponent claimed a hand he did not hold, or a dealer who mucked a tabled winner.
What decides it: which of those happened, and whether mucked cards can still be picked out. A pot already awarded
and complained about is `pot-dispute`; a board claim is `board-claim`."""

from __future__ import annotations

import re

from ..readers.identifiable import hand_identifiable
from ..readers.negation import denied
from ..readers.showdown import (
    ALL,
    HAND,
    OTHER,
    dealer_releases,
    hand_released,
    holder,
    overlap,
    releases,
    same_holder,
    shows,
)
from ..reading import Facts, Reading
from . import Cue, Topic


def _tabled(r: Reading) -> list[re.Match[str]]:
    """Where a hand was turned face up, not said as denied ("never tabled his cards") nor a single card turned
    ("turns up one card, tosses the other"): a card is no tabled hand. Read once per text."""
    return r.derived("cards_speak.tabled", lambda: [m for m in r.matches("shown_hand") if not denied(r, m) and not any(
        overlap(m, one) for one in r.matches("one_card_shown"))])


def killed_tabled(r: Reading) -> bool:
    """The dealer killed a hand that was face up ("never tabled his cards" is no tabled hand): said so, or told
    as cards the dealer let go after the tabling, the tabled hand's as far as the text says ("I tabled my flush,
    the dealer swept his cards" is the loser's hand going), with no player letting cards go before it ("he
    tabled, I tossed mine, the dealer scooped both", "flipped them face up onto the muck, the dealer mucked them":
    the dealer took what a player had already let go)."""
    tabled = _tabled(r)
    if not tabled or r.has("dealer_killed"):
        return bool(tabled)
    by_dealer = dealer_releases(r)
    by_players = [m.start for m in hand_released(r) if m.start not in {d.start for d in by_dealer}]
    return any(t.end() <= m.start and m.cards == HAND and not m.denied
               and same_holder(holder(r, t.start(), t.end()), m.holder)
               and not any(at < m.start for at in by_players) for t in tabled for m in by_dealer)


def _false_claim(r: Reading) -> bool:
    """Someone announced a hand and then showed less, or another hand than he named. (A player who mucked a
    winner after a true claim misread his own hand: that is `mucked-hand`.)"""
    claims = r.matches("hand_claim")
    return bool(claims) and (r.has("claim_false") or any(_shown_otherwise(r, claim) for claim in claims))


def _shown_otherwise(r: Reading, claim: re.Match[str]) -> bool:
    """A hand turned over after the claim that is not the hand claimed ("announces a full house … turns over a
    flush"), or the claimer's hand named after it as another ("he announced a full house, I mucked, his real hand
    was two pair"; "I had a flush" is the teller's hand, not the claimer's)."""
    claimed = _hands(r, claim)
    claimer = _claimer(r, claim)
    later = [m for m in r.matches("hand_shown") if m.start() >= claim.end()]
    later += [m for m in r.matches("hand_name") if m.start() >= claim.end() and claimer is not None
              and holder(r, m.start(), m.end()) == claimer]
    shown = {hand for m in later for hand in _hands(r, m)}
    return bool(claimed and shown) and not claimed & shown


def _claimer(r: Reading, claim: re.Match[str]) -> str | None:
    """Who made a claim: the player named before it, else another player's word inside it ("Marco ha dichiarato");
    a teller's word inside it is the claimer quoted ("he says 'I have a straight'"), so it names nobody."""
    before = holder(r, claim.start(), claim.start())
    return before or (OTHER if holder(r, claim.start(), claim.end()) == OTHER else None)


def _hands(r: Reading, span: re.Match[str]) -> set[str]:
    """The hands named inside a phrase, each under its one name (the pattern group that found it)."""
    return {name for m in r.matches("hand_name") if span.start() <= m.start() < span.end()
            for name, text in m.groupdict().items() if text}


def _played_down(r: Reading) -> bool:
    """A player called his own hand and the truth was told after it ("said 'I got nothing', turned his cards up;
    turns out he had a wheel", "announces 'two pair', but he actually has a straight", "dice 'ho tris', in realtà
    ha un full"): a miscalled hand, when it was turned face up, however the showing is told (`shows`: "giro le
    carte", "turn my cards up")."""
    said = r.matches("hand_played_down") + r.matches("hand_claim")
    shown = bool(_tabled(r)) or any(s.cards == ALL and not s.denied for s in shows(r))
    return shown and any(t.end() > m.end() for m in said for t in r.matches("truth_revealed"))


def _mucked_on_claim(r: Reading) -> bool:
    """A player threw his cards away face down believing a false claim; thrown face up, they are tabled."""
    return _false_claim(r) and any(m.cards == HAND for m in releases(r)) and not r.has("thrown_face_up")


def misread(r: Reading) -> bool:
    """A misreading at a showdown: "I had misread my own cards" while the dealer dealt is no showdown dispute."""
    shown = bool(_tabled(r))  # "il mazziere non ha girato niente"
    miscalled = any(not denied(r, m) for m in r.matches("miscalled")) and (  # "nobody miscalled"
        shown or r.has("showdown_scene") or r.has("hand_claim"))
    return miscalled or r.has("cards_speak") or r.has("dealer_reading") or _false_claim(r) or _played_down(r) \
        or stopped_and_tabled(r)


def stopped_and_tabled(r: Reading) -> bool:
    """The dealer stopped a hand on its way to the muck and turned it up ("starts sliding his cards in but the
    dealer stops them and turns them over … I say he tried to muck so the pot is mine"): the tabled cards decide,
    and the dealer's grabbing them is no protect-your-hand case."""
    return any(s.start() > m.start() for m in r.matches("muck_stopped") for s in _tabled(r))


def _hand_lost_to_words(r: Reading, given: Facts) -> Facts | None:
    """A hand thrown away on a false claim, a tabled winner killed, or a tabled hand its owner talked down ("I
    said I got nothing … turns out I had a wheel"): said more specifically than a request to share the pot ("… do
    I get anything?", "got nothing?"), so tried before board claims."""
    if not r.has("hand_reading_words") or not (
            _mucked_on_claim(r) or killed_tabled(r) or (_played_down(r) and not _own_misread_muck(r)
                                                        and not _thrown_face_up(r))):
        return None
    return None if r.has("normal_play") or r.has("board_played") else {}


def _thrown_face_up(r: Reading) -> bool:
    """The player let his hand go face up ("throws both cards face up towards the muck saying 'only ace high'"):
    whether that is a fold or a tabled hand comes first, so the words he said decide only if nothing else does."""
    return r.has("thrown_face_up") and bool(hand_released(r))


def _cards_against_words(r: Reading, given: Facts) -> Facts | None:
    if _own_misread_muck(r):
        return None  # he misread his own hand and threw it face down: the cards never spoke (a mucked hand)
    return {} if r.has("hand_reading_words") and misread(r) and not r.has("normal_play") else None


def _own_misread_muck(r: Reading) -> bool:
    """"You fold your hand face down, then realize you misread the board": no tabled hand, no dealer's reading,
    no opponent's false claim."""
    mucked = bool(hand_released(r)) and not r.has("thrown_face_up")
    told = r.has("dealer_reading") or _false_claim(r) or killed_tabled(r)
    return mucked and r.has("own_misread") and not told


def misread_kind(r: Reading, facts: Facts) -> None:
    """A player who threw his own cards away on a false claim comes first, even if the dealer then scooped them."""
    if _mucked_on_claim(r):
        facts["misread_kind"] = "mucked-on-claim"
    elif killed_tabled(r):
        facts["misread_kind"] = "tabled-winner-killed"
    elif misread(r):
        facts["misread_kind"] = "hand-misread"


TOPIC = Topic("cards-speak", cues=(Cue(107, _hand_lost_to_words), Cue(77, _cards_against_words)),
              readers=(misread_kind, hand_identifiable))
