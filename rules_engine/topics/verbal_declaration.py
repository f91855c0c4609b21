"""What a player said in turn binds him (betting.verbal-binding): he wants to change what he said, said "call…
and raise", or his words and his chips disagreed (and which came first: catalogue C9). "Call… and raise" or a
clear mismatch outranks the chip topics; a bare "he changed his mind" is tried only after every other topic."""

from __future__ import annotations

import re
from decimal import Decimal

from ..readers import betting_round
from ..readers.betting_round import on_digits, word_denied, words_said
from ..readers.events import TELLER, Event, events, named_between
from ..readers.phrases import out_of_scope, said_outright, settled_by, tells_a_situation
from ..readers.streets import marks
from ..reading import Facts, Reading, group
from . import Cue, Topic
from .multiple_chips import push_and_call
from .out_of_turn import acted_out_of_turn
from .undercall import short_call

# what `_said_otherwise` can find nothing without: each of its tests reads one of these words first
_WORDS_TOLD = ("verbal_call_raise", "verbal_chips_differ", "verbal_said_then_changed", "takes_back_word", "round_said",
               "call_declared_yes", "raise_declared_yes")

declaration = settled_by("declaration", {"verbal_call_raise": "call-and-raise", "verbal_chips_differ": "chips-differ",
                                         "verbal_said_then_changed": "changed-mind",
                                         "verbal_changed_mind": "changed-mind"})
word_timing = settled_by("word_timing", {"chips_first": "chips-first", "words_together": "together",
                                         "words_first": "words-first"})


def _said_otherwise(r: Reading, given: Facts) -> Facts | None:
    """"Call… and raise", words and chips that said different things, or a word then a change of mind; a word said
    out of turn is the out-of-turn topic's ("ho detto check quando toccava a lui, poi ha puntato")."""
    if not any(map(r.has, _WORDS_TOLD)) or acted_out_of_turn(r):
        return None  # no word the tests below read (a story of the deal): the out-of-turn reader is not run
    if not (r.has("verbal_call_raise") or _by_the_speaker(r, "verbal_chips_differ") or word_against_chips(r)):
        # a word said, then a wish to do otherwise said outright ("said all-in, then only wanted to call"); acting
        # out of turn is the out-of-turn topic's (catalogue C10)
        changed = (_by_the_speaker(r, "verbal_said_then_changed") or word_taken_back(r)) and not (
            said_outright(r, "out_of_turn") or out_of_scope(r))
        return {} if changed else None
    if (short_call(r) and not words_said(r, "raise_declared_yes")) or out_of_scope(r):
        return None  # "said call but put in less": the undercall rule settles a short call ("said raise to 1,000"
        # over fewer chips is words against chips: the amount said is no bet he faced)
    if _short_raise(r) and not _chips_then_word(r):
        return None  # "said raise and put out 1,300 facing 1,000": more than a call, less than a raise: its size
        # ("slid 60 out first and only after that said 'raise to 100'": the chips came first, words against them)
    if _call_matches_chips(r) or _amount_matches_chips(r):
        return None  # "said call and put in 300" facing 300, "dice 200 e mette 200": the words and the chips agree,
        # nothing to rule
    if r.has("verbal_call_raise"):
        return {}
    # chips, then words: several trips to the stack before the word are the string-bet topic's, and "raise" said
    # after a single chip landed the oversized-chip topic's
    if r.has("string_motions") or (r.has("single_chip") and r.has("raise_declared_no")):
        return None
    return {}  # the words and the chips disagree: the first test let nothing else through


def word_against_chips(r: Reading) -> bool:
    """The word said and the amounts told disagree, however it is phrased: "raise" over chips that only match the
    bet, "call" (or "pago") over chips above it, or an amount said and a different amount pushed ("says twelve
    thousand, then pushes out 21k"). A short push is the undercall's, a push between a call and a raise the raise
    size's: both are excluded by the cue before this is asked."""
    return r.derived("word_against_chips", lambda: _word_against_chips(r))


