"""A betting round told with amounts ("blinds 1/2, A raises to 6, B all-in for 9 — can A re-raise?", "bui 50/100,
rilancio a 300, all-in 450") read into actions, and the arithmetic done by table_tools.raising: the minimum legal
raise, whether a raise was short, whether an all-in reopened the betting for the player asking. The engine never
does this arithmetic a second way; when the text gives no amounts (or they don't add up), nothing is read and the
rule asks instead."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import TypeVar

from table_tools.problems import TableInputError
from table_tools.raising import Action, Blinds, Move, RaiseCheck, Street, Structure, check_raise

from ..reading import Facts, Reading, group
from .events import events
from .ordinals import ORDINAL_VALUE

# An amount said aloud counts as those chips pushed out (TDA Rule 40): a bet or raise to it.
_PUSH = "round_push"  # chips put out without a word for what they are: a bet or raise to that total, or a short call
_PUSH_TOTAL = "round_push_total"  # "two red chips, so 10 total": the same, told by its total
_CALLED = "round_call_amount"  # "calls 3000": a call, or a short call when less than the bet, never a raise
_ON_TOP = "round_on_top"  # "300 on top of the bet", "200 sopra la chiamata": chips pushed above the bet faced
_MOVES = {_ON_TOP: Move.BET,
          "round_raise": Move.RAISE, "round_raise_again": Move.RAISE, "round_position_to": Move.RAISE,
          "round_bet": Move.BET, "round_said": Move.BET, _PUSH: Move.BET, _PUSH_TOTAL: Move.BET,
          "round_allin": Move.ALL_IN, "round_allin_again": Move.ALL_IN, _CALLED: Move.CALL, "round_call": Move.CALL,
          "round_fold": Move.FOLD, "round_check": Move.CHECK}
# The structure named in the text; "no limit" and "pot limit" are tried before the "limit" they contain.
STRUCTURES = {"structure_no_limit": Structure.NO_LIMIT, "structure_pot_limit": Structure.POT_LIMIT,
              "structure_limit": Structure.LIMIT}
ME = "i"  # the player telling the story
OTHER = "someone else"  # "can he re-raise?" asked by a teller who acted himself: another player than the teller
_THIRD_PERSON = frozenset({"he", "she", "lui", "lei"})
_SPEECH = frozenset({"said", "says", "say", "saying", "announced", "announces", "goes", "dice", "dico", "detto",
                     "disse"})
# Words that stand before a verb without naming who acted ("then raises to 6"): a new, unnamed player.
_NOBODY = frozenset({"and", "then", "e", "poi", "who", "che", "he", "she", "lui", "lei", "someone", "somebody",
                     "qualcuno", "uno", "player", "guy", "giocatore", "villain", "opponent", "avversario", "another",
                     "altro", "un", "the", "il", "la", "l", "it", "so", "but", "ma", "allora", "quindi", "which", "to",
                     "just", "also", "anche", "again", "di", "nuovo", "only", "solo", "ha", "has", "had",
                     "seat", "posto", "box", "flop", "turn", "river", "preflop", "checked", "called", "folded",
                     "limped"})  # "seat 3" reads "seat n3": the "n3" before the verb names the player
_DIGIT = re.compile(r"\d")
_NAME_AT = re.compile(r"\b([a-z]+) (?:in|on|at|from) the (?:small |big )?$"
                      r"|\b([a-z]+) (?:al|dal|in) (?:piccolo |grande )?$")
_HALF_NAMES = frozenset({"blind", "buio"})  # the word before says which: "small blind", "grande buio"
_RELATIVE = frozenset({"who", "che"})  # the one named right before them moves: "the cutoff who raises"
_PAST_FORMS = frozenset({"checked", "called", "folded", "limped"})
_BASE_FORMS = frozenset({"call", "raise", "bet", "check", "fold", "shove", "open"})
_JOINED = frozenset({"and", "then", "so"})
_SEAT_WORDS = frozenset({"seat", "posto", "box"})
_SEAT_NUMBER = re.compile(r" ?(n\d+)\b")
_TELLER_BEFORE = re.compile(r"\bi\b(?!.*\b(?:he|she|they|who)\b)")  # the teller, with no one else after him
_CLAUSE = 40  # characters back to the teller's pronoun in "I'm UTG and raise"
_STATED = re.compile(r" (?:was|is|era|e) \d")
_DETERMINERS = frozenset({"a", "an", "the", "his", "her", "my", "their", "that", "this", "un", "una", "il", "la", "lo",
                          "min", "minimum", "legal", "full", "short", "next", "first", "second", "any", "no", "same"})
# "who had checked before", "who'd checked": an earlier move told late, not a move in the order of the text
_MODALS = re.compile(r"\b(?:can|could|may|must|should|would|will|to|posso|puo|deve|devo|poteva|potevo|dovrebbe|"
                     r"vuole|voleva|allowed|wants|want|not|non|had|who\sd|aveva|avevano|avevo|min|minimum|minimo)\s"
                     r"(?:(?:he|she|i|you|they|we|lui|io|\d)\s)?(?:(?:only|just|solo|soltanto)\s)?$")
_JOINED_PUSH = re.compile(r"(?:(?:and|e|then|poi|after that|subito dopo|dopo) ?)+(?:\w+ )?")  # "e poi", "and then he"
_SPOKEN = 18  # characters back from a call to the speech verb that makes it a word ("says call just | call")
_FACED_REACH = 12  # characters between a move and the bet it faced told after it ("300 over my 200 bet")
_BLINDS_RATIO = 3  # 1/2, 2/5, 400/800: the big blind is more than the small and at most three times it
_MODAL_WORDS = frozenset({"puo", "poteva", "potrebbe", "can", "could", "may", "is", "does", "gets", "should"})
_SEVERAL = frozenset({"they", "we", "both", "loro", "entrambi", "possono", "everyone", "tutti"})
_ROLE_WORDS = re.compile(r"\b(?:raiser|opener|bettor|rilanciante|rilanciato|aperto|puntato)\b")


@dataclass(frozen=True, slots=True)
class Told:
    """The round as the text tells it, with table_tools' reading of it."""

    blinds: Blinds
    street: Street
    structure: Structure
    actions: tuple[Action, ...]
    check: RaiseCheck
    asker: str | None  # the player whose options the question is about, when the text says or implies it
    pushed: Action | None = None  # the last move, when it was chips put out with no word for what they were
    short: bool = False  # those chips were less than the bet to call: they are not in `actions` or `check`
    guessed: bool = False  # no blinds told: every big blind the opening raise allows gives the same reading, but
    # the amounts that depend on it (the minimum raise, the full raise) are not known: quote none

    def push_faced(self) -> tuple[Decimal, Decimal] | None:
        """The chips pushed last and the bet they faced, when the last move was a push of at least the bet (the bet
        faced does not depend on a guessed big blind)."""
        if self.pushed is None or self.pushed.to is None or self.short:
            return None
        return Decimal(self.pushed.to), self.faced(len(self.actions) - 1).bet

    def faced(self, index: int) -> RaiseCheck:
        """The round as it stood when the action at `index` was made: the bet it faced, the minimum raise."""
        return check_raise(self.blinds, self.actions[:index], structure=self.structure, street=self.street)


