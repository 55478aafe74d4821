"""Analyse summaries once: anchors, masked prose, spaCy sentences, elisions and claims.

Every text rule reads the same :class:`AnalysedSummary`; none re-tokenises. Offsets are
into ``summary.text``: the summary's blocks joined by blank lines, so no sentence crosses a
block. Sentences matching the configured boilerplate allowlist are dropped here, so no rule
fires on them and their markers do not count.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from anchorlint.config import TextSettings
from anchorlint.text.anchor_parts import Anchor, mark_in_code
from anchorlint.text.anchors import BLOCK_SEPARATOR, find_anchors, find_block_anchors
from anchorlint.text.boilerplate import framework_spans, framework_spans_of_blocks
from anchorlint.text.documents import MAX_BLOCK, Block, SummarySource, split_long_block
from anchorlint.text.lexicon import CompiledLexicon, Markers, compile_lexicon, user_search
from anchorlint.text.marker_scan import marker_spans
from anchorlint.text.nlp import CITATION_MASK, ParsedBlock, Pipeline

ANCHOR_MASK = CITATION_MASK
CODE_MASK = "Q"


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


def _mask(text: str, spans: Sequence[tuple[int, int]], letter: str) -> str:
    """Overwrite spans with ``letter`` (line breaks kept), offsets unchanged.

    A span without a line break (nearly every one: anchors, inline code) is the letter
    repeated, without cutting the span out and splitting it at line breaks."""
    if not spans:
        return text
    pieces, at = [], 0
    find = text.find
    for start, end in sorted(spans) if len(spans) > 1 else spans:
        if start < at:
            continue
        pieces.append(text[at:start])
        if find("\n", start, end) < 0:
            pieces.append(letter * (end - start))
        else:
            pieces.append("\n".join(letter * len(part) for part in text[start:end].split("\n")))
        at = end
    pieces.append(text[at:])
    return "".join(pieces)


def _block_parts(
    block: Block,
    settings: TextSettings,
    found: list[Anchor] | None = None,
    offset: int = 0,
    framework: list[tuple[int, int]] | None = None,
) -> tuple[list[Anchor], str]:
    """The block's anchors and its masked text. ``found``: its anchors, if the summary's
    blocks were scanned together already (:func:`~anchorlint.text.anchors.find_block_anchors`),
    with offsets into the summary's text, the block starting at ``offset`` (0: offsets into
    the block, as when they are found here). ``framework``: the block's framework spans, if
    found for the summary's blocks together (:func:`framework_spans_of_blocks`)."""
    if found is None:
        found = find_anchors(block.text, settings, block.link_targets, block.reference_links)
    # framework boilerplate and placeholders are not the summary's prose, nor its anchors
    if framework is None:
        framework = framework_spans(block.text, settings.lint_boilerplate)
    if framework:
        found = [a for a in found if not any(s <= a.start - offset < e for s, e in framework)]
    masked = block.text
    if not found:  # most blocks: no anchor to mark in code, nor to mask
        anchors = found
    else:
        code = block.code_spans
        if code:
            anchors = mark_in_code(found, [(s + offset, e + offset) for s, e in code])
        else:
            anchors = found
        masked = _mask(masked, [(a.start - offset, a.end - offset) for a in anchors], ANCHOR_MASK)
    if block.code_spans:
        masked = _mask(masked, block.code_spans, CODE_MASK)
    if block.hidden_spans or framework:
        masked = _mask(masked, (*block.hidden_spans, *framework), " ")
    return anchors, masked


