"""Floor Call's rules engine: a player's description of a poker irregularity → the rulebook's ruling.

Pure and synchronous: no Discord, no I/O after `Engine.load()`.
"""

from .engine import Engine
from .loader import RulesDataError, load_rulebooks
from .ruling import Option, Question, Ruling

_BOOKS, DEFAULT_RULEBOOK = load_rulebooks()
RULEBOOKS: dict[str, str] = {book.id: book.name for book in _BOOKS.values()}

__all__ = ["DEFAULT_RULEBOOK", "RULEBOOKS", "Engine", "Option", "Question", "RulesDataError", "Ruling"]