def structure(r: Reading) -> Structure | None:
    for concept, kind in STRUCTURES.items():
        if r.has(concept):
            return kind
    return None


def told(r: Reading) -> Told | None:
    """The betting round of the text, when it gives the amounts to work it out; None when it doesn't. Chips put
    out as the last move ("he silently puts out 300") are read as a bet or raise to that total, unless they are
    less than the bet: then they are a short call, kept apart (`Told.short`). Worked out once per text, with its
    amounts in words written in digits (`in_digits`)."""
    return r.derived("betting_round", lambda: _told_in_digits(in_digits(r)))


def _told_in_digits(r: Reading) -> Told | None:
    if not _DIGIT.search(r.text):
        return None  # every amount is now written in digits: with none, there is no round to work out
    return _told(r)


def in_digits(r: Reading) -> Reading:
    """The text with each amount said in words written in digits ("a bets a hundred, c shoves two fifty" → "a bets
    100, c shoves 250", "puntata di mille" → "puntata di 1000"), so every pattern that reads an amount reads it
    however it is written. Only amounts of twenty or more: "three chips", "two players" are counts, not amounts.
    The same reading when the text has none; a doubt raised on it is the text's. Worked out once per text."""
    return r.derived("amounts_in_digits", lambda: _in_digits(r))


