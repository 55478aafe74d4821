"""The shapes of single lines of plain Markdown, which the outline's scan reads.

Whether a line is text, a heading or a list item (and where its content opens), whether it
opens or closes a fence, whether it is a table row or two lines open a table, and how many
lines front matter takes. Each is decided from the line (or lines) alone, with string methods
first and a pattern only where they cannot decide; the scan that puts the shapes together,
keeping the open containers and paragraph, and why each accepted shape is exact, are in
:mod:`~anchorlint.text.documents.plain_markdown`.
"""

from __future__ import annotations

import regex

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
ASCII_OPENERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ\"'([")


def _opens_text(line: str, at: int = 0) -> bool:
    """``_OPENS_TEXT.match(line, at)``, decided without the pattern when the first character
    is ASCII and neither a digit, ``*`` nor a backquote: a regex call costs more than the rest
    of a line's classification."""
    first = line[at : at + 1]
    if first in ASCII_OPENERS:
        return True
    if first.isascii() and not first.isdigit() and first not in "*`":
        return False
    return _OPENS_TEXT.match(line, at) is not None


#: a line's shape: its kind ("text", "heading", "bullet", "one" for a list number 1, "number"
#: for any other), its indentation and the column its content opens at
Shape = tuple[str, int, int]

_TEXT: Shape = ("text", 0, 0)
_DIGITS = "0123456789"


def classify(line: str) -> Shape | None:
    """The shape of a plain line, None for anything else. Lines with a tab or whitespace at
    either end take the parser (indentation, hard breaks), but for the spaces in front of a
    nested line; so do headings with a closing ``#`` sequence, list markers followed by more
    than one space and lines opening with any other character than ``_OPENS_TEXT`` allows.
    """
    if "\t" in line or line != line.rstrip():
        return None
    first = line[:1]  # compared as a character: a method call costs more than the rest
    if first in ASCII_OPENERS:  # most lines: text (no other shape opens with one)
        return _TEXT
    indent = 0
    if first == " ":
        indent = len(line) - len(line.lstrip(" "))
        first = line[indent]
        if first in ASCII_OPENERS:
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


#: how every fence opens, and the characters it opens with (a cheaper first test per line)
_FENCE_MARKS = ("```", "~~~")
FENCE_CHARACTERS = "`~"


def opened_fence(line: str) -> tuple[str, int] | None:
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


def closes_fence(line: str, fence: tuple[str, int]) -> bool:
    """Whether a line closes the fence: up to three spaces, at least as many of the fence's
    character, then only spaces or tabs."""
    body = line.lstrip(" ")
    if len(line) - len(body) > 3:
        return False
    body = body.rstrip(" \t")
    character, length = fence
    return len(body) >= length and body == character * len(body)


def in_item_fence(line: str, fence: tuple[str, int], column: int, closer: str) -> int:
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
    return 1 if closer in body and closes_fence(line[column:], fence) else 0


def table_row(line: str) -> list[str] | None:
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


def table_header(lines: list[str], number: int) -> list[str] | None:
    """The header cells of a table whose header row is ``lines[number]``, None if the two
    lines there open none (or one the parser must read): the delimiter row under it, a row
    too, holds only ``|``, ``-``, ``:`` and spaces, every cell of it but an empty first or
    last is dashes with a colon at either end, and there are as many as the header's
    cells."""
    header = table_row(lines[number])
    delimiter = lines[number + 1] if number + 1 < len(lines) else ""
    if not header or table_row(delimiter) is None or delimiter.strip("|-: ") or len(delimiter) < 2:
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


#: a line that opens YAML front matter: a key and its colon (``title: …``, ``tags:``,
#: ``"last updated": …``); a key is at most four words, so a sentence with a colon is none
_YAML_KEY = regex.compile(
    r"""(?:[A-Za-z_][\w.-]*+(?:[ \t][\w.-]++){0,3}|"[^"\n]{1,80}"|'[^'\n]{1,80}')[ \t]*:(?:[ \t]|$)"""
)


def opens_yaml(lines: list[str]) -> bool:
    """Whether a file opening with dashes holds YAML after them: its first line that is not
    blank is a key, or the closing dashes of an empty block. The front-matter plugin takes
    whatever stands between two rules of dashes; notes kept by agents open with a rule as
    often as with front matter (``---``, then ``## Session 1`` and its prose, then ``---``
    before the next session), and that prose was read as front matter and never linted.
    Both the outline and the parser ask this first (:func:`front_matter`,
    :func:`~anchorlint.text.documents.markdown.reads_front_matter`)."""
    for line in lines[1:]:
        body = line.strip(" \t")
        if not body:
            continue
        closing = body.rstrip("-") == "" or body.rstrip(".") == ""
        return closing or _YAML_KEY.match(line) is not None
    return True


def front_matter(lines: list[str]) -> int | None:
    """How many lines front matter takes at the top (0: none), None for the parser. The
    plugin takes a first line opening with three or more dashes, whatever follows them, up
    to the first line that is ``...`` at column 0 or, less than four columns in, at least as
    many dashes, each then only spaces or tabs; unclosed, it is no front matter. A block that
    does not open with YAML (:func:`opens_yaml`) is none either: the parser then reads it
    without the plugin."""
    if not lines or not lines[0].startswith("---") or not opens_yaml(lines):
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
