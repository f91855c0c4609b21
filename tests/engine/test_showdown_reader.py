"""The showdown as ordered events (readers/showdown.py), on stories written for this reader and never seen by the
sets (terse chat, long stories with irrelevant detail, seats only, names, pronouns, negation, Italian): whose cards
each move let go (a player's own hand stays a mucked hand; the stub, the deck, a burn or board card put onto the
discards are nobody's hand, and never the mucked-hand rule), whose hand each showing and release was, the
showings in order (the last one decides whether a hand was tabled), and the river's moves from the event reader
(whether the last round was bet decides who shows first)."""

import pytest
from test_events import _reading

from rules_engine import Engine
from rules_engine.readers.showdown import (
    ALL,
    HAND,
    ONE,
    OTHER,
    TELLER,
    UNOWNED,
    hand_released,
    last_round_bet,
    releases,
    river_moves,
    showing_awaited,
    shows,
    tabled_then_released,
    worse_hand_paid,
)

MOVES = [
    ("I mucked my hand by mistake thinking I lost", [HAND]),
    ("seat 4 tossed his cards into the muck", [HAND]),
    ("ho buttato le mie carte negli scarti per sbaglio", [HAND]),
    ("threw them in face down", [HAND]),
    ("the dealer accidentally set the stub down on top of the muck while pushing the pot", [UNOWNED]),
    ("the dealer burns and the burn card goes straight into the muck", [UNOWNED]),
    ("on the river the dealer mucked the remaining cards by accident", [UNOWNED]),
    ("il mazziere per errore ha messo il resto del mazzo nel muck", [UNOWNED]),
    ("il mazzo e finito nel muck", [UNOWNED]),
    ("ha buttato le carte rimaste negli scarti", [UNOWNED]),
    ("la bruciata e finita nel muck", [UNOWNED]),
    ("he mucked his cards and the dealer put the stub on the muck", [HAND, UNOWNED]),
    ("the stub was fine so I mucked my hand", [HAND]),
    ("on the flop he mucked", [HAND]),
    ("the dealer accidentally mucked the turn card", [UNOWNED]),
    ("il dealer ha buttato per sbaglio nel muck la carta del turn", [UNOWNED]),
]


@pytest.mark.parametrize(("text", "cards"), MOVES, ids=[text[:40] for text, _ in MOVES])
def test_whose_cards_each_move_let_go(engine: Engine, text: str, cards: list[str]) -> None:
    assert [m.cards for m in releases(_reading(engine, text))] == cards


@pytest.mark.parametrize("text", [
    "he never mucked his cards",
    "the dealer dumped the deck onto the discards",
    "il dealer ha buttato il mazzo negli scarti",
])
def test_no_hand_let_go(engine: Engine, text: str) -> None:
    """A muck denied, or only the stub moved: no player's hand was let go."""
    assert hand_released(_reading(engine, text)) == []


NOT_A_MUCKED_HAND = [
    "The dealer accidentally set the stub down on top of the muck while pushing the pot. Can he rebuild it?",
    "Turn is out, the dealer burns and the burn card goes straight into the muck by mistake, we are still betting",
    "il mazziere per errore ha messo il resto del mazzo nel muck prima di girare il river",
    "On the river the dealer mucked the remaining cards by accident thinking the hand was over, but we still had to "
    "bet",
    "dealer slid the rest of the deck onto the muck by mistake, 3 of us still in, turn not dealt yet",
    "the dealer accidentally mucked the turn card while sweeping the bets, can we keep it?",
]


@pytest.mark.parametrize("text", NOT_A_MUCKED_HAND, ids=[text[:40] for text in NOT_A_MUCKED_HAND])
def test_the_stub_on_the_discards_is_no_mucked_hand(engine: Engine, text: str) -> None:
    ruling = engine.rule(text, "robert-classic")
    assert ruling.rule_id != "showdown.mucked-hand", ruling.facts


MUCKED_HANDS = [
    "seat 3 turned over both cards, seat 7 threw his cards in by accident, they're still identifiable on the muck. "
    "what now?",
    "il posto 2 ha girato entrambe le carte, il posto 5 ha buttato le sue per sbaglio pensando di aver perso, ma sono "
    "ancora riconoscibili",
    "I mucked my hand by mistake thinking I lost, you can still see my cards on top of the muck",
    "ho buttato le mie carte negli scarti per sbaglio, pensavo di aver perso, ma sono ancora riconoscibili",
    "Seat 4 tossed his cards into the muck by accident, they are sitting right on top, everyone saw which two",
    "long night, third coffee, whatever. river checks through, I fold my two pair face down into the muck by "
    "mistake thinking he had a flush, they're still on top and everyone knows which two",
]