T = TypeVar("T")


def words_said(r: Reading, concept: str) -> list[re.Match[str]]:
    """A word said at the table ("said call", "dice rilancio"), where its verb of saying is not denied right before
    it ("nobody said call", "non ha detto rilancio", "without ever saying call"): only what was said can bind."""
    return [m for m in r.matches(concept) if not word_denied(r, m)]


def word_denied(r: Reading, said: re.Match[str]) -> bool:
    """The verb of saying negated ("he never said raise, he just put in the call"): no word was said."""
    return r.lexicon.says("word_denied", r.before(said.start(), "said_denial_before").rstrip())


def on_digits(read: Callable[[Reading, Facts], T]) -> Callable[[Reading, Facts], T]:
    """A betting topic's cue or reader run on the text with its amounts in digits (`in_digits`): "a bet of four
    hundred", "una fiche da mille", "rilancio a ottocento" read like "400", "1000", "800"."""
    def run(r: Reading, facts: Facts) -> T:
        return read(in_digits(r), facts)
    return run


def _in_digits(r: Reading) -> Reading:
    words = r.text.split(" ")
    if not _amount_in_words(r, words):
        return r  # most texts: no word starts an amount
    starts, position = [], 0
    for word in words:
        starts.append(position)
        position += len(word) + 1
    kept: list[str] = []
    moved: dict[int, int] = {}  # a sentence start in the text → where it is in the new text
    index, length = 0, 0
    heads = r.lexicon.number_heads
    while index < len(words):  # a word that starts with no number word starts no amount: most words, not looked at
        starts_one = words[index] in _ARTICLES or words[index].startswith(heads)
        end, value = _amount_at(words, index, r.lexicon.number_words) if starts_one else (index, None)
        moved[starts[index]] = length
        kept.append(str(value) if value is not None else words[index])
        length += len(kept[-1]) + 1
        index = end if value is not None else index + 1
    if kept == words:
        return r
    sentences = tuple(moved.get(start, 0) for start in r.sentences)
    return Reading(" ".join(kept), r.lexicon, sentences, doubted=r.doubted)


def _amount_in_words(r: Reading, words: list[str]) -> bool:
    """Whether some word of the text starts an amount in words (`_amount_at`): only the words that may start one (an
    article, a word starting with a number word) are tried, found by a search each, not word by word."""
    starts = [m.start() for m in r.lexicon.number_start.finditer(r.text)]
    starts += [m.start() for m in _ARTICLE.finditer(r.text)]
    return any(_amount_at(words, r.text.count(" ", 0, start), r.lexicon.number_words)[1] is not None
               for start in starts)


def _amount_at(words: list[str], index: int, numbers: Mapping[str, int]) -> tuple[int, int | None]:
    """The longest run of number words from `index` that says an amount of twenty or more, and its value
    ("twelve hundred", "a thousand", "two fifty", "millequattrocento"); (index, None) when none starts there."""
    end = index
    if words[index] in _ARTICLES and numbers.get(words[index + 1] if index + 1 < len(words) else "") in _ROUND:
        end += 1  # "a hundred", "a thousand": the article only as the run's first word, and only before these
    while end < len(words) and words[end] not in _NOT_AMOUNTS and _number_words(words[end], numbers):
        end += 1
    while end > index:
        value = spelled(" ".join(words[index:end]), numbers)
        if value is not None and value >= _TENS and value == value.to_integral_value():
            return end, int(value)
        end -= 1
    return index, None


