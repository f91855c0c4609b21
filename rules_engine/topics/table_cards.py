"""A hand not fully shown at showdown (showdown.must-table-all-cards): a player turned up only one hole card, or
asks whether both must be shown to win. What decides it: whether he still holds his cards, and once he let them
go, whether they can still be picked out. A board claim is `board-claim`; a card the dealer flashes while dealing
is `exposed-holecard`."""

from __future__ import annotations

from ..readers.identifiable import hand_identifiable
from ..readers.showdown import (
    ALL,
    dealer_subject,
    hand_released,
    holder,
    overlap,
    same_holder,
    shows,
    tabled_at_showdown,
    tabled_then_released,
)
from ..reading import Facts, Reading
from . import Cue, Topic


def _part_shown(r: Reading, given: Facts) -> Facts | None:
    """A player showing one card at showdown; one flashed while dealing or peeking is another topic, and so is a
    claim to play the board (`board-claim`, tried after this topic)."""
    # do face-up cards count? (a hand its owner misread is `cards-speak`)
    face_up_questioned = r.has("hand_status_asked") and r.has("both_shown") and not r.has("miscalled")
    if r.has("facing_bet_yes"):
        return None  # "facing a river bet he flipped both cards": the hand is still being bet, not at showdown
    shown = r.has("both_required") or face_up_questioned or (
        r.has("shown_privately") and r.has("showdown_scene")) or _one_card_at_showdown(r) or _tabled_then_let_go(r) \
        or _won_unshown(r)
    return {} if shown and not (r.has("board_played") or r.has("strategy_talk")) else None


def _tabled_then_let_go(r: Reading) -> bool:
    """Both cards turned face up, then let go ("turned both his cards face up then pushed them into the muck"):
    does a tabled hand still win once its owner threw it away? Only when the story asks, regrets or contests it;
    asking for a share ("does he get half?") is a claim to play the board."""
    if r.has("split_request"):
        return False
    if not any(r.has(concept) for concept in ("hand_status_asked", "muck_regret", "muck_belief", "own_misread",
                                              "winner_thrown", "win_asked")):
        return False  # "tabled both, won the pot, pushed his cards in": the hand simply ended
    return tabled_then_released(r)


def _tabling_challenged(r: Reading, given: Facts) -> Facts | None:
    """A hand tabled at the showdown, nothing placing it in the betting, then challenged or asked about ("turned
    both cards up, then someone said he had to show 'properly'", "ha girato le carte, il dealer voleva già
    ritirarle"): is a face-up hand tabled? Below the showing of a hand during the betting, which leaves these."""
    if not tabled_at_showdown(r) or any(map(r.has, ("split_request", "board_played", "strategy_talk", "normal_play"))):
        return None
    first = shows(r)[0].end
    return {} if any(m.start() >= first for m in r.matches("tabling_challenged")) else None


def _won_unshown(r: Reading) -> bool:
    """Cards let go without being shown while the pot is claimed or its winner asked ("he says 'ace high', tosses
    his cards face down without showing them … who wins?"): can a hand never tabled win?"""
    return bool(hand_released(r)) and r.has("not_shown") and r.has("win_asked")


def _one_card_at_showdown(r: Reading) -> bool:
    """One card shown at a showdown, or one shown and the other thrown away or held back (what a showdown is)."""
    if not r.has("one_card_shown") or r.has("dealing_scene"):
        return _rest_let_go(r)
    ended = r.has("kept_cards") or bool(hand_released(r))
    if not (r.has("showdown_scene") or ended):
        return False
    by_dealer = r.matches("dealer_showed_one")
    return any(not any(overlap(m, d) for d in by_dealer) for m in r.matches("one_card_shown"))


def _rest_let_go(r: Reading) -> bool:
    """A card shown, then the player's other card let go ("shows an ace, then sends his other card at the muck",
    "mostra un solo jack, l'altra carta la lancia nel muck"): he split his hand, one card up and the rest away,
    however the card he showed is named."""
    if r.has("dealing_scene"):
        return False
    reach = r.lexicon.windows["moved_object_after"]
    for release in hand_released(r):
        sentence = r.sentence_start(release.start)
        other = [m for m in r.matches("the_other_card") if sentence <= m.start() <= release.end + reach]
        if any(shown.end() <= m.start() and same_holder(holder(r, shown.start(), shown.end()), release.holder)
               for m in other for shown in r.matches("card_shown_verb")):
            return True
    return False



def cards_tabled(r: Reading, facts: Facts) -> None:
    """Shown only to someone is not tabled; else the last showing told decides ("showed one card, the floor came,
    then he tabled both": tabled), and cards let go unshown, or his other card let go after one shown, were not."""
    shown = [s for s in shows(r) if not s.denied]
    if r.has("shown_privately"):
        facts["cards_tabled"] = "no"
    elif shown:
        facts["cards_tabled"] = "yes" if shown[-1].cards == ALL else "no"
    elif r.has("not_shown") or _rest_let_go(r):
        facts["cards_tabled"] = "no"


def cards_released(r: Reading, facts: Facts) -> None:
    """He let go of his cards (mucked, threw them in), or still holds them: the later statement wins ("he kept
    the other card, then mucked it")."""
    others = r.matches("kept_by_other")  # "the other guy still has his": not the cards of the player who let go
    said = [(m.start(), "no") for m in r.matches("kept_cards")
            if not any(overlap(m, o) for o in others) and not dealer_subject(r, m.start())]
    said += [(m.start, "yes") for m in hand_released(r)]
    if said:
        facts["cards_released"] = max(said)[1]


def released_if_traced(r: Reading, facts: Facts) -> None:
    """Cards said to be recoverable from the discards or lost in them ("rimasta in cima agli scarti, si vede quale
    sia") were let go, whatever words told the throw."""
    if "cards_released" not in facts and "hand_identifiable" in facts:
        facts["cards_released"] = "yes"


TOPIC = Topic("table-cards", cues=(Cue(97, _part_shown), Cue(59, _tabling_challenged)),
              readers=(cards_tabled, cards_released, hand_identifiable, released_if_traced))
