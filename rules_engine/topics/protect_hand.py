"""A hand its owner had not let go of, taken, mucked or fouled by the dealer (action.protect-hand). What decides it:
whether he was protecting his cards, and whether they can still be picked out for certain."""

from __future__ import annotations

import re

from ..readers.identifiable import hand_identifiable
from ..readers.negation import denied
from ..readers.phrases import out_of_scope, said_outright
from ..readers.showdown import dealer_releases, hand_released, shows
from ..reading import Facts, Reading
from . import Cue, Topic
from .cards_speak import stopped_and_tabled  # the dealer saved the hand and turned it up: the cards speak


def hand_protected(r: Reading, facts: Facts) -> None:
    """Whether he protected his cards: said left unprotected, or a protection said not done ("I hadn't put a chip
    on them", "non ci avevo messo sopra nessuna fiche"), is no; a protection told is yes."""
    said = [denied(r, m) for m in r.matches("hand_protected_yes")]
    if r.has("hand_protected_no") or any(said):
        facts["hand_protected"] = "no"
    elif said:
        facts["hand_protected"] = "yes"


def _taken(r: Reading, given: Facts) -> Facts | None:
    """The dealer took, mucked or fouled a hand (not "nearly"); protection talk only with a hand lost or killed."""
    if r.has("near_miss") or _folded_himself(r) or _let_go_first(r) or stopped_and_tabled(r):
        return None  # "the dealer nearly mucked my hand, all good": nothing to rule; a fold is the fold topic's
    if said_outright(r, "hand_taken"):
        return {}
    # "leaves a chip on his cards … the dealer takes the chip off and mucks the cards": covered, then killed
    covered = r.has("hand_protected_yes") and r.has("dealer_named")
    return {} if (said_outright(r, "protection_words") or covered) and r.has("hand_lost") else None


def _taken_outright(r: Reading, given: Facts) -> Facts | None:
    """Strong evidence, above the card and claim topics: the dealer took or mucked a hand said outright ("the
    dealer pulled his hand in with the folded cards … does he get anything?"), unless the story is a claim to
    play the board, or another game."""
    taken = said_outright(r, "hand_taken") or _victim_asks(r)
    if not taken or _folded_himself(r) or _let_go_first(r) or _tabled_hand(r) or stopped_and_tabled(r):
        return None  # "he folded when he could have checked; the dealer slid his cards away": he let them go
    return None if r.has("near_miss") or r.has("board_claim") or r.has("split_belief") or out_of_scope(r) else {}


def _let_go_first(r: Reading) -> bool:
    """The owner released his cards before the dealer took them ("I pitch my cards, the dealer scoops them"): a
    mucked hand (or a claim's victim), not a hand he still held."""
    if _victim_asks(r):
        return False  # "he flung his cards and they landed on my hand; am I still in?": the thrower let go
    taken = r.matches("hand_taken")
    first_taken = min(t.start() for t in taken) if taken else len(r.text)
    return any(m.start() < first_taken and not _dealer_did(r, m)
               for m in r.matches("released_by_owner")) or _player_threw_first(r, first_taken)


def _player_threw_first(r: Reading, first_taken: int) -> bool:
    """A player showed cards and then threw his hand in, both told before the dealer's taking, as the showdown's
    events read them ("shows one card, then pitches both face down to the dealer, who scoops them"): the dealer took
    what its owner had let go at the showdown."""
    by_dealer = {d.start for d in dealer_releases(r)}
    showings = [s.end for s in shows(r) if not s.denied]
    return any(shown <= m.start < first_taken and m.start not in by_dealer
               for m in hand_released(r) for shown in showings)


def _victim_asks(r: Reading) -> bool:
    """A hand fouled by another player's discards, asked about for its owner ("they skid right into my hand … am I
    still in?"): a protect-your-hand question (catalogue 3.10); the thrower's cards are the mucked-hand rule's."""
    return r.has("fouled_by_discards") and r.has("victim_asks")


def _dealer_did(r: Reading, release: re.Match[str]) -> bool:
    """"Il dealer … l'ha spostata e poi ha buttato le carte": the dealer is the one who threw them (named just
    before, in the same sentence), not their owner."""
    reach = r.lexicon.windows["dealer_subject_before"]
    return any(0 <= release.start() - d.end() <= reach and r.sentence_end(d.start()) == r.sentence_end(release.start())
               for d in r.matches("dealer_named"))


def _tabled_hand(r: Reading) -> bool:
    """The hand the dealer killed was face up already ("I tabled it and the dealer mucked it", "ha ammazzato la mia
    mano scoperta", "la mia mano che era scoperta"), with no word of protecting it: the cards speak. Cards that
    landed face up on the muck after the dealer took them stay this topic's, and so do cards left unattended "on
    the table" ("left my hand on the table with nothing on it"): left there, not shown."""
    if r.has("protection_words"):
        return False
    taken = r.matches("hand_taken")
    unattended = r.matches("hand_protected_no")
    return any(not denied(r, m) and not _overlaps(m, unattended)
               and (m.start() < t.end() or _told_of_it(r.text[t.end():m.start()]))
               for m in r.matches("shown_hand") for t in taken)


_OF_IT = re.compile(r"\s*(?:\w+\s+)?(?:(?:che|which|that)\s+(?:era|erano|was|were)\s+)?")


def _told_of_it(between: str) -> bool:
    """Face up said of the taken hand itself: right after it, or in a relative clause ("la mia mano che era
    scoperta"), not in a new clause ("swept my cards but they were face up")."""
    return bool(_OF_IT.fullmatch(between))


def _overlaps(m: re.Match[str], others: list[re.Match[str]]) -> bool:
    return any(m.start() < o.end() and o.start() < m.end() for o in others)


def _folded_himself(r: Reading) -> bool:
    """A needless fold told apart from the dealer's taking ("he folded when he could have checked; the dealer
    slid his cards to the muck"), not the taking itself ("il dealer mi ha buttato le carte per sbaglio")."""
    taken = r.matches("hand_taken")
    return any(not _overlaps(m, taken) for m in r.matches("needless_fold"))


TOPIC = Topic("protect-hand", cues=(Cue(173, _taken_outright), Cue(83, _taken)),
              readers=(hand_protected, hand_identifiable))
