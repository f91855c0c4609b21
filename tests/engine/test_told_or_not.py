"""What a story tells as having happened, and what it does not (parser.py): an open question the teller says nobody
can answer ("nobody is sure whether…", "non ricordiamo se…") gives no fact, which is asked. The stories where such a
clause, a place named only to exclude it, another version asked about or the evening's setting must not change the
ruling are rows of their topics' tables (tables/*.toml); averted incidents are rows of tables/no_dispute.toml.
Stories written for engine round 13 (wrong-13), in words of their own."""

import pytest

from rules_engine import Engine

ASKED = [  # (rulebook, text, the fact no longer read as told)
    ("robert-classic", "My first card came up face up on the pitch and I'm not sure if it was me who flipped it when "
     "I grabbed it too fast or if the dealer had pitched it face up. Old Robert's.", "exposed_count"),
    ("tda-2024", "Seat 3 has three cards. Nobody can remember if anyone had acted yet when he said so, the UTG maybe "
     "had folded. TDA", "players_acted"),
    ("tda-2024", "Il posto 6 ha tre carte; non ricordiamo se quando l'ha detto l'UTG e l'UTG+1 avevano già chiamato. "
     "TDA", "players_acted"),
    ("tda-2024", "Scala a colore sul board, lui dice 'gioco il board' e spinge le carte verso il dealer; non si sa se "
     "il dealer le abbia già buttate negli scarti o siano ancora lì. TDA.", "cards_tabled"),
]


@pytest.mark.parametrize(("rulebook", "text", "fact"), ASKED, ids=[text[:40] for _, text, _ in ASKED])
def test_a_fact_told_only_in_an_open_question_is_asked(engine: Engine, rulebook: str, text: str, fact: str) -> None:
    ruling = engine.rule(text, rulebook)
    assert ruling.status == "question", (ruling.rule_id, ruling.outcome, ruling.facts)
    assert fact not in ruling.facts
