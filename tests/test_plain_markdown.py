"""The plain-Markdown outline must be exactly markdown-it's, or step aside.

Documents are built from lines the outline accepts and lines it must refuse (code, quotes,
tables, setext underlines, lazy continuations, list numbers, tabs...). Whenever the outline
answers, its blocks (text, positions, code spans, link targets) equal the parser's.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from anchorlint.positions import physical_lines
from anchorlint.text.documents import markdown
from anchorlint.text.documents.plain_markdown import plain_outline

PLAIN_LINES = [
    "",
    "   ",
    "The cutover moved to Thursday.",
    "As noted earlier, the retry budget stays at five.",
    "See [[design/ledger#L3-4@sha256:8cbe08fc3b175a93]] for the rules.",
    "The pool is set in `pool.max` and <b>bold</b> stays.",
    "Read [the runbook](https://wiki.example.com/db) first.",
    "Autolink <https://example.com/a> here.",
    '"Quoted" opening and (parenthesised) text.',
    "**Decisions:** keep the dashboard.",
    "2024 was the year; 12 items remain.",
    "Überall: Unicode prose, \u201cquotes\u201d.",
    "# Session summary",
    "## Decisions (3)",
    "###### Deep heading",
    "- A bullet item with [[teams/payments]].",
    "- **Bold** bullet with `code`.",
    "- Ends with a hash #",
    "a | b",
]
REFUSED_LINES = [
    "1. an ordered item",
    "3) another",
    "12.5% is not a list but looks like one",
    "* star bullet",
    "+ plus bullet",
    "-    indented bullet code",
    "- ",
    "-",
    "---",
    "===",
    "***",
    "> a quote",
    "```",
    "~~~",
    "    indented code",
    "  two-space indent",
    "\ttab start",
    "text\twith tab",
    "trailing spaces  ",
    "| a | b |",
    "--- | ---",
    "<div>",
    "[ref]: https://example.com",
    "[[doc_7]] opens the line",
    "# closed heading #",
    "#hashtag",
    "#",
    "_emphasis_ start",
]


def _via_parser(source: str) -> list[object]:
    lines = physical_lines(source)
    cursor: dict[int, int] = {}
    return [
        markdown._inline_block(content, children, first, lines, cursor, kind)
        for first, content, kind, children in markdown._parsed_inlines(source)
    ]


def _assert_same_or_refused(source: str) -> bool:
    outline = plain_outline(physical_lines(source))
    if outline is None:
        return False
    assert list(markdown.split_blocks(source)) == _via_parser(source), source
    return True


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PLAIN_LINES + REFUSED_LINES), max_size=14))
def test_outline_equals_markdown_it_whenever_it_answers(lines: list[str]) -> None:
    _assert_same_or_refused("\n".join(lines) + "\n")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(PLAIN_LINES), min_size=1, max_size=14))
def test_plain_documents_take_the_outline(lines: list[str]) -> None:
    # a line right under a bullet that is neither blank nor a bullet: the parser's case
    assume(
        not any(
            a.startswith("- ") and b.strip() and not b.startswith("- ")
            for a, b in zip(lines, lines[1:], strict=False)
        )
    )
    assert _assert_same_or_refused("\n".join(lines) + "\n")


@pytest.mark.parametrize("line", REFUSED_LINES)
def test_lines_with_structure_go_to_the_parser(line: str) -> None:
    assert plain_outline(["Intro paragraph.", line, "More text."]) is None


@pytest.mark.parametrize(
    "source",
    [
        "Key points:\n- first item\n- second item\n\nClosing line.\n",  # bullet interrupts
        "- item\nlazy continuation\n",  # refused: lazy line joins the item
        "# Title\nText right under it.\n# Next\n",
        "Para\n\n\n- loose\n\n- list\n",
        "Line one\nline two\r\nline three\rline four\n",
    ],
)
def test_realistic_shapes(source: str) -> None:
    if plain_outline(physical_lines(source)) is not None:
        assert list(markdown.split_blocks(source)) == _via_parser(source)


def test_a_bullet_interrupting_a_paragraph_is_its_own_block() -> None:
    blocks = list(markdown.split_blocks("Key points:\n- first\n- second\n"))
    assert [(b.text, b.positions.locate(0)) for b in blocks] == [
        ("Key points:", (1, 1)),
        ("first", (2, 3)),
        ("second", (3, 3)),
    ]
