"""Sentence bounds read through token kinds equal the token-by-token reading they replace.

The boundary component once read each token's text and flags off the Doc as it went
(``_Reference`` below, kept as it was); it now reads token ids with their kinds, worked out
once per text, and keeps only the starts it decides. Both must find the same sentences: on
a Doc of its own, on blocks joined in one Doc, and over a trained recogniser's starts.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest
import spacy
from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.text.nlp import SEPARATOR, Pipeline, SentenceBoundaries, _joinable
from anchorlint.text.sentence_starts import BOUNDS, CITATION_MASK, NO_BOUNDARY_AFTER

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from corpus import structured_summary, summary_markdown  # noqa: E402


class _Reference:
    """The component's previous reading, token by token (the slow path)."""

    def __init__(self, doc: Any, orth: list[int], lo: int = 0, hi: int = -1) -> None:
        self.orth, self.lo, self.size = orth, lo, len(orth) if hi < 0 else hi
        self.strings, self.doc = doc.vocab.strings, doc

    def is_space(self, index: int) -> bool:
        return bool(self.doc[index].is_space)

    def is_punct(self, index: int) -> bool:
        return bool(self.doc[index].is_punct)

    def text(self, index: int) -> str:
        return self.strings[self.orth[index]]

    def sent_starts(self, enders: frozenset[int], starts: list[int]) -> None:
        lo, size, orth = self.lo, self.size, self.orth
        starts[lo] = 1
        after = lo
        for index in [i for i in range(lo, size) if orth[i] in enders]:
            if index < after:
                continue
            after = index + 1
            while after < size and (orth[after] in enders or self.is_punct(after)):
                after += 1
            if after < size:
                starts[after] = 1

    def bounds(self, starts: list[int]) -> list[tuple[int, int, int, int]]:
        lo, size, doc = self.lo, self.size, self.doc
        firsts = [lo, *(i for i in range(lo + 1, size) if starts[i] == 1)]
        ends = [*firsts[1:], size]
        found = []
        for a, b in zip(firsts, ends, strict=True):
            last = doc[b - 1]
            found.append((a, b, doc[a].idx, last.idx + len(last)))
        return found

    def repair(self, starts: list[int], etc: tuple[tuple[frozenset[int], int], ...]) -> None:
        lo, size = self.lo, self.size
        for index in [i for i in range(lo + 1, size) if starts[i] == 1]:
            if self._is_citation(index):
                starts[index] = -1
                self._start_after_citation(index, starts)
            elif self._after_abbreviation(index):
                starts[index] = -1
        orth = self.orth[lo:size]
        for kinds, width in etc:
            for index in [lo + i for i, o in enumerate(orth) if o in kinds]:
                after = index + width
                if width == 2 and (after > size or self.text(index + 1) != "."):
                    continue
                if after < size:
                    starts[after] = 1 if self.text(after)[:1].isupper() else -1

    def _start_after_citation(self, index: int, starts: list[int]) -> None:
        after = index + 1
        while after < self.size and (self.is_punct(after) or self.is_space(after)):
            after += 1
        if after < self.size and self.text(after)[:1].isupper():
            starts[after] = 1

    def _after_abbreviation(self, index: int) -> bool:
        return (
            index - 2 >= self.lo
            and self.text(index - 1) == "."
            and self.text(index - 2).lower() in NO_BOUNDARY_AFTER
            and not self.doc[index - 2].whitespace_
        )

    def _is_citation(self, index: int) -> bool:
        size = self.size
        at = index + 1 if self.text(index) == "(" and index + 1 < size else index
        text = self.text(at)
        if len(text) < 4 or text != CITATION_MASK * len(text):
            return False
        after = at + 1
        while after < size and (self.text(after) in (")", "]") or self.is_space(after)):
            after += 1
        return after >= size or self.is_punct(after) or self.text(after)[:1].isupper()


def _orth(doc: Any) -> list[int]:
    return [t.orth for t in doc]


