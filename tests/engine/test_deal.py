"""The hole-card deal (readers/deal.py): how many cards too many, to whom, whether one reached the first player
dealt, during or after the deal, and the topic the deal's facts choose (catalogue §1.6 and §3.4), on stories written
for this reader and never seen by the sets: terse chat, long stories with noise, seats by number, names, the
teller's own seat, a fact in another sentence, negation, typos, both languages."""

import pytest

from rules_engine import Engine

EXTRA = "extra-holecard"
COUNT = "wrong-card-count"


@pytest.mark.parametrize(("text", "topic", "facts"), [
    # one card after every hand was full, to the first player dealt: the extra hole card's own story
    ("Dealer finished pitching, everyone had two, then he flipped one more off the top to the small blind. "
     "Nobody's acted.", EXTRA, {"extra_cards": 1, "after_deal": "yes"}),
    ("Everybody had their two when Tom, the dealer, absent-mindedly sent one more to Anna in the small blind. Anna "
     "hasn't looked at it. No bets yet.", EXTRA, {"extra_cards": 1, "after_deal": "yes"}),
    ("Button is seat 3. After the deal seat 4 got another card. No action yet.", EXTRA,
     {"extra_cards": 1, "after_deal": "yes"}),
    ("9 handed. After 18 cards went out the dealer sent a 19th to the SB. No action.", EXTRA,
     {"extra_cards": 1, "after_deal": "yes"}),
    ("I'm in the small blind and when the deal ended the dealer slid me another card. So three for me. Nobody has "
     "done anything yet.", EXTRA, {"extra_cards": 1, "after_deal": "yes"}),
    ("When the dealing was finished he pitched one more to the small blind. No action.", EXTRA,
     {"extra_cards": 1, "after_deal": "yes"}),
    ("Una volta che tutti avevano le loro due carte, il croupier ha fatto scivolare un'altra carta davanti al "
     "piccolo buio. Nessuno ha agito.", EXTRA, {"extra_cards": 1, "after_deal": "yes"}),
    ("finito il giro il dealer ha dato una terza carta al piccolo buio, il primo a sinistra del bottone. nessuno ha "
     "parlato", EXTRA, {"extra_cards": 1, "after_deal": "yes"}),
    # counted per player: a third card to each of two players is two cards too many
    ("Everyone had two cards. The dealer then gave the small blind a third card and the big blind a third card. "
     "No action.", EXTRA, {"extra_cards": 2, "after_deal": "yes"}),
    ("finito il giro il dealer ha dato una terza carta al piccolo buio e una terza carta al grande buio. nessuno ha "
     "parlato", EXTRA, {"extra_cards": 2}),
    # one player named twice, or the same player named two ways, is one card
    ("After the deal the small blind got a third card. The small blind said he hadn't looked at his third card. "
     "No action.", EXTRA, {"extra_cards": 1}),
    ("After the deal the dealer gave the small blind, the player to the left of the button, a third card. No action "
     "yet.", EXTRA, {"extra_cards": 1}),
    # players named in the next sentence are the ones who acted, not more players given a card
    ("After the deal the dealer kept going and pitched another card to the guy left of the button. UTG and UTG+1 "
     "had both called before anyone saw it.", EXTRA, {"extra_cards": 1, "players_acted": 2}),
    # a hand holding three, whatever betting words follow: the deal's topics, not out of turn; with no word of how
    # the card came, the wrong card count (the three-cards convention, coordinator stop 26)
    ("Somebody ended up with three hole cards. UTG and MP both folded before he said anything.", COUNT,
     {"wrong_count": "too-many", "players_acted": 2}),
    # the card came in the deal, or to a player who is not dealt first: the general wrong-number item
    ("Seat 6 looks down at three hole cards. The dealer had two stuck together on the first pass. Nobody has acted "
     "yet.", COUNT, {"wrong_count": "too-many", "players_acted": 0}),
    ("The cutoff has three cards, found before any action.", COUNT, {"wrong_count": "too-many"}),
    ("Il cutoff si ritrova con tre carte dopo la distribuzione, nessuno ha agito.", COUNT,
     {"wrong_count": "too-many", "players_acted": 0}),
    ("al posto 5 arrivano tre carte, due erano attaccate, prima che qualcuno parli.", COUNT,
     {"wrong_count": "too-many"}),
    ("During the deal two cards came off stuck together and UTG ended up with three. No action.", COUNT,
     {"wrong_count": "too-many"}),
    # one card short, skipped in the deal: the deal's skip, not the betting's
    ("Hijack only got one card; the dealer skipped him on the second pass. Nobody has acted.", COUNT,
     {"wrong_count": "too-few", "players_acted": 0}),
    ("Il dealer ha saltato il posto 4 al secondo giro, ha una carta sola. Nessuno ha parlato.", COUNT,
     {"wrong_count": "too-few", "players_acted": 0}),
])
def test_deal_facts(engine: Engine, text: str, topic: str, facts: dict[str, object]) -> None:
    found = engine.rule(text, "robert-v11").facts
    assert found.get("topic") == topic, found
    assert {name: found.get(name) for name in facts} == facts, found


