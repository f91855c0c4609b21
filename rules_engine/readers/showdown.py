"""The showdown as ordered events, worked out once per text, which the showdown topics read instead of each
matching its own phrases: each place the story lets cards go (mucked, thrown in, handed to the dealer, "negli
scarti") with WHOSE cards went there: a player's own hand, or cards that are nobody's hand (the stub, the deck, a
burn or board card) put onto the discards ("the dealer set the stub down on the muck" lets go of no hand: a
disordered stub, not a mucked hand); each showing by a player (both cards, one, the rest after one), not by the
dealer; whose hand each was (the teller's or another's); and whether the last round was bet, from the river's
moves as the event reader (readers/events.py) tells them.

What moved is the object of the move: named inside it ("mucked his hand"), else the last card noun before it in
its clause ("the stub ended up on the muck", "il resto del mazzo nel muck"), else the one right after it ("the
dealer mucked the burn card", "ha buttato il mazzo"). A move with no card noun in reach is a player's hand, as the
topics always read it. Vocabulary: lexicon/mucked_hand.toml (moves), table_cards.toml and show_order.toml."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..reading import Reading
from .events import Event, events
from .negation import denied
from .seats import places

HAND = "hand"
UNOWNED = "unowned"
ALL = "all"
ONE = "one"
TELLER = "me"
OTHER = "other"
_HAND_WORDS = ("hand_object",)
_UNOWNED_WORDS = ("unowned_cards", "stub_noun")
# the words before a showing that make it wanted, demanded or refused
_NOT_YET = ("event_hypothetical", "nobody_willing", "showing_demanded")
# a showing: both cards face up, the rest after one ("then the other too": the whole hand is up), or one
_SHOWN = {"both_shown": ALL, "other_card_shown": ALL, "one_card_shown": ONE}


@dataclass(frozen=True, slots=True)
class Release:
    """Cards let go: where the story tells it, whose cards they were (HAND or UNOWNED), whose hand (TELLER,
    OTHER, None when unsaid), and whether it is denied ("never mucked his cards")."""

    start: int
    end: int
    cards: str
    holder: str | None
    denied: bool


@dataclass(frozen=True, slots=True)
class Show:
    """A hand turned face up: where, how much of it (ALL or ONE card), whose (TELLER, OTHER, None), denied."""

    start: int
    end: int
    cards: str
    holder: str | None
    denied: bool


def shows(r: Reading) -> list[Show]:
    """Every showing by a player the text tells, in order (worked out once per text). The dealer turning cards up
    is none ("the dealer turns the other card": the player did not table it), nor his showing one card."""
    return r.derived("showdown.shows", lambda: sorted(
        (Show(m.start(), m.end(), cards, holder(r, m.start(), m.end()), denied(r, m))
         for concept, cards in _SHOWN.items() for m in r.matches(concept) if not _by_dealer(r, m)),
        key=lambda show: show.start))


def _by_dealer(r: Reading, show: re.Match[str]) -> bool:
    """The dealer named as the one showing: in the showing's own words, or in its clause before it."""
    if any(overlap(show, d) for d in r.matches("dealer_showed_one")):
        return True
    return dealer_subject(r, show.start())


def tabled_then_released(r: Reading) -> bool:
    """A hand turned face up in full and then let go, the same player's as far as the text says ("I tabled my
    flush and threw it in": its cards spoke before it went; "I tabled, he mucked his" is two hands)."""
    tabled = [s for s in shows(r) if s.cards == ALL and not s.denied]
    return any(s.end <= m.start and same_holder(s.holder, m.holder) for s in tabled for m in hand_released(r))


def tabled_at_showdown(r: Reading) -> bool:
    """Whole hands turned face up by players with nothing placing them in the betting (no action pending, no bet
    or street told, nobody in particular shown): a showdown's tabling ("CO tables both cards face up, says 'you got
    it' and tosses them forward"), not a hand shown while the betting goes on (`own-card-shown`)."""
    shown = shows(r)
    told = ("shown_to_outsider", "shown_to_outsider_person", "shown_to_active", "shown_toward", "betting_context")
    return bool(shown) and all(s.cards == ALL for s in shown) and not any(map(r.has, told))


