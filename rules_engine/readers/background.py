"""What happened in an earlier hand is background, not the hand asked about: "Two hands ago someone mucked thinking
he chopped. Anyway, this hand: the dealer flips the SB's first card", "Prima avevamo rifatto una mano. Comunque,
in questa mano…".

A sentence set in an earlier hand ("two hands ago", "earlier tonight", "last orbit", "l'altra sera", "una mano
prima") or waved off by its teller ("…, but forget that", "ma lasciamo stare") is dropped when a later sentence turns
to the hand in question ("anyway", "this hand", "the real question is", "comunque", "ma la domanda è"), so a cue said
only about an earlier hand never decides the topic over the incident. Without such a turn the story is one hand
told in order, and only its side remarks go: a sentence in the middle of the story that says it is an aside, turns
to an earlier moment of that evening ("Side note, the same dealer miscounted a side pot last week too.", "Earlier
that night he had been warned for chatting.", "Prima di quella mano avevamo discusso per la pizza.") or waves itself
off is colour, not the incident, and so is a sentence of the evening's setting (food, pets, children, the television)
that tells no card, deal, move or dealer; the first sentence (the story's opening) and the last (the question) are
kept.
"""

from __future__ import annotations

from ..lexicon import Lexicon
from ..reading import joined

# Concepts that tell part of an incident (a card, a deal, a move, the dealer, a blind): a sentence of the evening's
# setting that says one of them may be the incident itself ("the cat knocked the deck over", "I went to dinner and
# missed both blinds"), so it stays.
INCIDENT_CONCEPTS = ("card", "exposure", "receives", "extra", "action_verb", "burn_mention", "dealer_named",
                     "missed_blind", "blind_named")


def apply(text: str, sentences: tuple[int, ...], lexicon: Lexicon) -> tuple[str, tuple[int, ...]]:
    """The text without the sentences about earlier hands, and where its sentences now start."""
    spans = list(zip(sentences, (*sentences[1:], len(text) + 1), strict=True))
    said = [text[start:end].strip() for start, end in spans]
    turn = next((i for i, sentence in enumerate(said) if i and lexicon.says("current_hand", sentence)), None)
    if turn is None:
        return _without_side_remarks(said, text, sentences, lexicon)
    earlier = {i for i, sentence in enumerate(said[:turn])
               if lexicon.says("earlier_hand", sentence) or lexicon.says("dismissed", sentence)
               or (i and _colour(sentence, lexicon))}
    if not earlier:
        return text, sentences
    return joined([sentence for i, sentence in enumerate(said) if i not in earlier])



def _without_side_remarks(said: list[str], text: str, sentences: tuple[int, ...],
                          lexicon: Lexicon) -> tuple[str, tuple[int, ...]]:
    """The story without the asides told between its opening and its question, nor an earlier hand recalled at the
    end ("…the dealer flops while the button still had to act. Earlier someone had three cards but we fixed it.")."""
    asides = {i for i, sentence in enumerate(said[1:-1], start=1)
              if lexicon.says("side_remark", sentence) or lexicon.says("dismissed", sentence)
              or _colour(sentence, lexicon)}
    if len(said) > 1 and any(lexicon.says(concept, said[-1]) for concept in ("earlier_hand", "dismissed")):
        asides.add(len(said) - 1)
    if not asides:
        return text, sentences
    return joined([sentence for i, sentence in enumerate(said) if i not in asides])


def _colour(sentence: str, lexicon: Lexicon) -> bool:
    """The evening's setting told as colour ("la pizza era finita e il gatto dormiva sulle fiches avanzate"), with no
    card, deal, move or dealer in it: not the incident, whatever its chips resemble."""
    return lexicon.says("setting_colour", sentence) and not any(lexicon.says(c, sentence) for c in INCIDENT_CONCEPTS)
