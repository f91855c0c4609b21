"""A game other than Texas Hold'em (Omaha, stud, short deck…), named or told in its own words (third street, the
stock, a player's fifth card): these are Hold'em rules. Not covered yet: no rule applies to this topic, so the
engine answers no-match and names it among the facts; a rule with `applies = { topic = "other-game" }` covers it."""

from __future__ import annotations

from ..reading import Facts, Reading, inside
from . import Cue, Topic
from .fouled_deck import fault_told

_IN_PLAY = frozenset({"duplicate", "odd-back"})


def _other_game(r: Reading, given: Facts) -> Facts | None:
    if r.has("hi_lo") and r.has("odd_chip") and r.has("split_words"):
        return None  # "Omaha hi-lo … one chip left over": the odd chip rule names the high-low split itself
    if fault_told(r, _IN_PLAY) and not r.has("non_poker_game"):
        return None  # "Omaha cash game … he had the ace of spades too, the deck had 53 cards": two copies of a card
        # or a different back are the same dispute in every poker game (not in whist or scopa; a card found on the
        # floor is that game's business)
    aside = r.matches("game_simile") + r.matches("game_habit")  # "dealt on as if we were playing Omaha", "our
    # dealer's used to draw poker": the game played is Hold'em
    named = r.matches("game_vocabulary") + r.matches("other_game")
    return {} if any(not any(inside(m, s) or inside(s, m) for s in aside) for m in named) else None


TOPIC = Topic("other-game", cues=(Cue(130, _other_game),))