@pytest.mark.parametrize("text", MUCKED_HANDS, ids=[text[:40] for text in MUCKED_HANDS])
def test_a_players_own_hand_stays_a_mucked_hand(engine: Engine, text: str) -> None:
    ruling = engine.rule(text, "robert-classic")
    assert (ruling.rule_id, ruling.facts.get("hand_identifiable")) == ("showdown.mucked-hand", "yes"), ruling.facts


HOLDERS = [
    ("I mucked by mistake", [TELLER]),
    ("seat 6 flicked his cards in face down", ["seat 6"]),  # the seat named before the move
    ("he flicked his cards in face down", [OTHER]),
    ("ho buttato le carte", [TELLER]),
    ("lui ha buttato le sue carte nel muck", [OTHER]),
    ("threw them in", [None]),
]


@pytest.mark.parametrize(("text", "holders"), HOLDERS, ids=[text[:40] for text, _ in HOLDERS])
def test_whose_hand_was_let_go(engine: Engine, text: str, holders: list[str | None]) -> None:
    assert [m.holder for m in releases(_reading(engine, text))] == holders


SHOWS = [
    ("he showed one card, then turned the other over too", [ONE, ALL]),
    ("ha mostrato solo una carta, poi ha girato anche l'altra", [ONE, ALL]),
    ("I tabled both cards", [ALL]),
    ("BB shows one card; the dealer turns the other card over", [ONE]),  # the dealer's turning is not his tabling
    ("he never turned his other card over, just the ace", [ONE]),
]


@pytest.mark.parametrize(("text", "cards"), SHOWS, ids=[text[:40] for text, _ in SHOWS])
def test_each_showing_in_order(engine: Engine, text: str, cards: list[str]) -> None:
    assert [s.cards for s in shows(_reading(engine, text)) if not s.denied] == cards


@pytest.mark.parametrize(("text", "told"), [
    ("I tabled both my cards on the river, then tossed them into the muck thinking he had me beat", True),
    ("ho girato entrambe le carte e poi le ho buttate per sbaglio", True),
    ("I tabled both my cards and he mucked his hand", False),  # two hands: mine shown, his let go
    ("he mucked, then the other guy tabled both cards", False),  # let go before the showing
    ("seat 3 turned over both cards, seat 7 threw his cards in by accident", False),  # two seats, two hands
    ("il posto 2 ha girato entrambe le carte, il posto 5 ha buttato le sue per sbaglio", False),
    ("seat 3 turned over both cards and then seat 3 threw them in", True),
])
def test_a_hand_tabled_then_let_go(engine: Engine, text: str, told: bool) -> None:
    assert tabled_then_released(_reading(engine, text)) is told


TABLE_CARDS = [
    ("he showed one card, then turned the other over too. does he win?", "hand-live"),
    ("ha mostrato una carta sola e poi, dopo che gliel'ho chiesto, ha girato anche l'altra. vince lui?", "hand-live"),
    ("river checked through, he flips one card and keeps the other in his hand, says he wins", "show-all-cards"),
    ("I tabled both my cards on the river, then tossed them into the muck by mistake thinking he had me beat. "
     "Turns out I had the winner", "hand-live"),
]


@pytest.mark.parametrize(("text", "outcome"), TABLE_CARDS, ids=[text[:40] for text, _ in TABLE_CARDS])
def test_the_last_showing_decides_whether_the_hand_was_tabled(engine: Engine, text: str, outcome: str) -> None:
    ruling = engine.rule(text, "robert-classic")
    assert (ruling.rule_id, ruling.outcome) == ("showdown.must-table-all-cards", outcome), ruling.facts


RIVER = [
    ("river: I check, he fires 300, I call", (2, 1)),
    ("al river Gianni busso, Piero punta 40, Gianni chiama", (2, 1)),
    ("river seat 2 checks, seat 7 checks too", (0, 2)),
    ("al river abbiamo fatto check tutti e due, lui dice che devo girare io perche ho puntato al turn", (0, 1)),
    ("turn: I bet, he calls. river: both check. he says I bet last so I show first", (0, 1)),
    ("I bet the flop and he called", (0, 0)),  # no river named: no river moves
]


