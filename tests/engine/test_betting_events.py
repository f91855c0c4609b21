"""The betting topics on the event reader (readers/events.py): a move only asked about after an all-in is no move
(the reopening question, not the size of a raise that was made), the teller's own move however it is told, and the
action going back to a player the out-of-turn move passed over (his own move, not one behind him). Stories written
for this reader, never seen by the sets: seats by number, positions, names, pronouns, Italian subject inversion,
chat shorthand, a fact in another sentence. Both languages."""

import pytest
from test_events import _reading

from rules_engine import Engine
from rules_engine.readers.events import TELLER, came_back, events
from rules_engine.topics.out_of_turn import out_of_turn_move


@pytest.mark.parametrize(("text", "asked"), [
    ("Blinds 100/200. UTG raises to 600, the button shoves 900. UTG wants to re-raise to 2500, is that legal?",
     ("utg", "raise")),
    ("Blinds 100/200. UTG raises to 600, button goes all-in for 900. Can UTG make it 2000?", ("utg", "raise")),
    ("I raise, he shoves, can I re-raise?", (TELLER, "raise")),
    ("Il bottone ha chiamato fuori turno. Il cutoff può ancora rilanciare?", None),
])
def test_who_a_move_asked_about_is_asked_of(engine: Engine, text: str, asked: tuple[str, str] | None) -> None:
    """The player before the words that frame the move ("UTG wants to"), or inside them ("can UTG"); the move is
    no move that happened."""
    found = [(e.actor, e.move) for e in events(_reading(engine, text)) if e.hypothetical]
    assert (found[-1] if found else None) == asked


@pytest.mark.parametrize(("text", "move"), [
    ("bui 1/2: rilancio io a 6, il bottone allin per 9. posso ririlanciare?", (TELLER, "raise", "6")),
    ("sul flop punta lui 300", (None, "bet", "300")),
    ("l'utg chiama e poi rilancio io a 900", (TELLER, "raise", "900")),
])
def test_the_teller_s_move_however_told(engine: Engine, text: str, move: tuple[str | None, str, str]) -> None:
    """The subject put after an Italian move, between it and its amount: a move that happened, and its amount."""
    told = [(e.actor, e.move, e.amount) for e in events(_reading(engine, text)) if e.happened]
    assert move in told


@pytest.mark.parametrize(("text", "facts"), [
    # the asker had raised before the all-in: whether it reopened the betting, with the arithmetic
    ("Blinds 100/200. UTG raises to 600, the button shoves 900. UTG wants to re-raise to 2500, is that legal?",
     {"topic": "allin-reopen", "already_acted": "yes", "reopens": "no"}),
    ("Blinds 100/200. UTG raises to 600, button goes all-in for 900. Can UTG make it 2000?",
     {"topic": "allin-reopen", "already_acted": "yes", "reopens": "no", "to_call": 300}),
    ("Bui 200/400. UTG apre a 1200, il bottone va allin per 1500. UTG vorrebbe rilanciare a 5000, si può?",
     {"topic": "allin-reopen", "already_acted": "yes", "reopens": "no"}),
    ("bui 100/200, rilancio a 600, il bottone allin per 900: il primo può rilanciare a 2000?",
     {"topic": "allin-reopen", "already_acted": "yes", "reopens": "no"}),
    ("Blinds 100/200. UTG raises to 600, the cutoff goes all in for 1400. Can UTG re-raise?",
     {"topic": "allin-reopen", "already_acted": "yes", "reopens": "yes"}),
    # the teller's move the round cannot place: he acted, whether he may raise again stays to be asked
    ("bui 1/2: rilancio io a 6, il bottone allin per 9. posso ririlanciare?",
     {"topic": "allin-reopen", "already_acted": "yes", "reopens": None}),
    ("After the short all-in for 450, am I allowed to raise more? I had raised to 300 and the blinds are 50/100.",
     {"topic": "allin-reopen", "already_acted": "yes", "reopens": None}),
    # one who had not acted asks how much: the size of his raise, not the reopening
    ("Blinds 25/50. The first player bets 100 on the flop, the next goes all-in for 140. It's on me and I want to "
     "raise to 200, the dealer says the minimum is 240. Who's right?", {"topic": "raise-size"}),
])
def test_a_move_asked_about_after_an_all_in(engine: Engine, text: str, facts: dict[str, object]) -> None:
    ruling = engine.rule(text, "tda-2024")
    assert {name: ruling.facts.get(name) for name in facts} == facts


