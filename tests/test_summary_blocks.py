"""The parsed sentences the sentence rules' matchers read, Doc by Doc: remembered for the
rule that asks next of the same summary, and none without reading a summary nothing of
which was parsed."""

from __future__ import annotations

from collections.abc import Callable
from itertools import groupby

import pytest

from anchorlint.config import TextSettings
from anchorlint.text import match
from anchorlint.text.documents import SummarySource
from anchorlint.text.documents.markdown import split_blocks
from anchorlint.text.nlp import Pipeline
from anchorlint.text.summary import AnalysedSummary, Sentence, analyse

TEXT = "See [[a/b]]. As noted above, it holds.\n\n- one\n- two [[c/d]]\n\nThen stop. Fine."


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline()


def _reference(
    summary: AnalysedSummary, unanchored: bool
) -> list[tuple[list[Sentence], list[int]]]:
    """Sentences grouped by Doc, in runs of the same Doc (the plain reading)."""
    kept = [s for s in summary.sentences if s.doc is not None and not (unanchored and s.anchors)]
    runs = [list(run) for _, run in groupby(kept, key=lambda s: id(s.doc))]
    return [(run, [s.token_start for s in run]) for run in runs]


@pytest.mark.parametrize("gate", [None, lambda text: False, lambda text: "noted" in text])
def test_sentences_by_block_are_the_plain_reading(
    pipeline: Pipeline, gate: Callable[[str], bool] | None
) -> None:
    sources = [SummarySource(f"s{i}.md", 1, 1, tuple(split_blocks(TEXT))) for i in range(2)]
    summaries = analyse(sources, TextSettings(), pipeline, gate)
    for _ in range(2):  # asked again: the remembered answer
        for summary in summaries:
            for unanchored in (True, False, True):
                found = match._sentences_by_block(summary, unanchored)
                assert found == _reference(summary, unanchored)
