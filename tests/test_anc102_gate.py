"""ANC102 searches by description ("the full logs are in the archive", "details are in the
design doc") only the sentences in which an opening word stands as a word before a space;
with every sentence that holds the word anywhere searched instead, the findings are the same.
It looks for those words only where one pass over the summary found them followed by a space;
with every word looked for, the findings are the same too."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.api import check_summary
from anchorlint.config import Settings
from anchorlint.run.discovery import discover
from anchorlint.run.pool import lint_paths
from anchorlint.text import described_sources
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


class _EveryWord:
    """The reference of the one pass: every opening word taken as held."""

    def held(self, text: str) -> frozenset[int]:
        return frozenset(range(len(described_sources._OPENINGS)))


#: each gate, and its reference
GATES = [("_holding", _anywhere), ("_openings", _EveryWord)]


def test_the_openings_are_the_searches_words() -> None:
    pointer = described_sources
    assert set(pointer._OPENINGS) == {*pointer.STORED_WORDS, *pointer.DETAILS_WORDS}
    assert pointer._openings().strings == tuple(f"{w} " for w in pointer._OPENINGS)


@pytest.mark.parametrize("gate", GATES)
@pytest.mark.parametrize("folder", ["text", "agents", "heldout"])
def test_the_gate_keeps_every_finding_on_the_corpora(
    folder: str, gate: tuple[str, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = CORPUS / folder
    config = Settings(root=str(root))

    def lint() -> list[object]:
        files = list(discover([str(root)], config))
        return list(lint_paths(files, config, jobs=1).collect().findings)

    fast = lint()
    monkeypatch.setattr(described_sources, *gate)
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
    "Full\tlogs are in the archive.",
    "More DETAILS in the runbook.",
    "The original notes are in the thread. ",
    "See [[doc#L1]] full notes.",
    "ünïcode full logs are in the archive.",
    "x",
    "\n\n",
    " ",
    "!",
]


@pytest.mark.parametrize("gate", GATES)
@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), min_size=1, max_size=6))
def test_the_gate_keeps_findings_on_opening_words_in_every_place(
    gate: tuple[str, object], pieces: list[str]
) -> None:
    text = "".join(pieces)
    fast = check_summary(text)
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(described_sources, *gate)
        assert check_summary(text) == fast
