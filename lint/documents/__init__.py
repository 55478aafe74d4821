"""Front ends: turn a file's text into summaries made of prose blocks with source positions.

A summary is one .md/.txt file or one JSON record. Each block is a unit sentences never
cross (a paragraph, heading, list item or table cell); inline code, HTML and link targets
are marked so the text rules read only prose while anchors are still found everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from anchorlint.positions import PositionMap


@dataclass(frozen=True)
class Block:
    text: str
    positions: PositionMap
    kind: str = "paragraph"
    code_spans: tuple[tuple[int, int], ...] = ()
    hidden_spans: tuple[tuple[int, int], ...] = ()
    link_targets: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class SummarySource:
    """One summary before analysis."""

    path: str
    line: int
    column: int
    blocks: tuple[Block, ...]
    thread: str | None = None
    generation: float | None = None


@dataclass(frozen=True)
class RecordProblem:
    """A JSON record that cannot be read (ANC002)."""

    line: int
    column: int
    message: str


SUMMARY_SUFFIXES = {".md": "markdown", ".markdown": "markdown", ".txt": "text"}
RECORD_SUFFIXES = {".json": "json", ".jsonl": "jsonl"}
