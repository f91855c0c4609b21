"""What people claim the rule is, or want done, is dropped before the text is read; what they tell happened stays.
Sentences are kept apart so a claim ends where its sentence (or a "but") does."""

from rules_engine import Engine
from rules_engine.lexicon import Lexicon
from rules_engine.readers import claims
from rules_engine.reading import joined

LEXICON = Lexicon.load()


def _told(text: str) -> str:
    told, starts = joined([" ".join(words) for words in LEXICON.speller.sentences(text)])
    return claims.apply(told, starts, LEXICON)[0]


def test_a_claim_about_the_rule_is_dropped_to_the_end_of_its_sentence() -> None:
    told = _told("Seat 9's first card flips face up. Jeff says it's just a replace since it wasn't the first card. "
                 "Nobody had acted.")
    assert told == "seat n9 s first card flips face up jeff nobody had acted"


def test_a_claim_that_tells_an_event_is_kept() -> None:
    assert _told("the big blind says his first card was face up, he wants a misdeal") == \
        "the big blind says his first card was face up he"
    assert "flopped before" in _told("he says the dealer flopped before he acted, so we redeal")


def test_a_rule_put_generally_is_dropped_even_with_an_event_word() -> None:
    assert _told("the dealer flipped the hijack's second card. someone said under v11 any exposed card is a misdeal") \
        == "the dealer flipped the hijack s second card someone"


def test_a_text_all_about_the_rule_is_the_question_itself() -> None:
    text = "our house rules say chopping is not allowed, the rulebook says nothing, what applies?"
    assert _told(text) == " ".join(LEXICON.speller.words(text))


def test_a_claim_ends_at_a_but_that_turns_to_what_happened() -> None:
    assert _told("Tommaso dice di togliere la carta in più, ma il flop aveva quattro carte") == \
        "tommaso ma il flop aveva quattro carte"


def test_claims_no_longer_give_facts(engine: Engine) -> None:
    ruling = engine.rule("Button was Jeff in seat 7, 9-handed. Seat 9's first card flips face up. Jeff says it's "
                         "just a replace since it wasn't the first card. Nobody had acted.", "robert-v11")
    assert (ruling.outcome, ruling.facts["deal_position"]) == ("misdeal", "second")
    proposed = engine.rule("three players on the flop, the last guy hadn't acted when the dealer burned and turned. "
                           "I told the dealer to put the turn with the burns, then river with no burn")
    assert (proposed.rule_id, proposed.outcome) == ("holdem.premature-turn", "replace-turn")


def test_a_wish_asked_back_past_a_sentence_naming_the_rules_is_the_question() -> None:
    for text in ("Seat 2 wants the turn card to stay. We use Robert's rules. Does it?",
                 "il bottone vuole che il flop resti. Regole TDA. Ha ragione?",
                 "seat 4 wants a misdeal, two players had already acted. Is it too late?",
                 "il posto 3 vuole il misdeal, avevano già parlato in due. Vale ancora?"):
        assert _told(text) == " ".join(LEXICON.speller.words(text)), text
    assert "wants" not in _told("Seat 2 wants the turn card to stay. We use Robert's rules. The BB had not acted.")


def test_a_misdeal_called_with_no_incident_told_is_the_event() -> None:
    """With only betting told, the call is what the cut-off weighs; rule talk about when a misdeal applies is not."""
    assert "said misdeal" in _told("UTG and the hijack both folded, then the cutoff said misdeal. TDA")
    assert "chiesto il misdeal" in _told("avevano gia foldato in due quando uno ha chiesto il misdeal")
    assert "misdeal for blinds" not in _told("UTG folded. Our sheet says misdeal for blinds")
