"""The one place text is made safe and fitted to Discord's limits; every embed and message passes through it.

Order matters: user text is escaped first (markdown, mentions) and cut after, because escaping can double
the length — cutting first and escaping after is how a 4,096-character description became 8,000. `clip`
never leaves half an escape at the cut. `embed` and `content` are the last line of defence before a body
goes to Discord: every part within its limit, all of it within the 6,000-character embed total.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

import discord

from ledger.players import BLANK_LETTERS

# Discord's limits on what a bot sends (the stand-in checks the same numbers independently).
CONTENT = 2000
TITLE = 256
DESCRIPTION = 4096
FIELD_NAME = 256
FIELD_VALUE = 1024
FIELDS = 25
FOOTER = 2048
AUTHOR = 256
EMBED_TOTAL = 6000
BUTTON_LABEL = 80
OPTION_TEXT = 100  # a select option's label, value or description; an autocomplete choice's name or value
PLACEHOLDER = 150
CHOICES = 25

ELLIPSIS = "…"
LINE_BREAK = "\n\n"
MENTION_SYNTAX = re.compile(r"<([@#][!&]?\d+)>")
TRAILING_ESCAPES = re.compile(r"(?<!\\)((?:\\\\)*)\\$")  # an odd run of backslashes at the end
# Bidirectional embeddings, overrides and isolates: one in a member's text (a game name with U+202E) would
# reverse what the bot writes after it on the same line ("opened … by …"). Dropped from shown text.
BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069]")
# Stands for "[" while escape_markdown runs (see escape); a member's own copy of it is dropped.
BRACKET_PLACEHOLDER = "\ue000"


def escape(text: str) -> str:
    """User text made inert: backslashes, markdown and mention syntax neutralised (no ping, no formatting), and
    bidirectional controls dropped (they would reorder the bot's own words around it)."""
    # escape_markdown escapes backslashes too (discord.py 2.7): once, not twice. It reads "[a](b)" as a masked
    # link and then escapes only its "[", leaving backslashes and markdown inside live: so "[" is set aside
    # (as a private-use placeholder) while it runs, and escaped here.
    bare = BIDI_CONTROLS.sub("", text).replace(BRACKET_PLACEHOLDER, "").replace("[", BRACKET_PLACEHOLDER)
    safe = discord.utils.escape_markdown(bare).replace(BRACKET_PLACEHOLDER, "\\[")
    safe = discord.utils.escape_mentions(safe)
    return MENTION_SYNTAX.sub("<\u200b\\1>", safe)  # escape_mentions skips ids shorter than real snowflakes


def clip(text: str, limit: int) -> str:
    """At most `limit` characters: cut on a word boundary when one is near, marked with an ellipsis, never
    in the middle of an escape (a trailing lone backslash would escape whatever follows the clipped text)."""
    text = text.strip()
    if len(text) <= limit:
        return text
    cut = text[: max(limit - len(ELLIPSIS), 0)]
    if " " in cut[limit // 2 :]:
        cut = cut[: cut.rindex(" ")]
    cut = TRAILING_ESCAPES.sub(r"\1", cut.rstrip())
    return cut.rstrip() + ELLIPSIS if limit >= len(ELLIPSIS) else cut


def quote(text: str, limit: int) -> str:
    """User text to show back inside a message: one line, escaped, then cut to `limit` characters."""
    return clip(escape(" ".join(text.split())), limit)


def visible(text: str) -> str:
    """`text` without the characters that draw nothing (spaces, zero-width and format characters, fillers);
    empty means a member typed nothing anyone could read."""
    return "".join(
        ch
        for ch in text
        if not ch.isspace() and unicodedata.category(ch) not in ("Cf", "Cc", "Zs", "Mn") and ch not in BLANK_LETTERS
    )


def content(text: str | None) -> str | None:
    """A message's content within 2,000 characters."""
    return None if text is None else clip(text, CONTENT)


def embed(card: discord.Embed) -> discord.Embed:
    """Every part of `card` within its limit and the whole within 6,000 characters: trailing fields go
    first, then the description shrinks. Text is cut, never escaped here (it is escaped where it is built)."""
    if card.title:
        card.title = clip(card.title, TITLE)
    if card.description:
        card.description = clip(card.description, DESCRIPTION)
    if card.author.name:
        card.set_author(name=clip(card.author.name, AUTHOR), url=card.author.url, icon_url=card.author.icon_url)
    if card.footer.text:
        card.set_footer(text=clip(card.footer.text, FOOTER), icon_url=card.footer.icon_url)
    fields = [(clip(f.name or "", FIELD_NAME), clip(f.value or "", FIELD_VALUE), f.inline) for f in card.fields]
    card.clear_fields()
    for name, value, inline in fields[:FIELDS]:
        if name and value:  # Discord refuses an empty field name or value
            card.add_field(name=name, value=value, inline=bool(inline))
    while len(card) > EMBED_TOTAL and card.fields:
        card.remove_field(len(card.fields) - 1)
    if len(card) > EMBED_TOTAL and card.description:
        card.description = clip(card.description, max(len(card.description) - (len(card) - EMBED_TOTAL), 1))
    return card


def shares(count: int, budget: int = DESCRIPTION, separator: str = LINE_BREAK) -> int:
    """Each of `count` blocks' equal share of `budget` characters once they are joined by `separator`."""
    return (budget - len(separator) * max(count - 1, 0)) // max(count, 1)


def pages(blocks: Iterable[str], *, per_page: int, budget: int = DESCRIPTION, separator: str = LINE_BREAK) -> list[str]:
    """Blocks joined into pages of at most `per_page` blocks and `budget` characters (paging by characters as
    well as by count); a block longer than a page on its own is clipped to fit."""
    result: list[str] = []
    page: list[str] = []
    for raw in blocks:
        block = clip(raw, budget)
        if page and (len(page) == per_page or len(separator.join([*page, block])) > budget):
            result.append(separator.join(page))
            page = []
        page.append(block)
    if page:
        result.append(separator.join(page))
    return result