def _said_and_pushed(r: Reading) -> list[tuple[Decimal, Decimal]]:
    """Each amount said and the first amount pushed after it (or before it, when the chips came first)."""
    said = r.matches("round_said") if said_outright(r, "round_said") else []
    if not said:
        return []  # no amount said: the pushes are not looked for
    pushed = [m for concept in ("round_push", "round_on_top", "chips_turned_out") for m in r.matches(concept)]
    chips_first = r.has("chips_first")  # "pushed 1,500 and only then said twelve hundred": the chips before the word
    pairs = []
    for word in said:
        amount = betting_round.read_number(r, group(word, "to"))
        later = [betting_round.read_number(r, group(m, "to")) for m in pushed
                 if _verb_at(m) >= word.end() or chips_first]
        if amount is not None and later and later[0] is not None:
            pairs.append((amount, later[0]))
    return pairs


def _amount_matches_chips(r: Reading) -> bool:
    """An amount said and the same amount pushed ("dice 200 e mette 200"): no disagreement."""
    pairs = _said_and_pushed(r)
    return bool(pairs) and all(said == pushed for said, pushed in pairs)


def _word_against_chips(r: Reading) -> bool:
    if any(said != pushed for said, pushed in _said_and_pushed(r)) or _call_over_chips(r):
        return True
    raised = _word_said(r, "raise_declared_yes")
    if not raised and not _word_said(r, "call_declared_yes"):
        return False  # no word to set against the chips: the round (a slow reader) is not worked out
    amounts = _push_and_bet(r)
    if amounts is None or amounts[1] <= 0:
        return False
    total, call = amounts
    return total == call if raised else total > call


def _word_said(r: Reading, concept: str) -> bool:
    """A word said (its verb not denied: "nobody said call") and no denial just before it ("no raise was said")."""
    return bool(words_said(r, concept)) and said_outright(r, concept)


def _call_over_chips(r: Reading) -> bool:
    """"Call" said by the player who put out chips the story sizes above the call with no amount ("says 'I call' and
    slides out a stack way bigger than the call", "prima le fiche da rilancio, poi dice 'vedo'"): the two told in
    one sentence or the next, with no other player named between them."""
    if not _word_said(r, "call_declared_yes") or not r.has("chips_over_call"):
        return False
    return any(_one_players_move(r, word, chips)
               for word in words_said(r, "call_declared_yes") for chips in r.matches("chips_over_call"))


def _one_players_move(r: Reading, word: re.Match[str], chips: re.Match[str]) -> bool:
    """A word and chips told in one sentence as one player's move: nobody else named between them, and no other
    player's pronoun between the word and the chips after it ("I said call and he pushed double the bet")."""
    first, last = sorted((word.end(), _verb_at(chips)))
    if r.sentence_start(first) != r.sentence_start(last) or named_between(r, first, last):
        return False
    return first != word.end() or not r.said_within(_other_subject(r, word), first, last)


def _other_subject(r: Reading, word: re.Match[str]) -> str:
    """The pronoun of a player other than the one who said the word: "he" after the teller's word, "I" after
    another's."""
    return "speaker_other_pronoun" if _teller_said(r, word) else "speaker_teller_pronoun"


def _teller_said(r: Reading, word: re.Match[str]) -> bool:
    """The word is the teller's: his pronoun right before it ("i said", "io ho detto") or his verb ("ho detto")."""
    return (r.lexicon.says("teller_pronoun_ends", r.before(word.start(), "teller_word_before"))
            or r.lexicon.says("teller_says_word", word[0]))


def _verb_at(match: re.Match[str]) -> int:
    """Where a push is told: at its verb, not at a word read as its subject ("diceva 300 spingeva dentro 500": the
    300 is the word's amount)."""
    return match.start("verb") if "verb" in match.re.groupindex else match.start()