def same_holder(one: str | None, other: str | None) -> bool:
    return one is None or other is None or one == other


def releases(r: Reading) -> list[Release]:
    """Every place the text lets cards go, in order (worked out once per text); the words of one move ("tossed his
    cards into | the muck") are one release."""
    return r.derived("showdown.releases", lambda: [
        Release(start, end, _moved(r, start, end), holder(r, start, end), denied(r, first))
        for first, start, end in _moves(r)])


def hand_released(r: Reading) -> list[Release]:
    """Where a player let go of his own cards, not said as denied: what the showdown topics call a muck."""
    return [m for m in releases(r) if m.cards == HAND and not m.denied]


def dealer_releases(r: Reading) -> list[Release]:
    """Cards the dealer let go, a hand's not said as denied: the dealer the subject of the move's clause ("the
    dealer, new on the job, swept it into the muck") or its agent ("my tabled winner got mucked by the dealer",
    "buttata nel muck dal mazziere"). Whose cards: for the dealer as subject, only what the move itself names
    ("swept his cards"), since the words before it are the dealer's own ("on his second shift"); for the agent, the
    words before the move, which name the cards ("my tabled winner got mucked")."""
    return r.derived("showdown.dealer_releases", lambda: [
        Release(start, end, _moved(r, start, end), holder(r, start, end) if agent else _holder_inside(r, start, end),
                denied(r, first))
        for first, start, end in _moves(r)
        for agent in (r.lexicon.says("dealer_agent", r.after(end, "moved_object_after")),)
        if agent or dealer_subject(r, start)])


def dealer_subject(r: Reading, position: int) -> bool:
    """The dealer named in the clause before a position: the one who did what it tells."""
    clause = _clause_start(r, position)
    return any(clause <= d.start() < position for d in r.matches("dealer_named"))


def _holder_inside(r: Reading, start: int, end: int) -> str | None:
    """Whose cards a phrase names in its own words ("swept his cards"), or None."""
    return next((who for at, who in _owner_words(r) if start <= at < end), None)


def _owner_words(r: Reading) -> list[tuple[int, str]]:
    """Where the teller's ("my", "le mie") and another player's ("his", "le sue") words are, in order."""
    return r.derived("showdown.owner_words", lambda: sorted(
        [(m.start(), TELLER) for m in r.matches("teller_cards")]
        + [(m.start(), OTHER) for m in r.matches("other_cards")]))


def _moves(r: Reading) -> list[tuple[re.Match[str], int, int]]:
    """The muck phrases joined into moves: overlapping ones, or ones a few words apart in one clause."""
    reach = r.lexicon.windows["moved_object_after"]
    moves: list[tuple[re.Match[str], int, int]] = []
    for m in sorted(r.matches("hand_mucked"), key=lambda m: m.start()):
        if moves and m.start() <= moves[-1][2] + reach and _clause_start(r, m.start()) <= moves[-1][1]:
            first, start, end = moves[-1]
            moves[-1] = (first, start, max(end, m.end()))
        else:
            moves.append((m, m.start(), m.end()))
    return moves


def _moved(r: Reading, start: int, end: int) -> str:
    objects = sorted([(m.start(), m.end(), HAND) for concept in _HAND_WORDS for m in r.matches(concept)]
                     + [(m.start(), m.end(), UNOWNED) for concept in _UNOWNED_WORDS for m in r.matches(concept)])
    inside = [kind for at, _, kind in objects if start <= at < end]
    if inside:
        return inside[0]
    clause = _clause_start(r, start)
    before = [kind for at, until, kind in objects if clause <= at and until <= start]
    if before:
        return before[-1]
    reach = end + r.lexicon.windows["moved_object_after"]
    after = [kind for at, _, kind in objects if end <= at <= reach]
    return after[0] if after else HAND


