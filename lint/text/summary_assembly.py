"""A summary put together from its analysed blocks: sentences, anchors, Docs and the marker
hits inside kept sentences, in one pass over the blocks (see :func:`assemble`).

Every summary goes through here once, so the objects are made in one step each (their
fields' dictionaries written out) rather than by their constructors; tests hold the two equal
(``tests/test_frozen_makers.py``).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import regex

from anchorlint.text.anchor_parts import Anchor
from anchorlint.text.anchors import BLOCK_SEPARATOR
from anchorlint.text.blank_ellipses import omits_nothing
from anchorlint.text.claim_scope import said_of_other
from anchorlint.text.claim_subjects import others_claim
from anchorlint.text.documents import SummarySource
from anchorlint.text.lexicon import SUMMARY_LABEL, TITLED_LABEL, CompiledLexicon, Markers
from anchorlint.text.marker_scan import marker_spans
from anchorlint.text.nlp import ParsedBlock, Pipeline
from anchorlint.text.self_claims import OPENING_LABEL
from anchorlint.text.summary_model import AnalysedSummary, Sentence
from anchorlint.text.user_patterns import user_search


def assemble(
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
    """What :func:`assemble` gathers block by block: the blocks' starts and Docs, the
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
        elisions=_omissions(_hits(lexicon.elisions, masked, firsts, ends), masked),
        claims=_outside_cells(
            _hits(lexicon.claims, masked, firsts, ends), source, made.starts, masked
        ),
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


def _omissions(elisions: tuple[tuple[int, int], ...], masked: str) -> tuple[tuple[int, int], ...]:
    """The elisions less a free-standing ellipsis that omits nothing: a blank to fill in
    ("Go to '...'") or the middle of a series written by its terms ("x_1, ..., x_k"), as
    :mod:`~anchorlint.text.blank_ellipses` reads them."""
    if not any(masked[start:end] in _FREE_DOTS for start, end in elisions):
        return elisions
    return tuple(
        (start, end)
        for start, end in elisions
        if not (masked[start:end] in _FREE_DOTS and omits_nothing(masked, start, end))
    )


#: the text of a free-standing ellipsis marker
_FREE_DOTS = frozenset(("...", "\u2026"))


def _outside_cells(
    claims: tuple[tuple[int, int], ...], source: SummarySource, starts: list[int], masked: str
) -> tuple[tuple[int, int], ...]:
    """The claims less a label of the summary at the start of a table's cell, "captures
    everything" said of another thing (:mod:`~anchorlint.text.claim_subjects`), and "nothing
    was lost" said of a system or a piece of work (:mod:`~anchorlint.text.claim_scope`): a cell holds
    data ("| `GetHistory` | Full history for the revert dialog |"), not the note's title."""
    if not claims:
        return claims
    blocks = source.blocks
    kept = []
    for start, end in claims:
        index = bisect_right(starts, start) - 1
        in_a_cell = 0 <= index < len(blocks) and blocks[index].kind == "cell"
        if in_a_cell and _label().match(masked, start, end):
            continue
        if _titled().match(masked, start, end) and not _the_title(blocks, index):
            continue  # "Billing: complete summary" in a list is the billing's
        if _opening().match(masked, start, end) and not _opens_the_note(blocks, index):
            continue  # "Self-contained guide" further down is a guide the note names
        floor = starts[index] if index >= 0 else 0
        row = _first_of_its_row(blocks, index) if in_a_cell else None
        if others_claim(masked, start, end, floor, row):
            continue
        heading = 0 <= index < len(blocks) and blocks[index].kind == "heading"
        if not said_of_other(masked, start, end, floor, heading):
            kept.append((start, end))
    return tuple(kept)


def _first_of_its_row(blocks: Sequence[Any], index: int) -> str | None:
    """The text of the first cell of the row of the cell ``blocks[index]``, None when it is
    that first cell."""
    line = blocks[index].positions.locate(0)[0]
    first = index
    while first > 0 and blocks[first - 1].kind == "cell":
        if blocks[first - 1].positions.locate(0)[0] != line:
            break
        first -= 1
    return None if first == index else str(blocks[first].text)


@lru_cache(maxsize=1)
def _label() -> Any:
    return regex.compile(SUMMARY_LABEL, regex.IGNORECASE | regex.MULTILINE)


@lru_cache(maxsize=1)
def _titled() -> Any:
    return regex.compile(TITLED_LABEL, regex.IGNORECASE | regex.MULTILINE)


@lru_cache(maxsize=1)
def _opening() -> Any:
    return regex.compile(OPENING_LABEL, regex.IGNORECASE | regex.MULTILINE)


def _opens_the_note(blocks: Sequence[Any], index: int) -> bool:
    """Whether ``blocks[index]`` opens the summary: one of its headings before any other
    block, or its first block that is no heading (a table's cell is data, never a label)."""
    if not 0 <= index < len(blocks) or blocks[index].kind == "cell":
        return False
    return all(block.kind == "heading" for block in blocks[:index])


def _the_title(blocks: Sequence[Any], index: int) -> bool:
    """Whether ``blocks[index]`` is the summary's first heading, its title."""
    if not 0 <= index < len(blocks) or blocks[index].kind != "heading":
        return False
    return all(block.kind != "heading" for block in blocks[:index])
