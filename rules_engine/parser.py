"""Free text → facts. Each fact has its own small reader; the vocabulary lives in lexicon.toml, what the
situation is about is decided in topic.py, and how phrases relate to each other in reading.py.

The readers only set a fact when the text gives it; anything the text leaves open stays unknown, so the
matcher can ask instead of guessing.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .language import Language
from .lexicon import Lexicon
from .reading import (
    DECK_ORDER_AFTER,
    ORDINAL_VALUE,
    Facts,
    Reading,
    denied,
    inside,
    negated,
    ordinal,
    owned,
    someone_elses_card,
)
from .topic import QUANTITY_PLURAL, TIMING, extra_hole_cards, flop_card_count, topic_of

_ANOTHER_CARD = re.compile(r"\b(?:another|un altra|altra) (?:hole |down )?(?:card|carta|holecard|downcard)")
_LATER_ROUND = re.compile(
    r"\b(?:(?:second|seconda|secondo|third|terzo|terza|last|final|ultimo)"
    r" (?:round|giro|pass|passata|lap|orbit|go round)"
    r"|(?:giro|round) (?:finale|final|last))\b")
_FIRST_PLAYER_OWNER = re.compile(r"\b(?:sb|small blind|small|first player)(?: s)? (?:very )?$")
_TOO_ALSO = re.compile(r"\b(?:too|as well|also|anche|pure)\b")
_CHIP_NOUN = re.compile(r"\b(?:raises?|rilanci[oi]?|bets?|puntat[ae]|calls?|callers|limpers|chiamate|open)$")
_FIRST_PERSON = re.compile(r"(?:i|ho|l ho|mi) ")


class Parser:
    """Reads the facts a player's description gives."""

    def __init__(self, lexicon: Lexicon) -> None:
        self.lexicon = lexicon

    def read(self, text: str, given: Facts | None = None) -> tuple[Facts, Language]:
        """The facts found in `text` and its language ("en" or "it"). `given` facts (answers) count as cues."""
        words = self.lexicon.speller.words(text)
        reading = Reading(" ".join(words), self.lexicon)
        facts: Facts = {}
        topic, street = topic_of(reading, given or {})
        if topic:
            facts["topic"] = topic
        if street:
            facts["street"] = street
        for reader in _READERS.get(topic or "", ()):
            reader(reading, facts)
        return facts, self._language(words)

    def _language(self, words: list[str]) -> Language:
        italian = sum(word in self.lexicon.italian for word in words)
        english = sum(word in self.lexicon.english for word in words)
        return "it" if italian > english else "en"


# --- facts of each topic ---------------------------------------------------------------------------

def _betting_complete(r: Reading, facts: Facts) -> None:
    timing = r.matches("premature") + r.matches("complete")
    if any(r.near("uncertain", m.start(), 12) for m in timing) or (r.has("uncertain") and not timing):
        return
    for cue in TIMING:
        if r.has(cue):
            facts["betting_complete"] = TIMING[cue]
            return


def _players_acted(r: Reading, facts: Facts) -> None:
    """Players who had acted when it was noticed: a number said outright, or the actions told one by one."""
    said = [_said_count(match) for match in r.matches("action_taken") if not match.groupdict().get("n1")]
    singles = sum(1 for match in r.matches("action_taken") if match.groupdict().get("n1"))  # "a raise and…"
    actions = [m for m in r.matches("action_verb") if not denied(r, m)]
    acted = max(said, default=0) + singles if said or singles else len(actions)
    if any(match.groupdict().get("only") for match in r.matches("action_taken")):
        acted = 1  # "only UTG had acted - he folded"
    if acted == 0:
        if r.has("no_action"):
            facts["players_acted"] = 0
        return
    facts["players_acted"] = acted
    if acted < 3:
        chips = [m for m in r.matches("chips_action") if not denied(r, m)]
        chip_nouns = any(_CHIP_NOUN.search(m[0]) for m in r.matches("action_taken"))  # "a raise and two calls"
        facts["chips_in"] = "yes" if chips or chip_nouns else "no"


def _said_count(match: re.Match[str]) -> int:
    """How many players had acted, as the text puts it: a number, two names, or "substantial action"."""
    groups = match.groupdict()
    if groups.get("only"):
        return 1
    if groups.get("sa"):
        return 3
    if groups.get("n2") or groups.get("g"):
        return 2
    word = groups.get("n") or ""
    if word in ("only one", "just one", "one", "1", "solo uno", "uno"):
        return 1
    if word in ("two", "2", "both", "due", "a few", "some", "people", "players", "alcuni"):
        return 2
    return 3


def _exposed_by(r: Reading, facts: Facts) -> None:
    if any(r.near("uncertain", m.start(), 10) for m in r.matches("player_exposed") + r.matches("exposed_mine")):
        return  # "I don't know whether I flipped it or the dealer did"
    first_person = any(_FIRST_PERSON.match(m[0]) for m in r.matches("player_exposed"))
    if r.has("dealer_self") or (first_person and someone_elses_card(r)):
        facts["exposed_by"] = "dealer"  # "I was dealing and flipped the cutoff's card"
    elif r.has("player_exposed") or (r.has("exposed_mine") and not r.has("dealer")):
        facts["exposed_by"] = "player"
    elif r.has("dealer"):
        facts["exposed_by"] = "dealer"


