"""Showdowns read from the cards: every category named in English and Italian, wheels, board plays, kickers,
splits, counterfeited two pair, the deciding card explained — and hand order checked against pokerkit's."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import StandardHighHand

from table_tools.cards import Card, parse_cards
from table_tools.hands import Category, best_hand
from table_tools.problems import TableInputError
from table_tools.report import Style, hand_name, reason, showdown_reasons
from table_tools.showdown import Holding, Margin, decider, read_showdown

EN, IT = Style(language="en"), Style(language="it")


def hand(hole: str, board: str):
    return best_hand(parse_cards(hole), parse_cards(board))


def table(board: str, **hands: str):
    return read_showdown(parse_cards(board), [Holding(name, parse_cards(cards)) for name, cards in hands.items()])


@pytest.mark.parametrize(
    ("hole", "board", "category", "english", "italian"),
    [
        ("2c 4d", "Ah Kd 9c 7s 3h", Category.HIGH_CARD, "ace-high", "carta alta all'asso"),
        ("Ac 4d", "Ah Kd 9c 7s 3h", Category.PAIR, "a pair of aces", "coppia di assi"),
        ("As Ks", "Ah Kd 7c 2s 2h", Category.TWO_PAIR, "two pair, aces and kings", "doppia coppia, assi e re"),
        ("7d 7h", "7c Kd 9c 2s 3h", Category.THREE_OF_A_KIND, "three of a kind, sevens", "tris di sette"),
        ("Qc Jd", "Ah Kd Tc 2s 3h", Category.STRAIGHT, "straight, ace-high", "scala all'asso"),
        (
            "Ac 2d",
            "3h 4d 5c Ks Qh",
            Category.STRAIGHT,
            "straight, five-high (the wheel)",
            "scala al cinque (la minima)",
        ),
        ("Ah 2h", "Kh 9h 5h 2s 3c", Category.FLUSH, "flush, ace-high", "colore all'asso"),
        ("7d 7h", "Ah Kd 7c 2s 2h", Category.FULL_HOUSE, "full house, sevens full of deuces", "full di sette su due"),
        ("Ac Ad", "Ah As Kc 2s 3h", Category.FOUR_OF_A_KIND, "four of a kind, aces", "poker di assi"),
        ("9h 8h", "7h 6h 5h 2s 3c", Category.STRAIGHT_FLUSH, "straight flush, nine-high", "scala colore al nove"),
        (
            "Ah 2h",
            "3h 4h 5h Ks Qc",
            Category.STRAIGHT_FLUSH,
            "straight flush, five-high (the steel wheel)",
            "scala colore al cinque (steel wheel)",
        ),
        ("Ah Kh", "Qh Jh Th 2s 3c", Category.STRAIGHT_FLUSH, "royal flush", "scala reale"),
    ],
)
def test_every_category_is_read_and_named_in_both_languages(hole, board, category, english, italian) -> None:
    best = hand(hole, board)
    assert best.category is category
    assert (hand_name(best, EN), hand_name(best, IT)) == (english, italian)


def test_the_wheel_is_the_lowest_straight_and_its_ace_plays_low() -> None:
    wheel, six_high = hand("Ac 2d", "3h 4d 5c Ks Qh"), hand("6c 2d", "3h 4d 5c Ks Qh")
    assert wheel.strength < six_high.strength
    assert [str(card) for card in wheel.five] == ["5♣", "4♦", "3♥", "2♦", "A♣"]
    assert wheel.ranks == (5,) and six_high.ranks == (6,)


def test_the_console_example_bob_full_house_beats_two_pair() -> None:
    shown = table("Ah Kd 7c 2s 2h", Alice="As Ks", Bob="7d 7h", Carol="Qc Qd")
    [[bob], [alice], [carol]] = shown.ranking
    assert (bob.name, alice.name, carol.name) == ("Bob", "Alice", "Carol")
    assert alice.hand.category is Category.TWO_PAIR
    assert reason(decider(bob, alice), EN) == "Bob's full house beats Alice's two pair."
    assert reason(decider(bob, alice), IT) == "Bob (full) batte Alice (doppia coppia)."


def test_a_flush_beats_a_straight() -> None:
    shown = table("9h 8h 7c 2h Kd", Straight="Tc 6d", Flush="Ah 3h")
    [[winner], [loser]] = shown.ranking
    assert (winner.name, decider(winner, loser).margin) == ("Flush", Margin.CATEGORY)


def test_the_kicker_decides_and_is_named() -> None:
    shown = table("Ah 9d 7c 4s 2h", Alice="Ac Kd", Bob="As Qd")
    [[alice], [bob]] = shown.ranking
    why = decider(alice, bob)
    assert (why.margin, why.ordinal, why.winning_rank, why.losing_rank) == (Margin.KICKER, 1, 13, 12)
    assert reason(why, EN) == "Both have a pair of aces; Alice's king kicker beats Bob's queen."
    assert reason(why, IT) == "Entrambi hanno coppia di assi; il kicker di Alice, il re, batte la donna di Bob."


def test_a_later_kicker_and_a_lower_flush_card_are_counted() -> None:
    pair = table("Ah Kd 7c 5s 2h", Alice="Ac Qd", Bob="As Jd")
    [[alice], [bob]] = pair.ranking
    assert (decider(alice, bob).margin, decider(alice, bob).ordinal) == (Margin.KICKER, 2)
    assert "second kicker (queen) beats Bob's (jack)" in reason(decider(alice, bob), EN)
    flush = table("Ah Kh 9h 2s 3c", Alice="7h 4h", Bob="6h 5h")
    [[alice], [bob]] = flush.ranking
    why = decider(alice, bob)
    assert (why.margin, why.ordinal) == (Margin.CARD, 4)
    assert reason(why, EN) == "Flush against flush, both ace-high: Alice's fourth card (seven) beats Bob's (six)."


def test_a_bigger_made_hand_of_the_same_kind_is_named_in_full() -> None:
    shown = table("Ah Kd 7c 2s 2h", Alice="As Ks", Carol="Qc Qd")
    [[alice], [carol]] = shown.ranking
    assert decider(alice, carol).margin is Margin.MADE
    assert reason(decider(alice, carol), EN) == (
        "Alice's two pair, aces and kings beats Carol's two pair, queens and deuces."
    )


def test_kicker_tie_splits_and_suits_never_break_it() -> None:
    shown = table("Ah 9d 7c 4s 2h", Alice="Kc Qd", Bob="Kh Qs")
    [tied] = shown.ranking
    assert [seat.name for seat in tied] == ["Alice", "Bob"]
    assert "suits never break a tie" in showdown_reasons(tied, tied, EN)[0]


def test_when_the_board_plays_everyone_left_splits_and_it_is_said() -> None:
    shown = table("As Ks Qs Js Ts", Alice="2c 3d", Bob="4h 5h")
    [tied] = shown.ranking
    assert all(seat.hand.plays_the_board for seat in tied)
    assert showdown_reasons(tied, tied, EN)[0].startswith("The board plays (royal flush)")


def test_a_counterfeited_two_pair_loses_to_the_board_with_a_better_kicker() -> None:
    """Board K K 5 5 2: Alice's pocket threes are counterfeited (she plays the board's two pair with a three);
    Bob's ace plays as the kicker."""
    shown = table("Kc Kd 5h 5s 2c", Alice="3c 3d", Bob="Ah 4d")
    [[bob], [alice]] = shown.ranking
    assert (bob.name, bob.hand.ranks) == ("Bob", (13, 5, 14))
    assert alice.hand.ranks == (13, 5, 3)
    assert (
        reason(decider(bob, alice), EN) == "Both have two pair, kings and fives; Bob's ace kicker beats Alice's three."
    )


