"""Folding what a player typed into the form the patterns are written in."""

from __future__ import annotations

import pytest

from rules_engine.normalise import fold


@pytest.mark.parametrize(("typed", "folded"), [
    ("Perché è così ‘strano’? `x´", "perche e cosi strano x"),  # accents of Latin letters, apostrophes of any kind
    ("À ẛ̣ Ⅳ Ａ x⃐ y͏z", "a s iv a x y z"),  # other marks (x⃐), compatibility forms, a joiner that is no accent
])
def test_folding_drops_accents_and_keeps_every_other_character_as_a_separator(typed: str, folded: str) -> None:
    assert fold(typed) == folded
