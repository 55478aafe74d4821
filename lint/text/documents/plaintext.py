"""Plain text: paragraphs split at blank lines; list items, headings and upper-case labels
(``COMPLETED: …``) start a block.

This is also how summaries kept as JSON strings are read (transcripts, state stores,
records), and what agents write there is Markdown-ish: a fenced code block (a line of three
or more backticks or tildes, to the line that closes it) is code, not prose, and is no
block, as in a Markdown file. A fence never closed runs to the end, as CommonMark reads it.
A bare run of tildes right under a line of prose underlines a heading, as plain text writes
one, and opens nothing.

A block of one line that is a Markdown heading (``## 3. Retry path``) is a heading block, its
text the heading's content without the marks, as the Markdown reader gives it: the checks
that read a summary's own headings (its numbered sections, its titles, a label heading over
its section) read a summary kept as plain text or as a JSON string as they read a ``.md``
file. The line's shape is the one the plain Markdown outline reads
(:func:`~anchorlint.text.documents.plain_markdown_lines.classify`); a line it leaves to the
parser (a closing ``#`` sequence, a tab, two spaces after the marks) stays a paragraph.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

import regex

from anchorlint.positions import PositionMap, line_start_map
from anchorlint.text.documents import (
    STREAM_CHARS,
    Block,
    LongSummary,
    RecordProblem,
    SummarySource,
)
from anchorlint.text.documents.plain_markdown_lines import classify
from anchorlint.text.documents.wrapper_fence import unfenced

if TYPE_CHECKING:
    from anchorlint.config import Settings

#: a list item, a heading, or an upper-case label opening its line (``PENDING:``,
#: ``USER_CONTEXT:``, as condensers write one field a line with no blank line between)
_BLOCK_START = regex.compile(
    r"[ \t]{0,8}(?:[-*+•]|\d{1,4}[.)]|#{1,6})[ \t]|[A-Z][A-Z_]{1,39}:(?=[ \t\r\n]|\Z)"
)
#: a fence line: indented as a list item's may be, then three or more backticks or tildes
_FENCE = regex.compile(r"[ \t]{0,8}(`{3,}+|~{3,}+)")


class _Fences:
    """Which lines are fenced code, asked line by line in order."""

    def __init__(self) -> None:
        self.open: str | None = None  # the run that opened the fence we are in
        self.after_text = False  # the line before was prose

    def code(self, line: str) -> bool:
        """Whether ``line`` opens, lies inside or closes a fenced code block."""
        after_text, self.after_text = self.after_text, False
        if "`" not in line and "~" not in line:
            self.after_text = self.open is None and bool(line.strip())
            return self.open is not None
        found = _FENCE.match(line)
        if self.open is not None:
            if found is not None and self._closes(found.group(1), line[found.end() :]):
                self.open = None
            return True
        rest = line[found.end() :] if found is not None else ""
        if found is None or (found.group(1)[0] == "`" and "`" in rest):
            self.after_text = bool(line.strip())  # ```code``` on one line: inline code
            return False
        if found.group(1)[0] == "~" and after_text and not rest.strip():
            return False  # a heading's underline in plain text (``Status`` over ``~~~~~~``)
        self.open = found.group(1)
        return True

    def _closes(self, run: str, rest: str) -> bool:
        """A run of the opening character, at least as long, with nothing after it."""
        assert self.open is not None
        return run[0] == self.open[0] and len(run) >= len(self.open) and not rest.strip()


_CODE_SPAN = regex.compile(r"`[^`\n]{1,500}`")


def code_spans(text: str) -> tuple[tuple[int, int], ...]:
    """Backtick spans on one line: anchors inside still count, other rules skip them."""
    return tuple(m.span() for m in _CODE_SPAN.finditer(text))


def read(
    path: str, text: str | Iterable[str], settings: Settings, first_line: int = 1
) -> Iterator[SummarySource | LongSummary | RecordProblem]:
    """The reader of plain-text files: the whole file is one summary; a long one is handed
    over block by block, each block's map made from its own lines (no map of the whole)."""
    assert isinstance(text, str)
    if len(text) > STREAM_CHARS:
        yield LongSummary(SummarySource(path, 1, 1, ()), file_blocks(text))
    else:
        blocks = tuple(split_blocks(text, line_start_map(text)))
        # a blank file is one text, empty (ANC109); a file of fenced code only has no prose
        # block but is not empty, as a Markdown file of code only is not
        yield SummarySource(path, 1, 1, blocks, text_fields=-1 if text.strip() else 1)


