"""Precision and recall per code on the corpus of summaries as real coding agents write them.

``tests/corpus/agents/`` was written and labelled from the rule catalogue alone (paths,
commits and issue numbers as anchors, framework preambles, count-only placeholders,
placeholder summaries); these tests hold the acceptance bar of issue 14 per code, not only
overall, so that no rule can hide behind the others.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from corpus_score import score

CORPUS = Path(__file__).parent / "corpus" / "agents"
CODES = ("ANC101", "ANC102", "ANC103", "ANC104", "ANC105", "ANC106", "ANC108", "ANC109")


@pytest.fixture(scope="module")
def result():  # type: ignore[no-untyped-def]
    return score(CORPUS, "ANC1")


@pytest.mark.parametrize("code", CODES)
def test_each_code_meets_the_bar(result, code: str) -> None:  # type: ignore[no-untyped-def]
    assert result.true_positives[code] > 0, code
    assert result.precision(code) >= 0.95, [f for f in result.false_positives if f[2] == code]
    assert result.recall(code) >= 0.90, [f for f in result.false_negatives if f[2] == code]


def test_clean_agent_summaries_stay_clean() -> None:
    """A third of the corpus cites with paths, commits and issues and must get no finding."""
    expected = json.loads((CORPUS / "expected.json").read_text())
    clean = {name for name, items in expected.items() if not items}
    assert len(clean) >= 20
    everything = score(CORPUS, "ANC")
    assert [fp for fp in everything.false_positives if fp[0] in clean] == []
