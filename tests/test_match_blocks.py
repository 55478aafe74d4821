"""The parsed sentences a matcher reads, grouped by Doc without looking the last group up
for each sentence: the groups are those of the lookup, for either question, on every summary
of a corpus."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from anchorlint.config import Settings
from anchorlint.run import textpass
from anchorlint.run.discovery import discover
from anchorlint.run.pool import lint_paths
from anchorlint.text import match
from anchorlint.text.summary import AnalysedSummary, Sentence

CORPUS = Path(__file__).parent / "corpus"


def _afresh(summary: AnalysedSummary, unanchored: bool) -> list[tuple[list[Sentence], list[int]]]:
    """The reference: each parsed sentence appended to its Doc's group, looked up last."""
    blocks: list[tuple[list[Sentence], list[int]]] = []
    current = None
    for sentence in summary.sentences:
        if sentence.doc is None or (unanchored and sentence.anchors):
            continue
        if sentence.doc is not current:
            current = sentence.doc
            blocks.append(([], []))
        sentences, starts = blocks[-1]
        sentences.append(sentence)
        starts.append(sentence.token_start)
    return blocks


def test_blocks_are_those_worked_out_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[AnalysedSummary] = []
    original = textpass._run_rules

    def recording(rules: Any, summary: AnalysedSummary, suppressions: Any) -> Any:
        seen.append(summary)
        return original(rules, summary, suppressions)

    monkeypatch.setattr(textpass, "_run_rules", recording)
    root = CORPUS / "text"
    settings = Settings(root=str(root))
    lint_paths(list(discover([str(root)], settings)), settings, jobs=1).collect()
    assert sum(1 for s in seen if any(x.doc is not None for x in s.sentences)) > 10
    for summary in seen:
        for unanchored in (True, False):
            assert match._sentences_by_block(summary, unanchored) == _afresh(summary, unanchored)
