"""Asking to see a hand at showdown (showdown.asking-to-see): a caller, the winner or another player wants a hand
shown, or a player refuses to show. What decides it: whether that hand went to showdown (an uncalled hand never
has to be shown), who asks, and under TDA whether the asker kept his own cards. Seeing the cards that would have
come (rabbit hunting) and cards a player showed to one person are other topics."""

from __future__ import annotations

from ..readers.events import events
from ..readers.negation import happened, negated
from ..readers.showdown import OTHER, TELLER, Release, hand_released, holder, last_round_bet, overlap
from ..reading import Facts, Reading
from . import Cue, Topic
from .own_card_shown import TOPIC as SHOWN_DURING_HAND


def _asks_to_see(r: Reading, given: Facts) -> Facts | None:
    # within one sentence: "voleva vedere. Le sue carte valgono?" is a wish to call, then a question about his cards
    asked = r.has("seeing_words") and any(m.end() <= r.sentence_end(m.start()) for m in r.matches("ask_see"))
    if not asked or r.has("strategy_talk") or r.has("not_a_showdown_request"):
        return None
    return None if _shown_during_hand(r, given) else {}


def _asked_by_a_player_in_it(r: Reading, given: Facts) -> Facts | None:
    """The teller asks to see after his own call of the last bet, or after his bet that the other let go of ("I
    paid off the river bet… the bettor slid his cards to the dealer face down. Do I get a look at them?"): a
    showdown request, above the fold with no bet to face and the muck its words also tell."""
    if _asks_to_see(r, given) is None or _role_by_own_moves(r) is None:
        return None
    return {}


def _shown_during_hand(r: Reading, given: Facts) -> bool:
    """"He showed his cards to the only opponent left, do I have a right to see them too?": the request is about
    cards a player showed someone during the hand (show one, show all), which the own-card-shown topic
    recognises; not "I called and tabled my two pair, I want to see his"."""
    if last_round_bet(r):
        return False  # the last round was played out: cards tabled then are a showdown's
    return any(cue.detect(r, given) is not None for cue in SHOWN_DURING_HAND.cues)


def hand_called(r: Reading, facts: Facts) -> None:
    """The hand asked about never reached the showdown ("everyone folded to his bet"); the asker's own fold, told in
    one phrase with his request ("the guy in seat 1 folded preflop and at showdown he's demanding to see…"), tells
    who asks, not which hand."""
    asks = r.matches("ask_see")
    askers = [a for a in r.matches("asker_other") if any(overlap(a, ask) for ask in asks)]
    if any(not any(overlap(m, a) for a in askers) for m in r.matches("no_showdown")):
        facts["hand_called"] = "no"


def asker_role(r: Reading, facts: Facts) -> None:
    """Who asks, as the story tells it: a player out of the hand, else the winner, else the caller, else what the
    teller's own moves make him. With no bet on the last round there is no caller, whoever asks."""
    roles = (("asker_other", "other"), ("asker_winner", "winner"), ("asker_caller", "caller"))
    said = next((role for concept, role in roles if r.has(concept) and _said_of_the_asker(r, concept)), None)
    if said is None and _asker_folded(r):
        said = "other"
    if said is None and r.has("teller_won") and not _another_player_asks(r):
        said = "winner"
    role = said or _role_by_own_moves(r) or _role_holding_cards(r)
    if role:
        facts["asker_role"] = role
    elif last_round_bet(r) == "no":
        facts["asker_role"] = "not-caller"
    elif r.has("asker_winner"):
        facts["asker_role"] = "not-winner"  # "I wasn't the winner, I just wanted to see the called hand"


def _said_of_the_asker(r: Reading, concept: str) -> bool:
    """A role told and not denied ("I wasn't the winner", "non sono io il vincitore": no role said, `asker_role`
    narrows the question instead)."""
    return any(not negated(r, m) for m in happened(r, concept))


