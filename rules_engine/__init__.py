"""Floor Call's rules engine: a player's description of a poker irregularity → the rulebook's ruling.

Pure and synchronous: no Discord, no I/O after `Engine.load()`.
"""

from .pattern_cache import collector_paused, module_patterns

with collector_paused(), module_patterns():  # the expressions the modules compile at import: from a cache on disk
    from .engine import Engine
    from .language import Text
    from .loader import RulesDataError, load_rulebooks
    from .model import Case, Rule, Rulebook
    from .ruling import Option, Question, Ruling

    _BOOKS, DEFAULT_RULEBOOK = load_rulebooks()
RULEBOOKS: dict[str, str] = {book.id: book.name.en for book in _BOOKS.values()}

__all__ = ["DEFAULT_RULEBOOK", "RULEBOOKS", "Case", "Engine", "Option", "Question", "Rule", "Rulebook",
           "RulesDataError", "Ruling", "Text"]