def test_one_hole_card_playing_with_the_board_is_not_playing_the_board() -> None:
    assert not hand("Ac 2d", "Kh Qs Jd Tc 3h").plays_the_board
    assert hand("4c 2d", "Ah Kd Qh Js 9c").plays_the_board


@pytest.mark.parametrize(
    ("board", "hands", "key"),
    [
        ("Ah Kd 7c 2s", {"A": "As Ks", "B": "Qc Qd"}, "board_size"),
        ("Ah Kd 7c 2s 2h 3h", {"A": "As Ks", "B": "Qc Qd"}, "board_size"),
        ("Ah Kd 7c 2s 2h", {"A": "As Ks"}, "too_few_hands"),
        ("Ah Kd 7c 2s 2h", {"A": "As", "B": "Qc Qd"}, "hole_size"),
        ("Ah Kd 7c 2s 2h", {"A": "As Ks Qs", "B": "Qc Qd"}, "hole_size"),
        ("Ah Kd 7c 2s 2h", {"A": "Ah Ks", "B": "Qc Qd"}, "duplicate_card"),
        ("Ah Kd 7c 2s 2h", {"A": "Qd Ks", "B": "Qc Qd"}, "duplicate_card"),
        ("Ah Kd 7c 2s Ah", {"A": "Qs Ks", "B": "Qc Qd"}, "duplicate_card"),
    ],
)
def test_impossible_tables_are_refused_naming_what_is_wrong(board, hands, key) -> None:
    with pytest.raises(TableInputError) as refused:
        table(board, **hands)
    assert refused.value.key == key


