"""Plain text: paragraphs split at blank lines; list items and headings start a block."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

import regex

from anchorlint.positions import PositionMap, line_start_map
from anchorlint.text.documents import Block, RecordProblem, SummarySource

if TYPE_CHECKING:
    from anchorlint.config import Settings

_BLOCK_START = regex.compile(r"[ \t]{0,8}(?:[-*+•]|\d{1,4}[.)]|#{1,6})[ \t]")
_CODE_SPAN = regex.compile(r"`[^`\n]{1,500}`")


def code_spans(text: str) -> tuple[tuple[int, int], ...]:
    """Backtick spans on one line: anchors inside still count, other rules skip them."""
    return tuple(m.span() for m in _CODE_SPAN.finditer(text))


def read(
    path: str, text: str | Iterable[str], settings: Settings, first_line: int = 1
) -> Iterator[SummarySource | RecordProblem]:
    """The reader of plain-text files: the whole file is one summary."""
    assert isinstance(text, str)
    yield SummarySource(path, 1, 1, tuple(split_blocks(text, line_start_map(text))))


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
