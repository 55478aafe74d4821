"""A long Markdown file parsed in pieces reads exactly as one parse would.

The front end cuts sources longer than ``PIECE_CHARS`` at top-level block boundaries, so that
markdown-it's tokens are held one piece at a time. Here the limit is lowered so that every
possible cut is taken, and the blocks (text, positions, code, HTML and link spans) are compared
with one parse of the whole, on the repository's own Markdown and on generated documents full
of the constructs a wrong cut would break: fences, HTML blocks, lists, quotes, indented code,
front matter, tables, and reference definitions after their use.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from anchorlint.positions import physical_lines
from anchorlint.text.documents import markdown, markdown_pieces
from anchorlint.text.documents.markdown import split_blocks
from anchorlint.text.documents.markdown_pieces import piece_starts, pieces

REPO = Path(__file__).resolve().parents[1]

PARTS = [
    "As noted earlier, the cutover moved; see [[ops/calendar]].",
    "A [shortcut] and a [full][ref] link, and [inline](https://example.com/x).",
    "[shortcut]: https://example.com/s\n[ref]: https://example.com/r 'Title'",
    "```python\nprint('[[not/an/anchor]]')\n\nstill code\n```",
    "~~~\nfence\n\n~~~~",
    "<pre>\nraw\n\nstill raw [[k]]\n</pre>",
    "<!-- a comment\n\nstill the comment -->",
    "<div>\nhtml block\n</div>",
    "- item one\n- item two\n\n  continued item [[k2]]",
    "1. first\n\n2. second",
    "> quoted\n> more\n\n> another quote",
    "    indented code\n\n    more code",
    "| a | b |\n| --- | --- |\n| [[cell]] | `code` |",
    "Setext heading\n==============",
    "# Heading with `code` and <span>html</span>",
    "Text with *emphasis* and **strong** and a line  \nbreak.",
    "- outer\n  - inner\n\n    deep paragraph",
    "<script>\nlet x = 1;\n\n</script>",
    "Lazy\ncontinuation line",
    "---",
    "\t- tab indented",
    "[unused]: https://example.com/u",
]


def generated(seed: int, count: int = 60) -> str:
    chooser = random.Random(seed)
    head = "---\ntitle: t\n---\n\n" if chooser.random() < 0.3 else ""
    body = "\n\n".join(chooser.choice(PARTS) for _ in range(count))
    tail = "\n[full]: https://example.com/late\n" if chooser.random() < 0.5 else ""
    return head + body + "\n" + tail


def both_ways(source: str, monkeypatch: pytest.MonkeyPatch) -> tuple[list, list]:
    whole = list(split_blocks(source))
    with monkeypatch.context() as patched:
        patched.setattr(markdown, "PIECE_CHARS", 0)  # every cut the scanner allows
        pieced = list(split_blocks(source))
    return whole, pieced


@pytest.mark.parametrize("seed", range(40))
def test_generated_documents_read_the_same_in_pieces(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole, pieced = both_ways(generated(seed), monkeypatch)
    assert pieced == whole


def test_the_repositorys_markdown_reads_the_same_in_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    files = [p for p in REPO.rglob("*.md") if ".git" not in p.parts]
    assert len(files) > 20
    for path in files:
        source = path.read_text(encoding="utf-8", errors="replace")
        whole, pieced = both_ways(source, monkeypatch)
        assert pieced == whole, path


#: plain lines the outline reads itself (headings, paragraphs, bullets)
PLAIN = [
    "The cutover moved to Thursday; see [[ops/calendar]].",
    "# Handover notes",
    "- A bullet with `pool.max` and a [link](https://example.com/p).",
    "As noted earlier, the retry budget stays at five.",
    "",
]


def mixed(seed: int, with_definitions: bool) -> str:
    """Runs of plain lines between structured parts: with no definition anywhere, the plain
    pieces take the outline and the others markdown-it."""
    chooser = random.Random(seed)
    parts = [p for p in PARTS if with_definitions or "]:" not in p]
    runs = []
    for _ in range(30):
        if chooser.random() < 0.5:
            runs.append("\n".join(chooser.choice(PLAIN) for _ in range(chooser.randint(1, 30))))
        else:
            runs.append("\n\n".join(chooser.choice(parts) for _ in range(chooser.randint(1, 4))))
    return "\n\n".join(runs) + "\n"


@pytest.mark.parametrize("seed", range(30))
@pytest.mark.parametrize("with_definitions", [False, True])
def test_plain_and_structured_pieces_read_as_one_parse(
    seed: int, with_definitions: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = mixed(seed, with_definitions)
    if seed % 3 == 1:
        source = source.replace("\n", "\r\n")
    elif seed % 3 == 2:
        source = source.replace("\n", "\r", 40)
    at_once = [
        markdown._inline_block(content, children, first, lines, {}, kind)
        for lines in [physical_lines(source)]
        for first, content, kind, children in markdown._parsed_inlines(source)
    ]
    whole, pieced = both_ways(source, monkeypatch)
    assert whole == pieced == at_once


@pytest.mark.parametrize("seed", range(20))
def test_pieces_of_the_source_are_the_pieces_of_its_lines(seed: int) -> None:
    source = generated(seed, 150)
    if seed % 2:
        source = source.replace("\n", "\r\n", 70).replace("\n", "\r", 30)
    if seed % 5 == 0:
        source = source.rstrip("\n")
    lines = physical_lines(source)
    for size in (0, 40, 400, 10**6):
        found = pieces(source, size)
        assert [piece.first for piece in found] == piece_starts(lines, size)
        ends = [piece.first for piece in found[1:]] + [len(lines)]
        for (first, start, end, *_), last in zip(found, ends, strict=True):
            assert physical_lines(source[start:end]) == lines[first:last]
        assert found[0][1] == 0 and found[-1][2] == len(source)


def test_cuts_are_taken_and_bounded() -> None:
    lines = physical_lines(generated(3, 400))
    starts = piece_starts(lines, 200)
    assert len(starts) > 20
    fenced = physical_lines("```\n" + "a\n\nb\n" * 500 + "```\n\nAfter.\n")
    assert piece_starts(fenced, 10) == [0, 1503]  # nothing inside the fence


@pytest.mark.slow
def test_a_long_markdown_file_parses_in_bounded_memory(tmp_path: Path) -> None:
    """The front end on 12 MB of Markdown: tokens of one piece at a time, not of the file."""
    (tmp_path / "big.md").write_text(generated(7, 2000) * 30)
    # the peak of this process's own memory: VmHWM starts afresh at exec, while ru_maxrss keeps
    # the size of the (large, late in a run) test process it was forked from
    probe = (
        "import sys\n"
        "from anchorlint.text.documents.markdown import split_blocks\n"
        "source = open(sys.argv[1]).read()\n"
        "count = sum(1 for _ in split_blocks(source))\n"
        "status = open('/proc/self/status').read().split('VmHWM:')[1].split()[0]\n"
        "print(count, int(status) // 1024)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe, str(tmp_path / "big.md")],
        capture_output=True, text=True, timeout=600, check=True,
    ).stdout.split()  # fmt: skip
    assert int(out[0]) > 10_000
    assert int(out[1]) < 400, f"{out[1]} MB"


#: cells a table may hold: plain words, anchors, inline code (with a pipe in it, which splits
#: the cell as GFM reads it), escaped pipes, links, emphasis, HTML, empty cells
CELLS = [
    "word",
    "[[ops/cell]]",
    "`pool.max`",
    "`a|b`",
    "x \\| y",
    "[link](https://example.com/t)",
    "[shortcut]",
    "*stress* and db.py:12",
    "<b>bold</b>",
    "",
    "see `db.py:12` here",
]
#: what may follow a table: the end of the file, a blank line, a paragraph line (a row of
#: one cell to markdown-it), a heading, a quote, a fence, another table
AFTER = [
    "",
    "\n\nAfter the table.\n",
    "Lazy text line\n",
    "# Heading\n",
    "> quote\n",
    "```\ncode\n```\n",
]


def table(chooser: random.Random, rows: int) -> str:
    width = chooser.randint(1, 5)
    header = "|" + "|".join(f" h{i} " for i in range(width)) + "|"
    if chooser.random() < 0.3:
        header = header.strip("|")
    delimiter = (
        "|" + "|".join(chooser.choice(["---", ":--", "--:", ":-:"]) for _ in range(width)) + "|"
    )
    body = []
    for _ in range(rows):
        count = width if chooser.random() < 0.8 else chooser.randint(0, width + 2)
        cells = [chooser.choice(CELLS) for _ in range(count)]
        row = "| " + " | ".join(cells) + " |"
        body.append(row if chooser.random() < 0.9 else row.lstrip("| "))
    return "\n".join([header, delimiter, *body]) + "\n" + chooser.choice(AFTER)


def tables(seed: int) -> str:
    chooser = random.Random(seed)
    parts = []
    for _ in range(6):
        parts.append(table(chooser, chooser.randint(0, 40)))
        parts.append(chooser.choice(PARTS))
    return "\n\n".join(parts) + "\n"


@pytest.mark.parametrize("seed", range(40))
def test_tables_cut_between_rows_read_as_one_parse(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tables(seed)
    if seed % 4 == 3:
        source = source.replace("\n", "\r\n")
    whole, pieced = both_ways(source, monkeypatch)
    assert pieced == whole
    assert any(piece.head is not None for piece in pieces(source, 0))


def test_a_tall_table_is_cut_between_its_rows_and_its_header_read_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rows = "".join(f"| row {i} with `db.py:{i}` | [[k/{i}]] |\n" for i in range(300))
    source = "Before.\n\n| name | anchor |\n| --- | --- |\n" + rows + "\nAfter.\n"
    found = pieces(source, 500)
    assert len(found) > 10
    assert all(p.head == ("| name | anchor |", "| --- | --- |") for p in found[1:-1])
    whole, pieced = both_ways(source, monkeypatch)
    assert pieced == whole
    assert [b.text for b in pieced].count("name") == 1  # the header's cells, once
    assert pieced[-1].text == "After."


def test_no_cut_where_a_piece_would_read_the_table_differently() -> None:
    head = "| a | b |\n| - | - |\n"
    # a row not starting with "|" may end the table or not: no cut after it
    mixed_rows = pieces(head + "| 1 | 2 |\n" + "plain\n| 3 | 4 |\n" * 5, 0)
    assert [p.first for p in mixed_rows] == [0, 2]
    # a table inside a list item, or under a paragraph line, is not cut
    assert len(pieces("- item\n\n  " + head.replace("\n", "\n  ") + "  | 1 | 2 |\n" * 9, 0)) == 1
    assert len(pieces("Text\n" + head + "| 1 | 2 |\n" * 9, 0)) == 1
    # short rows: markdown-it counts the cells it fills in, so a cut waits until none is owed
    short = pieces(head + "| 1 |\n" + "| 1 | 2 | 3 |\n" + "| 1 | 2 |\n" * 3, 0)
    assert [p.first for p in short] == [0, 2, 4, 5, 6]


def test_a_table_that_ends_where_markdown_it_stops_filling_cells_reads_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """markdown-it ends a table once the cells it fills in for short rows pass 65,536: a
    piece must not start counting afresh in the middle of them."""
    header = "|" + "|".join(f"h{i}" for i in range(1000)) + "|"
    delimiter = "|" + "---|" * 1000
    source = "\n".join([header, delimiter] + ["| `x` [[k]] |"] * 80 + ["| full |" * 3]) + "\n"
    whole, pieced = both_ways(source, monkeypatch)
    assert pieced == whole
    assert [b.text for b in whole].count("`x` [[k]]") < 80  # the table did end early


@pytest.mark.parametrize("opening", ["```a | b", "~~~ a|b", "<pre>|", "<!-- a | b", "<div>|"])
def test_a_header_that_looks_like_a_fence_or_html_opens_a_table(
    opening: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = (
        f"{opening}\n| - | - |\n| 1 | 2 |\n```\n\n~~~\n\n-->\n\nSee [[k]] at db.py:12.\n\nEnd.\n"
    )
    whole, pieced = both_ways(source, monkeypatch)
    assert pieced == whole


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("size", [0, 300, 10**6])
def test_wide_tables_read_cell_by_cell_read_as_one_parse(
    seed: int, size: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every table taken for wide (the bound lowered to two columns): its rows split by the
    reader, cell contents and inline spans as markdown-it's one parse has them."""
    source = tables(seed)
    if seed % 4 == 3:
        source = source.replace("\n", "\r\n")
    if seed % 5 == 4:
        source = source.replace("`a|b`", "`a\x00b`")
    whole = list(split_blocks(source))
    with monkeypatch.context() as patched:
        patched.setattr(markdown_pieces, "WIDE_COLUMNS", 2)
        patched.setattr(markdown, "PIECE_CHARS", size)
        patched.setattr(markdown, "WIDE_PIPES", 0)
        found = pieces(source, size)
        pieced = list(split_blocks(source))
    assert pieced == whole
    WIDE_SEEN[seed, size] = sum(piece.wide for piece in found)


