"""Free text → facts. Each fact has its own small reader; the vocabulary lives in lexicon.toml.

The readers only set a fact when the text gives it; anything the text leaves open stays unknown, so the
matcher can ask instead of guessing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from .lexicon import Lexicon

Facts = dict[str, str | int]
_STREET_ORDER = {"flop": 1, "turn": 2, "river": 3}
_BETTING_ORDER = ("preflop", "flop", "turn")
_NEXT_STREET = {"preflop": "flop", "flop": "turn", "turn": "river"}
_ORDINAL_VALUE = {
    "first": 1, "prima": 1, "primissima": 1, "second": 2, "seconda": 2, "third": 3, "terza": 3,
    "fourth": 4, "quarta": 4, "fifth": 5, "quinta": 5, "sixth": 6, "sesta": 6, "seventh": 7, "settima": 7,
    "opening": 1, "eighth": 8, "ottava": 8, "ninth": 9, "nona": 9, "tenth": 10, "decima": 10,
    "last": 99, "final": 99, "ultima": 99,
}
_POSSESSIVE = re.compile(
    r"(?:\b(?:my|his|her|their|your|own|mia|sua|tua|loro)|\b(?!dealer|dealers|deck|deal)\w+ s"
    r"|\b(?:mi|m|gli|le) (?:ha|hanno) \w+ (?:la|le))"
    r" (?:very )?$")


def _owner_after(prepositions: str) -> re.Pattern[str]:
    """A card named by whose it is, after it ("la seconda carta del bottone"), but not "of the deck"."""
    return re.compile(
        rf"^ (?:\w+ )?(?:{prepositions}) "
        r"(?!(?:the |il |la )?(?:deck|deal|mazzo|distribuzione|hand|mano|round|giro|flop|board|tavolo)\b)")


_OWNER_AFTER = _owner_after("of|del|della|di|dello|al|to")  # "given to": whose card it became
_BELONGS_TO = _owner_after("of|del|della|di|dello")
_OWNER_WORD_AFTER = re.compile(r"^ (?:mia|mio|sua|suo|tua|mine|his|hers)\b")
_NEGATION_BEFORE = re.compile(
    r"\b(?:not|wasn t|isn t|didn t \w+|did not \w+|non era|non e|non ha \w+|non|other than|except|tranne|diversa dalla)"
    r"(?: the| la| il)?(?: very)? $")
_DECK_ORDER_AFTER = re.compile(
    r"^ (?:off the deck|out of the deck|from the deck|of the deal|del mazzo|dal mazzo|uscita|distribuita"
    r"|della distribuzione|(?:he|she|the dealer|il mazziere|il dealer) (?:dealt|deals|pitched|pitches|gave|gives))\b")
_ANOTHER_CARD = re.compile(r"\b(?:another|un altra|altra) (?:hole |down )?(?:card|carta)")
_LATER_ROUND = re.compile(
    r"\b(?:(?:second|seconda|secondo|third|terzo|terza|last|final|ultimo)"
    r" (?:round|giro|pass|passata|lap|orbit|go round)"
    r"|(?:giro|round) (?:finale|final|last))\b")
_FIRST_PLAYER_OWNER = re.compile(r"\b(?:sb|small blind|small|first player)(?: s)? (?:very )?$")
_EXTRA_WORD = re.compile(r"\b(?:extra|additional|more|(?:in |di |e )?piu|di troppo|in eccesso|aggiuntiv\w*)\b")
_TOO_ALSO = re.compile(r"\b(?:too|as well|also|anche|pure)\b")
_QUANTITY_PLURAL = 2
_HAND_SIZES = (3, 9)  # a hand someone was dealt; "the deck only had 51 cards" is not one
_CHIP_NOUN = re.compile(r"\b(?:raises?|rilanci[oi]?|bets?|puntat[ae]|calls?|callers|limpers|chiamate|open)$")
# Situations that belong to rules these seven are not: boxed cards, burn errors, other games, acting out of
# turn, and questions asking what a word means.
_OTHER_RULES = ("boxed", "burn_error", "other_game", "out_of_turn", "definition")
# Timing cues, strongest first: all-in means nothing was left to bet; a named player still to act beats
# "after X checked"; a bare "early" only counts when nothing more specific is said.
_TIMING = {"all_allin": "yes", "premature": "no", "complete": "yes", "premature_weak": "no"}
_NOT_JUST_BEFORE = re.compile(r"\b(?:not|didn t|did not|never|non)(?: \w+){0,2} $")
_FIRST_PERSON = re.compile(r"(?:i|ho|l ho|mi) ")
_FIRST_PERSON_OWNER = re.compile(r"\b(?:my|own|mia|mio|mie|miei|io)\b")
_DENIAL_BEFORE = re.compile(
    r"\b(?:hadn t|had not|hasn t|has not|haven t|didn t|did not|not|never|non|nobody|no one|nessuno)"
    r"(?: (?:else|altro|yet|ancora|even|had|has|have|aveva|avevano|ha|hanno|ho|already|gia|mai))* $")


@dataclass(slots=True)
class Reading:
    """The normalised words of one situation and where each concept occurs in them."""

    text: str
    lexicon: Lexicon
    _cache: dict[str, list[re.Match[str]]] = field(default_factory=dict)

    def matches(self, concept: str) -> list[re.Match[str]]:
        if concept not in self._cache:
            found = [m for pattern in self.lexicon.concepts[concept] for m in pattern.finditer(self.text)]
            self._cache[concept] = sorted(found, key=lambda m: m.start())
        return self._cache[concept]

    def has(self, concept: str) -> bool:
        return bool(self.matches(concept))

    def near(self, concept: str, position: int, words: int) -> bool:
        """Whether `concept` occurs within about `words` words of a character position."""
        reach = words * 7
        return any(m.start() - reach <= position <= m.end() + reach for m in self.matches(concept))

    def number(self, match: re.Match[str]) -> int | None:
        for value in match.groupdict().values():
            if value:
                word = value.split()[0]
                if word.isdigit():
                    return int(word)
                if word in self.lexicon.numbers:
                    return self.lexicon.numbers[word]
                if word in ("a", "an", "un"):
                    return 1
        return None


class Parser:
    """Reads the facts a player's description gives."""

    def __init__(self, lexicon: Lexicon) -> None:
        self.lexicon = lexicon

    def read(self, text: str, given: Facts | None = None) -> tuple[Facts, str]:
        """The facts found in `text` and its language ("en" or "it"). `given` facts (answers) count as cues."""
        words = self.lexicon.speller.words(text)
        reading = Reading(" ".join(words), self.lexicon)
        facts: Facts = {}
        topic, street = _topic(reading, given or {})
        if topic:
            facts["topic"] = topic
        if street:
            facts["street"] = street
        for reader in _READERS.get(topic or "", ()):
            reader(reading, facts)
        return facts, self._language(words)

    def _language(self, words: list[str]) -> str:
        italian = sum(word in self.lexicon.italian for word in words)
        english = sum(word in self.lexicon.english for word in words)
        return "it" if italian > english else "en"


