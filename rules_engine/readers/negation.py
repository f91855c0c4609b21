"""Whether what a phrase says is denied: "it wasn't the first card", "the dealer did not put four cards out",
"nobody else had called"."""

from __future__ import annotations

import re

from ..lexicon import Lexicon
from ..reading import Reading, group, inside, joined

_DETAIL_GAP = len(" the ")
# A verb of showing or turning that tells no card shown or dealt: a fact found out ("ha scoperto di avere tre carte",
# "si scopre che erano 320"), a hand shown by its strength at showdown ("he turns over the nuts", "gira il colore"), the
# deal going round the table ("si dà la prima carta e poi gira").
_OTHER_SENSES = ("learned_fact", "hand_turned_up", "deal_went_round")
_NEGATION_BEFORE = re.compile(
    r"\b(?:not|wasn t|isn t|didn t \w+|did not \w+|non era|non e|non ha \w+|non|other than|except|tranne|diversa dalla"
    r"|non (?:sono|ero|era|e) (?:io|lui|lei))(?: the| la| il)?(?: very)? $")  # "non sono io il vincitore"
_NOT_JUST_BEFORE = re.compile(r"\b(?:not|didn t|did not|never|non|nobody|no one|nessuno)(?: \w+){0,2} $")
_DENIAL_BEFORE = re.compile(
    r"\b(?:hadn t|had not|hasn t|has not|haven t|didn t|did not|not|never|non|nobody|no one|nessuno|without|senza)"
    r"(?: (?:else|altro|yet|ancora|even|had|has|have|aveva|avevano|ha|hanno|ho|already|gia|mai"
    r"|le|la|lo|li|gli|ne|l|si|ci|mi|ti|gliel[aeio]|gliene))* $")  # "non le butta", "non l ha buttata"


def happened(r: Reading, concept: str) -> list[re.Match[str]]:
    """The concept's matches that tell something that happened, not something denied: "no card was exposed",
    "nessuna carta scoperta", "didn't flip any cards", "none flipped" tell that nothing did (see `undone`); nor a
    verb of showing in another sense (`_OTHER_SENSES`)."""
    other = [m for sense in _OTHER_SENSES for m in r.matches(sense)]
    return [m for m in r.matches(concept) if not undone(r, m) and not any(inside(m, said) for said in other)]


def undone(r: Reading, match: re.Match[str]) -> bool:
    """A denial in scope of the event: "no", "never", "non", "nessuna"… followed only by the card words and
    auxiliaries of the same clause ("no card was | shown"), never across another verb ("didn't see who | flipped") or a
    sentence's end."""
    if any(0 <= detail.start() - match.end() <= _DETAIL_GAP for detail in r.matches("ordinal_card")):
        return False  # "didn't expose the first card, it was the fifth": the detail is denied, not the event
    return any(0 <= match.start() - denial.end() <= 1 and match.start() <= r.sentence_end(denial.start())
               for denial in r.matches("event_denial"))  # "avevo niente. Ho girato…": a sentence ends the denial


def negated(r: Reading, match: re.Match[str]) -> bool:
    """"it wasn't the first card", "non era la prima carta"."""
    return bool(_NEGATION_BEFORE.search(r.before(match.start(), "negation_before")))


def said_not(r: Reading, match: re.Match[str]) -> bool:
    """"the dealer did not put four cards on the flop"."""
    return bool(_NOT_JUST_BEFORE.search(r.before(match.start(), "count_denial_before")))


def denied(r: Reading, match: re.Match[str]) -> bool:
    """"hadn't acted", "nobody else had called", "non aveva ancora parlato": an action that did not happen."""
    inside = any(m.start() <= match.start() < m.end() for m in no_action(r))
    return inside or bool(_DENIAL_BEFORE.search(r.before(match.start(), "action_denial_before")))


def nobody_acted(r: Reading) -> bool:
    """The text says no player had acted yet ("before either of us checked or bet", "prima che parlasse qualcuno",
    "nessuno aveva ancora fatto nulla"); "noticed right away" alone does not say it about a later card."""
    return any(not group(m, "at_once") for m in no_action(r))


def no_action(r: Reading) -> list[re.Match[str]]:
    """Nobody acted, told within one sentence: "Nobody noticed. UTG called" says nothing about UTG's call (the
    words between "nobody" and its verb never cross a sentence's end)."""
    said = r.matches("no_action") + r.matches("no_action_joined")  # a verb of its own, or any verb joined to one
    return sorted((m for m in said if m.end() <= r.sentence_end(m.start())), key=lambda m: m.start())


def without_excluded(text: str, sentences: tuple[int, ...], lexicon: Lexicon) -> tuple[str, tuple[int, ...]]:
    """The text without the places it names only to exclude them ("un giocatore (non il bottone) ha una carta sola",
    "someone other than the button"): such a phrase tells who it was not, so no topic should read the place as the
    one the story is about. Where its sentences now start comes with it."""
    if not lexicon.says("excluded_place", text):
        return text, sentences
    spans = list(zip(sentences, (*sentences[1:], len(text) + 1), strict=True))
    return joined([_dropped(text[start:end], lexicon) for start, end in spans])


def _dropped(sentence: str, lexicon: Lexicon) -> str:
    """One sentence without its excluded places."""
    kept, at = [], 0
    while (match := lexicon.find("excluded_place", sentence, at)) is not None:
        kept.append(sentence[at:match.start("drop")])
        at = match.end("drop")
    return " ".join(" ".join([*kept, sentence[at:]]).split())