def _exposed_count(r: Reading, facts: Facts) -> None:
    if any(m.groupdict().get("pair") for m in r.matches("exposed_number")):
        facts["exposed_count"] = QUANTITY_PLURAL  # "the 1st and 3rd cards"
        return
    if r.has("more_than_one"):
        facts["exposed_count"] = QUANTITY_PLURAL
        return
    for match in r.matches("quantity_card") + r.matches("exposed_number"):
        if re.search(r"\bone of (?:the |my |his |her )?(?:\w+ )?$", r.text[max(0, match.start() - 25):match.start()]):
            facts["exposed_count"] = 1  # "one of the first two cards"
            return
        count = r.number(match)
        if count:
            facts["exposed_count"] = count
            return
    if any(_TOO_ALSO.search(r.text[m.end():m.end() + 25]) for m in r.matches("exposure")):
        facts["exposed_count"] = QUANTITY_PLURAL


def _deal_position(r: Reading, facts: Facts) -> None:
    """Which card off the deck: said outright beats a player's own card, which only settles "second or later"."""
    readings: list[tuple[int, str | None]] = []  # (how sure, position)
    if r.has("first_two"):
        readings.append((3, "first-or-second"))
    if r.has("not_first"):
        readings.append((1, "not-first"))  # "una carta che non è la prima": second or later
    for match in r.matches("ordinal_card"):
        value = ORDINAL_VALUE.get(ordinal(match))
        if value is None or r.near("uncertain", match.start(), 8) or r.near("first_two", match.start(), 1):
            continue  # "can't remember if it was the first or the last"
        if negated(r.text, match):
            if value == 1:
                readings.append((1, "not-first"))  # "a card other than the first": second or later
            continue
        deck_order = bool(DECK_ORDER_AFTER.search(r.text[match.end():match.end() + 30]))
        if deck_order or not owned(r.text, match):
            readings.append((2 if deck_order else 1, {1: "first", 2: "second"}.get(value, "later")))
        elif value >= 2:
            readings.append((1, "later"))  # a player's second card is never the first or second off the deck
        elif _FIRST_PLAYER_OWNER.search(r.text[max(0, match.start() - 30):match.start()]):
            readings.append((1, "first"))
        else:
            readings.append((0, None))  # "my first card": maybe, maybe not the first off the deck
    for match in r.matches("owned_ordinal"):  # "la sua seconda", "his first"
        readings.append((1, "later") if ORDINAL_VALUE.get(ordinal(match)) == 2 else (0, None))
    if readings:
        strongest = max(reading[0] for reading in readings)
        position = [reading for reading in readings if reading[0] == strongest][-1][1]  # "…no wait, the second"
        if position:
            facts["deal_position"] = position
    elif _LATER_ROUND.search(r.text) or _ANOTHER_CARD.search(r.text):
        facts["deal_position"] = "later" if _LATER_ROUND.search(r.text) else "not-first"  # "un'altra carta"


def _extra_cards(r: Reading, facts: Facts) -> None:
    count = extra_hole_cards(r)
    if count is not None and not any(r.near("uncertain", m.start(), 8) for m in r.matches("extra")):
        facts["extra_cards"] = count  # unless "not sure if it was one or two"


def _after_deal(r: Reading, facts: Facts) -> None:
    if any(r.near("uncertain", m.start(), 8) for m in r.matches("after_deal") + r.matches("during_deal")):
        return  # "non so se la terza mi è arrivata a distribuzione finita o durante"
    if r.has("during_deal"):
        facts["after_deal"] = "no"
    elif r.has("after_deal"):
        facts["after_deal"] = "yes"


def _card_count(r: Reading, facts: Facts) -> None:
    count = flop_card_count(r)
    if count:
        facts["card_count"] = count


def _acted_on_board(r: Reading, facts: Facts) -> None:
    if r.has("acted_on_board"):
        facts["acted_on_board"] = "yes"


def _claim(r: Reading, facts: Facts) -> None:
    claim = r.matches("board_claim")[0]
    discards = [m for m in r.matches("discard") if not denied(r, m)]  # "non ho buttato le carte"
    shown = [m for m in r.matches("tabled") if not inside(m, claim)]
    if r.has("claim_late"):
        facts["claim_before_discard"] = "no"
    elif discards:
        discard = discards[0]
        facts["claim_before_discard"] = "yes" if _claimed_first(r.text, claim, discard) else "no"
    else:
        facts["claim_before_discard"] = "yes"
    if r.has("not_tabled"):
        facts["cards_tabled"] = "no"
    elif shown:
        facts["cards_tabled"] = "yes"
    elif discards:
        facts["cards_tabled"] = "no"


def _claimed_first(text: str, claim: re.Match[str], discard: re.Match[str]) -> bool:
    """Reads time order from word order, turned round by "after"/"before" between or just before."""
    lead = text[max(0, discard.start() - 12):discard.start()]
    if claim.start() < discard.start():
        between = text[claim.end():discard.start()]
        if re.search(r"\b(?:only|solo) (?:then|after|dopo|allora)\b", between):
            return True  # "…turned both cards up, and only then let the dealer take them"
        return not re.search(r"\b(?:after|dopo)\b", between)
    between = text[discard.end():claim.start()]
    if re.search(r"\b(?:before|prima di)\b", lead):
        return True
    return bool(re.search(r"\b(?:after|dopo)\b", between) and not re.search(r"\b(?:then|poi)\b", between))


_READERS: dict[str, tuple[Callable[[Reading, Facts], None], ...]] = {
    "exposed-holecard": (_exposed_by, _exposed_count, _deal_position, _players_acted),
    "too-many-cards": (_card_count, _extra_cards, _after_deal, _players_acted, _acted_on_board),
    "board-card-dealt": (_betting_complete,),
    "board-claim": (_claim,),
}