def test_a_duplicate_names_the_card_and_both_places() -> None:
    with pytest.raises(TableInputError) as refused:
        table("Ah Kd 7c 2s 2h", Alice="As Ks", Bob="Qc Ah")
    assert refused.value.fields == {"card": Card(14, "h"), "first": None, "second": "Bob"}


def test_more_than_ten_hands_and_a_name_twice_are_refused() -> None:
    deck = [Card(rank, suit) for rank in range(2, 15) for suit in "shdc"]
    board, rest = deck[:5], deck[5:]
    holdings = [Holding(f"P{n}", tuple(rest[2 * n : 2 * n + 2])) for n in range(23)]
    with pytest.raises(TableInputError) as refused:
        read_showdown(board, holdings)
    assert refused.value.key == "too_many_hands"
    with pytest.raises(TableInputError) as refused:
        read_showdown(board, [holdings[0], Holding("p0", holdings[1].hole)])
    assert refused.value.key == "same_name"


DECK = [Card(rank, suit) for rank in range(2, 15) for suit in "shdc"]


@settings(max_examples=300, deadline=None)
@given(st.permutations(DECK))
def test_hand_order_and_the_tie_ranks_agree_with_pokerkit(deck) -> None:
    """Two random hands on a random board: the strength is what pokerkit's own best-hand search finds, our
    category-and-ranks order is pokerkit's order, and the five cards we show are rated that strong."""
    board, first, second = deck[:5], deck[5:7], deck[7:9]
    a, b = best_hand(first, board), best_hand(second, board)
    codes = "".join(card.code for card in board)
    assert a.strength == StandardHighHand.from_game("".join(c.code for c in first), codes).entry.index
    by_ranks = (a.category, a.ranks) > (b.category, b.ranks), (a.category, a.ranks) == (b.category, b.ranks)
    assert by_ranks == (a.strength > b.strength, a.strength == b.strength)
    assert StandardHighHand("".join(card.code for card in a.five)).entry.index == a.strength
    if a.strength != b.strength:
        winner, loser = (a, b) if a.strength > b.strength else (b, a)
        seats = read_showdown(board, [Holding("A", tuple(first)), Holding("B", tuple(second))]).seats
        best, worst = sorted(seats, key=lambda seat: seat.hand.strength, reverse=True)
        assert reason(decider(best, worst), EN)  # every pair of hands can be explained
        assert (best.hand, worst.hand) == (winner, loser)