def _push_and_bet(r: Reading) -> tuple[Decimal, Decimal] | None:
    """The chips pushed and the bet they faced: from the round told (no big blind needed), else from the chips
    named against a bet ("facing 100, three fiche da cento")."""
    told = betting_round.told(r)
    return (told.push_faced() if told else None) or push_and_call(r)


def _call_matches_chips(r: Reading) -> bool:
    """"Call" said and exactly the bet put in, by the amounts told: the loose "said call … put in 300" phrase
    found no disagreement."""
    amounts = _push_and_bet(r)
    return (amounts is not None and amounts[0] == amounts[1] and _word_said(r, "call_declared_yes")
            and not _word_said(r, "raise_declared_yes") and not r.has("verbal_call_raise"))


def differ_by_amounts(r: Reading, facts: Facts) -> None:
    """Words and chips that the amounts show to disagree, when no phrase said so: the amounts outrank a loose
    "wanted to" that may be another player's wish ("dice rilancio, mette 200; il posto 1 vuole che rilanci")."""
    if facts.get("declaration") in (None, "changed-mind") and word_against_chips(r):
        facts["declaration"] = "chips-differ"


def words_before_chips(r: Reading, facts: Facts) -> None:
    """Which came first, read from the order the story tells them in when no phrase says it: a word (or an amount)
    said, then chips put out after it in the text ("dice 'pago', poi spinge avanti 1.500"). A story that tells the
    chips first and the word after them says so with a phrase ("only then said call"), read before this. The two
    must be joined by a word of sequence, or be one clause ("says 300 and throws 500 in": the word told first in
    one breath, first or together, which the rules treat alike); "said call, but later put in chips for a raise"
    and two sentences leave the order open."""
    if "word_timing" in facts or facts.get("declaration") != "chips-differ":
        return
    words, chips = _word_and_chips(r)
    if words and chips and min(words) < min(chips) and (
            r.lexicon.says("afterwards", r.text[min(words):min(chips)]) or _joined(r, r.text[min(words):min(chips)])):
        facts["word_timing"] = "words-first"


def chips_before_words(r: Reading, facts: Facts) -> None:
    """The chips told first and the word after them, joined by a word of sequence ("mette dentro 900 e dopo, con le
    fiche già in mezzo, dice 'vedo'", "shoves 120 across first and THEN mumbles call"): the chips came first, the
    mirror of `words_before_chips`, when no phrase said the order."""
    if "word_timing" not in facts and facts.get("declaration") == "chips-differ" and _chips_then_word(r):
        facts["word_timing"] = "chips-first"


def _chips_then_word(r: Reading) -> bool:
    """Chips told before the first word said, a word of sequence between them ("slid 60 out first and only after
    that said 'raise to 100'")."""
    words, chips = _word_and_chips(r)
    return bool(words and chips) and min(chips) < min(words) and r.lexicon.says(
        "afterwards", r.text[min(chips):min(words)])


def words_with_chips(r: Reading, facts: Facts) -> None:
    """The word and the chips at one moment, told by a word of simultaneity in their sentence ("ho detto call ma
    mentre lo dicevo ho spinto 600", "dico pago mentre metto dentro 800", "said call while shoving 600"): together,
    when no phrase said the order. A word of sequence between them ("said call, then while he stacked, pushed")
    leaves it to the readers of sequence."""
    if "word_timing" in facts or facts.get("declaration") != "chips-differ":
        return
    words, chips = _word_and_chips(r)
    if not (words and chips):
        return
    first, last = sorted((min(words), min(chips)))
    opens = r.sentence_start(first)
    if (opens == r.sentence_start(last) and r.said_within("same_moment", opens, last)
            and not r.lexicon.says("afterwards", r.text[first:last]) and not named_between(r, first, last)):
        facts["word_timing"] = "together"