def _reference_bounds(
    component: SentenceBoundaries, doc: Any, lo: int, hi: int, base: int = 0
) -> list:
    reference = _Reference(doc, _orth(doc), lo, hi)
    starts = [-1] * len(doc)
    reference.sent_starts(component.enders, starts)
    reference.repair(starts, component.etc)
    return [(a, b, c - base, d - base) for a, b, c, d in reference.bounds(starts)]


#: words, marks and masked anchors around which the repairs decide, and whitespace
PIECES = [
    *"word Capital fig Fig approx No vs al . ! ? ... … 。 ؟ \" ' ( ) [ ] , ; -".split(),
    *"3.5 etc. Etc. ETC etc e.g. U.S. XXXX XXXXXXXX XXX QQQQ https://x.io/a.b".split(),
    " ",
    "  ",
    "\n",
]


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline()


def _whole_equal(pipeline: Pipeline, text: str) -> None:
    component = pipeline.boundaries
    doc = pipeline.pipe([text])[0]
    if len(doc) == 0:
        return
    assert doc.user_data[BOUNDS] == _reference_bounds(component, doc, 0, len(doc)), text


def _joined_equal(pipeline: Pipeline, texts: list[str]) -> None:
    texts = [t for t in texts if _joinable(t)]
    if len(texts) < 2:
        return
    parsed = pipeline._parse_joined(texts)
    doc = pipeline.nlp.make_doc(SEPARATOR.join(texts))
    cuts = [t.i for t in doc if t.text == SEPARATOR]
    if len(cuts) != len(texts) - 1:
        assert parsed == []
        return
    los, his = [0, *(c + 1 for c in cuts)], [*cuts, len(doc)]
    base = 0
    for block, text, lo, hi in zip(parsed, texts, los, his, strict=True):
        expected = _reference_bounds(pipeline.boundaries, doc, lo, hi, base)
        assert block.bounds == expected, texts
        assert block.base == base
        base += len(text) + len(SEPARATOR)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=50))
def test_generated_text_has_the_same_sentences(pipeline: Pipeline, pieces: list[str]) -> None:
    _whole_equal(pipeline, "".join(pieces))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.sampled_from(PIECES), min_size=1, max_size=20), min_size=2, max_size=6))
def test_joined_blocks_have_the_same_sentences(pipeline: Pipeline, blocks: list[list[str]]) -> None:
    _joined_equal(pipeline, ["".join(pieces) for pieces in blocks])


@pytest.mark.parametrize("seed", range(6))
def test_real_shaped_summaries_have_the_same_sentences(pipeline: Pipeline, seed: int) -> None:
    rng = random.Random(seed)
    text = structured_summary(rng, 6_000) if seed % 2 else summary_markdown(rng, 3_000)
    blocks = [b.strip() for b in text.split("\n\n") if b.strip()]
    masked = [b.replace("[[", "XX").replace("]]", "XX") for b in blocks]
    for texts in (blocks, masked):
        _joined_equal(pipeline, texts)
        for text in texts:
            _whole_equal(pipeline, text)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(PIECES), min_size=1, max_size=40),
    st.lists(st.sampled_from([-1, 0, 1]), min_size=40, max_size=40),
)
def test_a_recognisers_starts_are_repaired_the_same(pieces: list[str], marks: list[int]) -> None:
    nlp = spacy.blank("en")
    component = SentenceBoundaries(nlp.vocab, after_others=True)
    text = "".join(pieces)
    doc, reference_doc = nlp.make_doc(text), nlp.make_doc(text)
    if len(doc) == 0:
        return
    for d in (doc, reference_doc):
        for token, mark in zip(d, marks, strict=False):
            if token.i and mark:
                token.is_sent_start = mark == 1
    if not reference_doc.has_annotation("SENT_START"):
        return  # no start set: the component's own rule runs, as tested above
    starts = [int(s) for s in reference_doc.to_array("SENT_START").astype("int64")]
    reference = _Reference(reference_doc, _orth(reference_doc))
    reference.repair(starts, component.etc)
    component(doc)
    found = [int(s) for s in doc.to_array("SENT_START").astype("int64")]
    assert found[1:] == starts[1:], text
    assert doc.user_data[BOUNDS] == reference.bounds(starts)
