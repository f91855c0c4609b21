"""How many players had acted, read from how the story tells them (`readers.actions.players_acted`, the one count
every misdeal topic reads): moves told by a bare amount or by their nouns ("UTG 400, hijack calls 400", "an open
from the lojack and a call from the button"), players named together or after a move told first ("seats 6 and 7
folded", "hanno foldato sia il 4 sia il 5", "l'UTG e quello dopo di lui"), nobody said to have acted ("ancora
nessuno aveva parlato"), a call told at the end of a sentence ("the cutoff called. Misdeal?"), the Italian verbs
of a call and a fold ("paga", "vede", "ha fatto fold"). Stories written for round 14, counted by hand; a count of
three needs no chips."""

import pytest

from rules_engine import Engine

STORIES = [
    ("tda-2024", "Dealer messed up the deal somehow. UTG 400, hijack calls 400. Can we still call a misdeal?", 2,
     "yes"),
    ("tda-2024", "Errore nella distribuzione: UTG 250, il cutoff paga 250. Si può ancora chiamare misdeal?", 2, "yes"),
    ("tda-2024", "we only found the deal error after an open from the lojack and a call from the button. too late for"
                 " a misdeal?", 2, "yes"),
    ("tda-2024", "Si scopre un errore di distribuzione dopo un rilancio dell'UTG e una chiamata del bottone. Si può"
                 " ancora fare misdeal?", 2, "yes"),
    ("tda-2024", "deal got screwed up. UTG raised to 900 and the guy after him called, then somebody noticed. too"
                 " late for a misdeal?", 2, "yes"),
    ("tda-2024", "deal got messed up, seats 6 and 7 folded before anyone said anything. can we still call a misdeal?",
     2, "no"),
    ("tda-2024", "Il mazziere ha sbagliato a distribuire. Hanno foldato sia il 4 sia il 5, poi qualcuno se n'è"
                 " accorto. Si può ancora chiamare misdeal?", 2, "no"),
    ("robert-classic", "Avevano già passato UTG e UTG+1 quando ci siamo accorti dell'errore di distribuzione. È troppo"
                       " tardi per il misdeal?", 2, "no"),
    ("tda-2024", "the deal went wrong; UTG, UTG+1 and the lojack had all folded by the time we noticed. can we still"
                 " call a misdeal?", 3, None),
    ("tda-2024", "Errore di distribuzione, ce ne accorgiamo dopo che l'UTG e quello dopo di lui hanno passato. Si può"
                 " ancora chiamare misdeal?", 2, "no"),
    ("tda-2024", "Before anybody acted, someone called a misdeal because the deal had gone wrong. Is it too late?", 0,
     None),
    ("robert-v11", "Deal error, no one has acted yet, UTG is still thinking. can we still call a misdeal?", 0, None),
    ("tda-2024", "dealer botched the deal. UTG raised, the cutoff called. Misdeal? too late?", 2, "yes"),
    ("tda-2024", "Errore di distribuzione. L'UTG ha rilanciato, il bottone ha chiamato. Il floor dice misdeal, è"
                 " troppo tardi?", 2, "yes"),
    ("robert-classic", "errore nella distribuzione, utg e utg+1 hanno fatto fold. si può ancora chiamare misdeal?", 2,
     "no"),
    ("tda-2024", "il dealer ha sbagliato a dare le carte: l'UTG vede, il MP paga. Misdeal ancora possibile?", 2, "yes"),
    ("tda-2024", "Errore di distribuzione, bui 100/200: rilancio a 600 e call del cutoff, poi ce ne accorgiamo. Si può"
                 " ancora chiamare misdeal?", 2, "yes"),
    ("tda-2024", "the deal was messed up and we noticed after a fold and a limp. can we still call a misdeal?", 2,
     "yes"),
    ("tda-2024", "si è sbagliato a distribuire, ce ne siamo accorti dopo due fold e un limp. si può ancora chiamare"
                 " misdeal?", 3, None),
    ("robert-v11", "Deal messed up. Only the UTG had folded, the guy after him was still thinking. Can we still call a"
                   " misdeal?", 1, "no"),
    # the players named after a plural verb, not a word the sentence opens with; "giocato" in the perfect is acted;
    # the dealer calling a misdeal puts no chips in
    ("robert-classic", "Regole classiche: foldano UTG e UTG+1, poi ci accorgiamo dell'errore di distribuzione. Si può"
                       " ancora chiamare misdeal?", 2, "no"),
    ("robert-v11", "Errore di distribuzione scoperto dopo che UTG e il cutoff avevano già giocato. Si può ancora"
                   " chiamare misdeal?", 2, None),
    ("tda-2024", "Deal got messed up. UTG and UTG+1 folded, then the dealer calls a misdeal. Too late?", 2, "no"),
]


@pytest.mark.parametrize(("book", "text", "acted", "chips"), STORIES, ids=[story[1][:40] for story in STORIES])
def test_the_players_who_acted_are_counted_from_the_story(engine: Engine, book: str, text: str, acted: int,
                                                          chips: str | None) -> None:
    facts = engine.rule(text, book).facts
    assert (facts.get("topic"), facts.get("players_acted")) == ("misdeal-cutoff", acted)
    if acted < 3:
        assert facts.get("chips_in") == chips


def test_a_deal_gone_wrong_with_nobody_acted_and_the_mistake_unnamed_asks_what_went_wrong(engine: Engine) -> None:
    """Before any action the cut-off never stops a misdeal, so what decides is whether the mistake is one: asked."""
    ruling = engine.rule("il mazziere ha sbagliato la distribuzione ma ancora nessuno aveva parlato. si può chiamare"
                         " misdeal?", "robert-classic")
    assert (ruling.status, ruling.rule_id, ruling.facts.get("players_acted")) == ("question", "misdeal.conditions", 0)