def _told(r: Reading) -> Told | None:
    if not any(map(r.has, _MOVES)):
        return None  # no move told: no action (`_actions`), and the events (a slow reader) are not worked out
    actions, first_action, pushed = _actions(r)
    if not any(action.to is not None or action.by is not None for action in actions):
        return None
    blinds, street = _blinds(r, first_action), _street(r)
    kind = structure(r) or Structure.NO_LIMIT
    asker = _asker(r, actions)
    if blinds is None:
        opening = actions[0].to
        moves = sum(action.to is not None for action in actions)
        if street is Street.PREFLOP and actions[0].move is Move.RAISE and isinstance(opening, Decimal) and (
                kind is not Structure.LIMIT and moves > 1 and not words_said(r, "raise_declared_yes")):
            # a round of moves told, not one raise recalled in passing, nor a "raise to 200" said over other chips
            return _any_big_blind(opening, kind, actions, pushed, asker)
        if (street is Street.PREFLOP and actions[0].move is not Move.BET) or not isinstance(opening, Decimal):
            return None  # "UTG raises to 300" with no big blind, in limit: its raise size is unknown
        # a bet opens the round: in limit its size is the round's bet; in big-bet games any bet is at least the minimum
        size = opening if kind is Structure.LIMIT else Decimal(1)
        blinds, street = Blinds(size / 2, size), Street.FLOP
    return _work_out(blinds, street, kind, actions, pushed, asker)


def _work_out(blinds: Blinds, street: Street, kind: Structure, actions: list[Action], pushed: Action | None,
              asker: str | None) -> Told | None:
    """The round read by table_tools.raising; chips pushed last that are less than the bet are a short call, unless
    that bet is the pusher's own amount said aloud ("dice 300 e poi butta 200": his words against his chips, no
    round to work out)."""
    if pushed is not None and any(a.player == pushed.player and a.move is Move.BET for a in actions[:-1]):
        return None
    try:
        check = check_raise(blinds, actions[:-1] if pushed else actions, structure=kind, street=street)
        short = pushed is not None and pushed.to is not None and pushed.to < check.bet
        if pushed and not short:
            check = check_raise(blinds, actions, structure=kind, street=street)
    except TableInputError as error:
        if error.key != "limit_raise_size":
            return None
        # a raise short of the limit's fixed size ("10/20 limit, bets 20, says raise and puts in 30"): the size is
        # the bet of the street, the increment a big-bet round would set too, so its 50% test and what he must add
        # are worked out as there
        return _work_out(blinds, street, Structure.NO_LIMIT, actions, pushed, asker)
    kept = tuple(actions[:-1] if short else actions)
    if pushed is not None and pushed.move is Move.CALL and not short:
        pushed = None  # "calls 3000" facing 3000 (or, by mistake, less): a call, not chips of unknown meaning
    return Told(blinds, street, kind, kept, check, asker, pushed, short)


def _any_big_blind(opening: Decimal, kind: Structure, actions: list[Action], pushed: Action | None,
                   asker: str | None) -> Told | None:
    """"I open to 2,200, the cutoff shoves 3,000": no blinds told, but a legal open is at least twice the big
    blind, so the big blind lies between almost nothing and half the open. When the largest and a tiny one read
    the round alike (what each move was, who may raise, a short raise and its 50% test), that reading holds."""
    readings = [_work_out(Blinds(big / 2, big), Street.PREFLOP, kind, actions, pushed, asker)
                for big in (opening / 2, opening / 100)]
    if any(told is None for told in readings) or len({_gist(told) for told in readings if told}) > 1:
        return None
    return replace(readings[0], guessed=True) if readings[0] else None


def _gist(told: Told) -> tuple[object, ...]:
    """What a reading of the round decides, apart from the amounts the big blind sets."""
    check, short = told.check, told.check.under_raise
    return (told.short, tuple(r.kind for r in check.readings), tuple((o.player, o.may_raise) for o in check.options),
            short is not None and short.to >= short.half_to)


def blinds_only(r: Reading) -> tuple[Blinds, Street] | None:
    """The blinds and the street when the text names blinds but tells no move with an amount ("preflop 200/400, the
    button silently pushes two 1,000 chips"): before the flop the big blind is the bet to call."""
    r = in_digits(r)
    blinds = _blinds(r, len(r.text))
    return (blinds, _street(r)) if blinds is not None else None


def _street(r: Reading) -> Street:
    """The betting round told: the latest street named (limit bets double on the turn), else pre-flop."""
    named = [Street(group(m, "street") or "flop") for m in r.matches("round_postflop")]
    return max(named, key=list(Street).index) if named else Street.PREFLOP


