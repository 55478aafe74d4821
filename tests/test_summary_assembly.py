"""Summary assembly: each sentence's anchors, starts and marker hits as the plain reading of
the assembled summary finds them (unparsed blocks are one sentence holding all their anchors;
the sentences' starts are known without reading them again)."""

from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path

import pytest

from anchorlint.config import TextSettings
from anchorlint.text.documents import SummarySource
from anchorlint.text.documents.markdown import split_blocks
from anchorlint.text.lexicon import compile_lexicon
from anchorlint.text.marker_scan import marker_spans
from anchorlint.text.nlp import Pipeline
from anchorlint.text.summary import AnalysedSummary, analyse

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from corpus import structured_summary, summary_markdown  # noqa: E402


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline()


def _sources() -> list[SummarySource]:
    rng = random.Random(11)
    texts = [summary_markdown(rng, 1_500) for _ in range(6)]
    texts += [structured_summary(rng, 3_000) for _ in range(3)]
    texts.append("See [[ops/a]] and https://x.io/b etc. Then stop.\n\n- one [[c/d]]\n- two…")
    texts.append("Per [[the earlier note]] and [[ops/a]], etc.")  # a descriptive key
    return [SummarySource(f"s{i}.md", 1, 1, tuple(split_blocks(t))) for i, t in enumerate(texts)]


def _check(summary: AnalysedSummary, settings: TextSettings) -> None:
    sentences = summary.sentences
    assert summary.sentence_starts == tuple(s.start for s in sentences)
    assert summary.counted_anchors == sum(1 for a in summary.anchors if not a.descriptive)
    for sentence in sentences:
        inside = tuple(a for a in summary.anchors if sentence.start <= a.start < sentence.end)
        assert sentence.anchors == inside
        if sentence.doc is None:  # an unparsed block is one sentence
            start = summary.block_starts[sentence.block]
            block = summary.source.blocks[sentence.block]
            assert (sentence.start, sentence.end) == (start, start + len(block.text))
    lexicon = compile_lexicon(settings)
    for markers, found in ((lexicon.elisions, summary.elisions), (lexicon.claims, summary.claims)):
        kept = [
            span
            for span in marker_spans(markers, summary.masked)
            if any(s.start <= span[0] < s.end for s in sentences)
        ]
        assert list(found) == kept


@pytest.mark.parametrize("allow", [(), (r"\bstop\b", r"^- ")])
@pytest.mark.parametrize("gate", ["all", "none", "some"])
def test_assembled_summaries_read_as_their_parts(
    pipeline: Pipeline, allow: tuple[str, ...], gate: str
) -> None:
    settings = dataclasses.replace(TextSettings(), allow=allow)
    needs = {
        "all": None,
        "none": lambda text: False,
        "some": lambda text: len(text) % 2 == 0,
    }[gate]
    for summary in analyse(_sources(), settings, pipeline, needs):
        _check(summary, settings)
