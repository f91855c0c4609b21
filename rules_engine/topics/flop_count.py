"""A flop with too many cards (holdem.flop-too-many-cards): four or five cards on the flop, said as a number,
as the cards' names, or as a card stuck to the flop."""

from __future__ import annotations

import re

from ..readers import ordinals
from ..readers.counts import EXTRA_WORD, amount
from ..readers.negation import happened, said_not, undone
from ..readers.ownership import received
from ..reading import Facts, Reading
from . import Cue, Topic

FLOP_CARDS = 3
_STUCK_ORDINAL = 4  # "a fourth card was stuck to the third"
# an article or another rank right before a number: "a 4", "il 7", "a flop of A-J-8"
_RANK_BEFORE = re.compile(r"\b(?:a|an|un|uno|the|il|lo|l|[kqjt]|ace|king|queen|jack|ten|asso|donna|fante) $")
_FLOP_WORD = re.compile(r"\bflop")  # the street named, not only implied ("invece di tre")


def flop_card_count(r: Reading) -> int | None:
    """How many cards the flop had, when the text says (a number, named cards, or "a fourth stuck to the third");
    of several counts the one that is more than three ("the flop was A-7-2-9, four cards")."""
    said = []
    for match in r.matches("flop_count"):
        if _an_amount(r, match):
            continue  # "2/5 on the flop", "bets 5 on the flop": stakes and chips, not the flop's cards
        if _players(r, match):
            continue  # "cinque al tavolo. Sul flop…", "five of us, the flop…": the players, not the cards
        if _a_rank(r, match):
            continue  # "a 4 came out on the flop": one card of that rank, not four cards
        if _an_edition(r, match):
            continue  # "il flop. Con Robert versione 11…": the rulebook's edition, not eleven cards
        count = r.number(match)
        if count and not _affirmed(r, match):
            return None  # "non è uscito nessun flop con quattro carte"
        if count:
            said.append(count)
    if said and max(said) > FLOP_CARDS:
        return max(said)
    return _more_than_three(r) or (said[0] if said else None)


def _an_amount(r: Reading, match: re.Match[str]) -> bool:
    count = match["count"] if "count" in match.re.groupindex else None
    return bool(count and count.isdigit() and amount(r, match.start("count"), match.end("count")))


def _a_rank(r: Reading, match: re.Match[str]) -> bool:
    """The count is a card's rank said with an article ("a 4", "the 5 of clubs", "il 7") or after another rank in a
    list of the cards ("a flop of A-J-8"), not a number of cards."""
    count = match["count"] if "count" in match.re.groupindex else None
    return bool(count and count.isdigit() and _RANK_BEFORE.search(r.text, 0, match.start("count")))


def _count_start(match: re.Match[str]) -> int:
    """Where the count a flop-count phrase holds begins (the whole phrase when it names cards without a number)."""
    return match.start("count") if "count" in match.re.groupindex and match["count"] else match.start()


def _an_edition(r: Reading, match: re.Match[str]) -> bool:
    """The count is a rulebook's version or year, said right after its name ("robert versione 11", "TDA 2024")."""
    start = _count_start(match)
    for name in r.matches("rulebook_name"):
        after = r.after(name.end(), "edition_after")
        offset = name.end() + len(after) - len(after.lstrip())
        edition = r.lexicon.find("rulebook_edition", after.lstrip())
        if edition and offset + edition.start() <= start < offset + edition.end():
            return True
    return False


def _players(r: Reading, match: re.Match[str]) -> bool:
    start = _count_start(match)
    return any(told.start() <= start < told.end() and not told[0].startswith("there ")  # "there are four (cards)"
               for told in r.matches("table_players"))


def _more_than_three(r: Reading) -> int | None:
    """Four or more cards told another way: a fourth stuck to the third, the cards named, "four cards" near it."""
    if r.has("flop") and r.has("stuck") and any(ordinals.value(m) == _STUCK_ORDINAL for m in r.matches("ordinal_card")):
        return _STUCK_ORDINAL
    if r.has("flop"):
        for match in r.matches("card_codes"):
            if r.near("flop", match.start(), "flop_cards"):
                return len(match[0].split())
        for match in r.matches("card_names"):
            if r.near("flop", match.start(), "flop_card_names"):
                return sum(match.start() <= rank.start() < match.end() for rank in r.matches("card_rank"))
        for match in r.matches("quantity_card"):
            count = r.number(match)
            if count and count > FLOP_CARDS and not EXTRA_WORD.search(match[0]) and _affirmed(r, match) and (
                    r.near("flop", match.start(), "flop_cards") or not (r.has("hole") or received(r, match))):
                return count
    return None


def _affirmed(r: Reading, match: re.Match[str]) -> bool:
    """Not denied: "the dealer did not put four cards out", "no four-card flops"."""
    return not said_not(r, match) and not undone(r, match)


def _counted(r: Reading, given: Facts) -> Facts | None:
    """Strong evidence: more than three cards counted on the flop, or the flop said to have extra cards."""
    count = flop_card_count(r)
    stuck = r.has("flop") and happened(r, "under_flop")  # "a fourth card hidden under the flop"
    return {"street": "flop"} if (count and count > FLOP_CARDS) or r.has("flop_extra") or stuck else None


def _counted_over_three(r: Reading, given: Facts) -> Facts | None:
    """Strong evidence: more than three cards counted on the flop ("flop a quattro carte", "il dealer ne gira
    quattro"), whatever betting the story tells after it ("il piccolo buio punta 200 e solo quando tocca al bottone
    …"): the count is the irregularity, the betting only when it was found (the cut-off its rule reads)."""
    count = flop_card_count(r)
    rules_said = {r.sentence_start(m.start()) for m in r.matches("house_rule_said")}
    with_the_flop = any(r.sentence_start(flop.start()) == r.sentence_start(told.start()) not in rules_said
                        and _FLOP_WORD.search(flop[0])
                        for flop in r.matches("flop") for told in r.matches("flop_count"))  # the flop named by its
    # word: not "messo dentro cinque fiches", nor "quattro carte invece di tre" in another game; not a house
    # rule's words ("la regola della casa dice che il flop con quattro carte si tiene": the floor's question)
    return {"street": "flop"} if count and count > FLOP_CARDS and with_the_flop else None


def _card_under_the_flop(r: Reading, given: Facts) -> Facts | None:
    """Strong evidence, before another game's jargon the story also uses ("a fourth card hiding under the door
    card"): a card found under the flop's cards, the flop named, so the game has a flop."""
    if r.has("burn_mention") or r.has("boxed"):
        return None  # "no burn card under the flop", a card face up in the stub: the burn's or the deck's
    return {"street": "flop"} if r.has("flop") and happened(r, "under_flop") else None


def _extra_card_with_the_flop(r: Reading, given: Facts) -> Facts | None:
    """Weak evidence, tried after the extra hole card topic: the flop and an extra card, no hole cards named
    ("si rifà il flop anche se sappiamo quale era la carta in più?")."""
    return {"street": "flop"} if r.has("flop") and happened(r, "extra") and not r.has("hole") else None


def card_count(r: Reading, facts: Facts) -> None:
    count = flop_card_count(r)
    if count:
        facts["card_count"] = count


def acted_on_board(r: Reading, facts: Facts) -> None:
    if r.has("acted_on_board"):
        facts["acted_on_board"] = "yes"


TOPIC = Topic("flop-count", cues=(Cue(151, _counted_over_three), Cue(139, _card_under_the_flop), Cue(80, _counted),
                                 Cue(60, _extra_card_with_the_flop)),
              readers=(card_count, acted_on_board))