# --- what the situation is about -------------------------------------------------------------------

def _topic(r: Reading, given: Facts) -> tuple[str | None, str | None]:
    if any(r.has(concept) for concept in _OTHER_RULES):
        return None, None  # governed by other rules of the catalogue, not by these seven
    if r.has("board_claim"):
        return "board-claim", None
    too_many = _too_many_street(r)
    if too_many:
        return "too-many-cards", too_many
    street = _board_street(r)
    if _hole_card_exposed(r, street):
        return "exposed-holecard", "deal"
    timing = any(r.has(cue) for cue in _TIMING) or "betting_complete" in given
    if street and (timing or (r.has("board_dealing") and (r.has("dispute") or r.has("uncertain")))):
        return "board-card-dealt", _street_after_betting(r) or street
    return None, None


def _flop_card_count(r: Reading) -> int | None:
    for match in r.matches("flop_count"):
        count = r.number(match)
        if count and not _said_not(r, match):
            return count
    if r.has("flop"):
        for match in r.matches("card_codes"):
            if r.near("flop", match.start(), 6):
                return len(match[0].split())
        for match in r.matches("card_names"):
            if r.near("flop", match.start(), 8):
                return sum(match.start() <= rank.start() < match.end() for rank in r.matches("card_rank"))
        for match in r.matches("quantity_card"):
            count = r.number(match)
            if count and count >= 4 and not _EXTRA_WORD.search(match[0]) and not _said_not(r, match) and (
                    r.near("flop", match.start(), 6) or not (r.has("hole") or _received(r, match))):
                return count
    return None


