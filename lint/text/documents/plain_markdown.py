"""The block outline of plain Markdown, found without a Markdown parser.

Most summaries are headings, paragraphs, list items (bulleted or numbered, nested, with
continuation lines), fenced code and simple tables: Markdown whose structure a line scan can read
exactly. markdown-it-py spends most of a summary's front-end time on such files, so
:func:`plain_outline` reads them itself and returns ``None`` for anything else (quotes,
HTML, setext headings, thematic breaks, tables in list items, tabs, trailing
spaces, reference definitions...), which then goes to markdown-it. A line either clearly
opens or continues a paragraph, a heading, a list item or a fence, or the whole file takes
the full parser. Tests compare both paths on generated documents and on every corpus file
the outline takes, so the outline is the one markdown-it would give, never an
approximation.

The scan keeps the content columns of the open containers: the file's (0), then each open
list item's (its marker's indentation, the marker's width and the one space after it). A
line belongs to the deepest container whose column it reaches; one more than three spaces
right of that column would be indented code (or, under a paragraph, a continuation whatever
it holds), so it takes the parser. Why each accepted shape is exact (CommonMark 0.31, and
markdown-it-py's list rule where the two could part):

- text (a line opening with a letter, a digit that is no list number, a quote, a
  parenthesis, a bracket, ``**`` before a word, or one or two backquotes) under an open
  paragraph continues it, at any indentation up to three spaces right of the paragraph's
  container (left of it, a lazy continuation line): no accepted opening starts a block that
  interrupts a paragraph, and none is a setext underline; its content line is the line
  without the indentation markdown-it strips (the container's column at most). Anywhere
  else text opens a paragraph in its container and closes the items deeper than it (a line
  left of an item's content ends the item unless it is a paragraph's continuation);
- a paragraph opening with ``[`` could be a link reference definition, whose label closes
  with ``]:`` on one of the paragraph's lines: such a paragraph takes the parser, and
  with no definition in the file no inline link can be a reference link;
- a list item (``-``, ``*`` or ``+``, or one to nine digits and ``.`` or ``)``, then one
  space and text) opens an item in its container, closing the deeper ones, and its content
  is a paragraph at its content column. It interrupts a paragraph (markdown-it checks this
  as a terminator), but for a list number other than 1 at the paragraph's own container,
  which continues the paragraph (the parser's case); a marker left of the paragraph's
  container is the next item of an outer list and interrupts whatever its number. A change
  of bullet or delimiter opens a new list at the same place: the items, hence the outline,
  are the same. At most eight items are open at once, far below markdown-it's nesting
  limit;
- a heading (one to six ``#`` and a space, no closing sequence) or a fence (three or more
  backquotes or tildes; a backquote fence's info string holds no backquote) interrupts a
  paragraph wherever its indentation puts it, and closes the items deeper than its
  container. A heading's content is inline text whatever it opens with. A fence holds code
  up to its closing line (up to three spaces right of its container's column, at least as
  many of the same character, then only spaces), the end of the file, or, in a list item,
  the first line with text left of the item's content, which is then read again;
- a table whose header row (``|`` at column 0) follows a blank line, the file's start or
  its front matter, over a delimiter row as :func:`_table` checks it, with every row as many
  cells as the header, is read as markdown-it's table rule reads it: the blank line above
  heads no table of which the header would be the delimiter row (and no other accepted
  line is followed by a delimiter row), and without a backslash (which could escape a
  ``|``) a row splits at every ``|``; each cell's content is trimmed and an empty one
  makes no block. Its rows go on up to a blank line; any other line there (a row of
  another width, text, a heading, an item) takes the parser, which would end the table at
  some of them and fill in or drop cells at others;
- a line four or more spaces right of its container's column, with no paragraph open,
  opens indented code in that container (markdown-it reaches it leaving every deeper item,
  whose lists end at it as code); the code goes on over blank lines and lines as far in,
  and holds no block. Under an open paragraph such a line is a continuation whatever it
  holds, which the parser reads;
- front matter (a first line of three or more dashes, up to its closing line, as
  :func:`_front_matter` reads the plugin's rule) holds no block; the file goes on from the
  line after it as from a file's start.
"""

from __future__ import annotations

import regex
from markdown_it.common.utils import mdTrim

