"""The plain-Markdown outline must be exactly markdown-it's, or step aside.

Documents are built from lines the outline accepts, lines it accepts only in some places
(nested items, continuation lines, fences and what they hold, reference definitions) and
lines it must refuse (quotes, tables, setext underlines, indented code, tabs...). Whenever
the outline answers, its blocks (text, positions, code spans, link targets) equal the
parser's; so do they for every file of the test corpus and the examples it takes.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it.common.utils import MD_TRIM_CHARS

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
    "* A star bullet, see `b.py`.",
    "+ A plus bullet.",
    "1. Primary Request and Intent:",
    "1) A first item closed by a parenthesis.",
    "`src/app.py` opens the line.",
    "``double`` backquotes open it.",
    "[[doc_7]] opens the line.",
    "[the runbook](https://wiki.example.com/db) opens it.",
    "12.5% is not a list number.",
    "- `a.py:12` opens a bullet.",
    "- [[teams/payments]] opens a bullet.",
    "1. **Token cache TTL.** The middleware reads `token_ttl`.",
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
    "2. A second item with [[doc_7]].",
    "10. The tenth item.",
    " continued one space in",
    "  continued under a bullet",
    "   continued under a list number",
    "    continued four spaces in",
    "     five spaces in",
    "   - A bullet under a list number.",
    "     - Under that one.",
    "   1. A number under a number.",
    "   2. Its second.",
    "    1. Four spaces in.",
    "  * A star under a bullet.",
    "   ```python",
    "   ```",
    "     ```",
    "  ~~~",
    "   ## A heading in an item",
    "  `code` continues the item.",
    "[ref]: https://example.com/ref",
    "[label",
    "split]: https://example.com/split",
    "   [ref]: https://example.com/item",
    "- [ref]: https://example.com/bullet",
]
#: what a fence may hold: none of it is prose, none of it closes a fence
CODE_LINES = ["x = compact(messages)[:10]", "    indented inside a fence", "| a | b |", "> quoted"]
PLACED_LINES += CODE_LINES
REFUSED_LINES = [
    "3) another",
    "-    indented bullet code",
    "1.  two spaces after a number",
    "- ",
    "-",
    "---",
    "===",
    "***",
    "> a quote",
    "    indented code",
    "```` a fence whose `info` holds a backquote",
    "- # a heading in a bullet",
    "- - a bullet in a bullet",
    "1. - a bullet in a number",
    "\ttab start",
    "text\twith tab",
    "trailing spaces  ",
    "| a | b |",
    "--- | ---",
    "<div>",
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
    assert _assert_same_or_refused("\n".join(lines) + "\n")


#: list markers of every kind: a change of bullet or delimiter opens a new list
_MARKERS = st.sampled_from(["- ", "* ", "+ ", "1. ", "1) ", "2. ", "7) ", "10. ", "123456789. "])
_PROSE = st.sampled_from(
    [
        "Improve GPU packing in the scheduler.",
        "`sched/pack.py` holds the bin packing, see [[adr-0042]].",
        "[[design/ledger#L3-4]] is the reference.",
        "[the plan](https://wiki.example.com/plan) says so.",
        "**Bold:** lead-in with <b>html</b>.",
        "0.24 is the ratio; 12) is not a number here.",
        "[label",
        "split]: https://example.com/split",
        "[ref]: https://example.com/ref",
    ]
)
_LAZY = st.sampled_from(["", " ", "  ", "   ", "+1", "-1", "-2", "+4", "+6"])


def _indented(column: int, shift: str) -> str:
    """The spaces before a line meant for ``column``: as many, or moved by ``shift``."""
    if shift.startswith(("+", "-")):
        column = max(column + int(shift), 0)
    return " " * (column if shift.startswith(("+", "-")) or not shift else len(shift))


@st.composite
def _agent_summary(draw: st.DrawFn) -> str:
    """Numbered sections as compaction summaries write them: list items of every marker,
    nested under the content of the item above (or a few spaces off it), continuation
    lines at the content column, left of it (lazy) or right of it, headings, fences inside
    items and code lines that leave their item, with or without blank lines between."""
    lines: list[str] = [draw(st.sampled_from(["Summary:", "# Summary", ""]))]
    columns = [0]
    for _ in range(draw(st.integers(1, 12))):
        step = draw(st.sampled_from(["item", "item", "nest", "text", "blank", "heading", "fence"]))
        base = (
            columns[-1]
            if step in ("nest", "text")
            else columns[draw(st.integers(0, len(columns) - 1))]
        )
        shift = draw(st.sampled_from(["", "", "", " ", "   "]))
        if step in ("item", "nest"):
            marker = draw(_MARKERS)
            indent = base + len(shift)
            lines.append(" " * indent + marker + draw(_PROSE))
            del columns[columns.index(base) + 1 :]
            columns.append(indent + len(marker))
        elif step == "text":
            lines.append(_indented(base, draw(_LAZY)) + draw(_PROSE))
        elif step == "blank":
            lines.append("")
        elif step == "heading":
            lines.append(" " * base + "## A heading")
        else:
            fence = draw(st.sampled_from(["```", "```python", "~~~"]))
            body = [_indented(base, draw(_LAZY)) + code for code in draw(_CODE)]
            closing = " " * base + ("```" if fence == "```python" else fence)
            lines += [" " * base + fence, *body, *draw(st.sampled_from([[closing], []]))]
    return "\n".join(lines) + "\n"


@settings(max_examples=1500, deadline=None)
@given(_agent_summary())
def test_lists_of_every_shape_equal_markdown_it_whenever_taken(source: str) -> None:
    _assert_same_or_refused(source)


@st.composite
def _numbered_summary(draw: st.DrawFn) -> str:
    """A compaction summary in its usual form, which the outline must take: numbered
    sections, each a title with continuation lines under it, bullets under the number,
    nested bullets and a fence at a bullet's content column, blank lines between sections."""
    lines = [draw(st.sampled_from(["Summary:", "# Summary"]))]
    for number in range(1, draw(st.integers(1, 6)) + 1):
        if number > 1:
            lines.append("")
        lines.append(f"{number}. " + draw(_PROSE.filter(lambda p: "]:" not in p)))
        lines += [
            "   " + draw(st.sampled_from(PLAIN_LINES[2:12])) for _ in range(draw(st.integers(0, 2)))
        ]
        for _ in range(draw(st.integers(0, 3))):
            lines.append("   - " + draw(st.sampled_from(PLAIN_LINES[2:12])))
            lines += [
                "     " + line
                for line in draw(
                    st.lists(_PROSE.filter(lambda p: "]:" not in p and p != "[label"), max_size=2)
                )
            ]
            if draw(st.booleans()):
                lines.append("     - " + draw(st.sampled_from(PLAIN_LINES[2:12])))
            if draw(st.booleans()):
                lines += ["     ```python", *["     " + code for code in draw(_CODE)], "     ```"]
    return "\n".join(lines) + "\n"


