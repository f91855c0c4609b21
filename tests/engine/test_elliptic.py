"""A second player told without a verb of his own ("UTG ha chiamato e UTG+1 pure", "utg folded and the hijack did the
same") is one more player who acted, read once by `readers.actions.elliptic_actors` for every topic that counts
the action (the misdeal cut-off, out of turn)."""

import pytest

from rules_engine import Engine


@pytest.mark.parametrize(("text", "acted", "chips"), [
    ("the deal got messed up, utg called and utg+1 too, can we still call a misdeal?", 2, "yes"),
    ("the deal got messed up, utg folded and the hijack did the same, can we still call a misdeal?", 2, "no"),
    ("il mazziere ha sbagliato a distribuire, UTG ha già chiamato e UTG+1 pure, si può ancora chiamare misdeal?", 2,
     "yes"),
    ("il mazziere ha sbagliato a distribuire, UTG ha passato e UTG+1 idem, si può ancora chiamare misdeal?", 2, "no"),
    ("the deal got messed up, utg folded and utg+1 as well, is it too late for a misdeal?", 2, "no"),
])
def test_a_second_actor_without_a_verb_is_counted_once(engine: Engine, text: str, acted: int, chips: str) -> None:
    facts = engine.rule(text, "robert-v11").facts
    assert (facts.get("topic"), facts.get("players_acted"), facts.get("chips_in")) == ("misdeal-cutoff", acted, chips)
