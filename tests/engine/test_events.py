"""The story as events (readers/events.py): who made each move, what it was, and the out-of-turn facts the topic
reads from them, on phrasings written for this reader and never seen by the sets: seats by number only, names,
pronouns, relative clauses, negated and hypothetical moves, a move told in another sentence. Both languages."""

import pytest

from rules_engine import Engine
from rules_engine.parser import Parser
from rules_engine.readers import background, claims, corrections, names
from rules_engine.readers.events import events, passed_over, skipped_players
from rules_engine.reading import Reading


def _reading(engine: Engine, text: str) -> Reading:
    """The reading the parser makes of a text (the same steps, without choosing a topic)."""
    parser: Parser = engine._parser
    lexicon = parser.lexicon
    words = [word for sentence in lexicon.speller.sentences(text) for word in sentence]
    told = claims.apply(*background.apply(*names.apply(corrections.apply(" ".join(words), lexicon), (0,), lexicon),
                                          lexicon), lexicon)
    return Reading(told[0], lexicon, told[1])


@pytest.mark.parametrize(("text", "moves"), [
    ("seat 3 bets, 6 calls, then 4 says he was never asked", [("seat 3", "bet"), ("seat 6", "call")]),
    ("the 7, who had been skipped, checks", [("seat 7", "check")]),
    ("Marco folded, then Luca — who hadn't acted — raised to 200", [("marco", "fold"), ("luca", "raise")]),
    ("il 7 che era stato saltato fa check", [("seat 7", "check")]),
    ("l'UTG ha rilanciato a 300, io ho chiamato, il bottone ha foldato", [("utg", "raise"), ("me", "call"),
                                                                          ("btn", "fold")]),
    ("the cutoff bet 50 and the button shoved; then he folded", [("co", "bet"), ("btn", "allin"), ("btn", "fold")]),
    ("seats 6, 7 and 8 called", [("seats 6 7 8", "call")]),
    ("l'UTG+1, Andrea, dice all-in e spinge le fiche", [("utg+1", "allin")]),
    ("the guy he skipped in seat 2 just folded", [("seat 2", "fold")]),
    ("il posto 2 a quel punto punta 300", [("seat 2", "bet")]),
])
def test_each_move_has_its_actor(engine: Engine, text: str, moves: list[tuple[str, str]]) -> None:
    told = [(e.actor, e.move) for e in events(_reading(engine, text)) if e.happened]
    assert told == moves


@pytest.mark.parametrize("text", [
    "can the big blind still raise?",
    "if I call, does his bet stand?",
    "vuole rilanciare ma non può",
    "he hadn't called yet",
    "I thought Sam had already checked",
    "is his shove binding? and the call of UTG?",
    "a un certo punto, a quel punto",
    "il call di UTG+1 è vincolante?",
])
def test_no_move_happened(engine: Engine, text: str) -> None:
    """A move asked about, wanted, believed, denied or named as a noun is no move that happened."""
    assert [e for e in events(_reading(engine, text)) if e.happened] == []


@pytest.mark.parametrize(("text", "who"), [
    ("seat 3 bets, 6 calls, then 4 says he was never asked", "seat 4"),
    ("UTG was still thinking when the hijack shoved", "utg"),
    ("il posto 4 era distratto e non ha parlato", "seat 4"),
    ("ha rilanciato quando ancora doveva parlare il posto 5", "seat 5"),
    ("mi hanno saltato", "me"),
    ("Seat 4 threw in a bet before seat 3 could say anything", "seat 3"),
])
def test_the_player_passed_over(engine: Engine, text: str, who: str) -> None:
    assert [mark.who for mark in skipped_players(_reading(engine, text))] == [who]


def test_the_move_past_him_by_the_seats_order(engine: Engine) -> None:
    """Seat 4 skipped: 3 bet before him, 6 called past him (the one out of turn), whatever is said last."""
    past = passed_over(_reading(engine, "seat 3 bets, 6 calls, then 4 says he was never asked"))
    assert past is not None and (past[0], past[1].actor, past[1].move) == ("seat 4", "seat 6", "call")