def amount(value: Decimal) -> int | None:
    """A whole amount as a fact (facts are whole numbers); None for fractions."""
    return int(value) if value == value.to_integral_value() else None


def number(text: str | None, words: Mapping[str, int]) -> Decimal | None:
    """"600" → 600, "2k" → 2000, "four thousand" → 4000, "quindicimila" → 15000 (`words`: the lexicon's number
    words); None when the text gives none."""
    if not text:
        return None
    text = text.strip()
    if not _DIGIT.search(text):
        return spelled(text, words)
    text = text.replace("p", ".")  # "0p50": the normaliser's 0.50
    return Decimal(text[:-1]) * 1000 if text.endswith("k") else Decimal(text)


def read_number(r: Reading, text: str | None) -> Decimal | None:
    """`number`, with the number words of the lexicon the text is read with."""
    return number(text, r.lexicon.number_words)


# Amounts players write in words ("announces 'four thousand'", "una fiche da mille", "altre tremila"): the lexicon's
# patterns take them where an amount stands (the group the readers pass to `number`), and the lexicon's number words
# give the value.
_TENS, _HUNDRED, _THOUSAND = 20, 100, 1000
# Number words that are no amount where they stand ("single", "both"), and articles that start one ("a hundred")
_NOT_AMOUNTS = frozenset({"single", "both", "pair", "entrambe", "entrambi", "fourth", "fifth", "quarta", "quinta",
                          "a", "an", "un", "una", "uno", "sei"})
_ARTICLES = frozenset({"a", "an", "un"})
_ARTICLE = re.compile(r"(?<![^ ])(?:a|an|un)(?![^ ])")  # where one of them stands as a word
_ROUND = (_HUNDRED, _THOUSAND)
_VOWELS = frozenset("aeiou")
_VOWELS_IN_ORDER = tuple(sorted(_VOWELS))


def spelled(text: str, words: Mapping[str, int]) -> Decimal | None:
    """An amount in words, a word holding one number word or several ("thirty five hundred", "a thousand",
    "duemilacinquecento", "trentacinque", "two fifty"); None for anything else."""
    total = current = 0
    for word in text.split():
        values = _number_words(word, words)
        if values is None:
            return None
        for value in values:
            if value >= _THOUSAND:
                total, current = total + (current or 1) * value, 0
            elif value == _HUNDRED:
                current = (current or 1) * value
            elif 0 < current < _TENS and value >= _TENS:
                current = current * _HUNDRED + value  # "two fifty", "one twenty five": hundreds said without the word
            else:
                current += value
    return Decimal(total + current) if total + current else None


def _number_words(word: str, words: Mapping[str, int]) -> list[int] | None:
    """The values of the number words a word is written as, the longest first: "milleduecento" → 1000, 2, 100;
    a word's last vowel dropped before a vowel, as Italian writes "ventuno" (venti, uno). None if it is not one."""
    if not word:
        return []
    for end in range(len(word), 0, -1):
        head, rest = word[:end], word[end:]
        value = words.get(head)
        if value is None and rest[:1] in _VOWELS:
            value = next((words[head + vowel] for vowel in _VOWELS_IN_ORDER if head + vowel in words), None)
        if value is not None and (following := _number_words(rest, words)) is not None:
            return [value, *following]
    return None


def _blinds(r: Reading, first_action: int) -> Blinds | None:
    """The blinds named ("blinds 1/2", "bui 50/100", "big blind 100"), or else a pair of amounts told before any
    move that reads like blinds ("Tournament, 400/800."): the second larger than the first, at most three times."""
    small = big = straddle = None
    for match in r.matches("round_limit_stakes"):  # "limit 4/8": the bets are 4 and 8, the blinds 2 and 4
        bet = read_number(r, group(match, "small"))
        if bet:
            return Blinds(bet / 2, bet)
    for match in r.matches("round_blinds"):
        small = read_number(r, group(match, "small")) or small
        big = read_number(r, group(match, "big")) or big
    if big is None:
        pair = next((m for m in r.matches("round_number_pair") if m.end() <= first_action), None)
        low, high = (read_number(r, group(pair, "small")), read_number(r, group(pair, "big"))) if pair else (None, None)
        if low and high and low < high <= _BLINDS_RATIO * low:
            small, big = low, high
    for match in r.matches("round_straddle"):
        straddle = read_number(r, group(match, "straddle"))
    if big is None or big <= 0:
        return None
    small = small if small is not None and 0 < small <= big else big / 2
    return Blinds(small, big, straddle if straddle is not None and straddle > big else None)


