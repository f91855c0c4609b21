"""A missed or unpaid blind (blinds.missed-blinds): a player coming back after missing his blinds, dealt in while
owing one, or away from his seat at the deal. What decides it: which of those, and for one dealt in owing,
whether he already put chips in or looked at his cards. Where the blinds go after a player leaves is
`button-move`; a player left out of the deal is a misdeal question."""

from __future__ import annotations

import re

from ..readers.negation import denied
from ..readers.phrases import said_outright
from ..reading import Facts, Reading
from . import Cue, Topic


def owes_blind(r: Reading) -> bool:
    """Whether the story tells a blind missed or owed, the way this topic's weak cue reads it: a player "skipped"
    there is skipped for his blind, not in the betting ("his big blind came round while he was gone: do we post it
    or skip him?")."""
    return _owed_blind(r, {}) is not None


def _owed_blind(r: Reading, given: Facts) -> Facts | None:
    owed = ("missed_blind", "away_at_deal", "dealt_in_owing")
    at_deal = said_outright(r, "away_at_deal") or away_when_dealt(r)  # away at the deal: his hand, blind or none
    told = at_deal or any(said_outright(r, concept) for concept in owed) or _missed_told_apart(r)
    if not (r.has("blind_words") or at_deal) or not told:
        return None  # "nobody missed a blind" says it did not happen
    # "moving button: the BB left, so UTG skips the big" is where the blinds go (`button-move`), and so are a blind
    # the deal went on without ("dealt with no small blind") and one skipped because a player was knocked out,
    # unless he bought back in
    button_named = r.has("dead_button_named") or r.has("moving_button_named") or r.has("deal_skipped_blind")
    busted = r.has("player_busted") and not r.has("bought_back") and not r.has("away_break")
    return None if button_named or busted or r.has("strategy_talk") else {}


def _away_when_the_deal_ended(r: Reading, given: Facts) -> Facts | None:
    """Away from his seat when the deal ended, said outright or told by the absence and the deal's moment after it
    ("ero al bagno quando hanno finito di dare", "three steps from my chair when the last card hit the button"):
    his hand's fate is this rule's, above the dealer killing or mucking it that the story then tells. Not a deal
    a misdeal then undid ("dopo un misdeal… chi era in bagno durante la prima distribuzione"): the redeal's."""
    at_deal = said_outright(r, "away_at_deal") or away_when_dealt(r)
    return _owed_blind(r, given) if at_deal and not r.has("after_misdeal") else None


def _dealt_in_owing(r: Reading, given: Facts) -> Facts | None:
    """Dealt in while owing a blind, said outright ("owed his missed blinds, got dealt in anyway", "gli hanno dato le
    carte anche se doveva il buio"): his blind's rule, above a hand dealt to someone out of the hand that the misdeal
    topic reads from the same words (he is in the game; he only owes chips). The blind owed is named too: "was owed
    nothing, but the dealer dealt right past him" owes none."""
    told = said_outright(r, "dealt_in_owing") and said_outright(r, "missed_blind")
    return _owed_blind(r, given) if told else None


def _missed_told_apart(r: Reading) -> bool:
    """The missing told by its parts rather than in one phrase: a short absence, a blind named, and what he has to
    pay ("out for a smoke when his bb came up; now he's back, what does he owe?"); not when the blind was paid
    ("went to the bathroom after posting", "posted both blinds when I came back")."""
    paid = said_outright(r, "blind_posted")
    return said_outright(r, "away_break") and r.has("blind_named") and r.has("blind_paying") and not paid


def away_when_dealt(r: Reading) -> bool:
    """Away from his seat, said any way, with the deal's moment right after ("wasn't in his chair when the dealer
    dealt the last card", "era al bar mentre distribuivano"): read once per text."""
    return r.derived("missed_blind.away_when_dealt", lambda: any(
        not denied(r, m) and _dealt_while_away(r, m) for m in r.matches("absent_state")))


