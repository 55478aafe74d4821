"""Shapes from the eleventh sweep of real notes (harness progress logs, plugin handoffs,
planning state files, scratchpads), written for these tests in our own words."""

from __future__ import annotations

import pytest

from anchorlint.config import Settings
from anchorlint.run.engine import lint_source

SETTINGS = Settings()


def back_references(sentence: str) -> int:
    text = f"# Fix\n\nThe tooltip lives in `ui/tip.tsx`.\n\n{sentence}\n"
    return sum(1 for f in lint_source("notes.md", text, SETTINGS) if f.code == "ANC101")


@pytest.mark.parametrize(
    "sentence",
    [
        "- Kept compatibility: callers that omit the new flag keep working as before",
        "- Callers that omit the new flag still behave as before.",
        "Existing callers continue to work as before.",
        "The old flags keep working exactly as before.",
        "The nightly job should still run as before.",
        "Old links keep functioning as before.",
    ],
)
def test_working_unchanged_as_before_is_no_back_reference(sentence: str) -> None:
    assert back_references(sentence) == 0


@pytest.mark.parametrize(
    "sentence",
    [
        "- Configure the proxy as before",
        "We kept the retry policy as before.",
        "Run as before.",
        "The flags are set as before.",
        "Worker counts beyond 8 behave as before.",
        "The CLI works exactly as before.",
    ],
)
def test_as_before_that_needs_the_earlier_state_still_fires(sentence: str) -> None:
    assert back_references(sentence) == 1