def file_blocks(text: str) -> Iterator[Block]:
    """``split_blocks(text, line_start_map(text))`` without the whole file's map: lines are
    counted at ``\\n`` as that map counts them, while blocks end where ``split_blocks``
    ends them."""
    text = unfenced(text) or text
    start = None
    offset = 0
    line, line_start = 1, 0  # the file line of ``offset`` and where that line starts
    at = (1, 1)  # file line and column of ``start``
    fences = _Fences()
    for piece in _lines(text):
        blank = fences.code(piece) or not piece.strip()
        if start is not None and (blank or _BLOCK_START.match(piece)):
            yield _located_block(text, start, offset, at)
            start = None
        if start is None and not blank:
            start, at = offset, (line, offset - line_start + 1)
        offset += len(piece)
        if piece.endswith("\n"):
            line, line_start = line + 1, offset
    if start is not None:
        yield _located_block(text, start, offset, at)


#: what ends a line for ``str.splitlines``
_LINE_END = regex.compile("\r\n|[\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")


def _lines(text: str) -> Iterator[str]:
    """``text.splitlines(keepends=True)`` one line at a time, never all held."""
    at = 0
    for end in _LINE_END.finditer(text):
        yield text[at : end.end()]
        at = end.end()
    if at < len(text):
        yield text[at:]


def _located_block(text: str, start: int, end: int, at: tuple[int, int]) -> Block:
    body = text[start:end].rstrip("\r\n")
    heading = _heading(body)
    if heading is not None:
        first, last = heading
        line, column = at
        return _heading_block(
            body[first:last], line_start_map(body[first:last], line, column + first)
        )
    return Block(body, line_start_map(body, *at), code_spans=code_spans(body))


#: the characters before a heading's marks: the indentation a heading may have
_HEADING_INDENT = 3


def _heading(body: str) -> tuple[int, int] | None:
    """Where the content of a block that is one heading line starts and ends, None for any
    other block."""
    opening = body.lstrip(" ")
    if opening[:1] != "#" or len(body) - len(opening) > _HEADING_INDENT:
        return None
    line = body.rstrip()
    if len(line.splitlines()) != 1:
        return None
    shape = classify(line)
    if shape is None or shape[0] != "heading":
        return None
    return shape[2], len(line)


def _heading_block(content: str, positions: PositionMap) -> Block:
    return Block(content, positions, kind="heading", code_spans=code_spans(content))


def split_blocks(text: str, positions: PositionMap) -> Iterator[Block]:
    """Blocks of ``text`` (whose own map is ``positions``); a text that is one fence of
    prose, as a model's raw answer often is, is read inside its fence
    (:mod:`~anchorlint.text.documents.wrapper_fence`)."""
    text = unfenced(text) or text
    start = None
    offset = 0
    fences = _Fences()
    for line in text.splitlines(keepends=True):
        blank = fences.code(line) or not line.strip()
        if start is not None and (blank or _BLOCK_START.match(line)):
            yield _block(text, start, offset, positions)
            start = None
        if start is None and not blank:
            start = offset
        offset += len(line)
    if start is not None:
        yield _block(text, start, offset, positions)


def _block(text: str, start: int, end: int, positions: PositionMap) -> Block:
    body = text[start:end].rstrip("\r\n")
    heading = _heading(body)
    if heading is not None:
        first, last = heading
        return _heading_block(body[first:last], positions.shifted(start + first, start + last))
    return Block(body, positions.shifted(start, start + len(body)), code_spans=code_spans(body))
