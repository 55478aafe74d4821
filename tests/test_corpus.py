"""Precision and recall on the independent corpora of realistic summaries and modules.

The corpora were written from the rule catalogue alone, with their expected findings; these
tests keep the rules from drifting below the bar a team needs to leave them on in CI.
"""

from __future__ import annotations

from pathlib import Path

from corpus_score import score

CORPUS = Path(__file__).parent / "corpus"


def test_text_rules_on_the_summary_corpus() -> None:
    result = score(CORPUS / "text", "ANC1")
    assert result.precision() >= 0.95, result.false_positives
    assert result.recall() >= 0.90, result.false_negatives
    for code in ("ANC101", "ANC102", "ANC103", "ANC104", "ANC105", "ANC106", "ANC107", "ANC108"):
        assert result.true_positives[code] > 0, code


def test_clean_summaries_stay_clean() -> None:
    result = score(CORPUS / "text", "ANC")
    import json

    expected = json.loads((CORPUS / "text" / "expected.json").read_text())
    clean = {name for name, items in expected.items() if not items}
    assert len(clean) >= 20
    assert [fp for fp in result.false_positives if fp[0] in clean] == []


def test_code_rules_on_the_compactor_corpus() -> None:
    result = score(CORPUS / "code", "ANC3", tolerance=2)
    assert result.precision() >= 0.95, result.false_positives
    assert result.recall() >= 0.85, result.false_negatives
    for code in ("ANC301", "ANC302", "ANC303", "ANC304", "ANC305", "ANC306", "ANC307"):
        assert result.true_positives[code] > 0, code
