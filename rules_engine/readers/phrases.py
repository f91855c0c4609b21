"""Facts a phrase settles outright: "without saying raise" (raise_declared = no), "he had a chip on his cards"
(hand_protected = yes). The concepts are tried in the order given and the first the text says decides, so a
denial ("didn't say raise") is listed before the plain statement ("said raise") it contains."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..reading import Facts, Reading

Reader = Callable[[Reading, Facts], None]


def settled_by(fact: str, concepts: Mapping[str, str | int],
               read_with: Mapping[str, Callable[[Reading], object]] | None = None) -> Reader:
    """A reader setting `fact` to the value of the first of `concepts` (concept → value) the text says. `read_with`
    gives a concept its own test where only some of its matches count (a house rule that is not the book's written
    rule, a "call" whose verb of saying is not denied), in its place in the order."""
    own = dict(read_with or {})

    def read(r: Reading, facts: Facts) -> None:
        for concept, value in concepts.items():
            if own[concept](r) if concept in own else r.has(concept):
                facts[fact] = value
                return
    return read


def first_said(r: Reading, concepts: Mapping[str, str | int]) -> str | int | None:
    """The value of whichever of `concepts` the text says earliest ("said call … then raise": call)."""
    found = [(r.matches(concept)[0].start(), value) for concept, value in concepts.items() if r.has(concept)]
    return min(found, key=lambda pair: pair[0])[1] if found else None


def said_outright(r: Reading, concept: str) -> bool:
    """Whether `concept` is said without a denial just before it: "nobody acted out of turn", "no string bets for
    once", "the dealer nearly mucked my hand" say that it did not happen."""
    reach = r.lexicon.windows["cue_denial_before"]
    # a bare "no" denies only what follows it at once ("no string bets"), not a clause after a noun ("no
    # protector, the dealer mucked my hand")
    denials = [(d, 1 if d[0] == "no" else reach) for d in r.matches("cue_denial")]
    return any(not any(0 <= m.start() - d.end() <= near for d, near in denials) for m in r.matches(concept))


def out_of_scope(r: Reading) -> bool:
    """Another game, or a question about what a word means: what a topic ranked above those two leaves to them."""
    return r.has("other_game") or r.has("definition")


def tells_a_situation(r: Reading) -> bool:
    """Someone did something ("he raised", "uno ha rilanciato"), as opposed to a general question about the rules
    ("what's the minimum raise in no-limit?"), which no ruling answers."""
    return r.has("story_actor")
