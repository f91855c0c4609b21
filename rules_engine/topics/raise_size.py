"""How big a raise must be, and a raise that was too small (betting.min-raise-and-underraise). When the text
tells the betting with amounts, table_tools.raising works out whether the raise was full, how far short it was
(the 50% test) and the minimum; the ruling's notes quote those numbers. Otherwise the rule asks."""

from __future__ import annotations

import re
from decimal import Decimal

from table_tools.raising import Kind, Move, Street, Structure

from ..readers import betting_round
from ..readers.betting_round import on_digits, words_said
from ..readers.events import events
from ..readers.phrases import Reader, said_outright, settled_by, tells_a_situation
from ..reading import Facts, Reading, group
from . import Cue, Topic

_RAISES = (Kind.BET, Kind.RAISE, Kind.ALL_IN_FULL, Kind.ALL_IN_SHORT)

def raise_declared(r: Reading, facts: Facts) -> None:
    """"Raise" said before the chips; an amount alone, "raise" said afterwards, or "said raise" denied ("nobody had
    said raise") is not a declared raise."""
    said = raise_said(r)
    if said is not None:
        facts["raise_declared"] = "yes" if said else "no"


def raise_said(r: Reading) -> bool | None:
    """Whether "raise" was declared: said outright, denied (by a phrase, a denial before it or its verb of saying
    denied: "nobody said raise", read once by `words_said`), or neither."""
    denials = r.matches("raise_declared_no")
    if any(not any(m.start() < d.end() and d.start() < m.end() for d in denials)
           for m in words_said(r, "raise_declared_yes")):
        return said_outright(r, "raise_declared_yes")
    return False if denials or r.has("raise_declared_yes") else None


def raise_declared_before(*chips: str) -> Reader:
    """`raise_declared`, where "raise" counts only when said before the chips (the concepts `chips` name) went
    in: said after them, by him or by a player claiming it was a raise, it declared nothing (TDA 44, 45)."""
    def read(r: Reading, facts: Facts) -> None:
        raise_declared(r, facts)
        put_in = [m.start() for concept in chips for m in r.matches(concept)]
        if facts.get("raise_declared") == "yes" and put_in and all(
                m.start() > min(put_in) for m in words_said(r, "raise_declared_yes")):
            facts["raise_declared"] = "no"
    return read


half_or_more = settled_by("half_or_more", {"half_no": "no", "half_yes": "yes"})
street_over = settled_by("street_over", {"raise_street_over": "yes", "raise_same_street": "no"})
all_in = settled_by("all_in", {"all_in_no": "no", "all_in_yes": "yes"})
raise_complete = settled_by("raise_complete", {"raise_short": "no"})


def _raise_size(r: Reading, given: Facts) -> Facts | None:
    """Words about the size of a raise in a situation told (by who did what, or with amounts), or a raise told
    with amounts and disputed ("is that legal?", "he says raise and puts out 300"); not a strategy question."""
    if r.has("strategy"):
        return None
    if r.has("raise_size") or r.has("raise_short"):  # the size named, or a raise said short of it
        return {} if tells_a_situation(r) or betting_round.told(r) else None
    if r.has("betting_open") and r.has("board_dealing"):
        return None  # a card dealt while someone still had to act: a premature card, whatever the raise
    told = betting_round.told(r)
    if told is None:
        return None
    if told.check.under_raise is None and r.has("one_motion_yes") and not r.has("raise_dispute"):
        return None  # "pushed 60 out in one motion over a 20 bet, is that legal?": how he bet is asked, and it was
    # a full raise made in one movement: nothing to rule
    if _short_told_last(told) or (_all_in_short_last(told) and not _a_move_denied(r)):
        return {}  # "says 20, throws out 20", "UTG va all-in per 150 in tutto": its size
    if pushed_by_total(r, told) and raise_said(r) is False:
        return {}  # "put in 400 without a word" over a raise to 250: a silent raise told by its total
    if not (legality_asked(r) or r.has("raise_dispute")):
        return None
    raised = told.check.under_raise or any(reading.kind in _RAISES for reading in told.check.readings)
    return {} if raised else None


def legality_asked(r: Reading) -> bool:
    """"Is that legal?" asked anywhere, or a sentence ending on the word alone ("… made it 2000. Legal? We play
    TDA."): the text's end is not the only place a one-word question stands."""
    return r.has("legality_question") or any(
        r.lexicon.says("legality_question", r.text[start:r.sentence_end(start)]) for start in r.sentences[:-1])


def _said_raise_short(r: Reading, given: Facts) -> Facts | None:
    """Strong evidence, just below the verbal topic (which leaves this case to it): "raise" said first, and chips
    above the call but short of a full raise told with amounts ("said raise and put out only 300 on top of the
    1,200 bet", "dice rilancio e mette solo 100 in piu della chiamata"), or any raise he pushed told by its total
    ("says raise and pushes 8k"): the rule says whether it stands or how much he must add, before any topic that
    only shares a word ("in piu", "extra") claims it. Several trips to the stack, a single chip or his last chips are
    the string-bet, oversized-chip and all-in readings, left to their topics."""
    if not raise_said(r) or r.has("string_motions") or r.has("single_chip") or r.has("all_in_yes") or r.has(
            "strategy"):
        return None
    told = betting_round.told(r)
    if told is None:
        return None
    return {} if _short_told_last(told) or pushed_by_total(r, told) else None


