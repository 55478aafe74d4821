"""What the text rules read: a summary analysed once (:class:`AnalysedSummary`) and its
kept sentences (:class:`Sentence`).

Made by :mod:`anchorlint.text.summary` (and, for a long summary read in groups, by the text
pass); kept apart from the analysis so that the rules, the run and the assembly can name the
types without importing what makes them.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from anchorlint.text.anchor_parts import Anchor
from anchorlint.text.documents import SummarySource
from anchorlint.text.nlp import Pipeline


@dataclass(frozen=True)
class Sentence:
    index: int
    start: int
    end: int
    block: int
    offset: int  # add to a token's ``idx`` to get an offset into summary.text
    anchors: tuple[Anchor, ...]
    #: the block's spaCy Doc (None where the block was not parsed; the summary's other
    #: blocks may share it) and the sentence's tokens in it
    doc: Any = field(default=None, compare=False, repr=False)
    token_start: int = 0
    token_end: int = 0

    @property
    def has_anchor(self) -> bool:
        return bool(self.anchors)

    @cached_property
    def span(self) -> Any:
        """The spaCy Span, made on first use: most sentences hold no hit and never need one."""
        return None if self.doc is None else self.doc[self.token_start : self.token_end]


@dataclass(frozen=True)
class AnalysedSummary:
    source: SummarySource
    text: str
    masked: str
    anchors: tuple[Anchor, ...]
    sentences: tuple[Sentence, ...]
    elisions: tuple[tuple[int, int], ...]
    claims: tuple[tuple[int, int], ...]
    pipeline: Pipeline = field(compare=False)
    block_starts: tuple[int, ...] = ()
    #: the spaCy Doc of each block's masked text, None for blocks no rule needs parsed
    docs: tuple[Any, ...] = field(default=(), compare=False)
    #: anchors that count for density, where ``anchors`` is not kept (a large summary
    #: analysed block group by block group keeps the count, not every anchor)
    anchor_count: int | None = None
    #: elisions that count for density where ``elisions`` is not kept either (the markers
    #: and the unanchored references, counted as the summary was analysed group by group)
    elision_count: int | None = None

    @property
    def path(self) -> str:
        return self.source.path

    @cached_property
    def sentence_starts(self) -> tuple[int, ...]:
        return tuple(s.start for s in self.sentences)

    @cached_property
    def counted_anchors(self) -> int:
        """The anchors that count for density (a descriptive key is no anchor), counted
        once: density is read by three rules and the summary's facts."""
        return sum(1 for a in self.anchors if not a.descriptive)

    def locate(self, offset: int) -> tuple[int, int]:
        """File line and column (1-based) of an offset into ``text``."""
        index = max(bisect_right(self.block_starts, offset) - 1, 0)
        if offset < 0 or not self.source.blocks:
            return self.source.line, self.source.column
        block = self.source.blocks[index]
        return block.positions.locate(min(offset - self.block_starts[index], len(block.text)))

    def locate_span(self, start: int, end: int) -> tuple[tuple[int, int], tuple[int, int]]:
        """``(locate(start), locate(end))``, the block found once when both are in it (a
        hit's or an anchor's end nearly always is in its start's)."""
        starts = self.block_starts
        index = bisect_right(starts, start) - 1
        if start >= 0 and index >= 0 and self.source.blocks:
            base = starts[index]
            following = index + 1
            if base <= end and (following == len(starts) or end < starts[following]):
                block = self.source.blocks[index]
                length, locate = len(block.text), block.positions.locate
                return locate(min(start - base, length)), locate(min(end - base, length))
        return self.locate(start), self.locate(end)

    def sentence_at(self, offset: int) -> Sentence | None:
        index = bisect_right(self.sentence_starts, offset) - 1
        if index >= 0 and offset < self.sentences[index].end:
            return self.sentences[index]
        return None
