"""A missed, extra or exposed burn card (holdem.burn-error-before-flop, holdem.burn-error-later-street): what went
wrong, before which street (the street whose burn it was, even if found later), whether anyone had acted on that
street's card (the action lock), and, for the flop, whether its cards were already face up."""

from __future__ import annotations

import re

from ..readers import streets
from ..readers.board_action import acted_on
from ..readers.negation import denied, happened
from ..reading import Facts, Reading, group, inside
from . import Cue, Topic
from .flop_count import FLOP_CARDS, flop_card_count

_KINDS = {"burn_exposed": "exposed", "burn_extra": "extra", "burn_missed": "missed"}
_OBJECT_GAP = len(" una ")  # a card this close after a burn verb is its object ("burned a card")
_CORRECTION = re.compile(r"\b(?:no wait|wait no|sorry|actually|i mean|anzi|no scusa|cioe)\b")


def _mistakes(r: Reading) -> list[tuple[re.Match[str], str]]:
    """Each burn mistake the text tells, in the order told; "a new flop is dealt without burning" is a remedy, and
    "nessuno ha dimenticato la bruciata", "the dealer never forgot to burn" tell none."""
    found = [(m, kind) for concept, kind in _KINDS.items() for m in r.matches(concept)
             if not _remedy(r, m) and not denied(r, m) and not (kind == "extra" and _one_after_all(r, m))
             and not (kind == "exposed" and _still_down(r, m))]
    told = [m for concept in _KINDS for m in r.matches(concept)]  # a phrase read (or denied) already
    told += r.matches("burn_gloss")  # "'burn' = carta bruciata": a term explained, no burn told
    found += [(m, kind) for m in r.matches("burn_mention") if not any(inside(m, t) or inside(t, m) for t in told)
              and (kind := _told_by_structure(r, m)) and not _remedy(r, m)]
    return sorted(found, key=lambda pair: pair[0].start())


def _told_by_structure(r: Reading, burn: re.Match[str]) -> str | None:
    """A burn word denied in its clause ("niente scarto", "non si è bruciato", "came out with no burn card") tells a
    missed burn, counted two or more ("two got burned", "three cards went into the burn pile") an extra one; only of a
    street's burn, a board street said in the same sentence, so "burn two and deal" or "two burn cards by the turn"
    told as the game's routine tell none."""
    if not _street_in_sentence(r, burn):
        return None
    if _shown_by_pronoun(r, burn):
        return "exposed"
    before = r.before(burn.start(), "burn_told_before").rstrip()
    denial = r.lexicon.find("burn_denied_before", before)
    if denial:  # unless the denial is denied itself: "nessuno ha dimenticato la bruciata", "he never skipped the burn"
        return None if r.lexicon.says("burn_denied_before", before[:denial.start()].rstrip()) else "missed"
    if _turned_up(r, burn):  # after the denial: "niente scarto prima del flop e le tre carte sono già scoperte"
        return "exposed"
    counted = r.lexicon.find("burn_count_before", before)
    return "extra" if counted and (r.number(counted) or 0) >= 2 else None


def _shown_by_pronoun(r: Reading, burn: re.Match[str]) -> bool:
    """The burn card shown, named by a pronoun later in its sentence with no other card named between: "prima del turn
    il dealer brucia, ma la fa vedere a tutti", "burning before the river, the dealer flashed it"."""
    end = r.sentence_end(burn.start())
    shown = next((m for m in r.matches("pronoun_shown") if burn.end() <= m.start() <= end), None)
    return shown is not None and _no_other_card_between(r, burn, shown.start())


def _turned_up(r: Reading, burn: re.Match[str]) -> bool:
    """The burn card turned face up, told as the next thing that happens to a card after the burn word, close by in its
    sentence, with no other card or street named between: the burn card the subject of the turning ("the burn card
    flips face up", "la bruciata si gira faccia in su", "quando ha bruciato prima del flop la carta gli si è girata")
    or its object ("bruciando il dealer fa vedere la carta bruciata"). Not a street turned after a burn verb ("brucia
    e gira il turn", "burned and turned the next card face up"); a denied turning ("nobody saw it") tells nothing."""
    reach = r.lexicon.windows["burn_turned_up_reach"]
    end = min(r.sentence_end(burn.start()), burn.end() + reach)
    turned = next((m for m in happened(r, "exposure") if burn.end() <= m.start() <= end), None)
    if turned is None or not _no_other_card_between(r, burn, turned.start()):
        return False
    after = r.after(turned.end(), "turned_object_after")
    if r.lexicon.says("burn_mention", after):
        return True  # "fa vedere la carta bruciata"
    if any(r.lexicon.says(street, after) for street in streets.BOARD_STREETS):
        return False  # "brucia e gira il turn": the street is what was turned
    return r.lexicon.says("burn_as_noun_before", r.before(burn.start(), "burn_told_before").rstrip()) or any(
        burn.end() + _OBJECT_GAP < m.start() < turned.start()  # "ha bruciato una carta": what was burned
        and not r.lexicon.says("next_card_before", r.before(m.start(), "burn_told_before").rstrip())
        for m in r.matches("card"))


def _no_other_card_between(r: Reading, burn: re.Match[str], at: int) -> bool:
    """No card or street named between the burn word and `at` but the burn card itself ("bruciava la carta") and the
    street it was burned for ("before the river")."""
    reach = r.lexicon.windows["burn_told_before"]
    others = [m for m in r.matches("card") if m.start() - burn.end() > reach]  # "bruciava la carta": the burn itself
    others += [m for name in streets.BOARD_STREETS for m in r.matches(name)  # not "before the river": its burn's
               if not r.lexicon.says("burn_due_before", r.before(m.start(), "burn_told_before").rstrip())]
    return not any(burn.end() <= m.start() < at for m in others)