def _said_not(r: Reading, match: re.Match[str]) -> bool:
    """"the dealer did not put four cards on the flop"."""
    return bool(_NOT_JUST_BEFORE.search(r.text[max(0, match.start() - 25):match.start()]))


def _too_many_street(r: Reading) -> str | None:
    """"flop" when the flop has too many cards, "deal" when a player has extra hole cards, else None."""
    count = _flop_card_count(r)
    if count and count > 3:
        return "flop"
    if r.has("flop_extra"):
        return "flop"
    extra_hole = _extra_hole_cards(r)
    if extra_hole is not None:
        return "deal"
    if r.has("flop") and r.has("extra") and not r.has("hole"):
        return "flop"  # "si rifà il flop anche se sappiamo quale era la carta in più?"
    return None


def _board_street(r: Reading) -> str | None:
    """The latest board street the text talks about: the card that came out, not the round bet before it."""
    remedy = r.matches("remedy_mention")  # "the card that would have been the river is dealt as the turn"
    streets = [name for name in _STREET_ORDER
               if any(not any(x.start() <= m.start() < x.end() for x in remedy) for m in r.matches(name))]
    if not r.has("hole"):
        for match in r.matches("ordinal_card"):
            if _owned(r.text, match) or _DECK_ORDER_AFTER.search(r.text[match.end():match.end() + 30]):
                continue
            value = _ORDINAL_VALUE.get(_ordinal(match), 0)
            if value == 4:
                streets.append("turn")
            elif value in (5, 99):
                streets.append("river")
    if not streets and r.has("preflop") and (r.has("board_words") or re.search(r"\bboard\b", r.text)):
        streets.append("flop")  # "the board came while the BB still had his option"
    return max(streets, key=_STREET_ORDER.__getitem__) if streets else None


def _street_after_betting(r: Reading) -> str | None:
    """"before the flop betting was done": the card in question is the one after the street named for betting."""
    named = [next(v for v in m.groupdict().values() if v) for m in r.matches("betting_on")]
    if not named:
        return None
    return _NEXT_STREET[max(named, key=lambda street: _BETTING_ORDER.index(street))]


def _hole_card_exposed(r: Reading, street: str | None) -> bool:
    if not r.has("exposure"):
        return False
    if r.has("showdown") or (r.has("board_words") and not (r.has("hole") or _someone_elses_card(r))):
        return False  # showing cards at showdown is the game, not an exposed hole card
    dealing_context = r.has("hole") or r.has("dealer") or r.has("player_exposed") or r.has("exposed_mine")
    hole_ordinal = any(_ORDINAL_VALUE.get(_ordinal(m), 9) <= 3 for m in r.matches("ordinal_card"))
    if street and not (r.has("hole") or hole_ordinal):
        return False
    return dealing_context or hole_ordinal or r.has("card")


def _owned(text: str, match: re.Match[str]) -> bool:
    """"my first card", "the cutoff's second card", "la seconda carta del bottone": a player's card."""
    after = text[match.end():match.end() + 40]
    return bool(_POSSESSIVE.search(text[max(0, match.start() - 30):match.start()])
                or _OWNER_AFTER.search(after) or _OWNER_WORD_AFTER.search(after))


def _negated(text: str, match: re.Match[str]) -> bool:
    """"it wasn't the first card", "non era la prima carta"."""
    return bool(_NEGATION_BEFORE.search(text[max(0, match.start() - 20):match.start()]))


def _ordinal(match: re.Match[str]) -> str:
    word = match["ord"] or ""
    return word.split()[0] if word else ""


# --- facts of each topic ---------------------------------------------------------------------------

def _betting_complete(r: Reading, facts: Facts) -> None:
    timing = r.matches("premature") + r.matches("complete")
    if any(r.near("uncertain", m.start(), 12) for m in timing) or (r.has("uncertain") and not timing):
        return
    for cue in _TIMING:
        if r.has(cue):
            facts["betting_complete"] = _TIMING[cue]
            return


