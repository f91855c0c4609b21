"""An extra hole card (holdem.extra-holecard): the deal went on past its end, one card (or more) to the first player
once everyone had two, told as such (readers/deal.py, `past_the_deal`). A hand found holding a card too many with no
such story is the general wrong-number item (topics/wrong_card_count.py): the project's three-cards convention
(coordinator, stop 26). This topic claims the story and hands its facts on."""

from __future__ import annotations

from ..readers import deal, seats
from ..readers.actions import players_acted
from ..readers.played_out import past_preflop
from ..reading import Facts, Reading
from . import Cue, Topic


def _extra(r: Reading, given: Facts) -> Facts | None:
    """Cards too many dealt past the deal's end, whatever else the story uses."""
    return {"street": "deal"} if deal.past_the_deal(r) else None


def _third_round(r: Reading, given: Facts) -> Facts | None:
    """The rule's own story, told outright: the deal over, then an extra card to the first player dealt ("kept
    going and flicked one more to the small blind", heads-up "a third one to the BB"). Specific enough to go before
    the stub, misdeal and card-count topics, whose words ("slipped", "three cards", "misdeal") such stories use."""
    return {"street": "deal"} if deal.past_the_deal(r) and deal.extra(r).first is True else None


def _held_extra(r: Reading, given: Facts) -> Facts | None:
    """A player holds a card too many and the story tells it came after everyone had two ("si ritrova con tre carte:
    il mazziere ha fatto un giro in più"): the deal, whatever betting words the story also tells (when it was found,
    not who acted)."""
    return {"street": "deal"} if deal.past_the_deal(r) and deal.extra(r).held else None


def extra_cards(r: Reading, facts: Facts) -> None:
    count = deal.extra(r).count
    if count is not None and any(r.uncertain_near(m.start(), "doubt_detail") for m in r.matches("extra")):
        r.doubt("extra_cards")  # "not sure if it was one or two", "or maybe the BB got one too"
    elif count is not None:
        facts["extra_cards"] = count


def after_deal(r: Reading, facts: Facts) -> None:
    """Whether the extra card came after every hand was full, to the first player (the deal reader's timing)."""
    said = deal.extra(r).after_deal
    if said is not None:
        facts["after_deal"] = said


TOPIC = Topic("extra-holecard", cues=(Cue(112, _held_extra), Cue(106, _third_round), Cue(70, _extra)),
              readers=(extra_cards, after_deal, players_acted, past_preflop, seats.players))
