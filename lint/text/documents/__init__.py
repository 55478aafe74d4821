"""Front ends: turn a file's text into summaries made of prose blocks with source positions.

A summary is one .md/.txt file or one JSON record. Each block is a unit sentences never
cross (a paragraph, heading, list item or table cell); inline code, HTML and link targets
(and reference links, whose target is defined elsewhere) are marked so the text rules read
only prose while anchors are still found everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, TypeAlias

from anchorlint.frozen import slots_twin
from anchorlint.positions import PositionMap

if TYPE_CHECKING:
    from anchorlint.config import Settings


@dataclass(frozen=True, slots=True)
class Block:
    text: str
    positions: PositionMap
    kind: str = "paragraph"
    code_spans: tuple[tuple[int, int], ...] = ()
    hidden_spans: tuple[tuple[int, int], ...] = ()
    link_targets: tuple[tuple[int, int], ...] = ()
    #: links whose target is not written out where they are (``[text][label]``, or a
    #: destination markdown-it normalised, ``<my notes.md>``): the bracketed text and target
    reference_links: tuple[tuple[int, int, str], ...] = ()


def block_of(
    text: str,
    positions: PositionMap,
    kind: str = "paragraph",
    code_spans: tuple[tuple[int, int], ...] = (),
    hidden_spans: tuple[tuple[int, int], ...] = (),
    link_targets: tuple[tuple[int, int], ...] = (),
    reference_links: tuple[tuple[int, int, str], ...] = (),
) -> Block:
    """``Block(…)`` in a third of the constructor's work (see
    :func:`~anchorlint.frozen.slots_twin`): the front end makes one for every paragraph,
    heading, item and cell, and the frozen ``__init__`` sets each of the seven fields
    through ``object.__setattr__``."""
    made: Any = _BlockTwin()
    made.text, made.positions, made.kind = text, positions, kind
    made.code_spans, made.hidden_spans = code_spans, hidden_spans
    made.link_targets, made.reference_links = link_targets, reference_links
    made.__class__ = Block
    return made


_BlockTwin = slots_twin(Block)


@dataclass(frozen=True)
class SummarySource:
    """One summary before analysis."""

    path: str
    line: int
    column: int
    blocks: tuple[Block, ...]
    thread: str | None = None
    generation: float | None = None
    #: a record's text fields found (all empty: an empty summary, ANC109); -1 for a file,
    #: but 1 for a plain-text file that is blank (its one text, empty)
    text_fields: int = -1
    #: the id a native record gives itself within its ``thread`` (Claude Code's ``uuid``),
    #: when it has one: a framework copies records between files, and the run lints each
    #: (thread, id) once (:mod:`anchorlint.run.copies`)
    record: str | None = None


@dataclass(frozen=True)
class LongSummary:
    """One summary too long to hold whole (a long Markdown file): ``head`` says where and what
    it is (its ``blocks`` empty), ``blocks`` yields its blocks once, in order, as the reader
    makes them. The text pass analyses them group by group and keeps only what the
    summary-wide rules and the run-level facts read, so memory is bounded by a group."""

    head: SummarySource
    blocks: Iterator[Block] = field(compare=False, repr=False)


#: a source longer than this (in characters) is read as a :class:`LongSummary`
STREAM_CHARS = 1 << 18
#: a Markdown source longer than this (in characters) is parsed in pieces of about this size
#: (:mod:`~anchorlint.text.documents.markdown_pieces`)
PIECE_CHARS = 1 << 20


@dataclass(frozen=True)
class RecordProblem:
    """A record that cannot be read (ANC002), a summary that cannot be checked (ANC004), or,
    with code ``note``, a record skipped on purpose that the user is told about on stderr."""

    line: int
    column: int
    message: str
    code: str = "ANC002"


#: what every front end is: a file's path, its text (or, for a kind that streams, its lines
#: from ``first_line`` on) and the settings in; its summaries (a long one as it is read), or
#: problems of records, out.
#: The file-kind table (:mod:`anchorlint.run.kinds`) names one reader per kind.
Reader: TypeAlias = Callable[
    [str, "str | Iterable[str]", "Settings", int],
    Iterator["SummarySource | LongSummary | RecordProblem"],
]


#: the longest block handed to spaCy (whose own limit is 1,000,000 characters): a longer one,
#: a megabyte-long line, is cut at whitespace into pieces no sentence crosses
MAX_BLOCK = 100_000


def split_long_block(block: Block, limit: int = MAX_BLOCK) -> list[Block]:
    """``block`` cut into pieces of at most ``limit`` characters, spans kept with their piece.

    Cuts fall on whitespace outside code, HTML and link spans where there is some, so anchors
    and inline code stay whole; a span straddling a forced cut is dropped.
    """
    if len(block.text) <= limit:
        return [block]
    references = tuple((a, b) for a, b, _ in block.reference_links)
    spans = sorted((*block.code_spans, *block.hidden_spans, *block.link_targets, *references))
    pieces, start = [], 0
    while start < len(block.text):
        end = min(start + limit, len(block.text))
        if end < len(block.text):
            cut = _cut_point(block.text, start, end, spans)
            end = cut if cut > start else end
        pieces.append(_piece(block, start, end))
        start = end
    return pieces


def _cut_point(text: str, start: int, end: int, spans: list[tuple[int, int]]) -> int:
    floor = start + (end - start) // 2
    index = end
    while index > floor:
        index = max(text.rfind(" ", floor, index), text.rfind("\n", floor, index))
        if index < 0:
            return end
        if not any(a < index < b for a, b in spans):
            return index + 1
    return end


def _piece(block: Block, start: int, end: int) -> Block:
    def inside(spans: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
        return tuple((a - start, b - start) for a, b in spans if start <= a and b <= end)

    return replace(
        block,
        text=block.text[start:end],
        positions=block.positions.shifted(start, end),
        code_spans=inside(block.code_spans),
        hidden_spans=inside(block.hidden_spans),
        link_targets=inside(block.link_targets),
        reference_links=tuple(
            (a - start, b - start, target)
            for a, b, target in block.reference_links
            if start <= a and b <= end
        ),
    )