WIDE_SEEN: dict[tuple[int, int], int] = {}


def test_the_wide_reading_was_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparisons above did read tables cell by cell (most generated tables are wide
    by the lowered bound)."""
    for seed in range(40):
        if (seed, 0) not in WIDE_SEEN:
            test_wide_tables_read_cell_by_cell_read_as_one_parse(seed, 0, monkeypatch)
    assert sum(WIDE_SEEN[seed, 0] > 0 for seed in range(40)) > 30


PEAK_PROBE = (
    "import sys\n"
    "from anchorlint.text.documents.markdown import split_blocks\n"
    "source = open(sys.argv[1]).read()\n"
    "count = sum(1 for _ in split_blocks(source))\n"
    "status = open('/proc/self/status').read().split('VmHWM:')[1].split()[0]\n"
    "print(count, int(status) // 1024)\n"
)


@pytest.mark.parametrize("shape", ["tall", "wide"])
def test_one_huge_table_is_read_in_bounded_memory(shape: str, tmp_path: Path) -> None:
    """A table is one top-level block: 3 MB of it (80,000 rows, or 20 rows of 40,000
    columns) took the front end to 343 MB and 1.08 GB read whole; cut between rows, and the
    wide one read cell by cell, 127 MB and 23 MB."""
    if shape == "tall":
        rows = "".join(f"| step {i} moved | see `db.py:{i}` |\n" for i in range(80_000))
        source = "| a | b |\n| --- | --- |\n" + rows + "\nAfter.\n"
    else:
        source = (
            "|" + "h|" * 40_000 + "\n|" + "-|" * 40_000 + "\n" + ("|" + "c|" * 40_000 + "\n") * 20
        )
    (tmp_path / "table.md").write_text(source)
    out = subprocess.run(
        [sys.executable, "-c", PEAK_PROBE, str(tmp_path / "table.md")],
        capture_output=True, text=True, timeout=600, check=True,
    ).stdout.split()  # fmt: skip
    assert int(out[0]) == (160_003 if shape == "tall" else 840_000)
    assert int(out[1]) < 200, f"{out[1]} MB"
