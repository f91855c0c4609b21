"""One situation's normalised words, where each concept occurs in them, and how a phrase relates to its
neighbours: whose card it is, whether it is denied, which card of the deal an ordinal names."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .lexicon import Lexicon

Facts = dict[str, str | int]
ORDINAL_VALUE = {
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
DECK_ORDER_AFTER = re.compile(
    r"^ (?:off the deck|out of the deck|from the deck|of the deal|del mazzo|dal mazzo|uscita|distribuita"
    r"|della distribuzione|(?:he|she|the dealer|il mazziere|il dealer) (?:dealt|deals|pitched|pitches|gave|gives))\b")
_NOT_JUST_BEFORE = re.compile(r"\b(?:not|didn t|did not|never|non)(?: \w+){0,2} $")
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


def owned(text: str, match: re.Match[str]) -> bool:
    """"my first card", "the cutoff's second card", "la seconda carta del bottone": a player's card."""
    after = text[match.end():match.end() + 40]
    return bool(_POSSESSIVE.search(text[max(0, match.start() - 30):match.start()])
                or _OWNER_AFTER.search(after) or _OWNER_WORD_AFTER.search(after))


def negated(text: str, match: re.Match[str]) -> bool:
    """"it wasn't the first card", "non era la prima carta"."""
    return bool(_NEGATION_BEFORE.search(text[max(0, match.start() - 20):match.start()]))


def ordinal(match: re.Match[str]) -> str:
    word = match["ord"] or ""
    return word.split()[0] if word else ""


def said_not(r: Reading, match: re.Match[str]) -> bool:
    """"the dealer did not put four cards on the flop"."""
    return bool(_NOT_JUST_BEFORE.search(r.text[max(0, match.start() - 25):match.start()]))


def denied(r: Reading, match: re.Match[str]) -> bool:
    """"hadn't acted", "nobody else had called", "non aveva ancora parlato": an action that did not happen."""
    inside = any(m.start() <= match.start() < m.end() for m in r.matches("no_action"))
    return inside or bool(_DENIAL_BEFORE.search(r.text[max(0, match.start() - 50):match.start()]))


def received(r: Reading, match: re.Match[str]) -> bool:
    """"got three cards", "il BB si ritrova con tre carte": a hand, not the board."""
    return any(0 <= match.start() - m.end() <= 12 for m in r.matches("receives"))  # "got three", not "ha…tre"


def someone_elses_card(r: Reading) -> bool:
    """A card named as another player's ("the cutoff's card", "una carta del bottone")."""
    for match in r.matches("card"):
        before = r.text[max(0, match.start() - 30):match.start()]
        owner = re.search(r"\b(\w+) s (?:\w+ )?$", before)
        if owner and not _FIRST_PERSON_OWNER.search(owner[1]) and owner[1] not in ("it", "that", "there"):
            return True
        if _BELONGS_TO.search(r.text[match.end():match.end() + 40]):
            return True
    return False


def inside(match: re.Match[str], outer: re.Match[str]) -> bool:
    return outer.start() <= match.start() < outer.end()