def _dealt_while_away(r: Reading, absence: re.Match[str]) -> bool:
    """The deal's moment told after the absence: right after it, or past an aside in its sentence ("era in bagno (si
    era preso un caffè lungo, lo vedevamo dalla vetrata) quando il dealer ha finito di dare"); not when a return is
    told in between, its clause closed before the moment ("era in bagno, è tornato e si è seduto, e quando il dealer
    ha finito…": he was back), not the return told at that moment ("only sat back down after the button's card")."""
    after = r.after(absence.end(), "deal_after_absence")
    moment = r.lexicon.find("deal_moment", after)
    if moment is None:
        return False
    gap = moment.start("moment")
    in_sentence = absence.end() + gap < r.sentence_end(absence.start())
    return (gap <= r.lexicon.windows["deal_moment_next"] or in_sentence) and \
        not (r.lexicon.says("coming_back", after[:gap]) and r.lexicon.says("event_joined", after[:gap].rstrip()))


_STAGES = (("dealt_in_owing", "dealt-in-owing"), ("away_at_deal", "away-at-deal"), ("coming_back", "coming-back"),
           ("missed_blind", "coming-back"))


def missed_issue(r: Reading, facts: Facts) -> None:
    """The furthest stage the story reached decides, wherever it is told ("he skipped the blinds, came back, was
    dealt in owing one and looked": dealt in owing). Owing a blind and then being given cards, acting on or
    looking at a hand says he was dealt in, unless the blind was paid first."""
    for concept, issue in _STAGES:
        if any(not denied(r, m) for m in r.matches(concept)) or (issue == "away-at-deal" and away_when_dealt(r)):
            facts["missed_issue"] = issue
            break
    else:  # away a while, blinds going by him, no deal told ("gone for three orbits, do we keep posting his blinds?")
        if said_outright(r, "away_break"):
            facts["missed_issue"] = "coming-back"
    owed = facts.get("missed_issue") == "coming-back" and r.has("missed_blind")
    played = r.has("chips_in_hand") or r.has("played_hand") or r.has("looked_at_cards") or r.has("dealt_in") \
        or r.has("not_looked")  # "non le ha ancora guardate": he has cards
    if owed and played and not any(not denied(r, m) for m in r.matches("blind_posted")):
        facts["missed_issue"] = "dealt-in-owing"


def acted_on_hand(r: Reading, facts: Facts) -> None:
    """Chips put in on this hand; one who has not even looked at his cards has not acted on them, nor has one
    dealt in owing who looked at once and whose story tells no betting at all ("gli ha dato le carte e lui le ha
    guardate subito"); "and he looked at it" alone leaves it open."""
    if r.has("no_chips_in") or r.has("not_yet_acted") or r.has("not_looked"):
        facts["acted_on_hand"] = "no"
    elif any(not denied(r, m) for m in r.matches("chips_in_hand") + r.matches("played_hand")):
        facts["acted_on_hand"] = "yes"
    elif facts.get("missed_issue") == "dealt-in-owing" and r.has("looked_at_once") and not (
            _acted_besides_looking(r) or r.has("played_hand")):
        facts["acted_on_hand"] = "no"


def _acted_besides_looking(r: Reading) -> bool:
    """A betting word told other than the look itself ("checked them before paying" is his look, not a check)."""
    looks = r.matches("looked_at_once")
    return any(not any(look.start() <= m.start() < look.end() for look in looks) for m in r.matches("action_verb"))


def looked_at_cards(r: Reading, facts: Facts) -> None:
    """Whether he looked at his cards: a look told (at once or not), unless denied or said not done."""
    said = r.matches("looked_at_cards") + r.matches("looked_at_once")
    if r.has("not_looked") or (said and all(denied(r, m) for m in said)):
        facts["looked_at_cards"] = "no"
    elif said:
        facts["looked_at_cards"] = "yes"


TOPIC = Topic("missed-blind",
              cues=(Cue(177, _away_when_the_deal_ended), Cue(141, _dealt_in_owing), Cue(47, _owed_blind)),
              readers=(missed_issue, looked_at_cards, acted_on_hand))