@pytest.mark.parametrize(("text", "counts"), RIVER, ids=[text[:40] for text, _ in RIVER])
def test_the_rivers_moves_from_the_events(engine: Engine, text: str, counts: tuple[int, int]) -> None:
    """Bets (a call answers one) and checks told on the river; a move naming its own street, or said in a later
    sentence, is none."""
    bets, checks = river_moves(_reading(engine, text))
    assert (len(bets), len(checks)) == counts


SHOW_ORDER = [
    ("river: I check, he fires 300, I call. he wants me to show first", "aggressor-shows-first"),
    ("on the river Marco checks, Luca bets 50, Marco calls. Luca won't show. who must show first?",
     "aggressor-shows-first"),
    ("al river io faccio check, il posto 4 punta 100 e io pago. chi deve mostrare per primo?",
     "aggressor-shows-first"),
    ("turn: I bet, he calls. river: both check. he says I bet last so I show first. do I?",
     "first-seat-shows-first"),
    ("river seat 2 checks, seat 7 checks too. who tables first?", "first-seat-shows-first"),
]


@pytest.mark.parametrize(("text", "outcome"), SHOW_ORDER, ids=[text[:40] for text, _ in SHOW_ORDER])
def test_who_shows_first_follows_the_rivers_moves(engine: Engine, text: str, outcome: str) -> None:
    ruling = engine.rule(text, "robert-classic")
    assert (ruling.rule_id, ruling.outcome) == ("showdown.order", outcome), ruling.facts


@pytest.mark.parametrize(("text", "bet"), [
    ("river: I check, he fires 300, I call", "yes"),
    ("he bet the flop, we checked the river", "no"),
    ("he shoved the turn and I called", "no"),  # all in before the river: nothing left to bet on it
    ("al river busso io, bussa anche lui", "no"),
    ("who shows first?", None),
])
def test_whether_the_last_round_was_bet(engine: Engine, text: str, bet: str | None) -> None:
    assert last_round_bet(_reading(engine, text)) == bet


@pytest.mark.parametrize(("text", "paid"), [
    ("the dealer pushed the pot to him but I had a flush and he only had a straight", True),
    ("ha dato il piatto a lui ma io avevo colore e lui solo scala", True),
    ("he took the pot with his pair, but my two pair was better", True),
    ("the dealer gave me the pot, my flush beat his straight", False),  # the better hand got it
    ("I had trips, he had a flush, the dealer gave him the pot", False),
    ("the dealer pushed the pot to him, I had a flush", False),  # one hand named: nothing to compare
])
def test_the_pot_paid_to_the_lower_hand(engine: Engine, text: str, paid: bool) -> None:
    assert worse_hand_paid(_reading(engine, text)) is paid


def test_a_pot_paid_to_the_lower_hand_is_a_dispute(engine: Engine) -> None:
    text = ("il dealer ha dato il piatto a lui ma io avevo colore e lui solo scala. ce ne siamo accorti dopo che "
            "erano gia state distribuite le carte della mano dopo")
    ruling = engine.rule(text, "robert-classic")
    assert (ruling.rule_id, ruling.facts.get("error_kind")) == ("showdown.dispute-deadline", "hand-read"), ruling.facts


@pytest.mark.parametrize(("text", "awaited"), [
    ("river bet and call. the bettor wants the caller to show", True),
    ("I bet the river, he called, and now he's sitting there waiting for me to flip", True),
    ("al river punto, lui chiama: deve mostrare lui?", True),
    ("river: he bets, I fold. can I ask him to show?", False),  # a fold on the river: maybe no showdown
    ("river checked through, I tabled my set", False),  # a hand is up already
    ("river: he bets, I call, I muck", False),  # a hand let go
    ("al river tutti hanno chiamato e si sono girate le carte", False),
    ("he wants me to show first", False),  # no last round told
    ("river came out before turn betting was over", False),  # "over" is no showing
])
def test_a_showing_awaited_after_the_last_round(engine: Engine, text: str, awaited: bool) -> None:
    assert showing_awaited(_reading(engine, text)) is awaited


STANDOFFS = [
    "river bet and call. the bettor wants the caller to show. the caller says bettor first. who is right?",
    "I bet the river, he called, and now he's sitting there waiting for me to flip",
    "I called the river bet and he wants me to show my hand first, is that right?",
]


@pytest.mark.parametrize("text", STANDOFFS, ids=[text[:40] for text in STANDOFFS])
def test_a_standoff_after_a_river_bet_is_who_shows_first(engine: Engine, text: str) -> None:
    ruling = engine.rule(text, "robert-classic")
    assert (ruling.rule_id, ruling.outcome) == ("showdown.order", "aggressor-shows-first"), ruling.facts