def worse_hand_paid(r: Reading) -> bool:
    """The pot told as going to the player whose hand the story names as the lower one ("the dealer gave him the
    pot, but I had a flush and he only a straight", "ha dato il piatto a lui ma io avevo colore e lui solo scala"):
    each named hand is the teller's or another's (its clause), ranked by the hand names' order; the pot's winner is
    the one named right after it, or the clause's subject ("he took the pot")."""
    ranks = {name: rank for rank, name in enumerate(_HAND_RANKS)}
    best: dict[str, int] = {}
    for m in r.matches("hand_name"):
        owner = holder(r, m.start(), m.end())
        name = next((name for name, text in m.groupdict().items() if text), None)
        if owner and name in ranks and not denied(r, m):
            best[owner] = max(best.get(owner, -1), ranks[name])
    if len(best) != 2 or len(set(best.values())) < 2:
        return False  # one hand named, three players, or two equal hands: nothing to compare
    worse = min(best, key=lambda owner: best[owner])
    return any(_paid_to(r, m) == worse for m in r.matches("pot_awarded") if not denied(r, m))


def paid_to_lower_hand(r: Reading) -> bool:
    """The pot told as going to a hand the story ranks below another: named as lower where it is paid ("shipped the
    pot to the guy with the smaller flush", "a chi aveva il colore più basso", "alla coppia invece che alla doppia
    coppia"), or named by its hand where it is paid while a better hand is named elsewhere ("pot went to the
    straight, but seat 2 had a full house", "piatto dato al tris mentre il posto 6 aveva la scala")."""
    ranks = {name: rank for rank, name in enumerate(_HAND_RANKS)}
    named = [(m, ranks[name]) for m in r.matches("hand_name") if not denied(r, m)
             for name, text in m.groupdict().items() if text and name in ranks]
    for award in r.matches("pot_awarded"):
        if denied(r, award):
            continue
        end = _payee_end(r, award)
        if any(award.start() <= m.start() < end for m in r.matches("lower_hand")):
            return True
        paid = [rank for m, rank in named if award.start() <= m.start() < end]
        if paid and any(rank > paid[0] for m, rank in named if not award.start() <= m.start() < end):
            return True
    return False


def _payee_end(r: Reading, award: re.Match[str]) -> int:
    """Where the words naming who was paid end: a few words after the award, cut at the next clause ("to the
    straight | but seat 2 had a full house", "al tris | mentre il posto 6 aveva la scala") or sentence ("gli ha
    spinto il piatto. | l'altro protesta perché lui aveva detto coppia": the hand said in the complaint)."""
    end = min(award.end() + len(r.after(award.end(), "payee_after")), r.sentence_end(award.start()))
    breaks = [m.start() for m in r.matches("move_clause_break") if award.end() <= m.start() < end]
    return min(breaks, default=end)


_HAND_RANKS = ("high_card", "pair", "two_pair", "trips", "straight", "flush", "full_house", "quads", "straight_flush")


def _paid_to(r: Reading, award: re.Match[str]) -> str | None:
    """Who got the pot: the player named in the award or right after it ("gave him the pot", "pushed the pot to
    him", "a me"), else whose words the award's clause holds ("he took the pot")."""
    told = award[0] + r.after(award.end(), "moved_object_after")
    if r.lexicon.says("paid_to_teller", told):
        return TELLER
    if r.lexicon.says("paid_to_other", told):
        return OTHER
    return holder(r, award.start(), award.end())


def showing_awaited(r: Reading) -> bool:
    """The last round played out and a showing talked of that has not happened: wanted, waited for, refused or
    denied ("the bettor wants the caller to show", "waiting for me to flip", "refuses to turn his hand over before
    I do", "neither of us turned our cards over"), with no hand yet shown or let go: who shows first is what is
    at stake, however the standoff is told."""
    if not r.has("showing_verb"):
        return False  # tried by a cue on most texts: the cheap tests first, the events only when it may hold
    reach = r.lexicon.windows["event_frame"]
    if not any(denied(r, m) or any(r.lexicon.says(concept, _frame(r, m.start(), reach)) for concept in _NOT_YET)
               for m in r.matches("showing_verb")):
        return False  # no showing said not done yet
    if last_round_bet(r) is None or hand_released(r) or any(e.kind == "fold" for e in river_events(r)):
        return False  # a fold on the river: maybe no showdown at all ("he bets, I fold. can I ask him to show?")
    return not any(not denied(r, m) for m in r.matches("shown_hand"))  # "si sono girate le carte": the hands are up