@settings(max_examples=300, deadline=None)
@given(_numbered_summary())
def test_numbered_summaries_take_the_outline(source: str) -> None:
    assert _assert_same_or_refused(source), source


_CELLS = st.sampled_from(
    ["a", "a", "a.py:12", " ", "", "`x`", "`x | y`", "[[doc_7]]", "<b>b</b>", "\u00a0"]
    + ["a", "b", "c", "\\|"]
)
_ALIGNMENTS = st.sampled_from(["---", " --- ", ":-", "-:", " :--: ", "-", "", "- -", "=="])


@st.composite
def _table(draw: st.DrawFn) -> str:
    """A document with a table after a blank line: a header, a delimiter row of mostly as
    many cells, rows of mostly as many cells, and what comes after it."""
    width = draw(st.integers(1, 4))

    def row(cells: list[str]) -> str:
        edge = draw(st.sampled_from(["|", "| ", "|  "]))
        return edge + " | ".join(cells) + draw(st.sampled_from([" |", " |", "|", "", " "]))

    def count() -> int:
        return width + draw(st.sampled_from([0] * 8 + [1, -1]))

    lines = [draw(st.sampled_from(PLAIN_LINES[:4])), ""]
    lines.append(row([draw(_CELLS) for _ in range(width)]))
    lines.append("|" + "|".join(draw(_ALIGNMENTS) for _ in range(count())) + "|")
    for _ in range(draw(st.integers(0, 4))):
        lines.append(row([draw(_CELLS) for _ in range(count())]))
    lines += draw(st.sampled_from([[], [""], ["", "After."], ["After."], ["# H"], ["- item"]]))
    return "\n".join(lines) + "\n"


@settings(max_examples=1500, deadline=None)
@given(_table())
def test_generated_tables_equal_markdown_it_whenever_taken(source: str) -> None:
    _assert_same_or_refused(source)


_FRONT_MATTER = [
    "---",
    "----",
    "--- title",
    "---x",
    "--",
    "title: Ledger cutover",
    "kind: compaction-summary",
    "## Session 1 — first build",
    "As noted earlier, the tray hides the window.",
    "# a comment or a title",
    "...",
    "... ",
    " ...",
    "   ---",
    "    ---",
    "---  ",
    "-----",
    "- - -",
    "  - item",
    "",
]


@settings(max_examples=1000, deadline=None)
@given(
    st.lists(st.sampled_from(_FRONT_MATTER), max_size=6),
    st.lists(st.sampled_from(PLAIN_LINES + PLACED_LINES[:6]), max_size=6),
)
def test_front_matter_equals_markdown_it_whenever_taken(top: list[str], rest: list[str]) -> None:
    _assert_same_or_refused("\n".join(top + rest) + "\n")


