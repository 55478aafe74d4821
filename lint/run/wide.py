"""What a long summary keeps of itself for the summary-wide rules, as its groups go by.

A summary analysed block group by block group (:mod:`anchorlint.run.textpass`) drops each
group once its sentence rules have run. The summary-wide rules then read one
:class:`~anchorlint.text.summary.AnalysedSummary` that stands for the whole, built here from
counts and a few blocks instead of every block:

- density (ANC103, ANC104) reads counts: anchors, elision markers, unanchored references;
- a completeness claim (ANC108) reads the first claim's text and position: the blocks it
  lies in are kept;
- a placeholder summary (ANC109) reads the summary's own prose (framework boilerplate
  removed), and decides on its emptiness or on a short text only: the blocks whose own
  prose is not empty are kept until there is more of it than any placeholder reading looks
  at (``OWN_CHARS``), and the first block always, so the summary still has blocks.

Positions stay exact: kept blocks carry their position maps, and a finding at the summary's
start is placed by the summary's head, as in the whole.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import replace
from typing import TYPE_CHECKING

from anchorlint.text.boilerplate import boilerplate_spans
from anchorlint.text.documents import Block, SummarySource
from anchorlint.text.summary import BLOCK_SEPARATOR, AnalysedSummary, density_figures

if TYPE_CHECKING:
    from anchorlint.text.nlp import Pipeline

#: own prose kept for ANC109, in characters: far more than its readings look at (a
#: placeholder is at most 600 characters, an empty-sections template 2,000), so a kept
#: text this long reads as a summary with content, as the whole text would
OWN_CHARS = 1 << 16


class WideFacts:
    """Counts and kept blocks of one long summary, fed one analysed group at a time."""

    def __init__(self, head: SummarySource) -> None:
        self.head = head
        self.anchors = 0
        self.elisions = 0
        self.unanchored = 0
        self.has_claims = False
        self._claim: tuple[int, int, int, int] | None = None  # block, start; block, end
        self._kept: dict[int, Block] = {}  # by index in the summary
        self._own = -len(BLOCK_SEPARATOR)  # length of the kept own prose, joined
        self._blocks = 0

    def add(self, part: AnalysedSummary, unanchored: int) -> None:
        """Take one analysed group (its offsets its own) and its unanchored references."""
        self.anchors += density_figures(part, frozenset())[0]
        self.elisions += len(part.elisions)
        self.unanchored += unanchored
        blocks = part.source.blocks
        if part.claims and not self.has_claims:
            start, end = part.claims[0]
            first = max(bisect_right(part.block_starts, start) - 1, 0)
            last = max(bisect_right(part.block_starts, max(end - 1, start)) - 1, first)
            for index in range(first, last + 1):
                self._kept[self._blocks + index] = blocks[index]
            self._claim = (
                self._blocks + first,
                start - part.block_starts[first],
                self._blocks + last,
                end - part.block_starts[last],
            )
        self.has_claims = self.has_claims or bool(part.claims)
        for index, block in enumerate(blocks):
            if self._own > OWN_CHARS and self._blocks + index > 0:
                break
            own = _own_length(block)
            if own or self._blocks + index == 0:
                self._kept[self._blocks + index] = block
            if own:
                self._own += own + len(BLOCK_SEPARATOR)
        self._blocks += len(blocks)

    def figures(self) -> tuple[int, int]:
        """(anchors, elisions) as density counts them, unanchored references included."""
        return self.anchors, self.elisions + self.unanchored

    def summary(self, pipeline: Pipeline) -> AnalysedSummary:
        """The summary as the summary-wide rules read it: kept blocks, counts, first claim;
        no sentences, anchors or Docs (its unanchored references are in the count)."""
        order = sorted(self._kept)
        blocks = tuple(self._kept[index] for index in order)
        starts, at = [], 0
        for block in blocks:
            starts.append(at)
            at += len(block.text) + len(BLOCK_SEPARATOR)
        claims: tuple[tuple[int, int], ...] = ()
        if self._claim is not None:
            first, start, last, end = self._claim
            claims = ((starts[order.index(first)] + start, starts[order.index(last)] + end),)
        return AnalysedSummary(
            replace(self.head, blocks=blocks),
            BLOCK_SEPARATOR.join(block.text for block in blocks),
            "",
            (),
            (),
            (),
            claims,
            pipeline,
            tuple(starts),
            anchor_count=self.anchors,
            elision_count=self.elisions + self.unanchored,
        )


def _own_length(block: Block) -> int:
    """The length of the block's own prose as ANC109 reads it: boilerplate out, stripped."""
    text, parts, at = block.text, [], 0
    for start, end in boilerplate_spans(text):
        parts.append(text[at:start])
        at = end
    parts.append(text[at:])
    return len("".join(parts).strip())
