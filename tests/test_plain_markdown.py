"""The plain-Markdown outline must be exactly markdown-it's, or step aside.

Documents are built from lines the outline accepts, lines it accepts only in some places
(nested bullets, fences and what they hold) and lines it must refuse (quotes, tables,
setext underlines, lazy continuations, list numbers, tabs...). Whenever the outline
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
    "## 1. Primary request and intent",
    "### `flush()` and [[doc_7]]",
    "# 3) numbered heading",
]
#: lines whose reading depends on what comes before them: nested bullets (accepted only
#: under an item), fences and the lines a fence holds
PLACED_LINES = [
    "  - A nested bullet with `a.py:12`.",
    "    - Deeper, see [[notes#L3]].",
    "      - Three levels down.",
    "  - 1. nested number",
    "   - three spaces",
    "```",
    "```python",
    "````",
    "~~~",
    "~~~ text with ` inside",
    "``` info with ` backquote",
    "   ```",
    "    ```",
    "```  ",
    "~~~~~",
    "```a | b",
    "| - | - |",
]
#: what a fence may hold: none of it is prose, none of it closes a fence
CODE_LINES = ["x = compact(messages)[:10]", "    indented inside a fence", "| a | b |", "> quoted"]
PLACED_LINES += CODE_LINES
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


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(PLAIN_LINES + PLACED_LINES + REFUSED_LINES[:12]), max_size=16))
def test_nested_bullets_and_fences_equal_markdown_it_whenever_taken(lines: list[str]) -> None:
    _assert_same_or_refused("\n".join(lines) + "\n")


_ITEM = st.sampled_from(PLAIN_LINES[15:18])
_NESTED = st.sampled_from([line.lstrip() for line in PLACED_LINES[:3]])
_CODE = st.lists(st.sampled_from(CODE_LINES), max_size=4)


@st.composite
def _summary(draw: st.DrawFn) -> str:
    """A coding-agent summary: sections of paragraphs, bullets nested a level or two, and
    fenced code, as the outline must take them."""
    lines: list[str] = []
    for _ in range(draw(st.integers(1, 4))):
        lines += [draw(st.sampled_from(PLAIN_LINES[12:15])), ""]
        depth = 0
        for item in range(draw(st.integers(0, 5))):
            depth = draw(st.integers(0, depth + 1)) if item else 0
            lines.append("  " * depth + draw(_NESTED) if depth else draw(_ITEM))
        lines += ["", draw(st.sampled_from(PLAIN_LINES[2:12]))]
        if draw(st.booleans()):
            fence = draw(st.sampled_from(["```", "```python", "~~~", "````"]))
            lines += [fence, *draw(_CODE), fence if fence != "```python" else "```"]
        lines.append("")
    return "\n".join(lines) + "\n"


@settings(max_examples=300, deadline=None)
@given(_summary())
def test_structured_summaries_take_the_outline(source: str) -> None:
    assert _assert_same_or_refused(source), source


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
        "- a\n  - b\n    - c\n  - d\n- e\n",
        "- a\n\n  - b\n\n\n    - c\n",
        "Run this:\n```sh\nmake test\n```\nThen this.\n",
        "- item\n```\ncode under an item\n```\n",
        "```\nnever closed\n- not an item\n",
        "Para\n\n  - indented bullet after a paragraph\n",
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


def test_a_nested_bullet_is_its_own_block_at_its_column() -> None:
    source = "## 2. Files\n\n- Read `a.py`.\n  - See a.py:12 first.\n\n```py\nx = 1\n```\n"
    blocks = list(markdown.split_blocks(source))
    assert plain_outline(physical_lines(source)) is not None
    assert [(b.text, b.positions.locate(0)) for b in blocks] == [
        ("2. Files", (1, 4)),
        ("Read `a.py`.", (3, 3)),
        ("See a.py:12 first.", (4, 5)),
    ]
    assert blocks[1].code_spans == ((5, 11),)


@pytest.mark.parametrize(
    "source",
    [
        "Para\n\n    - four spaces after a paragraph: code\n",
        "- a\n    - two levels at once\n",
        "- a\nlazy\n",
        "- a\n  lazy indented\n",
        "- item\n```\ncode\n```\n  - a nested bullet with no item left open\n",
    ],
)
def test_shapes_the_outline_leaves_to_the_parser(source: str) -> None:
    assert plain_outline(physical_lines(source)) is None
