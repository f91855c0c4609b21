"""Who shows first at showdown (showdown.order). What decides it: whether anyone bet on the last round (the last
bettor or raiser shows first, else the first seat left of the button), and with an all-in, whether a side pot is
being contested. Whether a mucked or unshown hand can be seen is `ask-to-see`."""

from __future__ import annotations

import re

from ..readers.events import Event, events
from ..readers.negation import denied
from ..readers.phrases import settled_by
from ..readers.showdown import last_round_bet, overlap, showing_awaited
from ..reading import Facts, Reading
from . import Cue, Topic

_STREETS = ("preflop", "flop", "turn", "river")


def river_bet(r: Reading, facts: Facts) -> None:
    said = last_round_bet(r)
    if said:
        facts["river_bet"] = said



def allin_showdown(r: Reading, facts: Facts) -> None:
    """An all-in told, or denied outright ("nobody's all in", "niente all-in": every hand has chips behind)."""
    if _allins(r):
        facts["allin_showdown"] = "yes"
    elif r.has("allin_denied"):
        facts["allin_showdown"] = "no"


def _allins(r: Reading) -> list[re.Match[str]]:
    """The all-ins told as made, not those denied ("hadn't shoved", "nessuno è all-in")."""
    said_not = r.matches("allin_denied")
    return [m for m in r.matches("allin") if not denied(r, m) and not any(overlap(m, d) for d in said_not)]


_side_pot_said = settled_by("side_pot", {"single_pot": "no", "side_pot": "yes"})


def side_pot(r: Reading, facts: Facts) -> None:
    """A side pot said, or told by the play: a bet made on a later street than an all-in ("seat 2 shoves preflop…
    seat 9 bets the river, seat 5 calls", "Tizio all-in al turn… al river Caio punta"). Only players with chips
    behind can bet after an all-in, so two of them at least played on for a pot the all-in player has no part of."""
    _side_pot_said(r, facts)
    if "side_pot" not in facts and _bet_after_allin(r):
        facts["side_pot"] = "yes"


def _bet_after_allin(r: Reading) -> bool:
    """A bet or raise (not another all-in) told after the first all-in's street, a later street named before it or
    just after it ("al river Caio punta", "seat 9 bets the river")."""
    allins = _allins(r)
    street = _street_of(r, allins[0]) if allins else None
    if street is None or street[1] == "river":
        return False
    at, name = street
    reach = r.lexicon.windows["move_street_after"]
    later = [m.start() for after in _STREETS[_STREETS.index(name) + 1:] for m in r.matches(after) if m.start() > at]
    moves = events(r)
    return any(e.move in ("bet", "raise") and e.happened and e.start > at
               and not any(a.start() <= e.start < a.end() for a in r.matches("allin"))
               and any(start <= e.end + reach for start in later) and _answered(e, moves) for e in moves)


def _answered(bet: Event, moves: list[Event]) -> bool:
    """Another player called or raised the bet after it: a bet nobody called ("seat 4 bets 100 and seat 8 folds")
    builds no side pot."""
    return any(o.move in ("call", "raise", "allin") and o.happened and o.start >= bet.end
               and o.actor not in (None, bet.actor) for o in moves)


def _street_of(r: Reading, allin: re.Match[str]) -> tuple[int, str] | None:
    """The street an all-in was made on, where it is named: the first street word told within reach after it ("shoves
    preflop", "all in on the flop", "all-in al turn"), else the last one before it in its sentence ("on the turn he
    shoves")."""
    named = sorted((m.start(), name) for name in _STREETS for m in r.matches(name))
    after = [(at, name) for at, name in named
             if allin.end() <= at and r.lexicon.windows["allin_street_after"] >= at - allin.end()]
    before = [(at, name) for at, name in named if r.sentence_start(allin.start()) <= at < allin.start()]
    return after[0] if after else (before[-1] if before else None)


def _order_asked(r: Reading, given: Facts) -> Facts | None:
    """"Who shows first?"; "who goes first?" only with a showdown around it (else it is about acting)."""
    at_stake = r.has("showdown_scene") or r.has("allin")  # hands at stake, not board cards turned one by one
    asked = r.has("show_first") or (r.has("go_first") and r.has("showdown_scene")) or _order_alone(r) or (
        r.has("show_in_turn") and at_stake and not r.has("board_words")) or (
        r.has("allin") and (r.has("hide_cards") or r.has("all_must_show")) and not _see_asked(r))
    return {} if asked and not r.has("strategy_talk") else None


def _order_alone(r: Reading) -> bool:
    """"Order?" as a sentence of its own at the story's end, with a showdown around it."""
    return r.has("showdown_scene") and any(m.start() == r.sentence_start(m.start()) for m in r.matches("order_alone"))


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
