"""A player showing his own cards during the hand (action.exposed-card-by-player): to a player still in it, to
someone out of it, or face up to the whole table. A card turned up while the cards are dealt, or as he peeks at
it, is the exposed hole card topic (holdem.exposed-holecard), which this one leaves alone."""

from __future__ import annotations

import re

from ..readers.agents import named_before
from ..readers.negation import denied
from ..readers.showdown import dealer_subject, last_round_bet, tabled_at_showdown
from ..reading import Facts, Reading, inside
from . import Cue, Topic

# Who saw them, tried in this order near the showing: someone out of the hand is named with words ("the player
# who had folded") that would otherwise read as a player still in it.
_SHOWN_TO = {"shown_to_outsider": "non-player", "shown_to_active": "active-player", "shown_to_table": "table"}


_RECEIVERS = ("shown_for", "shown_toward", "shown_to_active", "shown_to_table")  # whom it was for
_DEALER_DOES = re.compile(r"\b(?:dealer|mazziere|croupier|dealr)(?: \w+)? $")  # "the dealer (accidentally) flashed"


def _shown(r: Reading, given: Facts) -> Facts | None:
    """A player showing his hand to someone, or face up, during the betting; not while picking it up, and not the
    dealer showing a card ("dealer flashed a card to seat 3 during the deal" is the deal's exposed card)."""
    players = [m for m in r.matches("card_shown") if not _DEALER_DOES.search(r.before(m.start(), "owner_before"))]
    if not (players or r.has("show_one_show_all")) or r.has("showdown") or r.has("shown_after_own_fold"):
        return None  # showing at showdown, once the hand is over, or once out of it: not during the betting
    if (r.has("shown_while_dealt") or r.has("single_own_card")) and not r.has("betting_context"):
        return None  # one card flashed, or shown while peeking: the deal's exposed card, unless told in the betting
    return None if tabled_at_showdown(r) else {}  # a showdown's tabling (table-cards)


def showings_in_betting(r: Reading) -> list[re.Match[str]]:
    """A player letting his own cards be seen while the hand is still being bet, read from the parts of the story
    rather than one phrase: a showing move (lexicon `showing_move`) that happened (not "ready to show"), done by a
    player (the last one named before it in its sentence is no dealer, "si gira" is nobody's), of cards his own
    by their words ("his ace", "le sue carte") or meant for someone ("showed him one card", "verso di me"), told
    in a sentence where someone still has a decision to make ("while his opponent is tanking", "prima di
    decidere"), or meant for someone while a bet is told and the betting not told as over. Not while the deal is
    still going on ("prima che finisse la distribuzione": the deal's exposed card). Once per text."""
    return r.derived("own_card_shown.in_betting", lambda: [
        m for m in r.matches("showing_move") if not denied(r, m)
        and (r.lexicon.says("own_cards_word", m[0]) or _meant_for(r, m))
        and not _in_sentence(r, m, ("deal_in_progress",))
        and (_in_sentence(r, m, ("decision_pending",)) or _bet_and_shown_to_someone(r, m))
        and _by_player(r, m)])  # who showed it last: the seat model, a slow reader, only for a showing that may count


def _by_player(r: Reading, showing: re.Match[str]) -> bool:
    """The showing was a player's: it happened (no "ready to", "vuole" before it), it is no impersonal "si gira",
    and the last one named before it in its sentence is a player, not the dealer ("the dealer burned and turned a
    king" is the dealer's; "while his opponent is tanking he flips one card" a player's). A pronoun names no one."""
    frame = r.before(showing.start(), "owner_before")
    if r.lexicon.says("impersonal_before", frame) or r.lexicon.says("event_hypothetical", frame.rstrip()):
        return False
    start = r.sentence_start(showing.start())
    before = [kind for at, kind in named_before(r, showing.start()) if at >= start and kind != "pronoun"]
    return not (before and before[-1] == "dealer") and not dealer_subject(r, showing.start())


def _bet_and_shown_to_someone(r: Reading, showing: re.Match[str]) -> bool:
    """Meant for someone, with a bet told before it and the last round not told as played out (a river bet and
    called, or checked through, is a showdown's showing), and not a card flashed while dealt or picked up unless the
    showing says whom it was for ("lifts the corner of his hand and lets seat 2 have a look")."""
    deliberate = not r.has("shown_while_dealt") or r.has("shown_for")
    bet_before = any(m.end() <= showing.start() and not denied(r, m) for m in r.matches("betting_context"))
    return _meant_for(r, showing) and bet_before and deliberate and last_round_bet(r) is None