def analyse(
    sources: Sequence[SummarySource],
    settings: TextSettings,
    pipeline: Pipeline,
    needs_parse: Callable[[str], bool] | None = None,
) -> list[AnalysedSummary]:
    """Analyse many summaries with one batched pass of the pipeline.

    ``needs_parse`` says whether a block's masked text can trigger any sentence rule; blocks
    for which it says no are not parsed and count as one sentence (None parses every block).
    """
    prepared = []
    groups: list[list[str]] = []
    sources = [bounded(source) for source in sources]
    for source in sources:
        own = source.blocks
        # offsets into the summary's text, its blocks joined as find_block_anchors joins them,
        # so that _assemble moves none
        texts = [block.text for block in own]
        scanned = find_block_anchors(
            texts,
            settings,
            [block.link_targets for block in own],
            [block.reference_links for block in own],
            joined_offsets=True,
        )
        frameworks = framework_spans_of_blocks(texts, settings.lint_boilerplate)
        # a block with nothing to mark or mask (most) is its own masked text, without a call
        parts = [
            _block_parts(block, settings, anchors, offset, framework)
            if anchors or framework or block.code_spans or block.hidden_spans
            else (anchors, block.text)
            for block, anchors, offset, framework in zip(
                own, scanned, _block_starts(own), frameworks, strict=True
            )
        ]
        parsed = [needs_parse is None or needs_parse(m) for _, m in parts]
        prepared.append((parts, parsed))
        groups.append([m for (_, m), parse in zip(parts, parsed, strict=True) if parse])
    parses = pipeline.parse_groups(groups)
    lexicon = compile_lexicon(settings)
    summaries = []
    for source, (parts, parsed), group in zip(sources, prepared, parses, strict=True):
        blocks = iter(group)
        found = [next(blocks) if parse else None for parse in parsed]
        summaries.append(_assemble(source, parts, found, lexicon, pipeline))
    return summaries


def _block_starts(blocks: Sequence[Block]) -> list[int]:
    """Where each block starts in the summary's text (the blocks joined by blank lines)."""
    starts, at = [], 0
    for block in blocks:
        starts.append(at)
        at += len(block.text) + len(BLOCK_SEPARATOR)
    return starts


def bounded(source: SummarySource) -> SummarySource:
    """The source with over-long blocks cut (spaCy refuses, or slows on, megabyte texts)."""
    if all(len(block.text) <= MAX_BLOCK for block in source.blocks):
        return source
    from dataclasses import replace

    blocks = tuple(piece for block in source.blocks for piece in split_long_block(block))
    return replace(source, blocks=blocks)


def _assemble(
    source: SummarySource,
    parts: list[tuple[list[Anchor], str]],
    parses: list[ParsedBlock | None],
    lexicon: CompiledLexicon,
    pipeline: Pipeline,
) -> AnalysedSummary:
    """One summary from its blocks' anchors (offsets into the summary's text), masked texts
    and (possibly absent) parses.

    A block not parsed is one sentence, which holds every anchor of the block: most blocks
    are, and they are made without the bounds and anchor filter of a parsed one."""
    made = _Made()
    allow = lexicon.allow
    offset = 0
    for block_index, (block, (shifted, _), parse) in enumerate(
        zip(source.blocks, parts, parses, strict=False)
    ):
        made.starts.append(offset)
        end = offset + len(block.text)
        if shifted:  # offsets into the summary's text already
            made.anchors += shifted
        if parse is not None:
            made.docs.append(parse[0])
            _parsed_sentences(made, parse, block.text, shifted, block_index, offset, allow)
        else:
            made.docs.append(None)
            if not allow or not _allowed(allow, block.text):
                made.add(offset, end, block_index, offset, tuple(shifted), None, 0, 0)
        offset = end + _SEPARATOR_LENGTH
    text = BLOCK_SEPARATOR.join([block.text for block in source.blocks])
    masked = BLOCK_SEPARATOR.join([masked for _, masked in parts])
    return _summary(made, source, text, masked, lexicon, pipeline)


_SEPARATOR_LENGTH = len(BLOCK_SEPARATOR)


