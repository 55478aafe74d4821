"""Plain text: paragraphs split at blank lines; list items and headings start a block."""

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

if TYPE_CHECKING:
    from anchorlint.config import Settings

_BLOCK_START = regex.compile(r"[ \t]{0,8}(?:[-*+•]|\d{1,4}[.)]|#{1,6})[ \t]")
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
        yield SummarySource(path, 1, 1, tuple(split_blocks(text, line_start_map(text))))


def file_blocks(text: str) -> Iterator[Block]:
    """``split_blocks(text, line_start_map(text))`` without the whole file's map: lines are
    counted at ``\\n`` as that map counts them, while blocks end where ``split_blocks``
    ends them."""
    start = None
    offset = 0
    line, line_start = 1, 0  # the file line of ``offset`` and where that line starts
    at = (1, 1)  # file line and column of ``start``
    for piece in _lines(text):
        blank = not piece.strip()
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
    return Block(body, line_start_map(body, *at), code_spans=code_spans(body))


def split_blocks(text: str, positions: PositionMap) -> Iterator[Block]:
    """Blocks of ``text`` (whose own map is ``positions``)."""
    start = None
    offset = 0
    for line in text.splitlines(keepends=True):
        blank = not line.strip()
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
    return Block(body, positions.shifted(start, start + len(body)), code_spans=code_spans(body))
