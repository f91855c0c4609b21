"""Claiming the board (holdem.play-the-board) and the showdown rules share their words (showing, mucking,
splitting): each situation must reach its own rule, whichever way round the words come."""

import pytest

from rules_engine import Engine

PAIRS = [
    ("I said I play the board and turned both my cards face up", "holdem.play-the-board", "share-pot"),
    ("he said he was playing the board, then mucked his cards face down", "holdem.play-the-board", "forfeit-claim"),
    ("he said he plays the board but showed only one of his cards", "holdem.play-the-board", "forfeit-claim"),
    ("ho detto che giocavo il board e ho mostrato entrambe le carte", "holdem.play-the-board", "share-pot"),
    ("he only showed one card at showdown and is waiting for the pot", "showdown.must-table-all-cards",
     "show-all-cards"),
    ("allo showdown ha girato solo una carta e tiene l'altra in mano", "showdown.must-table-all-cards",
     "show-all-cards"),
    ("I mucked my cards by mistake thinking I had lost, they are still on top of the muck", "showdown.mucked-hand",
     "retrieve-hand"),
    ("he said he had a flush so I mucked, but he actually had a pair; my cards got mixed in",
     "showdown.cards-speak", "hand-dead"),
    ("we both played the board and chopped, who gets the odd chip?", "showdown.odd-chip-and-side-pots",
     "odd-chip-left-of-button"),
    ("abbiamo giocato il board e diviso il piatto, a chi va la fiche dispari?", "showdown.odd-chip-and-side-pots",
     "odd-chip-left-of-button"),
    ("everyone checked the river, who shows first?", "showdown.order", "first-seat-shows-first"),
]


@pytest.mark.parametrize(("text", "rule_id", "outcome"), PAIRS, ids=[text[:40] for text, _, _ in PAIRS])
def test_board_claims_and_showdown_disputes_reach_their_own_rule(
        engine: Engine, text: str, rule_id: str, outcome: str) -> None:
    ruling = engine.rule(text, "robert-classic")
    assert (ruling.status, ruling.rule_id, ruling.outcome) == ("ruling", rule_id, outcome), ruling.facts
