"""Who shows first at showdown (showdown.order). What decides it: whether anyone bet on the last round (the last
bettor or raiser shows first, else the first seat left of the button), and with an all-in, whether a side pot is
being contested. Whether a mucked or unshown hand can be seen is `ask-to-see`."""

from __future__ import annotations

from ..readers.negation import denied
from ..readers.phrases import settled_by
from ..readers.showdown import last_round_bet, overlap, showing_awaited
from ..reading import Facts, Reading
from . import Cue, Topic


def river_bet(r: Reading, facts: Facts) -> None:
    said = last_round_bet(r)
    if said:
        facts["river_bet"] = said



def allin_showdown(r: Reading, facts: Facts) -> None:
    if any(not denied(r, m) for m in r.matches("allin")):
        facts["allin_showdown"] = "yes"


side_pot = settled_by("side_pot", {"single_pot": "no", "side_pot": "yes"})


def _order_asked(r: Reading, given: Facts) -> Facts | None:
    """"Who shows first?"; "who goes first?" only with a showdown around it (else it is about acting)."""
    at_stake = r.has("showdown_scene") or r.has("allin")  # hands at stake, not board cards turned one by one
    asked = r.has("show_first") or (r.has("go_first") and r.has("showdown_scene")) or (
        r.has("show_in_turn") and at_stake and not r.has("board_words")) or (
        r.has("allin") and (r.has("hide_cards") or r.has("all_must_show")) and not _see_asked(r))
    return {} if asked and not r.has("strategy_talk") else None


def _first_shower_named(r: Reading, given: Facts) -> Facts | None:
    """"Who shows first?", "you show first", "chi mostra per primo" said outright of a hand played to its end (a
    checked or bet last round, or an all-in): the showing is the question, above the heads-up blinds and the short
    all-in its background also names ("heads up, SB on the button… button tells the BB 'you show first'")."""
    if not r.has("show_first") or r.has("strategy_talk"):
        return None  # no showing asked: the last round (a reader of every move) is not worked out
    return {} if last_round_bet(r) is not None or r.has("allin") else None


def _see_asked(r: Reading) -> bool:
    """In an all-in, may anyone keep his hand hidden? Unless the teller asks to see it ("he's trying to muck without
    showing. Can I see them?"): a request to see, besides the wish to hide it."""
    hidden = r.matches("hide_cards")
    return any(not any(overlap(a, h) for h in hidden) for a in r.matches("ask_see"))


def _standoff(r: Reading, given: Facts) -> Facts | None:
    """A showing awaited once the last round was played out, nobody having shown or mucked yet (readers/showdown):
    who shows first, told as the standoff rather than asked."""
    return {} if showing_awaited(r) and not r.has("strategy_talk") and not r.has("ask_see") else None


TOPIC = Topic("show-order", cues=(Cue(118, _first_shower_named), Cue(87, _order_asked), Cue(86, _standoff)),
              readers=(river_bet, allin_showdown, side_pot))
