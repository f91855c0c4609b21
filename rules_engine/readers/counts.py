"""How many cards a phrase counts, and whether it counts extra cards ("two more cards") or all of them."""

from __future__ import annotations

import re

QUANTITY_PLURAL = 2  # "cards", "more than one": at least two, which is all the rules ever need to know
EXTRA_WORD = re.compile(r"\b(?:extra|additional|more|(?:in |di |e )?piu|di troppo|in eccesso|aggiuntiv\w*)\b")