#: how paragraph text may open: a letter, a digit, a quote, a parenthesis, a bracket, ``**``
#: before a word or a code span's backquotes (one or two, never a fence's three), but never a
#: list number ("1. " / "1)" at the end of a line; "1.5" is text). Only the opening is a
#: pattern; the rest of a line is checked with string methods, so no line can make the scan
#: backtrack.
_OPENS_TEXT = regex.compile(
    r"(?!\d{1,9}[.)](?:[ \t]|$))(?:[\p{L}\p{N}\"'(\[\u201c\u2018]|\*\*[\p{L}\p{N}]|`(?!``))"
)
#: a fence's opening line: its marker, then an info string (a backquote fence's holds none)
_FENCE_OPEN = regex.compile(r"(`{3,})[^`\t]*|(~{3,})[^\t]*")


#: ASCII characters that open paragraph text by themselves (``_OPENS_TEXT``'s letters,
#: quotes and brackets); an ASCII digit, ``*`` or a backquote needs the pattern, any other
#: ASCII character opens none
_ASCII_OPENERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ\"'([")


def _opens_text(line: str, at: int = 0) -> bool:
    """``_OPENS_TEXT.match(line, at)``, decided without the pattern when the first character
    is ASCII and neither a digit, ``*`` nor a backquote: a regex call costs more than the rest
    of a line's classification."""
    first = line[at : at + 1]
    if first in _ASCII_OPENERS:
        return True
    if first.isascii() and not first.isdigit() and first not in "*`":
        return False
    return _OPENS_TEXT.match(line, at) is not None


#: a line's shape: its kind ("text", "heading", "bullet", "one" for a list number 1, "number"
#: for any other), its indentation and the column its content opens at
Shape = tuple[str, int, int]

_TEXT: Shape = ("text", 0, 0)
#: the most list items open at once: each opens two token levels, and markdown-it stops
#: reading at level 20
_DEEPEST_ITEMS = 8
_DIGITS = "0123456789"


def _classify(line: str) -> Shape | None:
    """The shape of a plain line, None for anything else. Lines with a tab or whitespace at
    either end take the parser (indentation, hard breaks), but for the spaces in front of a
    nested line; so do headings with a closing ``#`` sequence, list markers followed by more
    than one space and lines opening with any other character than ``_OPENS_TEXT`` allows.
    """
    if "\t" in line or line != line.rstrip():
        return None
    first = line[:1]  # compared as a character: a method call costs more than the rest
    if first in _ASCII_OPENERS:  # most lines: text (no other shape opens with one)
        return _TEXT
    indent = 0
    if first == " ":
        indent = len(line) - len(line.lstrip(" "))
        first = line[indent]
        if first in _ASCII_OPENERS:
            return "text", indent, indent
    if first == "#":
        return _heading(line, indent)
    if first in "-*+" and line[indent + 1 : indent + 2] == " ":
        return ("bullet", indent, indent + 2) if _opens_text(line, indent + 2) else None
    if first in _DIGITS:
        return _numbered(line, indent)
    return ("text", indent, indent) if _opens_text(line, indent) else None


def _heading(line: str, indent: int) -> Shape | None:
    """One to six marks, then one space and the content (no closing sequence)."""
    body = line[indent:].lstrip("#")
    marks = len(line) - indent - len(body)
    if marks > 6 or body[:1] != " " or line.endswith("#") or body[1:2].isspace():
        return None
    return "heading", indent, indent + marks + 1


def _numbered(line: str, indent: int) -> Shape | None:
    """A list number (one to nine digits, ``.`` or ``)``, one space) before text, or text
    opening with a digit."""
    after = len(line) - len(line[indent:].lstrip(_DIGITS))
    if (
        after - indent > 9
        or line[after : after + 1] not in (".", ")")
        or line[after + 1 : after + 2] != " "
    ):
        return ("text", indent, indent) if _opens_text(line, indent) else None
    if not _opens_text(line, after + 2):
        return None
    return "one" if int(line[indent:after]) == 1 else "number", indent, after + 2


#: one prose block as markdown-it's inline token would give it: the 0-based line of its first
#: content line, its content and its kind (a plain tuple: one is made for every block)
Inline = tuple[int, str, str]


#: how every fence opens, and the characters it opens with (a cheaper first test per line)
_FENCE_MARKS = ("```", "~~~")
_FENCE_CHARACTERS = "`~"


def _fence(line: str) -> tuple[str, int] | None:
    """The character and length of the fence a line opens, if it opens one. A line with a
    ``|`` is left alone: over a delimiter row it is a table's header (the table rule comes
    first), so the parser decides."""
    if not line.startswith(_FENCE_MARKS):  # as every match of the pattern does
        return None
    opened = _FENCE_OPEN.fullmatch(line)
    if opened is None or "|" in line:
        return None
    marker = opened[1] or opened[2]
    return marker[0], len(marker)


