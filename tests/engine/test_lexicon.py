"""The vocabulary is data that proves itself: every pattern finds one of its concept's examples, no pattern
finds a `not` phrase, every concept and window is used, and a malformed file is refused with its name."""

import re
import shutil
from pathlib import Path
from re import _parser  # type: ignore[attr-defined]
from typing import Any

import pytest

from rules_engine.lexicon import _WHOLE_WORDS, COMMON, LEXICON_DIR, Lexicon, LexiconError, _entries, whole_words
from rules_engine.literals import unmatchable_edge
from rules_engine.topics import TopicError, check_vocabulary, discover

LEXICON = Lexicon.load()
ENGINE_CODE = "".join(path.read_text(encoding="utf-8") for path in LEXICON_DIR.parent.rglob("*.py"))


def _normalised(phrase: str) -> str:
    """What the parser matches patterns on: the same normalisation and typo correction."""
    return " ".join(LEXICON.speller.words(phrase))


def test_every_pattern_finds_one_of_its_concepts_examples() -> None:
    dead = [(entry.file, entry.name, pattern) for entry in LEXICON.entries.values() for pattern in entry.patterns
            if not any(whole_words(pattern).search(_normalised(example)) for example in entry.examples)]
    assert dead == []


def test_every_example_is_found_by_its_concept() -> None:
    unfound = [(entry.name, example) for entry in LEXICON.entries.values() for example in entry.examples
               if not any(p.search(_normalised(example)) for p in LEXICON.concepts[entry.name])]
    assert unfound == []


def test_no_pattern_finds_a_phrase_its_concept_must_not() -> None:
    found = [(entry.name, phrase) for entry in LEXICON.entries.values() for phrase in entry.not_examples
             if any(p.search(_normalised(phrase)) for p in LEXICON.concepts[entry.name])]
    assert found == []


def test_every_concept_and_window_is_read_by_the_engine() -> None:
    """A concept or window nothing reads is dead vocabulary: it would look like coverage and do nothing."""
    unread = [name for name in (*LEXICON.entries, *LEXICON.windows) if f'"{name}"' not in ENGINE_CODE]
    assert unread == []


def test_every_fragment_is_named_by_a_pattern() -> None:
    """A fragment no pattern names is dead vocabulary, like a concept nothing reads."""
    assert [name for name, fragment in LEXICON.fragments.items() if not fragment.users] == []


def test_a_fragment_is_written_out_where_a_pattern_names_it() -> None:
    """`{name}` in a pattern is its `[fragments]` text, before anything reads the pattern: as it is where it stands
    as a whole alternative (the pattern reads as if the words were written there), in a group elsewhere, so that its
    `|` stays inside; a quantifier (`{0,2}`) is no fragment. A topic file's fragments serve its own patterns."""
    files = {COMMON: {"fragments": {"verb": "slid|pushed"}},
             "flop_count.toml": {"fragments": {"its_own": "a|b"}, "concepts": {"stuck": {
                 "patterns": ["({verb}|threw) (\\w+ ){0,2}cards", "{verb} cards", "x (?P<held>{its_own})", "{its_own}?",
                              "{verb}|{its_own}"],
                 "examples": ["slid cards"]}}}}
    entries, fragments = _entries(files)
    assert entries["stuck"].patterns == ("(slid|pushed|threw) (\\w+ ){0,2}cards", "(?:slid|pushed) cards",
                                         "x (?P<held>a|b)", "(?:a|b)?", "slid|pushed|a|b")
    assert fragments["verb"].users == fragments["its_own"].users == ("stuck",)


def test_the_verbs_of_letting_the_cards_go_are_one_list_read_by_every_fold() -> None:
    """review-31 #26: common.toml's `release_verb_en` (and its bare and Italian forms), once for five concepts."""
    assert LEXICON.fragments["release_verb_en"].users == ("needless_fold", "fold_over_a_check", "fold_released",
                                                          "fold_act", "released_by_owner")
    assert LEXICON.entries["fold_act"].patterns[2].startswith("(pushed|pushes|slid|")  # `({release_verb_en}|throw)`
    assert all(LEXICON.says(concept, "he chucks his cards") for concept in ("fold_act", "fold_released"))
    assert LEXICON.says("released_by_owner", "i nudge my cards")


@pytest.mark.parametrize(("word", "found"), [("getta", True), ("gettato", True), ("butta", True),
                                              ("gettone", False), ("gettoni", False)])
def test_a_chip_is_no_verb_of_letting_the_cards_go(word: str, found: bool) -> None:
    """review-31 #26: "gett\\w*" read "gettone" (a chip) as "getta"."""
    assert bool(whole_words(LEXICON.fragments["release_verb_it"].text).fullmatch(word)) is found


def test_a_pattern_naming_no_fragment_is_refused_naming_its_file_and_concept(tmp_path: Path) -> None:
    copy = _copy(tmp_path)
    path = copy / "flop_count.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("'stuck',", "'{stuck_verb} stuck',", 1), encoding="utf-8")
    with pytest.raises(LexiconError, match=r"flop_count\.toml: concept 'stuck', pattern '\{stuck_verb\} stuck': "
                                           r"no fragment 'stuck_verb'"):
        Lexicon.load(copy)


