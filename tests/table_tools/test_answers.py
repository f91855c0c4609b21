"""The tools end to end as the cog calls them: options as typed → result → words in English and Italian,
with the server's rulebook cited; and every refusal worded in both languages."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from table_tools import answers, report
from table_tools.problems import TableInputError
from table_tools.report import WORDS, Style

PACKAGE = Path(report.__file__).parent
RRoP = Style(language="en", rulebook="robert-classic", rulebook_name="Robert's Rules of Poker (classic)")
TDA_IT = Style(language="it", rulebook="tda-2024", rulebook_name="Regole Poker TDA 2024")
BOARD = "Ah Kd 7c 2s 2h"
TWO = "Alice As Ks; Bob 7d 7h"


def test_the_issue_showdown_with_side_pots() -> None:
    result = answers.settle_showdown(
        BOARD,
        "Alice As Ks; Bob 7d 7h; Carol Qc Qd",
        "Alice 100 all-in, Bob 250, Carol 250, Dave 40 folded",
    )
    words = report.showdown(result, RRoP)

    assert words.title == "Bob wins: full house, sevens full of deuces"
    assert words.pots == [
        "Main pot (340) → Bob, with full house, sevens full of deuces",
        "Side pot 1 (300) → Bob, with full house, sevens full of deuces",
    ]
    assert words.reasons[0] == "Main pot: Bob's full house beats Alice's two pair."
    assert "Carol" in words.reasons[1]  # the side pot is Bob against Carol only
    assert words.read[0].startswith("🏆 Bob: 7♦ 7♥ → full house")


def test_side_pots_can_go_to_different_players() -> None:
    result = answers.settle_showdown(
        BOARD, "Alice 7d 7h; Bob As Ks; Carol Qc Qd", "Alice 50 all-in, Bob 200, Carol 200"
    )
    assert [a.winners for a in result.awards] == [("Alice",), ("Bob",)]
    words = report.showdown(result, RRoP)
    assert words.pots[1] == "Side pot 1 (300) → Bob, with two pair, aces and kings"
    assert "🏆 Bob" in words.read[1]


def test_the_odd_chip_follows_the_seats_and_the_button_and_the_rulebook_wording() -> None:
    hands, pots = "Alice As Kc; Bob Ad Kh; Carol 3c 4c", "Alice 25, Bob 25, Carol 25"
    default = answers.settle_showdown(BOARD, hands, pots)
    moved = answers.settle_showdown(BOARD, hands, pots, button="alice")

    assert [(s.name, s.chips) for s in default.awards[0].shares] == [("Alice", 38), ("Bob", 37)]
    assert [(s.name, s.chips) for s in moved.awards[0].shares] == [("Bob", 38), ("Alice", 37)]
    assert moved.seats == ("Bob", "Carol", "Alice")
    english = report.showdown(default, RRoP).notes
    assert any(
        "first winning hand clockwise from the button" in n and "§3 General Poker Rules, Ties" in n for n in english
    )
    italian = report.showdown(default, TDA_IT).notes
    assert any("primo posto a sinistra del bottone" in n and "Rules 20 and 21" in n for n in italian)


def test_a_split_without_amounts_still_names_who_gets_an_odd_chip() -> None:
    words = report.showdown(answers.settle_showdown(BOARD, "Alice As Kc; Bob Ad Kh", button="Alice"), RRoP)
    assert words.title == "Bob and Alice split: two pair, aces and kings"  # in seat order from the button
    assert any(note.startswith("An odd chip in a split goes to Bob") for note in words.notes)


def test_the_smallest_chip_decides_the_odd_chip() -> None:
    result = answers.settle_showdown(BOARD, "Alice As Kc; Bob Ad Kh", "Alice 25, Bob 25, Dave 5 folded", chip="5")
    assert [(s.name, s.chips) for s in result.awards[0].shares] == [("Alice", 6), ("Bob", 5)]  # in 5-chips
    assert report.showdown(result, RRoP).pots[0].endswith("Alice 30, Bob 25")


def test_cards_speak_when_a_hand_is_miscalled_either_way() -> None:
    result = answers.settle_showdown(
        BOARD, "Alice As Ks says:flush; Bob 7d 7h dice:doppia coppia; Carol Qc Qd says:two pair"
    )
    notes = report.showdown(result, RRoP).notes
    assert notes[0].startswith("Cards speak: Alice called flush but holds two pair, aces and kings")
    assert notes[1].startswith("Cards speak: Bob called two pair but holds full house, sevens full of deuces")
    assert not any("Carol" in note for note in notes)
    assert "The Showdown" in notes[0]


def test_a_royal_flush_called_on_a_lower_straight_flush_is_a_miscall() -> None:
    board = "Qh Jh Th 9h 2c"
    result = answers.settle_showdown(board, "Alice 8h 3d says:royal flush; Bob Ah Kh says:royal flush")
    words = report.showdown(result, RRoP)
    assert words.notes[0].startswith("Cards speak: Alice called royal flush but holds straight flush")
    assert not any("Bob called" in note for note in words.notes)
    assert any("Bob" in line and "called royal flush" in line for line in words.read)


def test_italian_words_and_amounts() -> None:
    result = answers.settle_showdown(BOARD, TWO, "Alice 1000, Bob 1500")
    words = report.showdown(result, TDA_IT)
    assert words.title == "Vince Bob: full di sette su due"
    assert words.pots == [
        "Il piatto (2.000) → Bob, con full di sette su due",
        "500 torna a Bob: nessuno l'ha chiamato.",
    ]


def test_pots_alone_say_who_can_win_each() -> None:
    words = report.pots(answers.split_pots("Alice 100 all-in, Bob 250, Carol 250, Dave 40 folded"), RRoP)
    assert words.title == "In the middle: 640"
    assert words.pots == ["Main pot: 340, for Alice, Bob and Carol", "Side pot 1: 300, for Bob and Carol"]
    assert words.summary == "Pots: Main pot: 340, for Alice, Bob and Carol; Side pot 1: 300, for Bob and Carol"


def test_the_raise_question_of_the_rules_engine() -> None:
    words = report.raise_check(answers.check_raise_text("1/2", "A raises to 6, B all-in for 9"), RRoP)
    assert words.title == "Minimum raise: to 13"
    assert any(line.startswith("A may only call 3 more or fold, not raise") for line in words.reasons)
    assert any("rule 6" in line for line in words.reasons)
    assert words.notes[0].startswith("No completing in no-limit")


def test_a_limit_round_in_italian() -> None:
    result = answers.check_raise_text("5/10", "A punta 10, B all-in 15, C chiama", "limit", "flop")
    words = report.raise_check(result, TDA_IT)
    assert words.title == "Rilancio minimo: a 25"
    assert any(line.startswith("A può chiamare 5 in più o rilanciare") for line in words.reasons)


def test_the_log_line_is_plain_even_when_replies_style_names() -> None:
    styled = Style(name=lambda name: f"**{name}**")
    words = report.showdown(answers.settle_showdown(BOARD, "Alice As Ks; Bob 7d 7h"), styled)
    assert "**Bob**" in words.title and "**" not in words.summary


@pytest.mark.parametrize(
    ("call", "key"),
    [
        (lambda: answers.settle_showdown("", "Alice As Ks; Bob 7d 7h"), "board_empty"),
        (lambda: answers.settle_showdown(BOARD, "Alice Ah Ks; Bob 7d 7h"), "duplicate_card"),
        (lambda: answers.settle_showdown(BOARD, TWO, "Alice 10, Bob 10, Carol 10"), "live_without_hand"),
        (lambda: answers.settle_showdown(BOARD, TWO, "Alice 10"), "hand_not_in_pots"),
        (lambda: answers.settle_showdown(BOARD, TWO, "Alice 10, Bob 10 folded"), "folded_with_hand"),
        (lambda: answers.settle_showdown(BOARD, TWO, button="Zed"), "unknown_button"),
        (lambda: answers.settle_showdown(BOARD, TWO, "Alice 10, Bob 10", chip="0"), "bad_chip"),
        (lambda: answers.settle_showdown(BOARD, TWO, "Alice 10, Bob 12", chip="5"), "not_whole_chips"),
        (lambda: answers.split_pots("Alice 10, alice 20"), "same_name"),
        (lambda: answers.check_raise_text("2/1", "A calls"), "blinds_order"),
    ],
)
def test_every_refusal_is_worded_in_both_languages(call, key) -> None:
    with pytest.raises(TableInputError) as refused:
        call()
    assert refused.value.key == key
    for style in (RRoP, TDA_IT):
        sentence = report.problem(refused.value, style)
        assert sentence and "{" not in sentence


def test_the_fouled_deck_refusal_cites_the_rule_and_both_places() -> None:
    with pytest.raises(TableInputError) as refused:
        answers.settle_showdown(BOARD, "Alice As Ks; Bob Qc Ah")
    sentence = report.problem(refused.value, RRoP)
    assert sentence.startswith("A♥ is on the board and also in Bob's hand.")
    assert "deck.fouled-deck: Robert's Rules of Poker (classic), §3 General Poker Rules, Irregularities" in sentence
    assert "Rule 35-E" in report.problem(refused.value, TDA_IT)


def test_every_problem_the_package_can_raise_has_words() -> None:
    """Scan the sources for the refusal keys, so a new refusal can't reach a user as a KeyError."""
    raised = set()
    for source in PACKAGE.glob("*.py"):
        text = source.read_text(encoding="utf-8")
        raised |= set(re.findall(r'TableInputError\(\s*"(\w+)"', text))
        raised |= {f"acted_after_{gone}" for gone in ("folded", "all_in")} if "acted_after_" in text else set()
    assert len(raised) > 20
    assert {f"problem.{key}" for key in raised} <= set(WORDS)


