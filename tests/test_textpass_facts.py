"""A summary's facts as the text pass makes them (rows made objects in one step, the anchor's
namespace read once) are the facts the dataclass constructors made before: same type, same
fields, equal, pickled alike; compact facts or not, in a history thread or not.

The reference is the text pass's earlier reading, kept here.
"""

from __future__ import annotations

import pickle
import sys

import pytest

from anchorlint.config import TextSettings
from anchorlint.facts import AnchorOccurrence, SummaryFacts
from anchorlint.run.textpass import _UNQUALIFIABLE, _facts
from anchorlint.text.anchor_parts import Anchor
from anchorlint.text.documents import SummarySource
from anchorlint.text.documents.markdown import split_blocks
from anchorlint.text.nlp import Pipeline
from anchorlint.text.summary import AnalysedSummary, analyse, density_figures

TEXTS = [
    "Nothing anchored here.",
    "See [[doc_7#L3-4@sha256:0123456789ab]] and [[proj-a/config.yaml]] and [[wiki:page]].\n\n"
    "Also https://example.com/a, notes.md#L3, commit 1a2b3c4d and `src/app.py:12`.",
    "- [[runbooks/db-cutover]] twice: [[runbooks/db-cutover]]\n- issue #12, [[doc_9]]\n\n"
    "> quoted [[ops/a#sec-2]] and 123e4567-e89b-12d3-a456-426614174000",
]


def _reference(
    summary: AnalysedSummary, unanchored: frozenset[tuple[str, int]], order: int, compact: bool
) -> SummaryFacts:
    occurrences = []
    qualified = []
    compact = compact and summary.source.thread is None
    for anchor in summary.anchors:
        if compact and (anchor.namespace is not None or anchor.form in _UNQUALIFIABLE):
            if anchor.namespace is not None:
                qualified.append(sys.intern(anchor.key))
            continue
        line, column = summary.locate(anchor.start)
        end_line, end_column = summary.locate(anchor.end)
        occurrences.append(
            AnchorOccurrence(
                anchor.key, _as_compared(anchor), line, column, end_line, end_column, anchor.form
            )
        )
    anchors, elisions = density_figures(summary, unanchored)
    source = summary.source
    return SummaryFacts(
        source.path,
        source.line,
        source.column,
        tuple(occurrences),
        anchors,
        elisions,
        bool(summary.claims),
        source.thread,
        source.generation,
        order,
        tuple(qualified),
    )


def _as_compared(anchor: Anchor) -> str:
    """A line pointer written in prose or as ``a.py:12`` is compared by its key and lines."""
    if anchor.notation and anchor.fragment is not None:
        return f"{anchor.key}#{anchor.fragment.raw}"
    return anchor.text


@pytest.fixture(scope="module")
def summaries() -> list[AnalysedSummary]:
    sources = [
        SummarySource(f"s{index}.md", 3, 2, tuple(split_blocks(text)), thread, generation)
        for index, text in enumerate(TEXTS)
        for thread, generation in ((None, None), ("t-1", 2.5))
    ]
    return analyse(sources, TextSettings(), Pipeline())


@pytest.mark.parametrize("compact", [False, True])
def test_facts_are_the_constructors(summaries: list[AnalysedSummary], compact: bool) -> None:
    kept = 0
    for order, summary in enumerate(summaries):
        unanchored = frozenset({("ANC101", 0)} if order % 2 else ())
        made = _facts(summary, unanchored, order, compact)
        expected = _reference(summary, unanchored, order, compact)
        assert type(made) is SummaryFacts
        assert all(type(a) is AnchorOccurrence for a in made.anchors)
        assert made == expected
        assert repr(made) == repr(expected)
        assert hash(made) == hash(expected)
        assert pickle.loads(pickle.dumps(made)) == expected
        kept += len(made.anchors) + len(made.qualified_keys)
    assert kept > 10