def _actions(r: Reading) -> tuple[list[Action], int, Action | None]:
    """Each move the text tells, in order, where the first begins, and the last if it was chips put out; a move
    asked about ("can A raise to 20?") is not one that was made."""
    found: list[tuple[float, int, Action]] = []
    pushes: set[float] = set()
    above: set[float] = set()  # the moves told as chips above the bet faced
    asked = [(a.start(), a.end()) for a in r.matches("round_asker") + r.matches("round_asker_by_move")]
    # "the guy who made it 50": no new move; nor one the events read as only asked about once moves were told ("…
    # button all-in for 900. Can UTG make it 2000?"); a round told wholly as "if" ("se uno punta 100 e un altro
    # rilancia a 300") is the premise of the question, read as told
    told = events(r)
    first = next((e.start for e in told if e.happened), len(r.text))
    asked += [(e.start, e.end) for e in told if e.hypothetical and e.start > first]
    asked += [(m.start(), m.end()) for m in r.matches("said_nothing")]  # "senza dire call": the word, no move
    # "è call o raise?", "he says it's just a call": what the chips were, asked or disputed, no move of its own
    asked += [(m.start(), m.end()) for m in r.matches("call_or_raise_question")]
    unnamed = 0
    spoken: set[float] = set()  # calls told as a word said
    said: set[float] = set()  # amounts told as said aloud
    for concept, move in _MOVES.items():
        for match in r.matches(concept):
            verb = match.start("verb")
            if _MODALS.search(r.text[max(0, verb - 12):verb]) or any(start <= verb < end for start, end in asked):
                continue
            if match["verb"] in _PAST_FORMS and r.text[max(0, verb - 4):verb] == "who ":
                continue  # "the first player, who checked, …": an earlier move recalled, not the next one
            if match["verb"] in _BASE_FORMS and (group(match, "who") or "").strip() in _DETERMINERS and not (
                    _STATED.search(match[0])):
                continue  # "a call", "the raise": nouns, not moves; "I call" is one, and so is "the bet was 1000"
            who = _who(r, match)
            if who is None:
                unnamed += 1
                who = f"player {unnamed}"
            to, by = read_number(r, group(match, "to")), None
            if group(match, "by") and to is not None:
                to, by = None, to
            found.append((match.start("verb"), match.end(), Action(who, move, to, by)))
            if move is Move.CALL and to is None and _SPEECH & set(r.text[max(0, verb - _SPOKEN):verb].split()):
                spoken.add(verb)  # "… then he says 'call, just call'": a word, the chips' name after a push
            if concept == "round_said":
                said.add(verb)
            if concept in (_PUSH, _PUSH_TOTAL, _CALLED, _ON_TOP):
                pushes.add(match.start("verb"))
            if concept == _ON_TOP:
                above.add(match.start("verb"))
                base = read_number(r, group(match, "base") or group(match, "base_after"))
                if base is not None:  # "200 sopra la chiamata da 1000": the bet faced, told with the extra
                    found.append((match.start("verb") - 0.5, match.start("verb"), Action("bettor", Move.BET, base)))
    faced_at = [(m.start(), m.end()) for m in _faced_matches(r)]
    # "su una mia puntata di 200": the noun inside the bet faced is that bet, not a new one after the move
    found = [item for item in found if not any(s < item[0] < e for s, e in faced_at)]
    found += _faced(r, found, pushes, spoken)
    found.sort(key=lambda item: item[0])
    actions: list[Action] = []
    last_end, last_start = -1.0, -1.0
    for start, end, action in found:
        if (_names_the_push(action) or start in spoken) and last_start in pushes:
            continue  # "tossed in 600 and after that said call": the word he put on his chips, not another move
        if start >= last_end:  # two concepts reading the same words: the first one counts
            if start in pushes and last_start in said and _same_unnamed(r, actions[-1], action, last_end, start):
                action = replace(action, player=actions[-1].player)  # "dice 300 e poi butta 200": his chips
            actions.append(_on_top(action, actions) if start in above else action)
            last_end, last_start = end, start
    pushed = actions[-1] if actions and last_start in pushes and actions[-1].to is not None else None
    return actions, (int(found[0][0]) if found else len(r.text)), pushed