def _players_acted(r: Reading, facts: Facts) -> None:
    """Players who had acted when it was noticed: a number said outright, or the actions told one by one."""
    said = [_said_count(match) for match in r.matches("action_taken") if not match.groupdict().get("n1")]
    singles = sum(1 for match in r.matches("action_taken") if match.groupdict().get("n1"))  # "a raise and…"
    actions = [m for m in r.matches("action_verb") if not _denied(r, m)]
    acted = max(said, default=0) + singles if said or singles else len(actions)
    if acted == 0:
        if r.has("no_action"):
            facts["players_acted"] = 0
        return
    facts["players_acted"] = acted
    if acted < 3:
        chips = [m for m in r.matches("chips_action") if not _denied(r, m)]
        chip_nouns = any(_CHIP_NOUN.search(m[0]) for m in r.matches("action_taken"))  # "a raise and two calls"
        facts["chips_in"] = "yes" if chips or chip_nouns else "no"


def _denied(r: Reading, match: re.Match[str]) -> bool:
    """"hadn't acted", "nobody else had called", "non aveva ancora parlato": an action that did not happen."""
    inside = any(m.start() <= match.start() < m.end() for m in r.matches("no_action"))
    return inside or bool(_DENIAL_BEFORE.search(r.text[max(0, match.start() - 50):match.start()]))


def _said_count(match: re.Match[str]) -> int:
    """How many players had acted, as the text puts it: a number, two names, or "substantial action"."""
    groups = match.groupdict()
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
    first_person = any(_FIRST_PERSON.match(m[0]) for m in r.matches("player_exposed"))
    if r.has("dealer_self") or (first_person and _someone_elses_card(r)):
        facts["exposed_by"] = "dealer"  # "I was dealing and flipped the cutoff's card"
    elif r.has("player_exposed") or any(not r.near("dealer", m.start(), 5) for m in r.matches("exposed_mine")):
        facts["exposed_by"] = "player"
    elif r.has("dealer"):
        facts["exposed_by"] = "dealer"


def _someone_elses_card(r: Reading) -> bool:
    """A card named as another player's ("the cutoff's card", "una carta del bottone")."""
    for match in r.matches("card"):
        before = r.text[max(0, match.start() - 30):match.start()]
        owner = re.search(r"\b(\w+) s (?:\w+ )?$", before)
        if owner and not _FIRST_PERSON_OWNER.search(owner[1]) and owner[1] not in ("it", "that", "there"):
            return True
        if _BELONGS_TO.search(r.text[match.end():match.end() + 40]):
            return True
    return False


def _exposed_count(r: Reading, facts: Facts) -> None:
    if any(m.groupdict().get("pair") for m in r.matches("exposed_number")):
        facts["exposed_count"] = _QUANTITY_PLURAL  # "the 1st and 3rd cards"
        return
    if r.has("more_than_one"):
        facts["exposed_count"] = _QUANTITY_PLURAL
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
        facts["exposed_count"] = _QUANTITY_PLURAL


def _deal_position(r: Reading, facts: Facts) -> None:
    """Which card off the deck: said outright beats a player's own card, which only settles "second or later"."""
    readings: list[tuple[int, str | None]] = []  # (how sure, position)
    if r.has("first_two"):
        readings.append((3, "first-or-second"))
    for match in r.matches("ordinal_card"):
        value = _ORDINAL_VALUE.get(_ordinal(match))
        if value is None or r.near("uncertain", match.start(), 8) or r.near("first_two", match.start(), 1):
            continue  # "can't remember if it was the first or the last"
        if _negated(r.text, match):
            if value == 1:
                readings.append((1, "later"))  # "a card other than the first", like "un'altra carta"
            continue
        deck_order = bool(_DECK_ORDER_AFTER.search(r.text[match.end():match.end() + 30]))
        if deck_order or not _owned(r.text, match):
            readings.append((2 if deck_order else 1, {1: "first", 2: "second"}.get(value, "later")))
        elif value >= 2:
            readings.append((1, "later"))  # a player's second card is never the first or second off the deck
        elif _FIRST_PLAYER_OWNER.search(r.text[max(0, match.start() - 30):match.start()]):
            readings.append((1, "first"))
        else:
            readings.append((0, None))  # "my first card": maybe, maybe not the first off the deck
    for match in r.matches("owned_ordinal"):  # "la sua seconda", "his first"
        readings.append((1, "later") if _ORDINAL_VALUE.get(_ordinal(match)) == 2 else (0, None))
    if readings:
        strongest = max(reading[0] for reading in readings)
        position = [reading for reading in readings if reading[0] == strongest][-1][1]  # "…no wait, the second"
        if position:
            facts["deal_position"] = position
    elif _LATER_ROUND.search(r.text) or _ANOTHER_CARD.search(r.text):
        facts["deal_position"] = "later"


