"""Analyse summaries once: anchors, masked prose, spaCy sentences, elisions and claims.

Every text rule reads the same :class:`AnalysedSummary`; none re-tokenises. Offsets are
into ``summary.text``: the summary's blocks joined by blank lines, so no sentence crosses a
block. Sentences matching the configured boilerplate allowlist are dropped here, so no rule
fires on them and their markers do not count.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import regex

from anchorlint.config import TextSettings
from anchorlint.text.anchor_parts import Anchor, mark_in_code, nameless
from anchorlint.text.anchors import BLOCK_SEPARATOR, find_anchors, find_block_anchors
from anchorlint.text.boilerplate import framework_spans, framework_spans_of_blocks
from anchorlint.text.documents import MAX_BLOCK, Block, SummarySource, split_long_block
from anchorlint.text.lexicon import compile_lexicon
from anchorlint.text.nlp import Pipeline
from anchorlint.text.sentence_starts import CITATION_MASK
from anchorlint.text.summary_assembly import assemble
from anchorlint.text.summary_model import AnalysedSummary, Sentence
from anchorlint.text.windows_paths import escaped_in_code

__all__ = ["AnalysedSummary", "Sentence", "analyse", "bounded", "density_figures"]

ANCHOR_MASK = CITATION_MASK
CODE_MASK = "Q"


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
            anchors = [a for a in anchors if not escaped_in_code(a)]
        else:
            anchors = found
        masked = _mask(masked, [(a.start - offset, a.end - offset) for a in anchors], ANCHOR_MASK)
    if block.code_spans:
        masked = _mask(masked, block.code_spans, CODE_MASK)
    # a placeholder link target (``[Title](...)``) is no anchor, and no elision either
    placeholders = [(s, e) for s, e in block.link_targets if nameless(block.text[s:e])]
    if block.hidden_spans or framework or placeholders:
        masked = _mask(masked, (*block.hidden_spans, *framework, *placeholders), " ")
    return anchors, unwrapped(masked)


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
        # so that assemble moves none
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
            if anchors or framework or block.code_spans or block.hidden_spans or block.link_targets
            else (anchors, unwrapped(block.text))
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
        summaries.append(assemble(source, parts, found, lexicon, pipeline))
    return summaries


_LINE_BREAKS = str.maketrans("\r\n", "  ")
#: a line break that is no part of a blank line (a blank line inside a block, rare, still
#: ends a sentence); bounded on both sides
_LONE_BREAK = regex.compile(r"(?<!\n[ \t\r]{0,64})\r?\n(?![ \t\r]{0,64}\n)")


def unwrapped(text: str) -> str:
    """A block's prose with each line break read as the space it stands for, so that a
    hard-wrapped sentence is read as one line ("as noted⏎earlier" is "as noted earlier",
    RULES.md: a sentence continues over the break). Breaks that end a sentence (list items,
    headings, blank lines) are between blocks, and a blank line inside one is kept; the
    length is the same, so every offset holds."""
    if "\n" not in text:
        return text
    if _BLANK_LINE.search(text) is None:
        return text.translate(_LINE_BREAKS)
    return _LONE_BREAK.sub(lambda lone: " " * len(lone.group()), text)


_BLANK_LINE = regex.compile(r"\n[ \t\r]{0,64}\n")


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
