"""A player dealt the wrong number of hole cards (misdeal.wrong-card-count): too few, or too many whenever the text
does not tell the extra hole card's own story (one card to the first player once everyone had two, readers/deal.py
`past_the_deal`): a bare "I have three cards" is this rule, the project's three-cards convention (coordinator, stop
26), and its ruling notes that Robert's turns that one card into the flop burn. Whether the next card is still his in
order, and how far the action had gone (the misdeal cut-off)."""

from __future__ import annotations

from ..readers import deal
from ..readers.actions import players_acted
from ..readers.cutoff import action_so_far
from ..readers.played_out import past_preflop, played_out
from ..reading import Facts, Reading, inside
from . import Cue, Topic


def _wrong_count(r: Reading, given: Facts) -> Facts | None:
    """A hand short, said wrong or shown to come in the deal; not a seat passed over and given his card later in
    the round ("skipped seat 6 on the second round and then came back to him"): the card came, out of order (the
    misdeal condition's)."""
    if r.has("short_hand") and r.has("deal_out_of_sequence") and not _counted_short(r):
        return None
    said_wrong = r.has("count_wrong") and not (r.has("flop") or r.has("board_words"))  # not "troppe carte sul flop"
    if r.has("short_hand") or said_wrong or deal.in_the_deal(r, _answered(given)) or _bare_extra(r):
        return {"street": "deal"}
    return None


def _short_in_order(r: Reading, given: Facts) -> Facts | None:
    """A hand short whose card is said to be still his in the deal's order ("l'ha saltato ma la prossima del mazzo
    è la sua in ordine", "salta il posto 2 … la carta in cima è quella che gli spetta in sequenza"): the short hand's
    own rule, above a seat skipped in the deal (the misdeal condition) or in the betting (out of turn) its words
    suggest."""
    return {"street": "deal"} if r.has("short_hand") and _in_order(r) else None


def _in_order(r: Reading) -> bool:
    """The short hand's card said to be still his in order, not a betting round said unfinished ("the betting round
    wasn't over")."""
    return r.has("short_in_order") and any(not deal.betting_round(r, m.start()) for m in r.matches("short_in_order"))


def _held_in_the_deal(r: Reading, given: Facts) -> Facts | None:
    """A hand holding too many cards, with no story of a card dealt past the deal's end ("the cutoff finds three
    cards", "due carte attaccate, il posto 5 ne ha tre", "I ended up with three"), or a placed player one card short,
    not the button (his short hand has its own rule):
    the deal itself, whatever betting words the story also tells ("UTG and MP both folded before he said anything"
    is when it was found; "the dealer skipped him on the second pass" is the deal's skip, not the betting's)."""
    short = _counted_short(r) and deal.holder(r, "short_hand") is not None and not (
        deal.board_told(r) or r.has("button_word"))
    held = bool(deal.held(r)) and deal.extra(r).held and (  # a hand held first: no extra cards read without one
        deal.in_the_deal(r, _answered(given)) or not deal.past_the_deal(r))
    return {"street": "deal"} if short or held else None


def _bare_extra(r: Reading) -> bool:
    """A card too many told with no word that it came past the deal's end ("seat 1 was dealt an extra card", "dealer
    gave me an extra card", "si è ritrovato con una terza carta"): a card ("la fiche in più" is a chip, "the extra
    body" at a home game nobody's hand)."""
    return deal.extra(r).count is not None and r.has("card") and not deal.past_the_deal(r)


def _counted_short(r: Reading) -> bool:
    """A hand of one card said as a count ("only got one card", "ne ha una sola"), not a card described."""
    return any(inside(word, short) for short in r.matches("short_hand") for word in r.matches("short_count_word"))


def _answered(given: Facts) -> str | None:
    """Whether the extra card came after the deal, as answered to the extra hole card's question."""
    return str(given["after_deal"]) if "after_deal" in given else None


def wrong_count(r: Reading, facts: Facts) -> None:
    """Too few or too many; "the wrong number of cards" alone leaves it to the question."""
    if r.has("short_hand"):
        facts["wrong_count"] = "too-few"
    elif not r.has("count_wrong") or r.has("extra"):
        facts["wrong_count"] = "too-many"


def in_sequence(r: Reading, facts: Facts) -> None:
    """Whether the short player's card can still come in order: said outright, or not for a named seat once the
    deal was over (the action had started, or it was noticed before anyone acted: every hand had been dealt, and
    only the button, which has its own topic, is dealt last)."""
    if facts.get("wrong_count") != "too-few":
        return
    if _in_order(r):
        facts["in_sequence"] = "yes"
    elif r.has("short_out_of_order") or ("players_acted" in facts and r.has("named_seat")):
        facts["in_sequence"] = "no"


TOPIC = Topic("wrong-card-count", cues=(Cue(157, _short_in_order), Cue(111, _held_in_the_deal), Cue(75, _wrong_count)),
              readers=(wrong_count, players_acted, action_so_far, played_out, past_preflop, in_sequence))
