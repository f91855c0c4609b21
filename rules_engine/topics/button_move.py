"""Where the button and blinds go (blinds.dead-vs-moving-button): after a player busts, leaves or joins, or when
play goes heads-up. What decides it: which of those, and under Robert's whether the game plays a dead or a moving
button. A button put in the wrong seat for the hand being dealt is a misdeal question; a player coming back after
missing his blinds is `missed-blind`."""

from __future__ import annotations

from ..readers.negation import negated
from ..readers.phrases import settled_by
from ..reading import Facts, Reading
from . import Cue, Topic


def _button_question(r: Reading, given: Facts) -> Facts | None:
    asked = (r.has("heads_up_blinds") or _gone(r)) and r.has("button_question")
    named = asked or r.has("dead_button_named") or r.has("moving_button_named")
    return {} if named and not r.has("button_misplaced") else None


def _strong_button_question(r: Reading, given: Facts) -> Facts | None:
    """Where the button goes asked with strong evidence, above the deal's misplaced button: a player who left with
    the house's button rule named ("la regola scritta è il dead button; il piccolo buio è andato a casa; come si
    mette il bottone?"), or play gone heads-up ("down to two, the button guy says he should be posting the big
    blind": who posts what heads-up, not a button left in the wrong seat), or a player knocked out with no cards
    dealt told ("the button busted; does the button stay in front of his empty seat?")."""
    if not r.has("button_question") or r.has("button_misplaced"):
        return None
    named = r.has("dead_button_named") or r.has("moving_button_named")
    # a player knocked out and no cards dealt told: where the button goes, even said "in front of his empty seat";
    # not when another comes back to his seat ("seat 2 busted; Marco came back from dinner: does he pay the small or
    # the big blind?" asks what the one back owes, the missed blind's question)
    busted = r.has("player_busted") and not (r.has("cards_dealt_told") or r.has("bought_back") or r.has("coming_back"))
    return {} if ((named or busted) and _gone(r)) or r.has("heads_up_blinds") else None


def _gone(r: Reading) -> bool:
    """A player left, joined or was knocked out (however the knock-out is said: "il posto 4 è saltato")."""
    return r.has("player_gone") or r.has("player_busted")


def _blind_skipped_after_leaving(r: Reading, given: Facts) -> Facts | None:
    """A player gone and the deal going on without a blind ("seat 3 went home and the next hand was dealt skipping
    the small blind"): where the blinds go, said by its result, above the deal told (no player was dealt out)
    and the betting (nobody was skipped in turn) that share its words. Not when the one gone is back, nor when the
    deal is told leaving a player without cards ("skipped the small blind when dealing", "who got no cards", "gave
    his first card to the big blind"): a player dealt out."""
    if not (r.has("deal_skipped_blind") and _gone(r)) or r.has("coming_back"):
        return None
    dealt_out = r.has("left_cardless") or r.has("skip_in_the_deal") or r.has("first_card_to")
    return None if dealt_out else {}


button_issue = settled_by("button_issue", {"heads_up_blinds": "heads-up", "player_gone": "player-left",
                                          "player_busted": "player-left"})


def button_rule(r: Reading, facts: Facts) -> None:
    """The house's rule when the text names one ("we play a dead button"); both named, or keeping it offered as the
    other choice ("move it like always, or keep it?"), is the question itself."""
    if r.has("button_rule_asked"):
        return
    rules = {rule for concept, rule in (("dead_button_named", "dead-button"), ("moving_button_named", "moving-button"))
             if any(not negated(r, m) for m in r.matches(concept))}
    if len(rules) == 1:
        facts["button_rule"] = rules.pop()


TOPIC = Topic("button-move", cues=(Cue(138, _blind_skipped_after_leaving), Cue(108, _strong_button_question),
                   Cue(37, _button_question)),
              readers=(button_issue, button_rule))