def _same_unnamed(r: Reading, said: Action, push: Action, said_end: float, push_start: float) -> bool:
    """Chips pushed right after an amount said, joined to it by "and then" with nobody named ("lui dice 300 e poi
    butta sul tavolo solo 200"): the same player's chips, not a second player's call."""
    between = r.text[int(said_end):int(push_start)]
    return said.player.startswith("player ") and push.player.startswith("player ") and bool(
        _JOINED_PUSH.fullmatch(between.strip()))


def _names_the_push(action: Action) -> bool:
    """A bare "call" said by the player who just pushed chips ("… and then said call"): read as "said" making the
    call, it names those chips rather than being a move of its own (so does "call" told after a speech verb: "then
    he says call")."""
    return action.move is Move.CALL and action.to is None and action.player in _SPEECH


def _on_top(action: Action, before: list[Action]) -> Action:
    """Chips told as what they add above the bet faced ("300 on top of the 1,200 bet"): their total is that bet plus
    them; with no bet told before them, the amount is left unknown rather than read as a total."""
    bets = [a.to for a in before if a.to is not None and a.move is not Move.FOLD]
    return replace(action, to=max(bets) + action.to if bets and action.to is not None else None)


def faced_named(r: Reading) -> bool:
    """Whether the text names a bet faced ("facing 300", "over a call of 400", "su una puntata di 1.000")."""
    return bool(_faced_matches(r))


def _faced_matches(r: Reading) -> list[re.Match[str]]:
    """Where the text names the bet a move faced ("facing 300", "over my 200 bet", "su una puntata di 1.000")."""
    return [*r.matches("round_faced"), *r.matches("round_faced_su"), *r.matches("round_faced_stated")]


def _faced(r: Reading, found: list[tuple[float, int, Action]], pushes: set[float],
           spoken: set[float]) -> list[tuple[float, int, Action]]:
    """The bet a move faced, told right after it ("puts in 300 over my 200 bet", "spinge 500 contro la sua puntata
    di 300") or inside it ("raised a 300 bet to 450"): it came first, so it is placed just before that move; told
    first ("facing 300, he…") it stays; told after every move, with none it qualifies, it is no bet made. Said as
    what the bet was after chips pushed ("metto dentro 800 e dico pago, la puntata era 250"), or after the word naming
    them, it is the bet those chips faced, however much the story tells between them."""
    faced = []
    stated = {m.start() for m in r.matches("round_faced_stated")}
    for index, match in enumerate(_faced_matches(r)):
        before = [item for item in found if item[1] <= match.start() and match.start() - item[1] <= _FACED_REACH]
        before += [item for item in found if item[0] <= match.start() < item[1]]  # "raised a 300 bet to 450"
        pushed = [item for item in found if item[0] in pushes and item[1] <= match.start()]
        word = bool(before) and max(before, key=lambda item: item[0])[0] in spoken  # "… poi dice 'call' su una
        # puntata da 400": the word names the chips pushed before it, and the bet is the one they faced
        if (match.start() in stated or word) and pushed:
            before = [max(pushed, key=lambda item: item[0])]
        start: float = match.start("verb")
        if before:
            anchor = max(before, key=lambda item: item[0])[0]
            start = anchor - 0.5  # just before the move it qualifies
        elif all(item[0] < start for item in found):
            continue  # "the two all-ins make a full raise over the 1,000": told after every move, no bet made
        whose = group(match, "whose") or ""
        who = ME if whose.strip() in ("my", "mia", "mio", "la mia", "il mio") else f"bettor {index + 1}"
        bet = Action(who, Move.BET, read_number(r, match["to"]))
        faced.append((start, math.ceil(start) if before else match.end(), bet))  # up to the move it qualifies
    return faced