class _Made:
    """What :func:`_assemble` gathers block by block: the blocks' starts and Docs, the
    summary's anchors, and its kept sentences with each one's start and end (for the marker
    hits and ``sentence_at``)."""

    __slots__ = ("anchors", "docs", "ends", "firsts", "sentences", "starts")

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.docs: list[Any] = []
        self.anchors: list[Anchor] = []
        self.sentences: list[Sentence] = []
        self.firsts: list[int] = []
        self.ends: list[int] = []

    def add(
        self,
        start: int,
        end: int,
        block: int,
        offset: int,
        anchors: tuple[Anchor, ...],
        doc: Any,
        token_start: int,
        token_end: int,
    ) -> None:
        """A kept sentence, ``Sentence(…)`` made in one step: its fields' dictionary
        written out and set at once (one is made for every sentence of every block; filling
        the instance's own dictionary by keywords builds one dictionary more)."""
        sentence = _new(Sentence)
        _set_fields(
            sentence,
            "__dict__",
            {
                "index": len(self.sentences),
                "start": start,
                "end": end,
                "block": block,
                "offset": offset,
                "anchors": anchors,
                "doc": doc,
                "token_start": token_start,
                "token_end": token_end,
            },
        )
        self.sentences.append(sentence)
        self.firsts.append(start)
        self.ends.append(end)


def _parsed_sentences(
    made: _Made,
    parse: ParsedBlock,
    text: str,
    shifted: list[Anchor],
    block_index: int,
    offset: int,
    allow: tuple[Any, ...],
) -> None:
    """The kept sentences of a parsed block, each with the block's anchors inside it."""
    doc, bounds, base = parse
    for first, last, start_char, end_char in bounds:
        if allow and _allowed(allow, text[start_char:end_char]):
            continue
        start, end = offset + start_char, offset + end_char
        inside = tuple(a for a in shifted if start <= a.start < end) if shifted else ()
        made.add(start, end, block_index, offset - base, inside, doc, first, last)


def _summary(
    made: _Made,
    source: SummarySource,
    text: str,
    masked: str,
    lexicon: CompiledLexicon,
    pipeline: Pipeline,
) -> AnalysedSummary:
    """``AnalysedSummary(…)`` in one step, as :func:`~anchorlint.frozen.frozen_instance`
    makes one, with what the cached properties would find, known here without reading every
    sentence again (nor taking the lock a cached property takes the first time)."""
    firsts, ends, anchors = made.firsts, made.ends, made.anchors
    summary = _new(AnalysedSummary)
    summary.__dict__.update(
        source=source,
        text=text,
        masked=masked,
        anchors=tuple(anchors),
        sentences=tuple(made.sentences),
        elisions=_hits(lexicon.elisions, masked, firsts, ends),
        claims=_hits(lexicon.claims, masked, firsts, ends),
        pipeline=pipeline,
        block_starts=tuple(made.starts),
        docs=tuple(made.docs),
        anchor_count=None,
        elision_count=None,
        sentence_starts=tuple(firsts),
        counted_anchors=sum([not a.descriptive for a in anchors]),
    )
    return summary


def _allowed(allow: tuple[Any, ...], text: str) -> bool:
    """Whether a sentence matches the boilerplate allowlist (and is dropped)."""
    return any(user_search(p, text, "[text] allow") for p in allow)


_new = object.__new__
_set_fields = object.__setattr__


def _hits(
    markers: Markers, masked: str, starts: list[int], ends: list[int]
) -> tuple[tuple[int, int], ...]:
    """Marker matches that start inside a kept (not allowlisted) sentence, the sentences
    given by their ``starts`` and ``ends``."""
    found = []
    for span in marker_spans(markers, masked):
        index = bisect_right(starts, span[0]) - 1
        if index >= 0 and span[0] < ends[index]:
            found.append(span)
    return tuple(found)


def density_figures(
    summary: AnalysedSummary, unanchored: frozenset[tuple[str, int]]
) -> tuple[int, int]:
    """(anchors, elisions) as RULES.md counts them for density.

    Each anchor counts once (a descriptive key is no anchor); elisions are the markers plus
    one per sentence per code of the unanchored references that survived suppression.
    """
    if summary.anchor_count is not None:
        kept = len(summary.elisions) if summary.elision_count is None else summary.elision_count
        return summary.anchor_count, kept + len(unanchored)
    return summary.counted_anchors, len(summary.elisions) + len(unanchored)