@pytest.mark.parametrize(("text", "back"), [
    ("The button bet out of turn, skipping the cutoff. Cutoff checked. SB folds, BB calls.", ["co"]),
    ("UTG+1 raised out of turn before UTG acted. UTG then checked, the hijack folded, the button called.", ["utg"]),
    ("Seat 7 raised out of turn while seat 5 was still thinking. Seat 5 folded, seat 6 called.", []),
    ("seat 4 bets, seat 7 raises out of turn, seat 5 calls, seat 6 folds", ["seat 5", "seat 6"]),
    ("il bottone punta 80 fuori turno saltando il cutoff. il cutoff fa check, lo small folda, il big chiama", ["co"]),
    ("Ero UTG e il dealer mi ha saltato: UTG+1 ha chiamato, poi il cutoff ha chiamato e il bottone ha rilanciato",
     []),
])
def test_the_action_back_to_the_players_passed_over(engine: Engine, text: str, back: list[str]) -> None:
    """After a move out of turn, the players between the last move before it and its maker, by the order of play:
    their moves told after it are their own, once the action went back to them."""
    r = _reading(engine, text)
    made = out_of_turn_move(r)
    assert made is not None
    assert [e.actor for e in came_back(r, made)] == back


@pytest.mark.parametrize(("text", "book", "facts"), [
    ("The button bet out of turn, skipping the cutoff. Cutoff checked. Small blind folds, big blind calls. Ruling?",
     "tda-2024", {"oot_action": "bet-raise", "action_changed": "no"}),
    ("Button bet 80 out of turn, the cutoff hadn't spoken. Cutoff then checks. SB folds, BB calls.", "robert-classic",
     {"oot_action": "bet-raise", "action_changed": "no"}),
    ("il bottone punta 80 fuori turno saltando il cutoff. il cutoff fa check, lo small folda, il big chiama. vale?",
     "tda-2024", {"oot_action": "bet-raise", "action_changed": "no"}),
    ("On the flop the button bet 100 out of turn before the small blind acted. The small blind then raised to 300.",
     "robert-v11", {"oot_action": "bet-raise", "action_changed": "yes"}),
    ("utg+1 raise oot, utg checks, hj fold co fold btn call. does the raise stand", "tda-2024",
     {"oot_action": "bet-raise", "action_changed": "no"}),
])
def test_the_skipped_player_then_only_checked(engine: Engine, text: str, book: str, facts: dict[str, str]) -> None:
    """A check by the player passed over is no change of action, and the moves after it are not behind him."""
    ruling = engine.rule(text, book)
    assert ruling.facts.get("topic") == "out-of-turn"
    assert {name: ruling.facts.get(name) for name in facts} == facts
    assert ruling.rule_id == "action.out-of-turn" and ruling.outcome != "action-behind-stands"


@pytest.mark.parametrize(("text", "book", "facts"), [
    ("Seat 3 says raise and then just calls. Binding?", "tda-2024", {"topic": "verbal-declaration"}),
    ("Il posto 4 dice rilancio e poi chiama soltanto. Deve rilanciare?", "robert-classic",
     {"topic": "verbal-declaration", "declaration": "chips-differ", "word_timing": "words-first"}),
    ("Luca ha detto check e poi ha puntato 100. Vale il check?", "tda-2024",
     {"topic": "verbal-declaration", "declaration": "chips-differ", "word_timing": "words-first"}),
    ("Tony announced call but then he raised to 600.", "robert-v11", {"topic": "verbal-declaration"}),
])
def test_a_move_said_then_another_made_by_him(engine: Engine, text: str, book: str, facts: dict[str, str]) -> None:
    """His word, then another kind of move by the same player (seat, name, pronoun, Italian): the word binds."""
    ruling = engine.rule(text, book)
    assert {name: ruling.facts.get(name) for name in facts} == facts
    assert ruling.outcome == "verbal-binds"


@pytest.mark.parametrize("text", [
    "Marco said call, then Luca raised to 300. Is that fine?",
    "Seat 2 says check on the flop; on the turn seat 2 bets 50.",
    "Il posto 5 dice rilancio e rilancia a 600.",
])
def test_no_word_against_another_move(engine: Engine, text: str) -> None:
    """Another player's move, a move on a later street, or the move said itself."""
    assert engine.rule(text, "tda-2024").facts.get("topic") != "verbal-declaration" or \
        engine.rule(text, "tda-2024").facts.get("declaration") != "chips-differ"
