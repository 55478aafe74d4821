"""ANC102 searches by description ("the full logs are in the archive", "details are in the
design doc") only the sentences in which an opening word stands as a word before a space;
with every sentence that holds the word anywhere searched instead, the findings are the same."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.api import check_summary
from anchorlint.config import Settings
from anchorlint.rules.text import anc102_prose_pointer
from anchorlint.run.discovery import discover
from anchorlint.run.pool import lint_paths
from anchorlint.text.summary import AnalysedSummary

CORPUS = Path(__file__).parent / "corpus"


def _anywhere(summary: AnalysedSummary, lowered: str, words: tuple[str, ...]) -> set[int]:
    """The reference: the sentences in which one of ``words`` starts anywhere."""
    found: set[int] = set()
    for word in words:
        at = lowered.find(word)
        while at >= 0:
            sentence = summary.sentence_at(at)
            if sentence is not None:
                found.add(sentence.index)
            at = lowered.find(word, at + 1)
    return found


@pytest.mark.parametrize("folder", ["text", "agents", "heldout"])
def test_the_gate_keeps_every_finding_on_the_corpora(
    folder: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = CORPUS / folder
    config = Settings(root=str(root))

    def lint() -> list[object]:
        files = list(discover([str(root)], config))
        return list(lint_paths(files, config, jobs=1).collect().findings)

    fast = lint()
    monkeypatch.setattr(anc102_prose_pointer, "_holding", _anywhere)
    assert lint() == fast
    assert any(finding.code == "ANC102" for finding in fast)  # type: ignore[attr-defined]


#: opening words where they match and where they do not: inside a word, before punctuation,
#: after an underscore or a digit, at a sentence's start, after "the" and a line break
_PIECES = [
    "The full logs are in the archive.",
    "Successfully full logs are in the archive.",
    "the_full logs are in the archive.",
    "3full logs are kept in the wiki.",
    "(full logs are stored on the share).",
    "Details are in the design doc.",
    "More details in the runbook.",
    "detailsare in the doc.",
    "The\nrationale is written up in the ADR.",
    "The specifics are kept on the wiki.",
    "Redetails are in the doc.",
    "The raw output is in the bucket.",
    "Withdrawn raw traces are at the dashboard.",
    "Completed complete records were in our sheet.",
    "Remaining, remaining data stays in their notebook.",
    "x",
    "\n\n",
    " ",
    "!",
]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), min_size=1, max_size=6))
def test_the_gate_keeps_findings_on_opening_words_in_every_place(pieces: list[str]) -> None:
    text = "".join(pieces)
    fast = check_summary(text)
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(anc102_prose_pointer, "_holding", _anywhere)
        assert check_summary(text) == fast
