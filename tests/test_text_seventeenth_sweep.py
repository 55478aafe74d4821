"""Shapes from the seventeenth reading of real notes (session logs, handoffs, progress files),
written for these tests in our own words."""

from __future__ import annotations

import time

import pytest

from tests.test_text_sixteenth_sweep import back_references, findings

# --- "last session" as one field of a list of what some data holds (ANC101) ---------------


@pytest.mark.parametrize(
    "line",
    [
        "- Added browser usage stats (pages opened, watch time, last session, last failure) "
        "to the panel in `ui/stats.ts`.",
        "- The status call returns per-user counters (requests served, error count, last "
        "session, and last failure).",
        "- The export has one row per device (name, owner, last session, battery level).",
        "- The profile card shows (avatar, handle, or last session).",
    ],
)
def test_last_session_as_a_field_of_a_listed_record_is_data(line: str) -> None:
    assert back_references(line) == []


@pytest.mark.parametrize(
    "line",
    [
        "- Kept the counters (requests, errors and last session) as they were.",
        "- Nothing changed in the parser (from the last session, unchanged, as agreed).",
        "- Carried the cache layout over (see last session, notes, logs) untouched.",
        "- In the last session (pages, tabs, windows) the exporter was made to stream.",
        "- Last session the exporter was made to stream (pages, tabs, windows).",
    ],
)
def test_last_session_that_is_not_a_whole_field_still_fires(line: str) -> None:
    assert len(back_references(line)) == 1


def test_a_long_unclosed_parenthesis_stays_linear() -> None:
    line = "- Counters (" + "a, " * 100_000 + "last session, b"
    started = time.perf_counter()
    back_references(line)
    assert time.perf_counter() - started < 20


# --- "The above <noun>" after a fence that sits right under its heading (ANC101) -----------

FENCE = "```sh\nmake deps\nmake build\n```"


@pytest.mark.parametrize(
    "body",
    [
        f"## Install\n\n{FENCE}\n\nThe above commands need Go 1.22.",
        f"## Install\n{FENCE}\nThe above commands need Go 1.22.",
        f"Install:\n\n{FENCE}\n\nThe above commands need Go 1.22.",
        f"{FENCE}\n\n## Notes\n\nThe above commands need Go 1.22.",
        f"## Install\n\n- {FENCE[:5]}\n  make deps\n  ```\n\nThe above step needs Go 1.22.",
    ],
)
def test_the_above_right_after_a_fence_under_a_heading_names_it(body: str) -> None:
    text = f"# Handoff: local setup\n\n{body}\nThe build script is `scripts/build.sh`.\n"
    assert findings(text, "ANC101") == []


@pytest.mark.parametrize(
    "body",
    [
        "## Install\n\nRan the installer twice.\n\nThe above commands need Go 1.22.",
        f"## Install\n\n{FENCE}\n\nRan it twice.\n\nThe above commands need Go 1.22.",
        f"## Install\n\n{FENCE}\n\nRan it twice. The above commands need Go 1.22.",
        "## Install\n\nThe above commands need Go 1.22.",
    ],
)
def test_the_above_after_a_paragraph_or_a_bare_heading_still_fires(body: str) -> None:
    text = f"# Handoff: local setup\n\n{body}\nThe build script is `scripts/build.sh`.\n"
    assert len(findings(text, "ANC101")) == 1


# --- a pointer to the note's own section whose heading ends in a parenthesis (ANC102) ------

DATED_SECTIONS = """# Handoff: index rebuild

## Cache warmup (2026-03-02)

Warmup finished on the staging box; `scripts/warm.sh` has the flags used.

## Validation

The regression suite passed, POINTER.
"""


@pytest.mark.parametrize(
    ("heading", "pointer"),
    [
        ("## Cache warmup (2026-03-02)", "as recorded in the cache warmup section"),
        ("## Cache warmup (done)", "see the Cache warmup section"),
        ("## 2. **Cache warmup** (WIP)", "per the cache warmup section"),
        ("## Cache warmup (2026-03-02)", "as recorded in the cache warmup (2026-03-02) section"),
    ],
)
def test_a_heading_ending_in_a_parenthesis_is_named_by_its_words(
    heading: str, pointer: str
) -> None:
    text = DATED_SECTIONS.replace("## Cache warmup (2026-03-02)", heading)
    assert findings(text.replace("POINTER", pointer), "ANC102") == []


@pytest.mark.parametrize(
    ("heading", "pointer"),
    [
        ("## Cache warmup (2026-03-02)", "as recorded in the cache rebuild section"),
        ("## Cache warmup (2026-03-02)", "as recorded in the cache warmup section of the runbook"),
        ("## (2026-03-02)", "as recorded in the cache warmup section"),
        ("## Cache (warmup)", "as recorded in the warmup section"),
    ],
)
def test_a_section_the_note_does_not_title_so_still_fires(heading: str, pointer: str) -> None:
    text = DATED_SECTIONS.replace("## Cache warmup (2026-03-02)", heading)
    assert findings(text.replace("POINTER", pointer), "ANC102") == [(9, 30)]