def _in_sentence(r: Reading, showing: re.Match[str], concepts: tuple[str, ...]) -> bool:
    start, end = r.sentence_start(showing.start()), r.sentence_end(showing.start())
    return any(start <= m.start() <= end for concept in concepts for m in r.matches(concept))


def _meant_for(r: Reading, showing: re.Match[str]) -> bool:
    """The showing names who it was for: inside its words ("showed him one card") or right after it ("so she can
    see", "verso tutto il tavolo")."""
    reach = showing.end() + r.lexicon.windows["shown_to_reach"]
    return r.lexicon.says("shown_to_pronoun", showing[0]) or any(
        showing.start() < m.end() and m.start() <= reach for concept in _RECEIVERS for m in r.matches(concept))


def _shown_while_pending(r: Reading, given: Facts) -> Facts | None:
    """Strong evidence, above the deal's exposed card, a board street dealt over a pending player and a board claim
    that share its words ("he flips up the ace of hearts for me to see" while the teller thinks): a player's own
    showing read from who did it and when (`showings_in_betting`). A card that does not belong (a joker shown) is
    the question the story asks, whoever shows it."""
    if r.has("showdown") or r.has("shown_after_own_fold") or r.has("foreign_card"):
        return None
    return {} if showings_in_betting(r) else None



def shown_to(r: Reading, facts: Facts) -> None:
    """Who saw them, at the showing the topic's cues read (else at any showing told and not denied, when the
    topic is given): someone out of the hand named after the showing ("showed them to his friend"); face up for
    everyone when the showing itself says so ("tabled their hands", "folded his cards face up"), even with an
    outsider named before it ("the hijack, out of the hand, says turn them over"); else the people named near it
    ("show one, show all" alone names no one)."""
    told = r.matches("card_shown") or showings_in_betting(r) or [
        m for m in r.matches("showing_move") if not denied(r, m)]  # the topic is given: any showing that happened
    if not told:
        return
    shown = told[0]
    reach = r.lexicon.windows["shown_to_reach"]
    after = [m for concept in ("shown_to_outsider", "shown_to_outsider_person") for m in r.matches(concept)
             if shown.start() < m.start() <= shown.end() + reach]
    own = r.matches("shower_still_in")  # "while still in the pot": the shower's standing, not the receiver's
    active = [m for m in r.matches("shown_to_active") if not any(inside(m, o) for o in own)]
    if after and not any(shown.start() < m.start() <= shown.end() + reach for m in r.matches("shown_to_outsider")) \
            and any(after[0].start() < m.start() <= min(shown.end() + reach, r.sentence_end(shown.start()))
                    and not denied(r, m) for m in active):
        facts["shown_to"] = "active-player"  # "to his buddy in seat 4, who's still in the hand": who he is to him
        return  # (a friend) says less than what he is doing (still in the hand), told of him in the same sentence
    toward = shown.end() + r.lexicon.windows["shown_toward_reach"]
    if after or (r.lexicon.says("shown_by_pronoun", shown[0])
                 and any(m.end() <= shown.start() for m in r.matches("shown_to_outsider"))):
        facts["shown_to"] = "non-player"  # "… had busted and sat behind seat 3. Seat 3 tilted his cards to show him"
    elif r.near("shown_toward", shown.end(), "shown_toward_reach"):
        facts["shown_to"] = "active-player"  # "face up toward her": to the player he faces
    elif any((m.start() < shown.end() and shown.start() < m.end()) or shown.end() <= m.start() <= toward
             for m in r.matches("shown_to_table")):
        facts["shown_to"] = "table"  # in the showing or right after it: "ha girato le carte | verso tutto il tavolo"
    else:
        _named_near(r, shown.end(), facts)
    if "shown_to" not in facts and r.lexicon.says("showing_by_accident", shown[0]):
        facts["shown_to"] = "table"  # a card slipped or knocked over is aimed at nobody: the whole table saw it
    if "shown_to" not in facts and _in_sentence(r, shown, ("decision_pending",)) and _meant_for(r, shown):
        facts["shown_to"] = "active-player"  # shown to someone while a player still had to decide: to him


def _named_near(r: Reading, position: int, facts: Facts) -> None:
    for concept, value in _SHOWN_TO.items():
        if r.near(concept, position, "shown_to_reach"):
            facts["shown_to"] = value
            return


TOPIC = Topic("own-card-shown", cues=(Cue(159, _shown_while_pending), Cue(68, _shown)), readers=(shown_to,))
