"""Whose card or hand a phrase is about: "my first card", "the cutoff's card", "got three cards"."""

from __future__ import annotations

import re

from ..reading import Reading

_POSSESSIVE = re.compile(
    r"(?:\b(?:my|his|her|their|your|own|mia|sua|tua|loro)|\b(?!dealer|dealers|deck|deal)\w+ s"
    r"|\b(?:mi|m|gli|le) (?:ha|hanno) \w+ (?:la|le)|\bmi (?:si )?e \w+(?: \w+)? (?:la|le))"
    r" (?:very )?$")


def _owner_after(prepositions: str) -> re.Pattern[str]:
    """A card named by whose it is, after it ("la seconda carta del bottone"), but not "of the deck"."""
    return re.compile(
        rf"^ (?:\w+ )?(?:{prepositions}) "
        r"(?!(?:the |il |la )?(?:deck|deal|mazzo|distribuzione|hand|mano|round|giro|flop|board|tavolo)\b)")


_OWNER_AFTER = _owner_after("of|del|della|di|dello|al|to")  # "given to": whose card it became
_BELONGS_TO = _owner_after("of|del|della|di|dello")
_OWNER_WORD_AFTER = re.compile(r"^ (?:mia|mio|sua|suo|tua|mine|his|hers)\b")
_FIRST_PERSON_OWNER = re.compile(r"\b(?:my|own|mia|mio|mie|miei|io)\b")
_OWNER_BEFORE = re.compile(r"\b(\w+) s (?:\w+ )?$")
_NOT_AN_OWNER = ("it", "that", "there")  # "it's", "that's", "there's" are not whose card it is
_DEALT_ME = re.compile(r"^ (?:(?:he|she|the dealer|dealer|\w+) )?(?:dealt|deals|pitched|pitches|gave|gives|threw"
                       r"|throws|sent|sends|tossed|tosses|flicked|flicks) me\b")


def owned(r: Reading, match: re.Match[str]) -> bool:
    """"my first card", "the cutoff's second card", "la seconda carta del bottone": a player's card."""
    after = r.after(match.end(), "owner_after")
    return bool(_POSSESSIVE.search(r.before(match.start(), "owner_before"))
                or _OWNER_AFTER.search(after) or _OWNER_WORD_AFTER.search(after) or dealt_me(r, match))


def dealt_me(r: Reading, match: re.Match[str]) -> bool:
    """"the first card he pitches me": the teller's card, not the deck's first."""
    return bool(_DEALT_ME.search(r.after(match.end(), "owner_after")))


def someone_elses_card(r: Reading) -> bool:
    """A card named as another player's ("the cutoff's card", "una carta del bottone")."""
    for match in r.matches("card"):
        owner = _OWNER_BEFORE.search(r.before(match.start(), "owner_before"))
        if owner and not _FIRST_PERSON_OWNER.search(owner[1]) and owner[1] not in _NOT_AN_OWNER:
            return True
        if _BELONGS_TO.search(r.after(match.end(), "owner_after")):
            return True
    return False


def received(r: Reading, match: re.Match[str]) -> bool:
    """"got three cards", "il BB si ritrova con tre carte": a hand, not the board."""
    return any(r.follows(verb, match, "hand_verb_gap") for verb in r.matches("receives"))  # "got three", not "ha…tre"