def _extra_hole_cards(r: Reading) -> int | None:
    """How many cards too many a player got, when the text says so about hole cards."""
    if r.has("flop") and not r.has("hole") and not r.has("recipient"):
        return None
    count = _extra_count(r)
    if count is not None and r.has("more_than_one"):
        return max(count, _QUANTITY_PLURAL)
    return count


def _extra_count(r: Reading) -> int | None:
    if r.has("board_words") and not r.has("hole"):
        return None  # "the board had four cards after the turn" is the board, not a hand
    for match in r.matches("quantity_card"):
        count = r.number(match)
        if not count:
            continue
        if _EXTRA_WORD.search(match[0]) or _EXTRA_WORD.search(r.text[match.end():match.end() + 12]):
            return count
        named_hole = re.search(r"\bhole|\bcopert", match[0]) and not r.near("exposure", match.start(), 3)
        hand = _received(r, match) or named_hole  # "3 hole cards", but "turned over three hole cards" is exposure
        if _HAND_SIZES[0] <= count <= _HAND_SIZES[1] and hand and not r.near("flop", match.start(), 4):
            return count - 2
    third = [m for m in r.matches("ordinal_card") if _ORDINAL_VALUE.get(_ordinal(m)) == 3
             and not _DECK_ORDER_AFTER.search(r.text[m.end():m.end() + 30])]
    if (third and not r.has("exposure")) or re.search(r"\b(?:a third|una terza)\b", r.text):
        return 1  # "gave the SB a third card"; "exposed the third card" is about which card, not how many
    if r.has("extra") and (r.has("recipient") or r.has("hole")):
        plural = r.has("more_than_one") or re.search(r"\bextra cards\b", r.text)
        return _QUANTITY_PLURAL if plural else 1
    return None


def _received(r: Reading, match: re.Match[str]) -> bool:
    """"got three cards", "il BB si ritrova con tre carte": a hand, not the board."""
    return any(0 <= match.start() - m.end() <= 25 for m in r.matches("receives"))


def _extra_cards(r: Reading, facts: Facts) -> None:
    count = _extra_hole_cards(r)
    if count is not None and not any(r.near("uncertain", m.start(), 8) for m in r.matches("extra")):
        facts["extra_cards"] = count  # unless "not sure if it was one or two"


def _after_deal(r: Reading, facts: Facts) -> None:
    if r.has("during_deal"):
        facts["after_deal"] = "no"
    elif r.has("after_deal"):
        facts["after_deal"] = "yes"


def _card_count(r: Reading, facts: Facts) -> None:
    count = _flop_card_count(r)
    if count:
        facts["card_count"] = count


def _acted_on_board(r: Reading, facts: Facts) -> None:
    if r.has("acted_on_board"):
        facts["acted_on_board"] = "yes"


def _claim(r: Reading, facts: Facts) -> None:
    claim = r.matches("board_claim")[0]
    discards = [m for m in r.matches("discard") if not _DENIAL_BEFORE.search(r.text[max(0, m.start() - 30):m.start()])]
    shown = [m for m in r.matches("tabled") if not _inside(m, claim)]
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


def _inside(match: re.Match[str], outer: re.Match[str]) -> bool:
    return outer.start() <= match.start() < outer.end()


def _claimed_first(text: str, claim: re.Match[str], discard: re.Match[str]) -> bool:
    """Reads time order from word order, turned round by "after"/"before" between or just before."""
    lead = text[max(0, discard.start() - 12):discard.start()]
    if claim.start() < discard.start():
        between = text[claim.end():discard.start()]
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
