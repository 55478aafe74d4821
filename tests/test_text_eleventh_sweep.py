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


def findings(text: str, code: str) -> list[tuple[int, str]]:
    return [
        (f.column, f.message) for f in lint_source("notes.md", text, SETTINGS) if f.code == code
    ]


# --- a compact pointer that lists several lines (ANC106) -----------------------------------


def test_each_line_of_a_compact_list_is_a_pointer_of_its_own() -> None:
    found = findings("The timeout moved in `src/client.js:165,232` and nothing else.\n", "ANC106")
    assert [column for column, _ in found] == [23, 41]
    assert "line 165 drifts" in found[0][1] and "src/client.js#L165@" in found[0][1]
    assert "line 232 drifts" in found[1][1] and "src/client.js#L232@" in found[1][1]


def test_a_range_in_a_compact_list_is_one_pointer() -> None:
    found = findings("Guards sit at src/auth/guard.py:7,9-12 now.\n", "ANC106")
    assert ["lines 9-12 drift" in message for _, message in found] == [False, True]


@pytest.mark.parametrize("written", ["src/a.py:1,000", "src/a.py:12,3", "src/a.py:40,40"])
def test_a_list_that_does_not_rise_is_no_list_of_lines(written: str) -> None:
    """``1,000`` may be a thousand: a list is read only where each line follows the last."""
    assert findings(f"The knob is in {written} now.\n", "ANC106") == []


def test_a_pinned_compact_pointer_keeps_its_fix_and_a_listed_one_gets_none() -> None:
    import tempfile
    from pathlib import Path

    from anchorlint.stores.directory import DirectoryStore

    with tempfile.TemporaryDirectory() as root:
        (Path(root) / "src").mkdir()
        (Path(root) / "src" / "client.js").write_text("x\n" * 300)
        store = DirectoryStore(root)
        text = "See `src/client.js:12` and `src/client.js:165,232`.\n"
        found = [
            f for f in lint_source("notes.md", text, SETTINGS, store=store) if f.code == "ANC106"
        ]
    assert [f.fix is not None for f in found] == [True, False, False]


def test_a_hostile_compact_list_stays_linear() -> None:
    import time

    text = "src/a.py:" + "1," * 300_000 + "\n"
    started = time.perf_counter()
    lint_source("notes.md", text, SETTINGS)
    assert time.perf_counter() - started < 20.0


# --- the repository's history named as the place of the details (ANC102) --------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Early work covered the importer and the first dashboard. See git history for details.",
        "Check git history for the rest.",
        "Older fixes: see the commit log.",
        "Per version history, the export format changed twice.",
    ],
)
def test_the_repository_history_named_as_a_source_is_a_prose_pointer(sentence: str) -> None:
    assert len(findings(f"# Log\n\nThe loader is `src/load.py`.\n\n{sentence}\n", "ANC102")) == 1


@pytest.mark.parametrize(
    "sentence",
    [
        "See git history of `src/load.py` for details.",
        "We rewrote the git history tooling.",
        "I will check git status before the merge.",
        "The history of the loader is short.",
    ],
)
def test_history_that_is_anchored_or_no_pointer_stays_silent(sentence: str) -> None:
    assert findings(f"# Log\n\nThe loader is `src/load.py`.\n\n{sentence}\n", "ANC102") == []


# --- a document named by its file's stem before its section (ANC102, fourteenth sweep) ------


@pytest.mark.parametrize(
    ("heading", "count"),
    [
        ("## Phase 4 deliverable (PLAN §10)", 0),
        ("## Phase 4 deliverable (PLAN section 10)", 0),
        ("## Phase 4 deliverable (ROADMAP §10)", 1),
        ("## Phase 4 deliverable (spec §10)", 1),
    ],
)
def test_a_section_of_a_file_the_note_links_named_by_its_stem(heading: str, count: int) -> None:
    text = f"# Next session\n\nRead [PLAN.md](PLAN.md) before coding.\n\n{heading}\n\nShip it.\n"
    assert len(findings(text, "ANC102")) == count
