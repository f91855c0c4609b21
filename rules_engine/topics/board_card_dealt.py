"""A board card dealt, and whether that was too early (holdem.premature-flop, -turn, -river): the flop, turn
or river came while someone still had to act, or after the betting was done (then there is nothing to fix)."""

from __future__ import annotations

import re

from ..readers import seats, streets, timing
from ..readers.negation import happened
from ..readers.unfinished_round import street_dealt_early
from ..reading import Facts, Reading, inside
from . import Cue, Topic


def _board_card(r: Reading, given: Facts) -> Facts | None:
    """A board street, and either something said about timing or a dealt card told as a dispute or a doubt (said
    to have come in a hurry or while the table argued, too)."""
    street = streets.board_street(r)
    if r.has("all_fine") and not (r.has("betting_open") or r.has("early")):
        return None  # "then the dealer burns and turns, no problems": normal play told as a story
    if not happened(r, "board_dealing") and _streets_only_as_places(r):
        return None  # "On the river seat 2 was first to act, and before he did anything seat 4 bet": no card came
    said_when = timing.said(r) or "betting_complete" in given
    doubted = r.has("dispute") or r.has("uncertain") or r.has("timing_doubted") or r.has("action_doubted")
    # "un po' di fretta", "non ho capito se avesse già checkato": asked
    if street and (said_when or (happened(r, "board_dealing") and doubted)):
        return {"street": streets.street_after_betting(r) or street}
    return None


def _streets_only_as_places(r: Reading) -> bool:
    """Every street named is where the betting was ("on the flop", "al river"), none a card that came ("the fifth
    card", "la quarta carta")."""
    if r.has("ordinal_card"):
        return False
    places = r.matches("street_as_place")
    named = r.matches("flop") + r.matches("turn") + r.matches("river")
    return bool(named) and all(any(inside(m, p) for p in places) for m in named)


def _dealt_over_a_pending_player(r: Reading, given: Facts) -> Facts | None:
    """Strong evidence, before the betting told around it takes the story: a board street dealt while a player
    was still to act, the two told together ("Gus was still thinking when the kid burned and flopped", "the button
    was still on his phone. The dealer had already turned fourth street", "non aveva ancora risposto. Enrico ha
    girato il river lo stesso")."""
    if r.has("everyone_allin") or not r.has("still_to_act"):
        return None
    street = streets.board_street(r)
    if street is None or not streets.named_in_words(r, "premature_burn_and_turn") or _streets_only_as_places(r):
        return None  # "still counting chips when the dealer burns and turns": no street said (premature-card); "on
        # the flop he turned his cards toward me while I was still deciding": no board card named
    dealt = happened(r, "board_dealing")
    if not any(_told_together(r, pending, card) for pending in r.matches("still_to_act") for card in dealt):
        return None
    return {"street": streets.street_after_betting(r) or street}


def _told_together(r: Reading, pending: re.Match[str], card: re.Match[str]) -> bool:
    """The player still to act said just before the card (in its sentence or the one before it) with no move told
    in between, or after it in the card's own sentence as what was going on meanwhile ("flopped while the BB was
    still thinking", "turn comes out before the second guy even said call"), no other player's move told between
    them (the pending clause then tells when that move came, not the card)."""
    ends = r.sentence_end(pending.start()), r.sentence_end(card.start())
    if card.start() > pending.end():
        if any(pending.end() <= m.start() < card.start() for m in r.matches("pending_then_acted")):
            return False  # "he was still thinking, then called; the dealer then dealt the river": he had acted
        return ends[0] == ends[1] or r.sentence_end(ends[0] + 1) == ends[1]
    if any(card.end() <= m.start() < pending.start() for m in r.matches("action_verb")):
        return False  # "the river is out and the cutoff mucked before the button even said call": the move's time
    return ends[0] == ends[1] and r.has("meanwhile") and any(
        card.end() <= m.start() < pending.start() for m in r.matches("meanwhile"))


