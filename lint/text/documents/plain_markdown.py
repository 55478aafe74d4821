"""The block outline of plain Markdown, found without a Markdown parser.

Most summaries are headings, paragraphs, bullets (nested two spaces a level) and fenced code:
Markdown whose structure a line scan can read exactly. markdown-it-py spends most of a
summary's front-end time on such files, so :func:`plain_outline` reads them itself and
returns ``None`` for anything else (quotes, tables, HTML, indented code, multi-line list
items, tabs, trailing spaces, reference definitions...), which then goes to markdown-it.
The accepted subset is deliberately narrow: a line either clearly opens a paragraph, a
heading, a bullet or a fence, or the whole file takes the full parser. Tests compare both
paths on generated documents, so the outline is the one markdown-it would give, never an
approximation.

Why each accepted shape is exact (CommonMark 0.31, which markdown-it follows):

- a bullet ``- x`` at depth ``d`` (``2d`` spaces before it) right under an item at depth
  ``d - 1`` or deeper, or after blank lines that follow one, lies inside the ``d`` items
  above it (each needs ``2k + 2`` spaces of indentation) and nowhere deeper, so it opens an
  item of its own whose content is ``x``; a bullet interrupts a paragraph, and blank lines
  close no list item;
- a fence (three or more backquotes or tildes at the start of a line; a backquote fence's
  info string holds no backquote) interrupts a paragraph and closes every list, since it is
  no lazy continuation line; what follows is code up to the closing fence (up to three
  spaces, at least as many of the same character, then only spaces) or the end of the file;
- a heading's content is inline text whatever it opens with.
"""

from __future__ import annotations

import regex

#: how paragraph text may open: a letter, a digit, a quote, a parenthesis or ``**`` before a
#: word, but never a list number ("1." / "1)"). Only the opening is a pattern; the rest of a
#: line is checked with string methods, so no line can make the scan backtrack.
_OPENS_TEXT = regex.compile(r"(?!\d{1,9}[.)])(?:[\p{L}\p{N}\"'(\u201c\u2018]|\*\*[\p{L}\p{N}])")
#: a fence's opening line: its marker, then an info string (a backquote fence's holds none)
_FENCE_OPEN = regex.compile(r"(`{3,})[^`\t]*|(~{3,})[^\t]*")


#: ASCII characters that open paragraph text by themselves (``_OPENS_TEXT``'s letters and
#: quotes); an ASCII digit or ``*`` needs the pattern, any other ASCII character opens none
_ASCII_OPENERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ\"'(")


def _opens_text(line: str, at: int = 0) -> bool:
    """``_OPENS_TEXT.match(line, at)``, decided without the pattern when the first character
    is ASCII and neither a digit nor ``*``: a regex call costs more than the rest of a line's
    classification."""
    first = line[at : at + 1]
    if first in _ASCII_OPENERS:
        return True
    if first.isascii() and not first.isdigit() and first != "*":
        return False
    return _OPENS_TEXT.match(line, at) is not None


def _classify(line: str) -> tuple[str, str, int] | None:
    """("text" | "heading" | "item", content, depth) for a plain line, None for anything else.

    Lines with a tab or whitespace at either end take the parser (indentation, hard
    breaks), but for a nested bullet's two spaces a level; so do headings with a closing
    ``#`` sequence and bullets other than ``- ``.
    """
    if "\t" in line or line != line.rstrip():
        return None
    first = line[:1]  # compared as a character: a method call costs more than the rest
    if first in _ASCII_OPENERS:  # most lines: text (no other shape opens with one)
        return "text", line, 0
    if first == " ":  # a nested bullet: two spaces a level (one to eight), then ``- ``
        body = line.lstrip(" ")
        indent = len(line) - len(body)
        if indent % 2 or indent > 16 or body[:2] != "- ":
            return None
        opens = body[2:3] in _ASCII_OPENERS or _opens_text(body, 2)
        return ("item", body[2:], indent // 2) if opens else None
    if first == "#":  # one to six marks, then a space
        body = line.lstrip("#")
        if len(line) - len(body) > 6 or body[:1] != " " or line.endswith("#"):
            return None
        return None if body[1:2].isspace() else ("heading", body[1:], 0)
    if first == "-" and line[1:2] == " ":
        opens = line[2:3] in _ASCII_OPENERS or _opens_text(line, 2)
        return ("item", line[2:], 0) if opens else None
    return ("text", line, 0) if _opens_text(line) else None


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


def plain_outline(lines: list[str]) -> list[Inline] | None:
    """The inline blocks of a file made only of plain lines, or None to use the parser."""
    blocks: list[Inline] = []
    paragraph: list[str] = []
    start = 0
    #: the depth of the last item while no other line but blanks came after it: a nested
    #: bullet may follow it at most one level deeper
    item_depth: int | None = None
    blank_since_item = False
    fence: tuple[str, int] | None = None
    closer = ""  # the open fence's shortest closing run: a line without it closes nothing
    for number, line in enumerate(lines):
        if fence is not None:
            if closer in line and _closes(line, fence):
                fence = None
            continue
        if not line.strip(" "):
            if paragraph:
                blocks.append((start, "\n".join(paragraph), "paragraph"))
                paragraph = []
            blank_since_item = True
            continue
        fence = _fence(line) if line[0] in _FENCE_CHARACTERS else None
        if fence is not None:
            closer = fence[0] * fence[1]
            if paragraph:  # a fence interrupts a paragraph and closes every list
                blocks.append((start, "\n".join(paragraph), "paragraph"))
                paragraph = []
            item_depth = None
            continue
        found = _classify(line)
        if found is None:
            return None
        kind, content, depth = found
        if kind == "item":
            if depth and (item_depth is None or depth > item_depth + 1):
                return None
        elif item_depth is not None:
            if not blank_since_item:
                return None  # a lazy continuation of the item, or a heading in its list
            item_depth = None
        if kind == "text":
            if not paragraph:
                start = number
            paragraph.append(line)
            continue
        if paragraph:  # a heading or a bullet interrupts the paragraph
            blocks.append((start, "\n".join(paragraph), "paragraph"))
            paragraph = []
        blocks.append((number, content, "heading" if kind == "heading" else "paragraph"))
        if kind == "item":
            item_depth, blank_since_item = depth, False
    if paragraph:
        blocks.append((start, "\n".join(paragraph), "paragraph"))
    return blocks
