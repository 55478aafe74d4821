"""The cells of a very wide table, split by the reader itself, row by row.

markdown-it holds a token or four for every cell of a table until it returns: a table of
50,000 columns and 22 rows held 1.5 GB. What it makes of a cell is simple, though: the row is
split at unescaped pipes (:func:`markdown_it.rules_block.table.escapedSplit`), each cell is
trimmed and parsed as inline Markdown on its own, cells past the header's count are dropped
and missing ones are empty. So the rows of a wide table (see
:mod:`~anchorlint.text.documents.markdown_pieces`, which finds them: rows that start with
``|`` of a table at the top level) are read here with markdown-it's own splitting and inline
parser, one row at a time: the same contents and inline tokens as one parse, without the
tokens of every other cell.
"""

from __future__ import annotations

from collections.abc import Iterator

from markdown_it import MarkdownIt
from markdown_it.common.utils import mdTrim
from markdown_it.rules_block.table import escapedSplit
from markdown_it.token import Token

from anchorlint.text.documents.markdown_pieces import Head

#: only these open the inline tokens a block keeps (code, HTML, autolinks, links)
_INLINE_MARKS = ("`", "<", "[")


def wide_cells(
    lines: list[str], head: Head | None, env: dict[str, object], parser: MarkdownIt
) -> Iterator[tuple[int, str, str, list[Token]]]:
    """(line, content, "cell", children) of each cell with text in ``lines``: the rows of a
    table whose head is ``head``, or, when ``head`` is None, whose first two lines are its
    header and delimiter rows (the header's cells read as one parse reads them, too)."""
    columns = row_cells(head[0] if head is not None else lines[0])
    width = len(columns)
    del columns
    numbers = range(len(lines)) if head is not None else [0, *range(2, len(lines))]
    for number in numbers:
        for content in _contents(row_cells(lines[number]), width):
            children: list[Token] = []
            if any(mark in content for mark in _INLINE_MARKS):
                children = parser.parseInline(content, env)[0].children or []
            yield number, content, "cell", children


def row_cells(line: str) -> list[str]:
    """The cells of a table row as markdown-it splits it (a NUL read as U+FFFD, as its
    normalising step does; the outer empty cells of ``| a |`` dropped)."""
    cells = escapedSplit(mdTrim(line.replace("\x00", "\ufffd").lstrip(" \t")))
    if cells and cells[0] == "":
        cells.pop(0)
    if cells and cells[-1] == "":
        cells.pop()
    return cells


def _contents(cells: list[str], width: int) -> Iterator[str]:
    for cell in cells[:width]:
        content = mdTrim(cell) if cell else ""
        if content.strip():
            yield content