def _passed_over(r: Reading, given: Facts) -> Facts | None:
    """A board card dealt over a player the dealer passed over in the betting ("missed seat 5 completely: seat 3
    called, seat 4 raised and he flopped while seat 5 was still holding his cards"): a betting skip, so a premature
    card, before the misdeal topic reads the skipped seat as one left out of the deal."""
    if not r.has("player_passed_over"):
        return None
    street = streets.board_street(r)
    if not (street and happened(r, "board_dealing")):
        return None
    if r.has("during_deal") or r.has("short_hand"):
        return None  # "skipped him in the second round", "found he had one card": passed over in the deal
    told: Facts = {}
    timing.betting_complete(r, told)
    return {"street": streets.street_after_betting(r) or street} if told.get("betting_complete") == "no" else None


def _dealt_over_unfinished_round(r: Reading, given: Facts) -> Facts | None:
    """The players in the hand counted on a street, fewer of them told moving before the next card came ("eravamo
    in quattro sul flop, il primo punta, il secondo chiama, e il dealer gira il turn"): that card came early, before
    the other topics the moves' words suggest (a fold told after it, a raise)."""
    if r.has("everyone_allin"):
        return None
    street = street_dealt_early(r)
    return {"street": street} if street and happened(r, "board_dealing") else None


def _card_asked_about(r: Reading, given: Facts) -> Facts | None:
    """Of two mistakes told (an action out of turn and a card dealt early), the question asks about the card ("what
    about the turn?", "il turn che fine fa?"): the card's, above the out-of-turn topic its moves would suggest."""
    asked = r.matches("card_asked")
    if not asked or not happened(r, "board_dealing") or not (timing.said(r) or r.has("still_to_act")):
        return None
    street = streets.street_after_betting(r) or str(asked[-1]["street"])
    if not any(not any(inside(m, a) for a in asked) for m in r.matches(street)):
        return None  # "…burned two before the turn. What about the river?": no river came, it is only asked about;
        # nor did a turn when "nobody had acted on the flop" only says when a four-card flop was seen
    return {"street": street}


def _two_streets_at_once(r: Reading, given: Facts) -> Facts | None:
    """Two streets dealt in one go ("the turn and the river together"): the later card is the one in question."""
    if not r.has("two_streets_at_once"):
        return None
    told = r.matches("two_streets_at_once")[0][0]
    return {"street": "river" if "river" in told else "turn"}


def betting_complete(r: Reading, facts: Facts) -> None:
    """Two streets dealt at once left no betting on the first of them, unless everyone was all in; else the timing
    said, else the players counted against the moves told before the card, or a player told still to act when it
    came."""
    if r.has("two_streets_at_once") and not r.has("everyone_allin"):
        facts["betting_complete"] = "no"
        return
    if r.has("action_doubted") or _accounts_differ(r):
        r.doubt("betting_complete")  # "can't remember if he had already checked", "the hijack says the button
        return  # hadn't called, the button says he had": asked, whatever else is said
    timing.betting_complete(r, facts)
    if "betting_complete" in facts or r.has("everyone_allin") or r.has("uncertain") or r.has("conflicting_accounts"):
        return  # "forse il bottone doveva ancora parlare": asked
    if street_dealt_early(r) or _dealt_over_a_pending_player(r, facts):
        facts["betting_complete"] = "no"  # fewer players moved than were in the hand, or one told still to act


def _accounts_differ(r: Reading) -> bool:
    """Someone's word that a player was still to act, then that player's (or another's) that he had moved: "l'hijack
    dice che il bottone non aveva ancora chiamato. il bottone dice di sì"."""
    if not r.has("counter_claim"):
        return False
    pending = r.matches("still_to_act") + r.matches("betting_open")
    return any(at.start() < claim.start() and _same_player(r, at, claim)
               for claim in r.matches("counter_claim") for at in pending)


def _same_player(r: Reading, pending: re.Match[str], claim: re.Match[str]) -> bool:
    """The claim is said by the player the pending words name ("the BB was still to act … the BB says he had"), or
    either names nobody: a third player's word about his own move ("seat 5 swears he called the flop bet") is no
    second account of whether the one told still to act had moved (review 31 #8)."""
    waiting, claimant = seats.referent(r, pending.end()), seats.referent(r, claim.start())
    return waiting is None or claimant is None or waiting == claimant


TOPIC = Topic("board-card-dealt", cues=(Cue(150, _dealt_over_a_pending_player), Cue(136, _passed_over),
                                       Cue(109, _dealt_over_unfinished_round), Cue(121, _card_asked_about),
                                       Cue(88, _two_streets_at_once), Cue(40, _board_card)),
              readers=(betting_complete,))
