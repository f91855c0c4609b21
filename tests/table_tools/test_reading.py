"""Reading what people type: cards in every common spelling (English and Italian), hands with names and claims,
contributions, blinds and bets — and a clear refusal, naming the piece, for anything else."""

from __future__ import annotations

from decimal import Decimal

import pytest

from table_tools.amounts import parse_amount
from table_tools.cards import Card, parse_cards
from table_tools.hands import Category
from table_tools.problems import TableInputError
from table_tools.raising import Move
from table_tools.reading import read_bets, read_blinds, read_contributions, read_hands
from table_tools.showdown import Claim

AH_KD_7C = (Card(14, "h"), Card(13, "d"), Card(7, "c"))


@pytest.mark.parametrize(
    "typed",
    [
        "Ah Kd 7c",
        "AhKd7c",
        "ah kd 7C",
        "A♥ K♦ 7♣",
        "A♥️K♦️7♣️",
        "Ah, Kd, 7c",
        "ace of hearts, king of diamonds, seven of clubs",
        "asso di cuori, re di quadri, sette di fiori",
        "asso cuori re quadri 7 fiori",
    ],
)
def test_cards_in_every_common_spelling(typed) -> None:
    assert parse_cards(typed) == AH_KD_7C


@pytest.mark.parametrize(
    ("typed", "card"),
    [
        ("10h", Card(10, "h")),
        ("Th", Card(10, "h")),
        ("dieci di picche", Card(10, "s")),
        ("donna di fiori", Card(12, "c")),
        ("regina quadri", Card(12, "d")),
        ("fante di cuori", Card(11, "h")),
    ],
)
def test_tens_and_italian_faces(typed, card) -> None:
    assert parse_cards(typed) == (card,)


@pytest.mark.parametrize(
    ("typed", "piece"), [("Ah Xx", "Xx"), ("Ah 1d", "1d"), ("Ace", "Ace"), ("Kh7", "Kh7"), ("**Ah**", "**Ah**")]
)
def test_an_unreadable_card_is_quoted_back(typed, piece) -> None:
    with pytest.raises(TableInputError) as refused:
        parse_cards(typed)
    assert (refused.value.key, refused.value.fields["piece"]) == ("not_a_card", piece)


def test_hands_names_cards_and_claims() -> None:
    alice, tony, anna = read_hands("Alice As Ks says:flush; Big Tony A♥ K♦, Anna 10h Td dice: doppia coppia")
    assert (alice.name, alice.hole, alice.claim) == ("Alice", (Card(14, "s"), Card(13, "s")), Claim(Category.FLUSH))
    assert (tony.name, tony.claim) == ("Big Tony", None)
    assert (anna.name, anna.claim) == ("Anna", Claim(Category.TWO_PAIR))


@pytest.mark.parametrize(
    ("claim", "category"),
    [
        ("straight flush", Category.STRAIGHT_FLUSH),
        ("aces full", Category.FULL_HOUSE),
        ("scala colore", Category.STRAIGHT_FLUSH),
        ("scala", Category.STRAIGHT),
        ("trips", Category.THREE_OF_A_KIND),
        ("nothing", Category.HIGH_CARD),
    ],
)
def test_claims_take_the_longest_phrase(claim, category) -> None:
    [holding] = read_hands(f"Alice As Ks says: {claim}")
    assert holding.claim == Claim(category)


def test_a_royal_flush_is_claimed_as_such() -> None:
    [holding] = read_hands("Alice As Ks says: royal flush")
    assert holding.claim == Claim(Category.STRAIGHT_FLUSH, royal=True)


@pytest.mark.parametrize(
    ("typed", "key"),
    [
        ("", "hands_empty"),
        (" ; ; ", "hands_empty"),
        ("Alice", "no_cards"),
        ("Alice Xx Ks", "not_a_card"),
        ("Alice As Ks says: banana", "unknown_claim"),
        ("A" * 40 + " As Ks", "name_too_long"),
    ],
)
def test_unreadable_hands_are_refused(typed, key) -> None:
    with pytest.raises(TableInputError) as refused:
        read_hands(typed)
    assert refused.value.key == key


def test_contributions_with_all_in_and_folded_in_english_and_italian() -> None:
    rows = read_contributions("Alice 100 all-in, Bob 1,000; Carol: 2.500 tutto, Dave 40 folded, Erin foldato 5")
    assert [(c.name, c.amount, c.folded, c.all_in) for c in rows] == [
        ("Alice", 100, False, True),
        ("Bob", 1000, False, False),
        ("Carol", 2500, False, True),
        ("Dave", 40, True, False),
        ("Erin", 5, True, False),
    ]


@pytest.mark.parametrize(
    ("typed", "key"),
    [
        ("", "pots_empty"),
        ("Alice", "no_amount"),
        ("Alice -5", "amount_not_positive"),
        ("Alice 0", "amount_not_positive"),
        ("Alice 99999999999", "amount_too_big"),
        ("Alice 0.001", "amount_too_precise"),
        ("Alice 100 banana", "unreadable_entry"),
        ("100", "no_name"),
        ("Alice 100 Bob 200", "two_amounts"),  # a comma left out: not a player "Alice 100 Bob"
        ("Alice 10^30", "two_amounts"),
    ],
)
def test_unreadable_contributions_are_refused(typed, key) -> None:
    with pytest.raises(TableInputError) as refused:
        read_contributions(typed)
    assert refused.value.key == key


@pytest.mark.parametrize(
    ("typed", "amount"),
    [
        ("250", 250),
        ("1,000", 1000),
        ("1.000", 1000),
        ("2.5", Decimal("2.5")),
        ("0,50", Decimal("0.5")),
        ("1.5k", 1500),
        ("€20", 20),
    ],
)
def test_amounts_in_english_and_italian_notation(typed, amount) -> None:
    assert parse_amount(typed) == amount


@pytest.mark.parametrize(
    ("typed", "blinds"),
    [("1/2", (1, 2, None)), ("blinds 0.5-1", (Decimal("0.5"), 1, None)), ("bui 1/2/4", (1, 2, 4)), ("2", (1, 2, None))],
)
def test_blinds(typed, blinds) -> None:
    read = read_blinds(typed)
    assert (read.small, read.big, read.straddle) == blinds


@pytest.mark.parametrize("typed", ["", "1/2 ante 1", "banana", "1/2/4/8"])
def test_unreadable_blinds_are_refused(typed) -> None:
    with pytest.raises(TableInputError) as refused:
        read_blinds(typed)
    assert refused.value.key == "unreadable_blinds"


def test_bets_in_english_and_italian() -> None:
    actions = read_bets("Alice raises to 6, Bob all-in for 9; Carol calls then Dave folds, Eve rilancia di 10, Fede 30")
    assert [(a.player, a.move, a.to, a.by) for a in actions] == [
        ("Alice", Move.RAISE, 6, None),
        ("Bob", Move.ALL_IN, 9, None),
        ("Carol", Move.CALL, None, None),
        ("Dave", Move.FOLD, None, None),
        ("Eve", Move.RAISE, None, 10),
        ("Fede", Move.BET, 30, None),
    ]


@pytest.mark.parametrize(
    ("typed", "key"),
    [
        ("", "bets_empty"),
        ("Alice raises to 6 Bob calls", "unreadable_action"),
        ("Alice dances", "unreadable_action"),
        ("Alice raises", "amount_missing"),
    ],
)
def test_unreadable_bets_are_refused(typed, key) -> None:
    with pytest.raises(TableInputError) as refused:
        read_bets(typed)
    assert refused.value.key == key
