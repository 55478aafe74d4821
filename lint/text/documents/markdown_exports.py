"""The compaction summaries of a conversation saved as Markdown, read with file positions.

:mod:`~anchorlint.text.documents.chat_exports` says where they are (a turn's lines, and the
column its text starts at after a bold role label or a quote marker), or, for an export that
labels only the user's turns, :mod:`~anchorlint.text.documents.chat_exports_user_labels`;
here each is read as a Markdown source of its own lines, after as many empty lines as come
before it in the file, so that every block keeps its file line and column, and each becomes
one generation of the file's history thread.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace

from anchorlint.positions import physical_lines, position_map
from anchorlint.text.documents import Block, LongSummary, SummarySource
from anchorlint.text.documents.chat_exports import (
    USER_LABEL,
    Turn,
    may_be_export,
    summary_lines,
)
from anchorlint.text.documents.chat_exports_user_labels import user_label_summaries
from anchorlint.text.documents.terminal_captures import TURN_MARK, capture_summaries

#: how the Markdown reader reads one source as a summary: path, source, its first line,
#: thread, generation and first column in; a summary out
ReadSummary = Callable[[str, str, int, str, int, int], "SummarySource | LongSummary"]


def saved_conversation(text: str) -> tuple[list[str], list[Turn]] | None:
    """A saved conversation's physical lines and where its compaction summaries are; None
    when ``text`` is no saved conversation (most files pay only the cheap test). Markers of
    both roles are tried first; an export that labels only the user's turns after them. A
    pasted terminal session is tried before either (its turns have no role markers)."""
    if TURN_MARK in text:
        lines = physical_lines(text)
        captured = capture_summaries(lines)
        if captured is not None:
            return lines, captured
    if not may_be_export(text):
        return None
    lines = physical_lines(text)
    found = summary_lines(lines)
    if found is None and USER_LABEL in text:
        found = user_label_summaries(lines)
    return None if found is None else (lines, found)


def export_summaries(
    path: str, lines: list[str], found: list[Turn], summary_of: ReadSummary
) -> Iterator[SummarySource | LongSummary]:
    """The compaction summaries of a saved conversation (``lines``: its physical lines)
    (:mod:`~anchorlint.text.documents.chat_exports`), each one generation of the file's
    history thread. Each is read as a Markdown source of its own lines, after as many empty
    lines as come before it in the file, so its blocks keep their file positions; a turn
    that starts after a bold role label on its first line (``**You:** …``) is read from
    there, and the columns of that line are moved right by the label's width; a turn whose
    later lines are indented (a terminal capture's) is read with them dedented, and their
    columns moved right by the indent."""
    from anchorlint.text.documents.transcripts.common import CHAT_EXPORT, native_thread

    thread = native_thread(CHAT_EXPORT, path)
    for generation, turn in enumerate(found, 1):
        first = lines[turn.start][turn.column :]
        rest = [line[turn.indent :] for line in lines[turn.start + 1 : turn.end]]
        source = "\n" * turn.start + "\n".join([first, *rest]) + "\n"
        summary = summary_of(path, source, turn.start + 1, thread, generation, turn.column + 1)
        yield summary if not (turn.column or turn.indent) else _after_label(summary, turn)


def _after_label(summary: SummarySource | LongSummary, turn: Turn) -> SummarySource | LongSummary:
    """``summary`` with the columns of its first line moved right by the label's width, and
    those of its later lines by their indent."""
    line, width, indent = turn.start + 1, turn.column, turn.indent

    def moved(blocks: Iterable[Block]) -> Iterator[Block]:
        for block in blocks:
            positions = block.positions
            if line in positions.lines or (indent and positions.lines[-1] > line):
                columns = tuple(
                    column + (width if at == line else indent if at > line else 0)
                    for at, column in zip(positions.lines, positions.columns, strict=True)
                )
                positions = position_map(positions.offsets, positions.lines, columns)
                block = replace(block, positions=positions)
            yield block

    if isinstance(summary, LongSummary):
        return LongSummary(summary.head, moved(summary.blocks))
    return replace(summary, blocks=tuple(moved(summary.blocks)))
