"""Where a long Markdown source may be cut so that markdown-it parses one piece at a time.

markdown-it keeps every token of a document until it returns: about 46 bytes of tokens per
byte of Markdown (a 6 MB file, 276 MB of tokens; 60 MB, several GB). Parsed piece by piece
the tokens held are one piece's. A cut must not change what markdown-it reads, so it falls
only where the block parser starts afresh at the top level:

- after a blank line (spaces and tabs only, as CommonMark counts blank), before a line that
  starts in column 1 and does not continue a container (no indent, no ``>``, no list
  marker): every list, quote and indented code block has ended there, and a paragraph
  cannot continue over a blank line;
- never inside a fenced code block, an HTML block that runs to an end marker (``<pre>``,
  ``<script>``, ``<style>``, ``<textarea>``, comments, processing instructions,
  declarations, CDATA) or front matter;
- between two body rows of a table that starts at the top level (after a blank line), when
  every row since its delimiter row starts with ``|`` in column 1 (no block can interrupt
  such a row, so markdown-it reads it as a row) and the cells markdown-it fills in for short
  rows add up to none so far (its limit on them then counts the same in the piece). The
  piece after such a cut is parsed behind the table's header and delimiter rows, whose cells
  the reader drops: one table of a million rows is read a piece at a time like any other.

Link reference definitions are the one thing a piece cannot see in another; the reader
collects them from every piece first (see :mod:`anchorlint.text.documents.markdown`).
The scan is one regex match or two per line, and every pattern is anchored and linear.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import NamedTuple, TypeVar

from markdown_it.common.utils import mdTrim
from markdown_it.rules_block.table import MAX_AUTOCOMPLETED_CELLS, escapedSplit

from anchorlint.text.documents import PIECE_CHARS

_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})(.*)")
_HTML_BLOCKS = (
    (re.compile(r" {0,3}<(?:script|pre|style|textarea)(?:[ \t>]|$)", re.I), "</", ">"),
    (re.compile(r" {0,3}<!--"), "-->", ""),
    (re.compile(r" {0,3}<\?"), "?>", ""),
    (re.compile(r" {0,3}<![A-Za-z]"), ">", ""),
    (re.compile(r" {0,3}<!\[CDATA\["), "]]>", ""),
)
_HTML_TYPE_1_END = re.compile(r"</(?:script|pre|style|textarea)>", re.I)
#: a line that may continue a container after a blank line: no cut before it
_CONTINUES = re.compile(r"[ \t>]|[-+*](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)")


#: the header and delimiter rows of the table a piece continues (parsed before the piece)
Head = tuple[str, str]


class Piece(NamedTuple):
    """A piece of a source: its first line, its characters ``source[start:end]``, and the
    header and delimiter rows of the table it continues (None when it continues none);
    ``wide`` when it holds only the rows of a table wider than ``WIDE_COLUMNS`` (its header
    and delimiter rows first when ``head`` is None), which the reader splits into cells
    itself rather than have markdown-it hold a token or four for every cell."""

    first: int
    start: int
    end: int
    head: Head | None = None
    wide: bool = False


#: a table with more columns than this is read row by row, its cells split by the reader
WIDE_COLUMNS = 512


def piece_starts(lines: Sequence[str], size: int = PIECE_CHARS) -> list[int]:
    """Indexes of the lines that start pieces of about ``size`` characters (0 first)."""
    return [cut[0] for cut in _merged(_cuts(iter(lines), size))]


def pieces(source: str, size: int = PIECE_CHARS) -> list[Piece]:
    """The pieces of ``source``, found in one pass over its lines without holding them: a
    piece's text is ``source[start:end]``, whose lines
    (:func:`~anchorlint.positions.physical_lines`) are the source's from the first line on.
    Lines end at ``\r\n``, ``\r`` or ``\n``, as the front end counts them.
    """
    reached = [0, 0, -1]  # the starts of the lines read last and before, the last's index
    texts = (source[a:b] for a, b in _line_bounds(source, reached))
    located = (  # each cut's first character, taken as the cut is made
        Piece(line, 0 if not line else reached[0] if line == reached[2] else reached[1], 0, h, w)
        for line, h, w in _cuts(texts, size)
    )
    found = list(_merged(located))
    ends = [piece.start for piece in found[1:]] + [len(source)]
    return [piece._replace(end=end) for piece, end in zip(found, ends, strict=True)]


#: a cut: the index of the line a piece starts at, the table head it continues, and whether
#: it holds only the rows of a wide table
_Cut = tuple[int, "Head | None", bool]


_T = TypeVar("_T", _Cut, Piece)


def _merged(cuts: Iterator[_T]) -> Iterator[_T]:
    """The cuts in order, one a line: a wide table's cut before its header, made once the
    delimiter row is read, takes the place of a cut already made there."""
    held = next(cuts)
    for cut in cuts:
        if cut[0] != held[0]:
            yield held
        held = cut
    yield held


_LINE_END = re.compile(r"\r\n|\r|\n")


def _line_bounds(source: str, reached: list[int]) -> Iterator[tuple[int, int]]:
    """(start, end) of each physical line of ``source`` without its terminator, the start
    also left in ``reached[0]``; a last line is yielded only when it holds something, as
    :func:`~anchorlint.positions.physical_lines` drops an empty one."""
    at = 0
    for end in _LINE_END.finditer(source):
        reached[:] = [at, reached[0], reached[2] + 1]
        yield at, end.start()
        at = end.end()
    if at < len(source):
        reached[:] = [at, reached[0], reached[2] + 1]
        yield at, len(source)


def _cuts(lines: Iterator[str], size: int) -> Iterator[_Cut]:
    """Line indexes where pieces start, read from ``lines`` one at a time (0 first), each
    with the table head it continues: a cut falls after a blank line once ``size``
    characters are read, before a fresh line, or between the rows of a table."""
    yield 0, None, False
    index, line = _after_front_matter(lines)
    count, fence, html, pending, blank = 0, "", "", False, True
    table = _Table()
    header: str | None = None  # a fresh line after a blank one: perhaps a table's header
    while line is not None:
        wide = table.wide and table.head is not None
        if table.row(line):
            if count >= size and table.owed_before == 0:
                yield index, table.head, table.wide
                count = 0
            blank = False
        elif header is not None and table.opens(header, line):
            fence = html = ""  # the table rule comes first: the header opened neither
            header, blank = None, False
            if table.wide:
                yield index - 1, None, True
                count = 0
        else:
            if wide:  # the rows a wide piece holds end here: what follows is read as usual
                yield index, _head_after(table, line), False
                count = 0
            elif pending and _fresh(line):
                yield index, None, False
                count = 0
            quiet = not fence and not html
            header = line if quiet and blank and _fresh(line) and "|" in line else None
            pending = False
            if fence:
                fence = "" if _closes_fence(line, fence) else fence
            elif html:
                html = "" if _ends_html(line, html) else html
            elif opened := _FENCE.match(line):
                if not (opened[1][0] == "`" and "`" in opened[2]):
                    fence = opened[1]
            elif (html := _opens_html(line)) == "":
                pending = count + len(line) + 1 >= size and not line.strip(" \t")
            blank = quiet and not fence and not html and not line.strip(" \t")
        count += len(line) + 1
        index += 1
        line = next(lines, None)


#: a cell of a table's delimiter row, as markdown-it reads it
_DELIMITER_CELL = re.compile(r":?-+:?")


class _Table:
    """The table being read, as markdown-it reads it: its head, its width, and the cells it
    fills in for short rows (a long row takes some back); markdown-it ends a table once
    they pass ``MAX_AUTOCOMPLETED_CELLS``."""

    def __init__(self) -> None:
        self.head: Head | None = None
        self.columns = self.owed = self.owed_before = 0
        self.wide = self.stopped = False
        self.last_head: Head | None = None

    def opens(self, header: str, delimiter: str) -> bool:
        """Whether the two lines open a table (``header`` a fresh line after a blank one)."""
        self.columns = _table_columns(header, delimiter)
        self.head = (header, delimiter) if self.columns else None
        self.owed = 0
        self.wide = self.columns > WIDE_COLUMNS
        return self.head is not None

    def row(self, line: str) -> bool:
        """Whether ``line`` is a body row of the table being read, one that starts with
        ``|``; any other line ends what this scan follows of the table."""
        if self.head is None:
            return False
        owed = self.owed + self.columns - _cell_count(line) if line.startswith("|") else -1
        if line.startswith("|") and owed <= MAX_AUTOCOMPLETED_CELLS:
            self.owed_before, self.owed = self.owed, owed
            return True
        self.stopped = owed > MAX_AUTOCOMPLETED_CELLS
        self.last_head, self.head = self.head, None
        return False


def _head_after(table: _Table, line: str) -> Head | None:
    """The head to parse the rest of a wide table's piece behind, from ``line`` on (a line
    that is no ``|`` row): none after a blank line or where markdown-it's filled-cell limit
    ended the table; else the table may go on, so its head (markdown-it holds its cells;
    counted afresh, the filled cells may then end the table on a later row than one parse)."""
    if table.stopped or not line.strip(" \t"):
        return None
    return table.last_head


def _table_columns(header: str, delimiter: str) -> int:
    """The number of columns of the table that ``header`` and ``delimiter`` open, 0 when
    they open none: markdown-it's table rule, for a header in column 1 (a delimiter row
    indented by a tab is taken for no table, which only forgoes cuts)."""
    rest = delimiter.lstrip(" \t")
    lead = len(delimiter) - len(rest)
    if "\t" in delimiter[:lead] or lead >= 4 or len(rest) < 2 or rest.strip("|-: \t"):
        return 0
    if rest[0] not in "|-:" or (rest[0] == "-" and rest[1] in " \t"):
        return 0
    parts = rest.split("|")
    aligns = 0
    for number, part in enumerate(parts):
        cell = mdTrim(part)
        if not cell and number in (0, len(parts) - 1):
            continue
        if not _DELIMITER_CELL.fullmatch(cell):
            return 0
        aligns += 1
    if "|" not in mdTrim(header.lstrip(" \t")):
        return 0
    return aligns if _cell_count(header) == aligns else 0


def _cell_count(line: str) -> int:
    """The cells markdown-it reads in a row (escaped pipes kept in their cell)."""
    cells = escapedSplit(mdTrim(line.lstrip(" \t")))
    return len(cells) - (bool(cells) and cells[0] == "") - (len(cells) > 1 and cells[-1] == "")


def _after_front_matter(lines: Iterator[str]) -> tuple[int, str | None]:
    """The index and text of the first line after front matter (a ``---`` block at the very
    start; the first line when there is none); a front matter that never closes takes the
    whole file (no line is left, so no cut at all)."""
    first = next(lines, None)
    if first is None or not first.startswith("---"):
        return 0, first
    index = 1
    for line in lines:
        index += 1
        if line.rstrip(" \t") in ("---", "..."):
            return index, next(lines, None)
    return index, None


def _closes_fence(line: str, fence: str) -> bool:
    closing = _FENCE.match(line)
    return (
        closing is not None
        and closing[1][0] == fence[0]
        and len(closing[1]) >= len(fence)
        and not closing[2].strip(" \t")
    )


def _opens_html(line: str) -> str:
    """The end marker of an HTML block of kinds 1-5 that ``line`` opens and does not close,
    ``"type1"`` for ``<pre>`` and its kin; empty when it opens none or closes it at once."""
    for start, end, _ in _HTML_BLOCKS:
        opened = start.match(line)
        if opened is None:
            continue
        if end == "</":
            return "" if _HTML_TYPE_1_END.search(line, opened.end()) else "type1"
        return "" if end in line[opened.end() :] else end
    return ""


def _ends_html(line: str, marker: str) -> bool:
    if marker == "type1":
        return _HTML_TYPE_1_END.search(line) is not None
    return marker in line


def _fresh(line: str) -> bool:
    """Whether ``line`` starts a top-level block after a blank line, continuing nothing."""
    return bool(line) and _CONTINUES.match(line) is None