def _closes(line: str, fence: tuple[str, int]) -> bool:
    """Whether a line closes the fence: up to three spaces, at least as many of the fence's
    character, then only spaces or tabs."""
    body = line.lstrip(" ")
    if len(line) - len(body) > 3:
        return False
    body = body.rstrip(" \t")
    character, length = fence
    return len(body) >= length and body == character * len(body)


def _in_item_fence(line: str, fence: tuple[str, int], column: int, closer: str) -> int:
    """How a line reads inside a fence opened in a list item whose content is at ``column``:
    0 code, 1 the closing fence, 2 a line left of the content (it closes the item and the
    fence unclosed, and is read again), -1 indentation with a tab (the parser's)."""
    body = line.lstrip(" ")
    if not body:
        return 0
    if body[0] == "\t":
        return -1
    if len(line) - len(body) < column:
        return 2
    return 1 if closer in body and _closes(line[column:], fence) else 0


def _row(line: str) -> list[str] | None:
    """A table row's cells as markdown-it splits them (a backslash, which could escape a
    ``|``, takes the parser), or None for a line that is not a plain row at column 0."""
    if line[:1] != "|" or "\\" in line or "\t" in line or line != line.rstrip():
        return None
    cells = line.split("|")[1:]
    if cells and not cells[-1]:
        cells.pop()
    return cells


#: what a delimiter row's cell holds: dashes, a colon at either end for the alignment
_ALIGNMENT = regex.compile(r":?-+:?")


def _table(lines: list[str], number: int) -> list[str] | None:
    """The header cells of a table whose header row is ``lines[number]``, None if the two
    lines there open none (or one the parser must read): the delimiter row under it, a row
    too, holds only ``|``, ``-``, ``:`` and spaces, every cell of it but an empty first or
    last is dashes with a colon at either end, and there are as many as the header's
    cells."""
    header = _row(lines[number])
    delimiter = lines[number + 1] if number + 1 < len(lines) else ""
    if not header or _row(delimiter) is None or delimiter.strip("|-: ") or len(delimiter) < 2:
        return None
    columns = delimiter.split("|")
    aligned = 0
    for index, column in enumerate(columns):
        cell = column.strip(" ")
        if not cell and index in (0, len(columns) - 1):
            continue
        if _ALIGNMENT.fullmatch(cell) is None:
            return None
        aligned += 1
    return header if aligned == len(header) else None


def _cells(blocks: list[Inline], number: int, cells: list[str]) -> None:
    """A row's cells as blocks, but the empty ones (markdown-it's content: each trimmed)."""
    for cell in cells:
        content = mdTrim(cell)
        if content.strip():
            blocks.append((number, content, "cell"))


def _front_matter(lines: list[str]) -> int | None:
    """How many lines front matter takes at the top (0: none), None for the parser. The
    plugin takes a first line opening with three or more dashes, whatever follows them, up
    to the first line that is ``...`` at column 0 or, less than four columns in, at least as
    many dashes, each then only spaces or tabs; unclosed, it is no front matter."""
    if not lines or not lines[0].startswith("---"):
        return 0
    dashes = len(lines[0]) - len(lines[0].lstrip("-"))
    for number in range(1, len(lines)):
        line = lines[number]
        body = line.lstrip(" ")
        if body[:1] == "\t":
            return None  # a tab counts to the next multiple of four columns
        if len(body) == len(line) and line.startswith("...") and not line[3:].strip(" \t"):
            return number + 1
        if len(line) - len(body) < 4 and body.startswith("-"):
            run = len(body) - len(body.lstrip("-"))
            if run >= dashes and not body[run:].strip(" \t"):
                return number + 1
    return None


