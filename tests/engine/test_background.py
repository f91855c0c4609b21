"""Which sentences of a story are the incident: sentences end after a number too, and what an earlier hand or an
aside says is background that never decides the topic."""

import pytest

from rules_engine.lexicon import Lexicon
from rules_engine.parser import Parser
from rules_engine.topics import Topics, discover

LEXICON = Lexicon.load()


@pytest.mark.parametrize(("text", "sentences"), [
    ("Seat 7 puts out 8. Earlier we had a guy with three cards", 2),
    ("il posto 5 mette 8. Prima c'era stata una discussione", 2),
    ("1. BB still to act 2) dealer flops", 1),
    ("button in seat 1. Seat 2 is the small blind", 2),
    ("blinds 0.50/1 tonight. ok", 2),
])
def test_a_sentence_ends_after_a_number_but_not_after_a_list_number(text: str, sentences: int) -> None:
    assert len(LEXICON.speller.sentences(text)) == sentences


@pytest.fixture(scope="module")
def parser() -> Parser:
    return Parser(LEXICON, Topics(discover()))


@pytest.mark.parametrize(("text", "topic"), [
    ("Earlier in the evening we had a four-card flop and redealt it. The hand I'm asking about: the dealer flipped "
     "the big blind's first card.", "exposed-holecard"),
    ("Last week someone flashed his own hand at showdown, but forget that. The real question: heads-up, the dealer "
     "flipped the big blind's first card.", "exposed-holecard"),
    ("A player had an extra card last level. This hand, UTG raises, the hijack calls and the dealer turns the flop "
     "with both blinds still to act.", "board-card-dealt"),
    ("Premessa: la settimana scorsa abbiamo avuto un flop con quattro carte. Ma la domanda è un'altra: il mazziere "
     "ha scoperto la prima carta del piccolo buio.", "exposed-holecard"),
    ("Story time. Last orbit a guy mucked thinking he'd won, but that's settled. This hand: UTG folds, UTG+1 folds, "
     "then the small blind says his first card was face up.", "exposed-holecard"),
    ("Last hand there was a four card flop, we fixed it. Now the dealer flipped the small blind's first card.",
     "exposed-holecard"),
    ("UTG raises to 15, MP calls, the dealer flops while the button still had to act. Earlier someone had three "
     "cards but we fixed it.", "board-card-dealt"),
    ("torneo TDA: nella mano prima qualcuno aveva tre carte. Ora il dealer ha girato la prima carta del grande buio",
     "exposed-holecard"),
    ("We had a showdown earlier where someone showed one card, whatever. This hand the dealer flipped the cutoff's "
     "first card.", "exposed-holecard"),
    ("Ieri il mazziere ha scoperto una carta al primo giro e l'abbiamo sostituita, ok. La mia domanda però è "
     "un'altra: al flop il posto 3 punta, il posto 7 deve ancora parlare e il dealer gira il turn.",
     "board-card-dealt"),
])
def test_a_cue_said_only_about_an_earlier_hand_loses_to_the_incident(parser: Parser, text: str, topic: str) -> None:
    assert parser.read(text).facts.get("topic") == topic