def _teller_word(r: Reading, word: str) -> bool:
    """Whether a word names the teller as the one who moves: his pronoun, or a first-person verb ("rilancio")."""
    found = r.lexicon.find("round_teller_word", word)
    return found is not None and found.span() == (0, len(word))


def _who(r: Reading, match: re.Match[str]) -> str | None:
    """Who made a move: a name ("a", "utg", "marco"), the teller ("i", "ho", "rilancio a 300"), or nobody said."""
    word = (group(match, "who") or "").strip()
    if _teller_word(r, word) or _teller_word(r, match["verb"] or ""):  # "punto 100", "al flop rilancio a 300"
        return ME
    before = match.string[:match.start("who") if "who" in match.re.groupindex else match.start("verb")]
    named = _NAME_AT.search(before)
    name = named and (named[1] or named[2])
    if name and name not in _NOBODY and not _teller_word(r, name):
        return name  # "Mike in the cutoff raises": the player is Mike, the question will name him
    if word in _HALF_NAMES:  # "the small blind shoves … the big blind folds": two players, not one "blind"
        return _role_ending([*before.split(), word])
    if word in _RELATIVE and (words := before.split()) and words[-1] not in _NOBODY and not words[-1].isdigit():
        return _role_ending(words)  # "folds to the cutoff who raises to 450": the one named right before "who"
    if word in _JOINED and match["verb"] in _BASE_FORMS and _TELLER_BEFORE.search(before[-_CLAUSE:]):
        return ME  # "I'm UTG and raise to 5k": a bare verb joined to the teller's clause is his move
    return None if not word or word in _NOBODY or word.isdigit() else word


def _role_ending(words: list[str]) -> str:
    """The player named by the last of some words, with the one before it when the last is a role's second half
    ("small blind", "grande buio")."""
    return " ".join(words[-2:]) if words[-1] in _HALF_NAMES else words[-1]


def _whole_role(r: Reading, match: re.Match[str]) -> str:
    """The player named in a match's `who`, a role's half completed by the word on its other side, as the moves name
    it: "torna al piccolo | buio", "piccolo | buio può rilanciare?" are the "piccolo buio"."""
    word = (group(match, "who") or "").strip()
    if word in _HALF_NAMES:
        return _role_ending([*r.text[:match.start("who")].split(), word])
    following = r.text[match.end("who"):].split()[:1]
    return " ".join([word, *following]) if word and following and following[0] in _HALF_NAMES else word


def _asker(r: Reading, actions: list[Action]) -> str | None:
    """Whose options the question is about: named ("can A re-raise?", "posso rilanciare?"), named by his move ("the
    guy who made it 50"), the raiser, or the only player who acted before the last all-in."""
    for match in r.matches("round_asker_by_move"):
        made = read_number(r, match["to"])
        player = next((a.player for a in actions if a.to == made and a.move in (Move.RAISE, Move.BET)), None)
        if player is not None:
            return player
    for match in (*r.matches("round_asker"), *r.matches("round_back_to")):
        word = _whole_role(r, match)
        seat = _SEAT_NUMBER.match(r.text, match.end("who")) if word in _SEAT_WORDS else None
        word = seat[1] if seat else word  # "can seat 2 raise again?": the player is "n2", as in the moves
        if _teller_word(r, word):
            return ME
        if _ROLE_WORDS.search(word):
            return next((a.player for a in actions if a.move in (Move.RAISE, Move.BET)), None)
        place = ORDINAL_VALUE.get(word[:-1] + "a" if word.endswith("o") else word, 0)  # "il primo": "prima"
        if place:  # "can the first one raise again?": the player who made the round's first move, and so on
            order = list(dict.fromkeys(a.player for a in actions))
            return order[place - 1] if place <= len(order) else None
        if word in _SEVERAL:
            return None  # "can they raise?": more than one player, each with his own answer
        if word in _THIRD_PERSON and any(a.player == ME for a in actions):
            return OTHER  # "I bet 40 … can he re-raise?": not the teller
        if word and word not in _NOBODY and word not in _MODAL_WORDS:
            return word
    if any(a.player == ME for a in actions) or r.has("round_teller_asks"):
        return ME  # "can I…?", "I throw in three chips and say 'complete'": the teller, whether or not he acted
    return None
