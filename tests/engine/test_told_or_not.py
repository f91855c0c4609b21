"""What a story tells as having happened, and what it does not (parser.py, readers/negation.py): an open question the
teller says nobody can answer ("nobody is sure whether…", "non ricordiamo se…") gives no fact, which is asked; a
place named only to exclude it ("un giocatore (non il bottone)") is no place told; another version of the story asked
about after it ("if it had been the small blind's card, would…?") tells nothing of the story, and alone it is a
question about the rule, ruled as asked; the evening's setting told as colour ("the cat slept on the leftover chips")
is no part of the incident (readers/background.py). A story whose deciding facts are
told outside such clauses keeps its ruling. (Averted incidents are rows of tables/no_dispute.toml.) Stories written
for engine round 13 (wrong-13), in words of their own."""

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

KEPT = [  # (rulebook, text, answer): the open question is about something else
    ("robert-classic", "Not sure if it matters, but the dealer flipped the small blind's first card before anyone "
     "acted. Robert's classic.", ("ruling", "holdem.exposed-holecard", "misdeal")),
    ("robert-classic", "Il dealer ha girato per sbaglio la prima carta, quella del piccolo buio, prima che qualcuno "
     "parlasse; non so se sia importante ma il ragazzo è furioso. Robert classico.",
     ("ruling", "holdem.exposed-holecard", "misdeal")),
    ("tda-2024", "Seat 4 bet 500, seat 6 raised to 1500 out of turn before seat 5 acted; I don't know if seat 6 was "
     "drunk or just careless. Seat 5 then folded. TDA",
     ("ruling", "action.out-of-turn", "action-binds")),
]


@pytest.mark.parametrize(("rulebook", "text", "fact"), ASKED, ids=[text[:40] for _, text, _ in ASKED])
def test_a_fact_told_only_in_an_open_question_is_asked(engine: Engine, rulebook: str, text: str, fact: str) -> None:
    ruling = engine.rule(text, rulebook)
    assert ruling.status == "question", (ruling.rule_id, ruling.outcome, ruling.facts)
    assert fact not in ruling.facts


@pytest.mark.parametrize(("rulebook", "text", "answer"), KEPT, ids=[text[:40] for _, text, _ in KEPT])
def test_an_open_question_about_something_else_keeps_the_ruling(engine: Engine, rulebook: str, text: str,
                                                                 answer: tuple[str, str, str]) -> None:
    ruling = engine.rule(text, rulebook)
    assert (ruling.status, ruling.rule_id, ruling.outcome) == answer, ruling.facts


EXCLUDED = [  # (rulebook, text, answer, facts): the place excluded is not the one the story is about
    ("tda-2024", "un giocatore (non il bottone) si accorge di avere una carta sola prima che qualcuno parli. TDA",
     ("ruling", "misdeal.wrong-card-count", "misdeal"), {"topic": "wrong-card-count", "wrong_count": "too-few"}),
    ("tda-2024", "Someone other than the button found he only had one card, before any action. TDA.",
     ("ruling", "misdeal.wrong-card-count", "misdeal"), {"topic": "wrong-card-count", "players_acted": 0}),
    ("tda-2024", "È il big blind, non il bottone, ad avere una carta sola; nessuno ha ancora parlato. TDA",
     ("ruling", "misdeal.wrong-card-count", "misdeal"), {"topic": "wrong-card-count", "wrong_count": "too-few"}),
    ("tda-2024", "a guy, not the one on the button, the one two seats left, looks down at a single card. no one has "
     "acted. tda", ("ruling", "misdeal.wrong-card-count", "misdeal"), {"topic": "wrong-card-count"}),
    ("tda-2024", "The button, not the big blind, only got one card; nobody has acted yet. TDA",
     ("ruling", "holdem.button-short-card", "deal-missing-card"), {"topic": "button-short-card"}),
]


@pytest.mark.parametrize(("rulebook", "text", "answer", "facts"), EXCLUDED, ids=[row[1][:40] for row in EXCLUDED])
def test_a_place_named_only_to_exclude_it_is_no_place_told(engine: Engine, rulebook: str, text: str,
                                                           answer: tuple[str, str, str],
                                                           facts: dict[str, object]) -> None:
    ruling = engine.rule(text, rulebook)
    assert (ruling.status, ruling.rule_id, ruling.outcome) == answer, ruling.facts
    assert {name: ruling.facts.get(name) for name in facts} == facts


VARIANTS = [  # (rulebook, text, answer, facts)
    ("robert-classic", "Nobody acted yet and the dealer flashed the big blind's first card. We ruled it plays on with "
     "a replacement. If it had been the small blind's first card, would that have been a misdeal? Old Robert's.",
     ("ruling", "holdem.exposed-holecard", "replace-exposed-card"), {"deal_position": "second"}),
    ("robert-classic", "Il dealer ha scoperto la seconda carta del cutoff, nessuno aveva parlato. Se fosse stata la "
     "prima carta del piccolo buio sarebbe stato misdeal? Robert classico.",
     ("ruling", "holdem.exposed-holecard", "replace-exposed-card"), {"deal_position": "later"}),
    ("tda-2024", "If the dealer had flashed the very first card of the deal, before anyone acted, would it be a "
     "misdeal under TDA?", ("ruling", "holdem.exposed-holecard", "misdeal"), {"deal_position": "first"}),
]


@pytest.mark.parametrize(("rulebook", "text", "answer", "facts"), VARIANTS, ids=[row[1][:40] for row in VARIANTS])
def test_another_version_asked_about_is_not_the_story(engine: Engine, rulebook: str, text: str,
                                                      answer: tuple[str, str, str],
                                                      facts: dict[str, object]) -> None:
    ruling = engine.rule(text, rulebook)
    assert (ruling.status, ruling.rule_id, ruling.outcome) == answer, ruling.facts
    assert {name: ruling.facts.get(name) for name in facts} == facts


COLOUR = [  # (rulebook, text, answer, topic)
    ("robert-classic", "Finale del torneo di casa, io e mio cugino heads-up. La pizza era finita e il cane dormiva "
     "sotto il tavolo vicino alle fiches avanzate. Lui dice che il bottone mette il grande buio, io dico il piccolo. "
     "Robert classico?", ("ruling", "blinds.dead-vs-moving-button", "button-is-small-blind"), "button-move"),
    ("robert-classic", "Friday game at Tom's. The beer ran out around midnight and his kid was stacking the leftover "
     "chips into towers. Anyway, the dealer flipped the small blind's first card before anyone acted. Old Robert's.",
     ("ruling", "holdem.exposed-holecard", "misdeal"), "exposed-holecard"),
    ("robert-classic", "Home game at Sara's. Mid-hand her cat jumped on the table and knocked the stub on the floor, "
     "cards everywhere. Then we kept playing. What now? Robert's.", ("question", "deck.disordered-stub", None),
     "disordered-stub"),
]


@pytest.mark.parametrize(("rulebook", "text", "answer", "topic"), COLOUR, ids=[row[1][:40] for row in COLOUR])
def test_the_evenings_setting_is_no_part_of_the_incident(engine: Engine, rulebook: str, text: str,
                                                         answer: tuple[str, str, str | None], topic: str) -> None:
    ruling = engine.rule(text, rulebook)
    assert (ruling.status, ruling.rule_id, ruling.outcome) == answer, ruling.facts
    assert ruling.facts.get("topic") == topic