@pytest.mark.parametrize("text", [
    "The flop wasn't early. The problem is it had four cards instead of three.",  # the flop's four, no hand's
    "dealer dealt the flop and it had for cards on it",
    "The dealer didn't give anyone an extra card; the small blind just misread his cards. What now?",
])
def test_no_extra_hole_card(engine: Engine, text: str) -> None:
    found = engine.rule(text, "robert-v11").facts
    assert found.get("topic") not in (EXTRA, COUNT), found


@pytest.mark.parametrize("text", [
    "After the deal the SB got a third card; the BB did not get a third card. No action.",  # a denied second card
    "Six-max, button is seat 4, so seat 5 is the small blind. After the button got his second card the dealer kept "
    "going and pitched seat 5 a third card. Nobody's acted.",  # the button's second card is no card too many
])
def test_one_card_too_many(engine: Engine, text: str) -> None:
    ruling = engine.rule(text, "robert-v11")
    assert (ruling.rule_id, ruling.outcome, ruling.facts.get("extra_cards")) == (
        "holdem.extra-holecard", "burn-extra-card", 1), ruling.facts


@pytest.mark.parametrize(("text", "acted"), [
    ("The button only got one card. He noticed when it was his turn to act, UTG had folded and the cutoff raised.",
     "no"),
    ("Seat 9 is the button and has only one card; action is on him after two calls.", "no"),
    ("The dealer missed the button on the second round. Nobody noticed until the button's turn; UTG raised, CO "
     "called.", "no"),
    ("il bottone ha una carta sola, se ne accorge quando tocca a lui dopo due chiamate", "no"),
    ("The button has only one card. He already called the raise before he noticed.", "yes"),
    # a later street's turn comes after he acted preflop: not read as found before he acted
    ("The button only had one card; he noticed on the flop when it was his turn.", None),
])
def test_short_button_found_at_his_turn(engine: Engine, text: str, acted: str | None) -> None:
    found = engine.rule(text, "tda-2024").facts
    assert (found.get("topic"), found.get("holder_acted")) == ("button-short-card", acted), found


@pytest.mark.parametrize(("text", "first"), [
    ("First card went to seat 3 but the small blind is seat 2. Caught it before any action.", "misdeal"),
    ("La prima carta è andata al posto 5, ma il piccolo buio era il posto 4. Nessuno ha agito.", "misdeal"),
])
def test_first_card_placed_by_the_small_blinds_seat(engine: Engine, text: str, first: str) -> None:
    """A seat number, the button's seat untold, is placed by the seat the text names as the small blind."""
    ruling = engine.rule(text, "robert-v11")
    assert (ruling.rule_id, ruling.outcome) == ("misdeal.conditions", first), ruling.facts