def _short_told_last(told: betting_round.Told) -> bool:
    """The last amount told is a raise the arithmetic shows short: the rule's size question, however it was said."""
    amounts = [a.to for a in told.actions if a.to is not None]
    short = told.check.under_raise
    return short is not None and bool(amounts) and short.to == amounts[-1]


def _all_in_short_last(told: betting_round.Told) -> bool:
    """The last move told is an all-in short of a full raise, in a big-bet game, nothing told after it ("puntata 200,
    l'ultimo va all-in per 260"): whether it stands is this rule's; the action after it, the reopening topic's."""
    readings = told.check.readings
    return (bool(readings) and readings[-1].kind is Kind.ALL_IN_SHORT and told.check.structure is not Structure.LIMIT)


def _a_move_denied(r: Reading) -> bool:
    """Any move told as not made ("I haven't acted yet", "he didn't fold", "nobody called"): the story is about what
    may still be done after the all-in, the reopening topic's question, not the all-in's size alone."""
    return any(event.denied for event in events(r))


def pushed_by_total(r: Reading, told: betting_round.Told) -> bool:
    """The last move is chips put out told only by their total, above a bet told before them ("puts in 400", "mette
    600"): no chip named ("two 500 chips", "in 100s"), so no chip to weigh for the call, and not his last chips.
    Whether it is a raise, and a full one, is this rule's arithmetic (TDA 43), not the several-chips test."""
    faced = told.push_faced()
    if faced is None or r.has("all_in_yes"):
        return False
    if not any(a.to is not None for a in told.actions[:-1]) and betting_round.blinds_only(r) is None:
        return False  # nothing told before the chips: no bet they faced, only a bet of their own
    if any(r.has(concept) for concept in ("chip_group", "chip_total_in", "chips_pushed")):
        return False
    return faced[0] > faced[1]


_STREETS = list(Street)


def street_over_told(r: Reading, facts: Facts) -> None:
    """A later street told dealt after the short raise ("Flop: bets 200, raises to 350, everyone calls. Now the
    turn's out and…", "B rilancia a 450, tutti chiamano. Uscito il turn, C fa notare…"): nobody caught it on its own
    round. The raise's street is the latest one named before its amount; a card told as not yet out ("before the
    turn was dealt", "se esce il river") says nothing."""
    if "street_over" in facts:
        return
    told = betting_round.told(r)
    short = told.check.under_raise if told else None
    amount = betting_round.amount(short.to) if short else None
    if amount is None:
        return
    said = [m.end() for m in re.finditer(rf"\b{amount}\b", r.text)]
    named = r.matches("round_postflop")
    for out in r.matches("next_street_out"):
        before = [at for at in said if at <= out.start()]
        if not before or r.lexicon.says("not_yet_before", r.before(out.start(), "not_yet_before")):
            continue
        streets = [Street(group(m, "street") or "flop") for m in named if m.start() < before[-1]]
        raised_on = streets[-1] if streets else Street.PREFLOP
        dealt = group(out, "street")
        if dealt is None or _STREETS.index(Street(dealt)) > _STREETS.index(raised_on):
            facts["street_over"] = "yes"
            return


def raise_amounts(r: Reading, facts: Facts) -> None:
    """The raise in dispute (the short one, else the last bet or raise told) measured against what it faced."""
    told = betting_round.told(r)
    if told is None:
        return
    check, short = told.check, told.check.under_raise
    if short is not None:
        values = {"bet_faced": short.bet, "raise_to": short.to, "full_raise": short.min_to - short.bet,
                  "min_raise_to": short.min_to, "half_raise_to": short.half_to}
        half = "yes" if short.to >= short.half_to else "no"
        facts.update({"raise_complete": "no", "all_in": facts.get("all_in", "no"), "half_or_more": half})
        _amounts(facts, values, told.guessed)
        return
    raises = [i for i, reading in enumerate(check.readings) if reading.kind in _RAISES]
    if not raises:
        return
    index = raises[-1]
    reading, faced = check.readings[index], told.faced(index)
    facts["raise_complete"] = "no" if reading.kind is Kind.ALL_IN_SHORT else "yes"
    facts["all_in"] = "yes" if reading.action.move is Move.ALL_IN else "no"
    _amounts(facts, {"bet_faced": faced.bet, "raise_to": reading.bet, "full_raise": faced.full_raise,
                     "min_raise_to": faced.min_raise_to, "next_min_raise_to": check.min_raise_to}, told.guessed)


def _amounts(facts: Facts, values: dict[str, Decimal], guessed: bool = False) -> None:
    """Amounts as facts, for the notes that quote them (whole numbers only); none when the blinds were guessed."""
    if guessed:
        return
    for name, value in values.items():
        whole = betting_round.amount(value)
        if whole is not None:
            facts[name] = whole


TOPIC = Topic("raise-size", cues=(Cue(142, on_digits(_said_raise_short)), Cue(53, on_digits(_raise_size))),
              readers=tuple(map(on_digits, (raise_complete, raise_declared, half_or_more, street_over, street_over_told,
                                            all_in, raise_amounts))))
