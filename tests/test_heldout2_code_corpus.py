"""Precision and recall per code on the second held-out corpus of compactor modules.

``tests/corpus/compactors_heldout2/`` was written and labelled from the rule catalogue alone,
after the first held-out corpus had become a regression floor: its author had not seen the
rule code or the other code corpora, and studied other frameworks (memory processors, history
processors, pipeline components, prompt compressors, chunk stores, session summary managers).
Its README keeps the first-run table and the one label corrected since (with why). The floors
below are the figures measured on it, so that a change which loses a finding there, or adds a
false one, fails here.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from corpus_score import score

CORPUS = Path(__file__).parent / "corpus" / "compactors_heldout2"
#: code: (precision floor, recall floor), the measured figures (every finding found, no false one)
FLOORS = {
    "ANC301": (1.0, 1.0),
    "ANC302": (1.0, 1.0),
    "ANC303": (1.0, 1.0),
    "ANC304": (1.0, 1.0),
    "ANC305": (1.0, 1.0),
    "ANC306": (1.0, 1.0),
    "ANC307": (1.0, 1.0),
    "ANC308": (1.0, 1.0),
}


@pytest.fixture(scope="module")
def result():  # type: ignore[no-untyped-def]
    return score(CORPUS, "ANC3", 2)


@pytest.mark.parametrize("code", sorted(FLOORS))
def test_each_code_holds_its_floor(result, code: str) -> None:  # type: ignore[no-untyped-def]
    result.assert_floor(code, *FLOORS[code])


def test_overall_holds_the_measured_figures(result) -> None:  # type: ignore[no-untyped-def]
    """All codes together: precision and recall 1.000 when these floors were set (0.979 and
    0.821 before the fixes the corpus showed; 0.957 and 0.818 on the very first run, before
    one label was corrected)."""
    assert result.precision() >= 1.0
    assert result.recall() >= 1.0


def test_clean_modules_get_no_finding() -> None:
    """Near misses (a verbatim extractor, offsets into a deflated blob log, a stats tuple with a
    start index, summaries clipped for a log, a top-k cut of fresh hits, evictions recorded in a
    list, a log or recall storage, a generated vendor schema, a guarded rolling summary, stubs
    that keep their tool-call ids) get no finding of any code."""
    expected = json.loads((CORPUS / "expected.json").read_text())
    clean = {name for name, items in expected.items() if not items}
    assert len(clean) >= 16
    everything = score(CORPUS, "ANC", 2)
    alarms = {(fp[0], fp[2]) for fp in everything.false_positives if fp[0] in clean}
    assert not alarms