def _street_in_sentence(r: Reading, burn: re.Match[str]) -> bool:
    start = r.sentence_start(burn.start())
    end = r.sentence_end(burn.start())
    return any(start <= m.start() <= end for name in streets.BOARD_STREETS for m in r.matches(name))


def _still_down(r: Reading, exposed: re.Match[str]) -> bool:
    """ "the burn he flipped... no, the burn's still face down": taken back."""
    return any(m.start() >= exposed.end() for m in r.matches("burn_still_down"))


def _one_after_all(r: Reading, extra: re.Match[str]) -> bool:
    """ "burned two - no wait, he burned just one": the player settled on one burn."""
    return any(m.start() >= extra.end() for m in r.matches("burn_just_one"))


def _remedy(r: Reading, match: re.Match[str]) -> bool:
    """A burn word told of the remedy ("a new flop is dealt without burning"), not after the rulebook's edition
    ("Robert nuovo, flop girato senza bruciata": no new flop)."""
    reach = r.lexicon.windows["burn_remedy_reach"]
    return any(0 <= match.start() - m.end() <= reach for m in r.matches("burn_remedy") if not _edition(r, m))


def _edition(r: Reading, remedy: re.Match[str]) -> bool:
    """The remedy's "new" is the rulebook's edition, said right after its name ("Robert nuovo", "Robert's new")."""
    reach = r.lexicon.windows["edition_word_after"]
    return any(name.end() <= remedy.start() <= name.end() + reach
               and r.lexicon.says("edition_new_after", r.after(name.end(), "edition_word_after"))
               for name in r.matches("rulebook_name"))


def burn_street(r: Reading) -> str | None:
    """The street whose burn went wrong: named with the burn ("before the turn", "the river burn"), else the street
    told nearest the mistake, as first told."""
    told = sorted([m.start() for m, _ in _mistakes(r)] + [m.start() for m in r.matches("burn_mistake")])
    if not told:
        return None
    anchors = told[:1]  # as first told; a later mention is usually its discovery ("spotted before the river")
    reach = r.lexicon.windows["burn_street_reach"]
    said = [(abs(m.start() - a), _street_of(m)) for m in r.matches("burn_street") for a in anchors]
    said = [pair for pair in said if pair[0] <= reach]
    if said:
        return min(said)[1]
    mentions = [(abs(m.start() - a), name) for name in streets.BOARD_STREETS for m in r.matches(name) for a in anchors]
    return min(mentions)[1] if mentions else None


def _street_of(match: re.Match[str]) -> str:
    """The street a burn-street phrase names: its own, or the one after a betting round said over ("after the flop
    action", "finito il preflop" → the next street's burn)."""
    done = next((street for name in ("done", "done2", "done3", "done4") if (street := group(match, name))), None)
    return streets.NEXT_STREET[done] if done else group(match, "street") or ""


def _burn_error(r: Reading, given: Facts) -> Facts | None:
    if not (_mistakes(r) or r.has("burn_mistake")):
        return None
    if (flop_card_count(r) or 0) > FLOP_CARDS:
        return None  # "four cards on the flop, one was the burn that flipped": the four-card flop's rule
    street = burn_street(r)
    return {"street": street} if street else {}


def burn_error(r: Reading, facts: Facts) -> None:
    """The mistake told first, or the last one after a correction ("burned two - no wait, one, but face up")."""
    mistakes = _mistakes(r)
    if mistakes:
        corrected = _CORRECTION.search(r.text, mistakes[0][0].end())
        facts["burn_error"] = mistakes[-1][1] if corrected else mistakes[0][1]


def acted_on_board(r: Reading, facts: Facts) -> None:
    """Unless the text doubts the action ("nobody remembers whether anyone had checked or bet on the river"):
    then it is asked, never read off the doubted words."""
    told = [m for m in r.matches("action_verb") if not denied(r, m)]  # "no one has acted" is no action to doubt
    if any(r.uncertain_near(m.start(), "doubt_action") for m in told):
        r.doubt("acted_on_board")
        return
    if _only_denied_moves(r):
        facts["acted_on_board"] = "no"
        return
    mistakes = _mistakes(r)
    acted = acted_on(r, str(facts["street"]) if "street" in facts else None,
                     since=mistakes[0][0].start() if mistakes else None)
    if acted:
        facts["acted_on_board"] = acted


def _only_denied_moves(r: Reading) -> bool:
    """Every move the story names stands in a denial of a list of moves ("nessuno aveva ancora detto check né
    puntato", "not a single check or bet yet"): the later moves of the list are denied too, so nobody acted."""
    lists = r.matches("moves_denied")
    return bool(lists) and all(any(inside(m, told) for told in lists) for m in r.matches("action_verb"))


def flop_exposed(r: Reading, facts: Facts) -> None:
    """A flop still face down: nobody can have acted on it either. Said face up wins ("non ha bruciato prima di
    girare il flop, il flop è già scoperto"). So for the turn or the river said still face down next to its name
    ("il turn è ancora coperto sul tavolo"), not a burn card still down."""
    street = facts.get("street")
    if not (street in streets.BOARD_STREETS and r.has("flop_still_down") and not r.has("flop_face_up")):
        return
    if street == "flop":
        facts["flop_exposed"] = "no"
        facts.setdefault("acted_on_board", "no")
    elif any(r.near(str(street), m.start(), "acted_street_after") for m in r.matches("flop_still_down")):
        facts.setdefault("acted_on_board", "no")


TOPIC = Topic("burn-error", cues=(Cue(110, _burn_error),), readers=(burn_error, acted_on_board, flop_exposed))