def test_an_opening_bet_below_the_minimum_is_called_a_bet() -> None:
    result = answers.check_raise_text("1/2", "Alice bets 1", street="flop")
    words = report.raise_check(result, RRoP)
    assert words.reasons[0].startswith("Alice's bet of 1 is below the minimum bet of 2")
    assert not any("TDA 2024 (Rule 43)" in note for note in words.notes)


def test_the_package_is_pure_and_raising_needs_only_the_standard_library() -> None:
    """No Discord, store or cogs anywhere in table_tools; `raising` (reused by the rules engine) imports
    nothing outside the standard library; pokerkit is imported with the first hand read, not before."""
    probe = (
        "import sys; import table_tools.raising; light = set(sys.modules);"
        "import table_tools.report; loaded = set(sys.modules);"
        "from table_tools import answers; answers.settle_showdown('Ah Kd 7c 2s 2h', 'A As Ks; B 7d 7h');"
        "print(sorted(m for m in light if m.split('.')[0] in {'pokerkit', 'discord', 'i18n', 'store', 'cogs'}));"
        "print(sorted({m.split('.')[0] for m in loaded} & {'pokerkit', 'discord', 'store', 'cogs'}));"
        "print('pokerkit' in sys.modules)"
    )
    run = subprocess.run([sys.executable, "-c", probe], cwd=PACKAGE.parent, capture_output=True, text=True, check=True)
    assert run.stdout.split("\n")[:3] == ["[]", "[]", "True"]