@pytest.mark.parametrize(("files", "refused"), [
    # another topic file's fragment serves that file's patterns only
    ({"a.toml": {"fragments": {"verb": "slid"}},
      "b.toml": {"concepts": {"stuck": {"patterns": ["{verb} x"], "examples": ["slid x"]}}}},
     r"b\.toml: concept 'stuck', pattern '\{verb\} x': no fragment 'verb' \(a\.toml has one"),
    ({COMMON: {"fragments": {"verb": "slid"}}, "b.toml": {"fragments": {"verb": "pushed"}}},
     r"b\.toml: fragment 'verb' is already defined in common\.toml"),
    ({"b.toml": {"fragments": {"verb": "slid|{other}", "other": "x"}}},
     r"b\.toml: fragment 'verb' must .*naming no other"),
    ({"b.toml": {"fragments": {"Verb": "slid"}}}, r"b\.toml: fragment 'Verb' must be named in lower case"),
])
def test_a_fragment_out_of_reach_named_twice_or_malformed_is_refused(files: dict[str, Any], refused: str) -> None:
    with pytest.raises(LexiconError, match=refused):
        _entries(files)


def _copy(tmp_path: Path) -> Path:
    copy = tmp_path / "lexicon"
    shutil.copytree(LEXICON_DIR, copy)
    return copy


def test_a_concept_defined_in_two_files_is_refused_naming_both(tmp_path: Path) -> None:
    copy = _copy(tmp_path)
    with (copy / "flop_count.toml").open("a", encoding="utf-8") as handle:
        handle.write("\n[concepts.flop]\npatterns = ['flop']\nexamples = ['flop']\n")
    with pytest.raises(LexiconError, match=r"flop_count\.toml: concept 'flop' is already defined in common\.toml"):
        Lexicon.load(copy)


def test_a_broken_pattern_names_its_file_and_concept(tmp_path: Path) -> None:
    copy = _copy(tmp_path)
    path = copy / "flop_count.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("'stuck',", "'stuck(',", 1), encoding="utf-8")
    with pytest.raises(LexiconError, match=r"flop_count\.toml: concept 'stuck'"):
        Lexicon.load(copy)


def test_a_pattern_that_can_only_end_on_a_space_is_refused_naming_its_concept(tmp_path: Path) -> None:
    """The whole-word guards need a letter or digit at a match's edges: "stuck " would never match."""
    copy = _copy(tmp_path)
    path = copy / "flop_count.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("'stuck',", "'stuck', 'wedged (in|under) ',", 1),
                    encoding="utf-8")
    with pytest.raises(LexiconError, match=r"flop_count\.toml: concept 'stuck', pattern 'wedged \(in\|under\) '.*"
                                           r"can only end on a space"):
        Lexicon.load(copy)


def test_no_pattern_can_only_begin_or_end_on_a_space() -> None:
    """Checked at load only when a pattern is parsed (one stored in the pattern cache is not): here, every one."""
    refused = [(entry.name, pattern) for entry in LEXICON.entries.values() for pattern in entry.patterns
               if unmatchable_edge(_parser.parse(_WHOLE_WORDS.format(pattern)))]
    assert refused == []


def test_a_changed_pattern_is_read_at_the_next_start_though_concepts_are_built_when_first_read(
        tmp_path: Path) -> None:
    """A start builds a concept when it is first read, from the pattern cache, when every pattern is as stored (the
    layout of their bits is kept with them): a pattern changed in a TOML file makes the next start compile every
    concept again, so the change is read, and a broken pattern is refused at load as ever."""
    copy = _copy(tmp_path)
    Lexicon.load(copy)
    path = copy / "flop_count.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("'stuck',", "'stuck', 'wedged zz',", 1),
                    encoding="utf-8")
    assert Lexicon.load(copy).says("stuck", "the card wedged zz") and not LEXICON.says("stuck", "the card wedged zz")
    again = Lexicon.load(copy)  # the change stored by the start before: read from the cache when first asked
    assert again.says("stuck", "the card wedged zz")
    assert list(again.concepts) == list(again.entries) == [name for name, _ in again.concepts.items()]


def test_a_concept_without_examples_is_refused(tmp_path: Path) -> None:
    copy = _copy(tmp_path)
    with (copy / "board_claim.toml").open("a", encoding="utf-8") as handle:
        handle.write("\n[concepts.new_concept]\npatterns = ['new']\n")
    with pytest.raises(LexiconError, match=r"new_concept.*needs `patterns` and `examples`"):
        Lexicon.load(copy)


def test_a_window_must_say_its_unit(tmp_path: Path) -> None:
    copy = _copy(tmp_path)
    path = copy / "common.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('doubt_timing = "12 words"', "doubt_timing = 12"),
                    encoding="utf-8")
    with pytest.raises(LexiconError, match="doubt_timing"):
        Lexicon.load(copy)


