"""cogs/fit.py: escape first, then cut; every embed within Discord's limits, judged by the stand-in's own
independent copy of the limits (offline/limits.py), not by the numbers fit.py uses."""

from __future__ import annotations

import re

import discord
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cogs import fit
from offline import limits

MARKDOWN_HEAVY = st.text(alphabet=st.sampled_from("*_~|`\\>#-[]()@<&! a\n\u200b"), max_size=3000)
ANY_TEXT = st.text(max_size=3000) | MARKDOWN_HEAVY


@given(text=ANY_TEXT, limit=st.integers(min_value=1, max_value=2000))
def test_a_quote_is_within_its_limit_and_never_ends_on_half_an_escape(text: str, limit: int) -> None:
    quoted = fit.quote(text, limit)
    assert len(quoted) <= limit
    body = quoted.removesuffix(fit.ELLIPSIS)
    trailing = len(body) - len(body.rstrip("\\"))
    assert trailing % 2 == 0  # an odd backslash at the end would escape what follows the quote


def test_escaping_comes_before_the_cut() -> None:
    """Cut first and escape after, 100 stars became 200 characters; now the limit holds after escaping."""
    quoted = fit.quote("*" * 100, 100)
    assert len(quoted) <= 100 and quoted.startswith("\\*\\*")


def test_user_backslashes_cannot_unescape_markdown_or_mentions() -> None:
    quoted = fit.quote("\\*bold\\* \\@everyone <@123456789012345678>", 200)
    assert "@everyone" not in quoted.replace("@\u200beveryone", "")
    assert "<@123456789012345678>" not in quoted
    assert "\\\\\\*bold" in quoted  # the user's backslash is shown, and the star stays escaped


@given(
    title=ANY_TEXT,
    description=st.text(max_size=9000),
    fields=st.lists(st.tuples(st.text(max_size=400), st.text(max_size=2000)), max_size=40),
    footer=st.text(max_size=3000),
    author=st.text(max_size=400),
)
def test_a_fitted_embed_is_one_discord_accepts(title, description, fields, footer, author) -> None:
    card = discord.Embed(title=title, description=description)
    for name, value in fields:
        card.add_field(name=name, value=value)
    card.set_footer(text=footer)
    card.set_author(name=author or "x")

    fitted = fit.embed(card).to_dict()

    assert limits.message_errors({"embeds": [fitted]}) == {}


@given(blocks=st.lists(MARKDOWN_HEAVY, max_size=40), per_page=st.integers(min_value=1, max_value=25))
def test_pages_hold_every_block_within_both_limits(blocks: list[str], per_page: int) -> None:
    pages = fit.pages(blocks, per_page=per_page, separator="\n")
    assert all(len(page) <= fit.DESCRIPTION for page in pages)
    assert "\n".join(pages) == "\n".join(fit.clip(block, fit.DESCRIPTION) for block in blocks)  # all, in order
    assert len(pages) >= -(-len(blocks) // per_page)


def test_pages_split_by_characters_as_well_as_by_count() -> None:
    blocks = ["x" * 1000] * 10
    assert [page.count("x") for page in fit.pages(blocks, per_page=10, separator="\n")] == [4000, 4000, 2000]
    assert len(fit.pages(["short"] * 30, per_page=10)) == 3


def test_equal_shares_fill_a_description_exactly() -> None:
    share = fit.shares(10)
    assert 10 * share + 9 * len(fit.LINE_BREAK) <= fit.DESCRIPTION < 10 * (share + 1) + 9 * len(fit.LINE_BREAK)


def test_visible_sees_through_invisible_characters() -> None:
    assert fit.visible(" \u200b\u200c\u200d\u2060\ufeff\u3164\u2800\u00a0\t\n") == ""
    assert fit.visible(" Venerdì ") == "Venerdì"


def shown(markdown: str) -> str:
    """What Discord displays for escaped text: a backslash before punctuation shows that character alone."""
    return re.sub(r"\\([^A-Za-z0-9\s])", r"\1", markdown)


@pytest.mark.parametrize(
    "typed", ["C:\\Users\\dealer", "\\o/", "\\\\server\\share", "a\\*b\\*", "ends with \\", "[[](\\)", "[a](C:\\x)"]
)
def test_a_typed_backslash_is_shown_once(typed: str) -> None:
    """QA report 11: fit.escape doubled backslashes and escape_markdown doubled them again, so members saw
    C:\\\\Users\\\\dealer."""
    assert shown(fit.escape(typed)) == typed


# Inline markdown and backslashes (line-start markers like "- " or "# " discord.py escapes its own way).
@given(text=st.text(alphabet=st.sampled_from("*_~|`\\[]()a"), max_size=300))
def test_escaped_markdown_shows_exactly_what_was_typed(text: str) -> None:
    assert shown(fit.escape(text)) == text