@pytest.mark.parametrize(("text", "book", "facts"), [
    # seat numbers only, the skip told last as his own claim
    ("Seat 3 bets 40, seat 6 calls, then seat 4 says he was never asked and raises to 120", "robert-classic",
     {"oot_action": "call", "action_changed": "yes"}),
    ("seat 3 bets, 6 calls, then 4 says he was never asked. 4 now just calls", "tda-2024",
     {"oot_action": "call", "action_changed": "no"}),
    ("il 3 punta, il 6 chiama, poi il 4 dice che non era stato interpellato e rilancia", "robert-classic",
     {"oot_action": "call", "action_changed": "yes"}),
    # relative clauses
    ("Seat 8 bet 50 out of turn. The 7, who had been skipped, checks.", "tda-2024",
     {"oot_action": "bet-raise", "action_changed": "no"}),
    ("Il 9 aveva puntato fuori turno. Il 7, che era stato saltato, fa check.", "tda-2024",
     {"oot_action": "bet-raise", "action_changed": "no"}),
    ("Tony called out of turn. Then Luca — who hadn't acted — raised to 200.", "robert-classic",
     {"oot_action": "call", "action_changed": "yes"}),
    ("Il posto 5 ha chiamato fuori turno. Il posto 4, che non aveva ancora parlato, rilancia a 300.", "robert-v11",
     {"oot_action": "call", "action_changed": "yes"}),
    # names, pronouns, a move in another sentence
    ("Anna bet out of turn before Bruno had acted. Bruno called.", "tda-2024",
     {"oot_action": "bet-raise", "action_changed": "no"}),
    ("The cutoff called out of turn while the hijack was tanking. Then he raised.", "robert-classic",
     {"oot_action": "call", "action_changed": "yes"}),
    ("Giulia ha foldato fuori turno mentre Marco ci pensava; Marco poi ha rilanciato", "tda-2024",
     {"oot_action": "fold", "action_changed": "yes"}),
    ("Seat 1 hadn't acted yet. Seat 2 raised out of turn. Seat 1 then just called.", "robert-classic",
     {"oot_action": "bet-raise", "action_changed": "no"}),
    ("UTG was still thinking when the hijack shoved. UTG then folded.", "robert-classic",
     {"oot_action": "bet-raise", "action_changed": "no"}),
    ("Il posto 6 ha detto 'check' prima che il posto 5 parlasse. Il 5 poi ha fatto check anche lui.", "robert-v11",
     {"oot_action": "check", "action_changed": "no"}),
    ("Mentre il bottone ci pensava, il cutoff ha annunciato un rilancio a 400. Il bottone poi ha chiamato.",
     "tda-2024", {"oot_action": "bet-raise", "action_changed": "no"}),
    # the teller skipped, the skipped one by his role only
    ("Toccava a me ma quello alla mia sinistra ha già puntato 100. Io poi ho rilanciato.", "tda-2024",
     {"oot_action": "bet-raise", "action_changed": "yes"}),
    ("The guy on my left bet 100 before I had acted; I just called.", "tda-2024",
     {"oot_action": "bet-raise", "action_changed": "no"}),
    ("Ho puntato 50 fuori turno, poi il giocatore saltato ha passato", "tda-2024",
     {"oot_action": "bet-raise", "action_changed": "no"}),
    ("the button shoved out of turn, the cutoff who was skipped jammed too", "robert-classic",
     {"oot_action": "bet-raise", "action_changed": "yes"}),
    # chat forms
    ("UTG+2 3bet out of turn while UTG+1 was tanking, then UTG+1 flatted", "robert-v11",
     {"oot_action": "bet-raise", "action_changed": "no"}),
    # who acted behind the silent player
    ("Seat 5 was skipped and said nothing while seats 6, 7 and 8 called. Only then did he speak up.",
     "robert-classic", {"acted_behind": 3}),
    ("il posto 4 era distratto e non ha parlato: il 5 ha rilanciato, il 6 ha chiamato. Solo allora il 4 si sveglia",
     "tda-2024", {"acted_behind": 2, "chips_in": "yes"}),
    # places in the order and seats in words
    ("Io punto, il secondo ci pensa e il terzo, senza aspettare, butta le carte. Il secondo poi rilancia.",
     "robert-v11", {"oot_action": "fold", "action_changed": "yes"}),
    ("il quattro punta, quello al posto sette chiama prima che il sei parlasse, poi il sei passa", "tda-2024",
     {"oot_action": "call", "action_changed": "no"}),
    # a belief is no move: Sam's bet is his first
    ("I thought Sam had checked, so I checked too, but he hadn't acted yet. Then Sam bet 10.", "robert-classic",
     {"oot_action": "check", "action_changed": "yes"}),
])
def test_out_of_turn_facts_from_the_events(engine: Engine, text: str, book: str, facts: dict[str, str]) -> None:
    ruling = engine.rule(text, book)
    assert ruling.facts.get("topic") == "out-of-turn"
    assert {name: ruling.facts.get(name) for name in facts} == facts


@pytest.mark.parametrize("text", [
    "Seat 4 called out of turn while seat 3 was still thinking. Can seat 3 still raise?",
    "Il bottone ha chiamato fuori turno mentre il cutoff ci pensava. Il cutoff può ancora rilanciare?",
])
def test_a_move_only_asked_about_changes_nothing(engine: Engine, text: str) -> None:
    """"Can he still raise?" is the question, not his move: whether the action changed stays to be asked."""
    facts = engine.rule(text, "robert-classic").facts
    assert facts.get("topic") == "out-of-turn" and "action_changed" not in facts


@pytest.mark.parametrize("text", [
    "Everyone acted in order: seat 1 checked, seat 2 bet, seat 3 called. Who acts first on the turn?",
    "Seat 3 bets, seat 4 calls, seat 5 folds. What is the minimum raise for seat 6?",
    "UTG hadn't acted yet when the dealer burned and turned; UTG then folded",
    "Il posto 3 punta, il 4 chiama e il 5 passa. Quanto deve rilanciare il 6 come minimo?",
])
def test_no_out_of_turn_act(engine: Engine, text: str) -> None:
    """Moves in order, or a player still to act when a card came: no move out of turn."""
    assert engine.rule(text, "robert-classic").facts.get("topic") != "out-of-turn"


@pytest.mark.parametrize(("text", "next_acted"), [
    ("No bet to him, Dave just mucks his cards. The player on his left hasn't acted yet. Can Dave get them back?",
     "no"),
    ("Nessuna puntata davanti, Franco butta le carte; il cutoff non aveva ancora parlato. Può riprenderle?", "no"),
])
def test_the_player_after_the_fold_still_to_act(engine: Engine, text: str, next_acted: str) -> None:
    """A player other than the one who folded, said to be still to act after the fold: nobody acted on it."""
    facts = engine.rule(text, "robert-classic").facts
    assert (facts.get("topic"), facts.get("next_acted")) == ("non-standard-fold", next_acted)