def test_every_topic_has_a_lexicon_file_and_every_topic_file_a_topic(tmp_path: Path) -> None:
    copy = _copy(tmp_path)
    (copy / "boxed_card.toml").rename(copy / "boxed_cards.toml")
    with pytest.raises(TopicError, match="boxed-card"):
        check_vocabulary(discover(), Lexicon.load(copy))


def test_windows_are_characters_of_normalised_text() -> None:
    assert LEXICON.windows["doubt_timing"] == 12 * 7
    assert LEXICON.windows["owner_before"] == 30


def _span(match: re.Match[str] | None) -> tuple[int, int] | None:
    return match.span() if match else None


def test_anchors_never_hide_a_match() -> None:
    """A reading skips a pattern when the text holds none of its anchors, and runs a concept's patterns one by one:
    it must find just what the concept's expressions find. Checked on every example of every concept and every text
    of the evaluation sets."""
    from rules_engine.evaluation import read_set
    from rules_engine.reading import Reading

    data = Path(__file__).parent / "data"
    phrases = [phrase for entry in LEXICON.entries.values() for phrase in (*entry.examples, *entry.not_examples)]
    texts = [*phrases, *(line.text for path in sorted(data.glob("*.jsonl")) for line in read_set(path))]
    hidden = []
    # normalised as the parser reads them, and each phrase as typed too (punctuation between its words)
    for text in [*map(_normalised, texts), *(phrase.lower() for phrase in phrases)]:
        reading, asked = Reading(text, LEXICON), Reading(text, LEXICON)  # `asked` only whether each occurs
        for name, patterns in LEXICON.concepts.items():
            whole = [[m.span() for m in unit.pattern.get().finditer(text)] for unit in patterns]
            expected = sorted((span for spans in whole for span in spans), key=lambda span: span[0])
            if [m.span() for m in reading.matches(name)] != expected or asked.has(name) != bool(expected):
                hidden.append((name, text))
            # each expression searched as its parts the text allows (`Unit`) finds what it finds, from its start and
            # from inside its first match
            if [[m.span() for m in unit.finditer(text)] for unit in patterns] != whole or any(
                    _span(unit.search(text, spans[0][0] + 1)) != _span(unit.pattern.get().search(text, spans[0][0] + 1))
                    for unit, spans in zip(patterns, whole, strict=True) if spans):
                hidden.append((name, text))
    assert hidden == []


@pytest.mark.parametrize(("pattern", "anchors"), [
    ("no burn( card)?", {"no burn"}),
    ("(forgot|forgotten) (to )?burn", {"forgot"}),
    ("(joker|jolly)s?", {"ker", "lly"}),  # the parser factors out the common "jo"; the longer part is kept
    ("(\\w+ )?cards?", {"card"}),
    ("x?y*", None),
])
def test_anchors_are_the_literals_a_match_must_contain(pattern: str, anchors: set[str] | None) -> None:
    from rules_engine.literals import anchors as anchors_of

    assert anchors_of(pattern) == (None if anchors is None else frozenset(anchors))


def test_a_topic_file_may_bring_its_windows_and_known_words_but_not_a_window_twice(tmp_path: Path) -> None:
    assert LEXICON.windows["burn_street_reach"] == 10 * 7  # burn_error.toml's own window
    assert LEXICON.speller.correct("rabbia") == "rabbia"  # rabbit_hunt.toml: a real word, not a typo of "rabbit"
    copy = _copy(tmp_path)
    with (copy / "rabbit_hunt.toml").open("a", encoding="utf-8") as handle:
        handle.write('\n[windows]\nburn_street_reach = "3 words"\n')
    with pytest.raises(LexiconError, match=r"window 'burn_street_reach' is already defined in burn_error\.toml"):
        Lexicon.load(copy)


@pytest.mark.parametrize("text", ["poi Carla ha girato", "il dealer (Carla) ha girato", 'e "Carla" dice',
                                  "poi Nico/Carla", "seat 3 (Carla) flips", "poi Nicolò, Carla e Dario"])
def test_a_capitalised_name_inside_a_sentence_is_never_corrected_into_a_poker_word(text: str) -> None:
    assert "carla" in LEXICON.speller.words(text)


def test_a_sentences_first_word_may_still_be_a_typo() -> None:
    assert LEXICON.speller.words("Mazzerie ha girato la carta")[0] == "mazziere"


@pytest.mark.parametrize(("typed", "read"), [
    ("he sayd he would call then tryed to take it bak", "he said he would call then tried to take it back"),
    ("senza posare le carte", "senza posare le carte"),  # not "postare"
    ("il dealer stara attento", "il dealer stara attento"),  # "starà attento", not "starta attention"
    ("eating wings at the table", "eating wings at the table"),  # not "wins"
])
def test_common_typos_are_fixed_and_common_words_kept(typed: str, read: str) -> None:
    assert " ".join(LEXICON.speller.words(typed)) == read
