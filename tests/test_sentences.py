"""Sentence boundaries on the blank pipeline: abbreviations, versions, sections, citations."""

from __future__ import annotations

import pytest

from anchorlint.config import TextSettings
from anchorlint.text.documents import SummarySource
from anchorlint.text.documents.markdown import split_blocks
from anchorlint.text.nlp import Pipeline
from anchorlint.text.summary import analyse


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline()


def sentences(pipeline: Pipeline, text: str) -> list[str]:
    source = SummarySource("s.md", 1, 1, tuple(split_blocks(text)))
    summary = analyse([source], TextSettings(), pipeline)[0]
    return [" ".join(summary.text[s.start : s.end].split()) for s in summary.sentences]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Use a cache, e.g. Redis, for this. Then stop.", 2),
        ("Rounding is in §3.2 of the ledger. Fine.", 2),
        ("Upgrade to v2.3.1 tonight. Then verify.", 2),
        ("Billing, refunds, etc. were moved. Next.", 2),
        ("We moved billing, refunds, etc. Then we paused.", 2),
        ("See Fig. 3 for the curve.", 1),
        ('He said "Promote the replica." [[runbooks/db#L2-3@sha256:0123456789ab]] Then done.', 2),
        ("The cutover moved\nto Thursday after review.", 1),
    ],
)
def test_boundaries(pipeline: Pipeline, text: str, expected: int) -> None:
    assert len(sentences(pipeline, text)) == expected, sentences(pipeline, text)


def test_citation_after_a_sentence_end_stays_with_it(pipeline: Pipeline) -> None:
    found = sentences(pipeline, 'He said "Promote it." [[runbooks/db]] Then done.')
    assert found[0].endswith("[[runbooks/db]]")


def test_citation_at_a_hard_line_break_stays_with_its_sentence(pipeline: Pipeline) -> None:
    found = sentences(pipeline, 'He said "Promote it." [[runbooks/db]]\nStep two follows.')
    assert found == ['He said "Promote it." [[runbooks/db]]', "Step two follows."]


def test_anchor_opening_a_sentence_is_not_a_citation(pipeline: Pipeline) -> None:
    found = sentences(pipeline, "See above. [[ops/a]] holds the steps.")
    assert found == ["See above.", "[[ops/a]] holds the steps."]


def test_blocks_end_sentences(pipeline: Pipeline) -> None:
    found = sentences(
        pipeline,
        "# Heading without stop\n\n- item one\n- item two\n\n| a | b |\n|---|---|\n| c | d |\n",
    )
    assert found == ["Heading without stop", "item one", "item two", "a", "b", "c", "d"]


def test_sentences_made_in_assembly_equal_the_dataclass_made_ones(pipeline: Pipeline) -> None:
    import dataclasses

    from anchorlint.text.summary import Sentence

    source = SummarySource("s.md", 1, 1, tuple(split_blocks("See [[a/b]]. Then stop.\n\nMore.")))
    for made in analyse([source], TextSettings(), pipeline)[0].sentences:
        values = {f.name: getattr(made, f.name) for f in dataclasses.fields(Sentence)}
        assert made == Sentence(**values)
        assert set(values) <= set(vars(made))