def plain_outline(lines: list[str]) -> list[Inline] | None:
    """The inline blocks of a file made only of plain lines, or None to use the parser."""
    skip = _front_matter(lines)
    if skip is None:
        return None
    blocks: list[Inline] = []
    paragraph: list[str] = []  # the open paragraph's content lines
    start = 0
    #: the content columns of the open containers: the file's (0), then each open list item's
    columns = [0]
    bracket = False  # the open paragraph opens with "[": it may be a reference definition
    fence: tuple[str, int] | None = None
    fence_column = 0  # the content column of the container the fence is in
    closer = ""  # the open fence's shortest closing run: a line without it closes nothing
    for number, line in enumerate(lines[skip:], skip) if skip else enumerate(lines):
        if fence is not None:
            if fence[0] in "|-":  # a table's rows: its delimiter row, then rows up to a blank
                if fence[0] == "-":
                    fence = "|", fence[1]
                    continue
                if line.strip(" "):
                    cells = _row(line)
                    if cells is None or len(cells) != fence[1]:
                        return None
                    _cells(blocks, number, cells)
                    continue
                fence = None
            elif fence[0] == " ":  # indented code: blank lines, or lines as far in as it
                body = line.lstrip(" ")
                if body[:1] == "\t":
                    return None  # a tab counts to the next multiple of four columns
                if not body or len(line) - len(body) >= fence[1]:
                    continue
                fence = None  # the line is read again
            elif not fence_column:
                if closer in line and _closes(line, fence):
                    fence = None
                continue
            else:
                reading = _in_item_fence(line, fence, fence_column, closer)
                if reading < 0:
                    return None
                if reading < 2:
                    fence = None if reading else fence
                    continue
                fence = None  # the line is read again
        if not line.strip(" "):
            if paragraph:
                blocks.append((start, "\n".join(paragraph), "paragraph"))
                paragraph = []
            continue
        first = line[0]
        if first in _ASCII_OPENERS:  # text at column 0, the commonest line (see _classify)
            if "\t" in line or line != line.rstrip():
                return None
            if not paragraph:  # a paragraph in the file, after every list item
                del columns[1:]
                start, bracket = number, first == "["
            if bracket and "]:" in line:
                return None
            paragraph.append(line)  # else a continuation (lazy under a list item)
            continue
        if first == "-" and line[1:2] == " " and line[2:3] in _ASCII_OPENERS:
            if "\t" in line or line != line.rstrip():  # a bullet at column 0, the next commonest
                return None
            if paragraph:  # which it interrupts
                blocks.append((start, "\n".join(paragraph), "paragraph"))
            del columns[1:]
            columns.append(2)
            start, paragraph, bracket = number, [line[2:]], line[2] == "["
            if bracket and "]:" in line:
                return None
            continue
        if first == "|":  # a table after a blank line (or first), or the parser's
            header = None if paragraph else _table(lines, number)
            if header is None or (number > skip and lines[number - 1].strip(" ")):
                return None
            del columns[1:]
            _cells(blocks, number, header)
            fence = "-", len(header)
            continue
        body = line.lstrip(" ") if first == " " else line
        if first == " " and not paragraph:  # perhaps indented code in its container
            indent = len(line) - len(body)
            depth = len(columns) - 1
            while columns[depth] > indent:
                depth -= 1
            if indent - columns[depth] > 3:
                if body[0] == "\t":
                    return None
                del columns[depth + 1 :]
                fence = " ", columns[depth] + 4
                continue
        found: Shape | None
        if body[0] in _FENCE_CHARACTERS and (fence := _fence(body)) is not None:
            closer = fence[0] * fence[1]
            indent = len(line) - len(body)
            found = "fence", indent, indent
        else:
            found = _classify(line)
            if found is None:
                return None
        kind, indent, column = found
        depth = len(columns) - 1  # the deepest container whose content the line reaches
        while columns[depth] > indent:
            depth -= 1
        if indent - columns[depth] > 3:
            return None  # indented code, or a paragraph's continuation of any shape
        if kind == "text":
            if paragraph:  # a continuation: lazy if left of the content
                if bracket and "]:" in line:
                    return None
                paragraph.append(line[min(indent, columns[-1]) :])
                continue
            del columns[depth + 1 :]
            start, paragraph, bracket = number, [line[indent:]], line[indent] == "["
            if bracket and "]:" in line:
                return None
            continue
        if kind == "number" and paragraph and depth == len(columns) - 1:
            return None  # only a list number 1 interrupts a paragraph at its own indentation
        if paragraph:
            blocks.append((start, "\n".join(paragraph), "paragraph"))
            paragraph = []
        del columns[depth + 1 :]
        if kind == "heading":
            blocks.append((number, line[column:], "heading"))
        elif kind == "fence":
            fence_column = columns[-1]
        else:  # a list item, whose content is a paragraph at its content column
            if len(columns) > _DEEPEST_ITEMS:
                return None
            columns.append(column)
            start, paragraph, bracket = number, [line[column:]], line[column] == "["
            if bracket and "]:" in line:
                return None
    if paragraph:
        blocks.append((start, "\n".join(paragraph), "paragraph"))
    return blocks