def _word_and_chips(r: Reading) -> tuple[list[int], list[int]]:
    """Where a word (or an amount) is said, at its end, and where chips are put out, at the verb."""
    words = [m.end() for concept in ("round_said", "raise_declared_yes", "call_declared_yes", "allin_declared_yes")
             for m in words_said(r, concept)]
    chips = [_verb_at(m)  # "chips then pushes": at the verb
             for concept in ("round_push", "round_on_top", "chips_pushed", "chips_turned_out", "chips_over_call",
                             "chips_for_call")
             for m in r.matches(concept)]
    return words, chips


def _joined(r: Reading, between: str) -> bool:
    """The word and the chips told in one clause joined by "and" ("says 300 and throws 500"): no sentence or clause
    of other events between them."""
    return r.lexicon.says("word_chips_one_clause", between.strip())


def _short_raise(r: Reading) -> bool:
    """"Raise" said, and chips put out above the call but short of a full raise: the raise-size rule decides how
    much he must add, not a clash of words and chips."""
    told = betting_round.told(r)
    return told is not None and told.check.under_raise is not None and bool(words_said(r, "raise_declared_yes"))


def said_then_did(r: Reading) -> tuple[Event, Event] | None:
    """A move only said, then another kind of move made or said by the same player on the same street ("seat 3 says
    raise and then just calls", "Luca ha detto check e poi ha puntato 100", "Tony announced call but then he raised",
    "I said fold, then 'call'"): his words and his chips disagree, the words first. The chips of the move said
    ("says call and puts in 300") are no other move; another player's move, or one the events cannot place ("Marco
    said call, then Luca raised", "I said raise to 300, then he just called") is normal play."""
    return r.derived("verbal.said_then_did", lambda: _said_then_did(r))


def _said_then_did(r: Reading) -> tuple[Event, Event] | None:
    told = [e for e in events(r) if e.happened]
    for index, said in enumerate(told):
        if not said.verbal or index + 1 >= len(told):
            continue
        did = told[index + 1]
        # "I said raise, then he called": two players; a move told with nobody named is the speaker's own ("Rob
        # goes 'I call' and then says he's folding", "dice 'vedo', poi fa 'no no, passo'")
        same = said.actor is not None and (did.actor == said.actor or (
            did.actor is None and not named_between(r, said.end, did.start)
            and not (said.actor == TELLER and r.said_within("speaker_other_pronoun", said.end, did.start))))
        streets = any(said.end <= at < did.start for at in marks(r))
        pushed = any(ch.isdigit() for ch in r.text[did.start:did.end])  # "puts in 300": the chips, not a move
        if same and did.kind != said.kind and not streets and not pushed:
            return said, did
    return None


def _said_and_did_otherwise(r: Reading, given: Facts) -> Facts | None:
    """Weaker than the chip topics: a move said, then another made by the same player (`said_then_did`); not one
    said out of turn (the out-of-turn topic's)."""
    if acted_out_of_turn(r) or out_of_scope(r) or r.has("strategy"):
        return None
    return {} if said_then_did(r) else None


def words_then_other_move(r: Reading, facts: Facts) -> None:
    """The words and the move that disagreed, in the order the story tells them, when no phrase said it."""
    if not said_then_did(r):
        return
    facts.setdefault("declaration", "chips-differ")
    if facts["declaration"] == "chips-differ":
        facts.setdefault("word_timing", "words-first")


def word_taken_back(r: Reading) -> bool:
    """A word said in turn, then the wish to undo it by the same player, in that sentence or the next ("dice forte
    'all in', poi guarda il bb che sorride e ci ripensa", "says 'fold', then grabs his cards back saying he
    misspoke"): a change of mind, however the wish is told."""
    return r.derived("verbal.word_taken_back", lambda: any(  # the wishes first: with none, no events are read
        _own_wish(r, said, wish) for wish in r.matches("takes_back_word")
        for said in events(r) if said.verbal and said.happened))