_TABLE_LINES = [
    "| file | line | finding |",
    "|---|---|---|",
    "| --- | :--: | --: |",
    "|:-|-|-:|",
    "| - | - |",
    "|---|---|",
    "|--|",
    "| a.py | 12 | `x | y` splits |",
    "| a | a | a |",
    "| b.py |  | [[doc_7]] |",
    "| short | row |",
    "| one | two | three | four |",
    "| escaped \\| pipe | b | c |",
    "|",
    "||",
    "| <b>html</b> | [link](https://example.com) | \u00a0 |",
    "| trailing | space | row | ",
    "a | b | c",
    "",
    "",
    "# Heading",
    "Text after the table.",
    "- an item",
]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(_TABLE_LINES + PLAIN_LINES[:4]), max_size=10))
def test_tables_equal_markdown_it_whenever_taken(lines: list[str]) -> None:
    _assert_same_or_refused("\n".join(lines) + "\n")


_CORPUS = sorted(
    path
    for folder in ("tests/corpus", "examples")
    for path in (Path(__file__).parent.parent / folder).rglob("*.md")
)


@pytest.mark.parametrize("path", _CORPUS, ids=lambda p: p.name)
def test_corpus_files_the_outline_takes_read_as_markdown_it_reads_them(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    lines = physical_lines(source)
    outline = plain_outline(lines)
    if outline is not None:
        assert markdown._plain_blocks(outline, lines) == list(
            markdown._parsed_blocks(source, lines)
        )


def test_most_corpus_files_take_the_outline() -> None:
    taken = [path for path in _CORPUS if plain_outline(physical_lines(path.read_text("utf-8")))]
    assert len(taken) >= 100, len(taken)


def test_what_markdown_it_trims_off_a_cell_is_whitespace() -> None:
    # a cell that is only such characters makes no block on either path
    assert all(character.isspace() for character in MD_TRIM_CHARS)


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


@pytest.mark.parametrize(
    "source",
    [
        "- a\n    - two levels at once\n",
        "- a\nlazy\n",
        "- a\n  indented under it\n",
        "- item\n```\ncode\n```\n  - a bullet at two spaces with no item left open\n",
        "Summary:\n1. Primary Request and Intent:\n   Improve packing.\n\n2. Files:\n   - `a.py`\n",
        "1. a\n   ```py\n   x = 1\n  left of the item's content\n",
        "10. a\n    - under a wide number\n- a bullet after a number\n",
        "Para\n1. a list number 1 interrupts a paragraph\n* so does a star\n",
        "1. a\n   1. a number 1 in an item\n",
        "- a\n\n  a second paragraph in the item\n\nand one after the list\n",
        "1. a\n   - b\n     - c\n   lazy to b's paragraph\n2) a new list\n",
        "- a\n  # a heading in the item\n  text in the item\n",
        "- `code` opens the item\n  ``and`` the continuation\n",
        "Para\n[ref]: https://example.com/not-a-definition-inside-a-paragraph\n",
        "---\ntitle: a\n---\n\n# Notes\n\nText.\n",
        "----\ntitle: a\n---\nstill front matter\n-----\nText.\n",
        "---\ntitle: a\n...\n- item\n",
        "---\ntitle: a\n   ---\nText.\n",
        "---\ntitle: a\n---\n| a | b |\n|---|---|\n| c | d |\n",
        "Para\n\n    - four spaces after a paragraph: code\n",
        "- a\n\n      four spaces right of the content: code\n\n  b\n",
        "Score it with:\n\n    cd tests && python score.py\n\n\n    more code\n## Next\n",
        "1. a\n\n       code in the item\n   text in the item\n  text after it\n",
        "# Heading\n    code right under a heading\n  - an item after it\n",
        "Text.\n\n| a | a |\n| :-- | --: |\n| `x` y | a |\n|  | b |\n\n- item\n",
    ],
)
def test_shapes_the_outline_takes(source: str) -> None:
    assert _assert_same_or_refused(source), source


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
        "Para\n2. a list number other than 1 continues the paragraph\n",
        "1. a\n   2. and so it does in an item\n",
        "- a\n      - four spaces right of the content: a continuation\n",
        "Para\n    four spaces in: a continuation\n",
        "Text\n\n    code\n\tcode with a tab\n",
        "[ref]: https://example.com/ref\n",
        "[label\nsplit]: https://example.com/split\n",
        "- [ref]: https://example.com/in-an-item\n",
        "1. a\n   ```\n\tcode with a tab in front\n",
        "- a\n- - a bullet in a bullet\n",
        "---\ntitle: never closed\n",
        "---\ntitle: a\n    ---\n",
        "---\n\tkey: a tab\n---\n",
        "Text right above\n| a | b |\n|---|---|\n",
        "## A heading right above\n| a | b |\n|---|---|\n",
        "\n| a | b |\n|---|\n",
        "\n| a | b |\n|---|---|\n| one cell |\n",
        "\n| a | b |\n|---|---|\nText right under a row\n",
        "\n| a \\| b |\n|---|\n",
    ],
)
def test_shapes_the_outline_leaves_to_the_parser(source: str) -> None:
    assert plain_outline(physical_lines(source)) is None
