"""The reader of plain-text files, which knows a pasted terminal session.

A ``.txt`` file is one summary (:mod:`~anchorlint.text.documents.plaintext`) unless it is a
coding agent's terminal session pasted whole
(:mod:`~anchorlint.text.documents.terminal_captures`): then only its compact summaries are,
read as plain text with their file positions, each one generation of the file's history
thread, as a Markdown file's are. Kept apart from the plain-text reader, which the
transcript readers build on, so that it need not know the exports' threads.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from anchorlint.positions import line_start_map, physical_lines
from anchorlint.text.documents import LongSummary, RecordProblem, SummarySource, plaintext
from anchorlint.text.documents.markdown_exports import export_summaries
from anchorlint.text.documents.terminal_captures import TURN_MARK, capture_summaries

if TYPE_CHECKING:
    from anchorlint.config import Settings


def read(
    path: str, text: str | Iterable[str], settings: Settings, first_line: int = 1
) -> Iterator[SummarySource | LongSummary | RecordProblem]:
    """A pasted terminal session's compact summaries; any other file as the plain-text
    reader reads it (most files pay one substring search)."""
    if isinstance(text, str) and TURN_MARK in text:
        lines = physical_lines(text, lone_cr=False)
        found = capture_summaries(lines)
        if found is not None:
            yield from export_summaries(path, lines, found, _summary_of)
            return
    yield from plaintext.read(path, text, settings, first_line)


def _summary_of(
    path: str, source: str, line: int, thread: str, generation: int, column: int
) -> SummarySource:
    """``source`` (a summary's lines after as many empty ones as come before it in its file)
    read as plain text, one generation of ``thread``."""
    blocks = tuple(plaintext.split_blocks(source, line_start_map(source)))
    return SummarySource(path, line, column, blocks, thread, generation)