def _own_wish(r: Reading, said: Event, wish: re.Match[str]) -> bool:
    """The wish told after the word, within the next sentence, in a clause naming nobody else ("poi guarda il bb
    che sorride e ci ripensa": the bb is only looked at; "Marco dice check, poi Luca vuole puntare" is Luca's, "next
    player wants to raise" the next player's, and "action is back on B, who wants to re-raise" describes B)."""
    if wish.start() < said.end or sum(said.end < start <= wish.start() for start in r.sentences) > 1:
        return False
    if said.kind == "fold" and any(map(r.has, ("fold_take_back", "facing_bet_no", "facing_bet_yes"))):
        return False  # a fold wanted back in its words, or the bet it faced told: the non-standard fold's
    if _others_moved(r, said, wish.start()):
        return False  # "he said check, I bet 50, then he wanted to raise": the action came back to him
    joins = [m.end() for m in r.matches("wish_clause_join") if said.end <= m.start() and m.end() <= wish.start()]
    clause = joins[-1] if joins else said.end
    other = "speaker_other_pronoun" if said.actor == TELLER else "speaker_teller_pronoun"
    return not (named_between(r, clause, wish.start()) or r.said_within(other, clause, wish.start())
                or r.said_within("wish_relative", clause, wish.start())
                or r.said_within("another_player", clause, wish.start()))


def taken_back(r: Reading, facts: Facts) -> None:
    """A change of mind read from the wish told after the word (`word_taken_back`), when no phrase said it."""
    if "declaration" not in facts and word_taken_back(r):
        facts["declaration"] = "changed-mind"


def _changed_mind(r: Reading, given: Facts) -> Facts | None:
    """Weak evidence, after every other topic: someone wants to change what he said ("is verbal binding?" alone is
    a general question, not a situation)."""
    return {} if _by_the_speaker(r, "verbal_changed_mind") and tells_a_situation(r) else None


def _by_the_speaker(r: Reading, concept: str) -> bool:
    """A word said, then chips or a change by the one who said it: "I said raise to 300, then he just called" and
    "he said check and a second later I bet 100" are two players' moves, normal play."""
    for m in r.matches(concept):
        if word_denied(r, m) or _action_came_back(r, m):
            continue
        other = r.said_within("speaker_other_pronoun", m.start(), m.end()) and not _teller_last(r, m)
        if not (other if _teller_said(r, m) else r.lexicon.says("teller_moved", m[0])):
            return True
    return False


def _teller_last(r: Reading, said: re.Match[str]) -> bool:
    """The teller named after every other player in the phrase: the change is his own ("I said call, then I noticed
    he only had 40 behind and figured I'd rather fold")."""
    def last(concept: str) -> int:
        return max((m.start() for m in r.matches(concept) if said.start() <= m.start() and m.end() <= said.end()),
                   default=-1)
    return last("speaker_teller_pronoun") > last("speaker_other_pronoun")


def _action_came_back(r: Reading, told: re.Match[str]) -> bool:
    """Another player's move told between the word and what follows it ("seat 3 says check, then seat 5 bets and
    seat 3 wants to raise"): the action came back to the one who spoke, normal play."""
    said = next((e for e in events(r) if e.verbal and told.start() <= e.start < told.end()), None)
    return said is not None and said.actor is not None and _others_moved(r, said, told.end())


def _others_moved(r: Reading, said: Event, until: int) -> bool:
    """A move by a player other than the one who spoke, told after his word and before `until`."""
    return any(other.happened and other.actor not in (None, said.actor) and said.end <= other.start < until
               for other in events(r))


TOPIC = Topic("verbal-declaration", cues=(Cue(143, on_digits(_said_otherwise)), Cue(58, _said_and_did_otherwise),
                                          Cue(-3, on_digits(_changed_mind))),
              readers=(*map(on_digits, (declaration, taken_back, differ_by_amounts, word_timing, words_with_chips,
                                     words_before_chips, chips_before_words)),
                       words_then_other_move))