def _role_by_own_moves(r: Reading) -> str | None:
    """The teller asking is known by his own last move ("chiamo il bet sul river", "io punto, lui chiama, io giro
    tris e lui butta"): a call makes him the caller; a bet or raise of his, with the other's hand let go after it
    unseen, makes him the winner."""
    if not _teller_asks(r):
        return None
    mine = [e for e in events(r) if e.actor == TELLER and e.happened]
    if not mine:
        return None
    last = mine[-1]
    if last.kind == "call":
        return "caller"
    let_go = any(release.holder == OTHER and release.start > last.end for release in hand_released(r))
    return "winner" if last.kind == "bet-raise" and let_go else None


def _role_holding_cards(r: Reading) -> str | None:
    """The teller, his own cards still held, asks to see after a last round that was bet, the bet not his ("guy
    jams the river, I pay him off, I've still got my two cards… can I see what he had?", "river called, I kept my
    cards, I want to see the bettor's"): two players hold cards at that showdown, the bettor and the one who paid
    him, so the teller is the caller, however his call is told ("pagata la sua puntata", "call from me")."""
    if not (_teller_asks(r) and r.has("asker_holds")) or r.has("asker_winner") or r.has("teller_won"):
        return None
    bet = last_round_bet(r)  # checked through, nobody is the caller (asker_role says so)
    if bet == "no" or (bet is None and not r.has("bettor_named")):
        return None
    own_bet = any(e.actor == TELLER and e.kind == "bet-raise" and e.happened for e in events(r))
    return None if own_bet else "caller"


def _asker_folded(r: Reading) -> bool:
    """The one asking is a player named by his fold before he asks ("seat 9 had folded on the flop… at the
    showdown seat 9 demands to see them"): a player out of the hand, however his fold and his request are told."""
    folds = [e for e in events(r) if e.move == "fold" and e.happened and e.actor not in (None, OTHER)]
    return any(fold.end <= ask.start() and fold.actor == holder(r, ask.start(), ask.start())
               for ask in r.matches("ask_see") for fold in folds)


def _another_player_asks(r: Reading) -> bool:
    """The request told of a player named before it, not the teller ("seat 4 asked to see seat 2's hand after I
    won the pot"): the teller's winning is not the asker's."""
    return any(holder(r, ask.start(), ask.start()) not in (None, TELLER) for ask in r.matches("ask_see"))


def _teller_asks(r: Reading) -> bool:
    """The request to see is the teller's own ("can I see", "chiedo di vederle"): its sentence says so."""
    return any(r.sentence_start(ask.start()) <= mine.start() < r.sentence_end(ask.start())
               for ask in r.matches("ask_see") for mine in r.matches("teller_asking"))


def asker_kept_cards(r: Reading, facts: Facts) -> None:
    """A player out of the hand holds no cards; a caller may have kept his or mucked them: the last thing the story
    says of his cards decides ("paid his shove with my cards still in hand, but I mucked them before asking"), his
    own cards let go however told ("le mie carte le avevo già buttate nel muck") as much as said mucked."""
    if facts.get("asker_role") == "other":
        facts["asker_kept_cards"] = "no"
        return
    said = [(m.start(), "yes") for m in r.matches("asker_holds")] + [
        (m.start(), "no") for m in r.matches("asker_mucked")] + [
        (m.start, "no") for m in _own_cards_let_go(r)]
    if said:
        facts["asker_kept_cards"] = max(said)[1]


def _own_cards_let_go(r: Reading) -> list[Release]:
    """The teller's own cards let go, not the hand his request names ("I want to see the bettor's mucked cards")."""
    asked = r.matches("ask_see")
    return [m for m in hand_released(r) if m.holder == TELLER
            and not any(a.start() <= m.start < a.end() for a in asked)]


TOPIC = Topic("ask-to-see", cues=(Cue(82, _asked_by_a_player_in_it), Cue(67, _asks_to_see)),
              readers=(hand_called, asker_role, asker_kept_cards))