def _frame(r: Reading, position: int, reach: int) -> str:
    """The words just before a position, as the event reader frames a move ("wants the caller to | show")."""
    return r.text[max(0, position - reach):position].rstrip()


def last_round_bet(r: Reading) -> str | None:
    """Whether the last betting round was bet ("yes") or checked through ("no"), as the story last tells it ("he
    bet the flop, we checked the river" is no river bet; "river: I check, he fires 300, I call" is one): bets said
    of an earlier street don't count, and an all-in there leaves nothing to bet on the river. Once per text."""
    return r.derived("showdown.last_round_bet", lambda: _last_round_bet(r))


def _last_round_bet(r: Reading) -> str | None:
    earlier = r.matches("earlier_street_bet")
    bet_moves, check_moves = river_moves(r)  # the river's moves however they are told ("3 bets, 5 calls")
    bets = [m.end() for m in r.matches("last_round_bet")
            if not denied(r, m) and not any(overlap(m, e) for e in earlier)] + bet_moves
    checks = [m.end() for m in r.matches("last_round_checked")] + check_moves
    if bets or checks:
        return "yes" if max(bets, default=-1) > max(checks, default=-1) else "no"
    return "no" if any(overlap(a, e) for a in r.matches("allin") for e in earlier) else None


def overlap(a: re.Match[str], b: re.Match[str]) -> bool:
    """Two phrases sharing words."""
    return a.start() < b.end() and b.start() < a.end()


def river_moves(r: Reading) -> tuple[list[int], list[int]]:
    """Where the moves of the last betting round happened, split into bets (a bet, raise, all-in, or a call, which
    answers one) and checks (see `river_events`)."""
    moves = river_events(r)
    return [e.start for e in moves if e.kind in ("bet-raise", "call")], [e.start for e in moves if e.kind == "check"]


def river_events(r: Reading) -> list[Event]:
    """The moves of the last betting round, as the event reader tells them: those told in the sentence of the last
    word naming the river (or the last round by name: "ultimo giro di puntate", "last betting round"), after it
    ("river: seat 3 bets 200, seat 5 calls", "al river io busso, lui punta, pago"). A move that names its own
    street ("perché ho puntato al turn") or one only said ("he says I bet last") is none, and a later sentence tells
    no move of the river."""
    rivers = sorted(r.matches("river") + r.matches("last_round_named"), key=lambda m: m.end())
    if not rivers:
        return []
    start = rivers[-1].end()
    reach = r.lexicon.windows["move_street_after"]
    others = [m.start() for street in ("preflop", "flop", "turn") for m in r.matches(street)]
    return [e for e in events(r) if e.happened and not e.verbal and start < e.start < r.sentence_end(start)
            and not any(0 <= at - e.end <= reach for at in others)]


def holder(r: Reading, start: int, end: int) -> str | None:
    """Whose cards: the last seat or position the seat model places before the phrase in its clause ("seat 3
    turned over both cards, seat 7 threw his cards in": seat 7's), else the first teller's or other player's word
    inside the phrase, else the last one before it ("I mucked", "he then threw his cards in"). The clause is the
    one the phrase ends in ("both cards and luca mucked his hand" is Luca's clause)."""
    clause = _clause_start(r, end)
    placed = [seat for m, seat in places(r) if clause <= m.start() < end]
    if placed:
        return f"{placed[-1].kind} {placed[-1].number}"
    inside = _holder_inside(r, max(start, clause), end)
    if inside:
        return inside
    before = [who for at, who in _owner_words(r) if clause <= at < start]
    return before[-1] if before else None


def _clause_start(r: Reading, position: int) -> int:
    """Where the clause holding a position starts: its sentence's start or the last clause break before it."""
    sentence = r.sentence_start(position)
    breaks = [m.end() for m in r.matches("move_clause_break") if sentence <= m.end() <= position]
    return max(breaks, default=sentence)
