"""Shapes from the seventeenth reading of real notes (session logs, handoffs, progress files),
written for these tests in our own words."""

from __future__ import annotations

import hashlib
import time
from pathlib import Path

import pytest
from conftest import run_cli

from anchorlint.run.engine import lint_source
from tests.test_text_sixteenth_sweep import SETTINGS, back_references, findings

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


# --- one pointer as a Markdown link's text and target (ANC106) -----------------------------


def pointers(text: str) -> list[tuple[int, int]]:
    return findings(f"# Handoff\n\n{text}\n\nNext: the retry cap.\n", "ANC106")


@pytest.mark.parametrize(
    "item",
    [
        "- [x] Timeout raised to 30 s in [api/session.js:97](api/session.js#L97)",
        "- [x] Timeout raised to 30 s in [`api/session.js:97`](api/session.js#L97)",
        "- [x] Timeout raised to 30 s in [session.js:97](api/session.js#L97)",
        "- [x] Timeout raised to 30 s in [api/session.js:97-99](./api/session.js#L97-L99)",
    ],
)
def test_a_link_whose_text_is_its_target_is_one_pointer(item: str) -> None:
    assert pointers(item) == [(3, item.index("](") + 3)]


def test_a_link_to_pinned_lines_labelled_by_them_is_pinned() -> None:
    item = "- Timeout in [api/session.js:97](api/session.js#L97@sha256:0123456789abcdef)"
    assert pointers(item) == []


@pytest.mark.parametrize(
    "item",
    [
        "- Timeout in [api/session.js:97](api/session.js#L90)",  # other lines
        "- Timeout in [api/session.js:97](api/client.js#L97)",  # another file
        "- Timeout in [api/session.js:97](other/api/session.jsx#L97)",
        "- Timeout in api/session.js:97 (api/session.js#L97)",  # no link
    ],
)
def test_a_link_to_other_lines_or_no_link_is_two_pointers(item: str) -> None:
    assert len(pointers(item)) == 2


def test_fix_and_pin_pin_the_target_and_leave_nothing_to_report(tmp_path: Path) -> None:
    store = tmp_path / "store"
    (store / "api").mkdir(parents=True)
    lines = b"".join(f"line {n}\n".encode() for n in range(1, 121))
    (store / "api" / "session.js").write_bytes(lines)
    summary = tmp_path / "s.md"
    summary.write_text("# Handoff\n\n- Timeout in [api/session.js:97](api/session.js#L97)\n")
    command = ("check", "--fix", "--no-cache", "--store", str(store), str(summary))
    run_cli(*command)
    pin = hashlib.sha256(b"line 97\n").hexdigest()[:16]
    fixed = summary.read_text()
    assert f"[api/session.js:97](api/session.js#L97@sha256:{pin})" in fixed
    again = run_cli(*command)
    assert "ANC106" not in again.stdout and summary.read_text() == fixed
    summary.write_text("# Handoff\n\n- Timeout in [api/session.js:97](api/session.js#L97)\n")
    run_cli("pin", "--store", str(store), str(summary))
    assert summary.read_text() == fixed  # the pin command writes what the fix writes


# --- a denial of what is known of the earlier talk (ANC101) --------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "Write this file for a newcomer and assume no memory of previous conversations.",
        "The next agent starts without any knowledge of prior sessions.",
        "Assume zero recollection of earlier chats when reading this.",
        "The worker has no access to previous conversations, so the plan is restated here.",
        "Expect no record of prior sessions in the new workspace.",
    ],
)
def test_a_denied_memory_of_earlier_talk_drops_nothing(line: str) -> None:
    assert back_references(line) == []


@pytest.mark.parametrize(
    "line",
    [
        "The summary keeps the memory of previous conversations short.",
        "There were no changes from the previous session to the parser.",
        "No bug of the previous session came back.",
        "The agent kept its knowledge of prior sessions and went on.",
    ],
)
def test_a_denial_of_something_else_or_no_denial_still_fires(line: str) -> None:
    assert len(back_references(line)) == 1


# --- a rule over every phase, stage or sprint of a plan (ANC101) ----------------------------


@pytest.mark.parametrize(
    "line",
    [
        "1. No phase starts until the previous phase is green (spec, code, tests).",
        "- No stage ships before the previous stage passes review.",
        "- Each sprint opens with a demo of what the previous sprint shipped.",
        "- Every phase reuses the fixtures of the previous phase.",
    ],
)
def test_a_rule_over_every_phase_names_its_own_previous_one(line: str) -> None:
    assert back_references(line) == []


@pytest.mark.parametrize(
    "line",
    [
        "- The previous phase left the migration half done.",
        "- No step of the previous phase was lost.",
        "- No tests ran in the previous phase.",
        "- No phase was skipped, but the previous phase left the docs stale.",
    ],
)
def test_a_phase_named_with_no_rule_over_every_one_still_fires(line: str) -> None:
    assert len(back_references(line)) == 1


# --- "see" as a verb with a subject, not an instruction (ANC102) ----------------------------


def descriptions(line: str) -> list[tuple[int, int]]:
    text = f"# Notes: layer view\n\nThe view flag lives in `engine/view.py`.\n\n{line}\n"
    return findings(text, "ANC102")


@pytest.mark.parametrize(
    "line",
    [
        "Export and autosave still see the whole document while the view is partial.",
        "The exporters now see the full log, not the filtered one.",
        "Both workers always see the same config after a reload.",
        "Until the flag flips, they see the old schema.",
    ],
)
def test_see_with_a_subject_says_what_something_reads(line: str) -> None:
    assert descriptions(line) == []


@pytest.mark.parametrize(
    "line",
    [
        "See the design doc for the fold order.",
        "For the fold order, see the design doc.",
        "For the fold order see the design doc.",
        "Please also see the design doc for the fold order.",
        "You can also see the design doc for the fold order.",
        "Reviewers should still see the design doc first.",
        "Also see the design doc for the fold order.",
    ],
)
def test_see_as_an_instruction_still_fires(line: str) -> None:
    assert len(descriptions(line)) == 1


# --- "as before:" and the list that restates it (ANC101) -----------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "The three tests cover the same checks as before: (1) the button hides the row, (2) a "
        "locked row stays visible, (3) the filter shows hidden rows.",
        "The retry keeps the same limits as before: 1) five attempts, 2) a 30 s cap.",
        "The release keeps the same gates as before:\n\n- lint passes\n- the smoke test passes",
    ],
)
def test_as_before_restated_by_the_list_after_its_colon(line: str) -> None:
    assert back_references(line) == []


@pytest.mark.parametrize(
    "line",
    [
        "The three tests cover the same checks as before.",
        "The three tests cover the same checks as before: the button hides the row.",
        "The three tests cover the same checks as before: (1) the button hides the row.",
        "The tests cover the same checks as before. (1) the button, (2) the filter.",
        "The release keeps the same gates as before: lint and the smoke test.\n\n- lint passes",
    ],
)
def test_as_before_with_no_list_after_its_colon_still_fires(line: str) -> None:
    assert len(back_references(line)) == 1


# --- a label of the summary at the start of a table's cell (ANC108) ------------------------

TABLE = """# Handoff: file tracking

| Call | Returns |
| --- | --- |
| `ListFiles` | Every tracked file with its state |
| `GetHistory` | CELL |

Open: retries, timeouts, etc. Code is in `internal/track/service.go`.
"""


@pytest.mark.parametrize(
    "cell",
    ["Full history for the revert dialog", "Complete record of edits", "Full transcript"],
)
def test_a_cell_describing_data_is_no_label_of_the_summary(cell: str) -> None:
    assert findings(TABLE.replace("CELL", cell), "ANC108") == []


@pytest.mark.parametrize(
    "text",
    [
        TABLE.replace("CELL", "Nothing was omitted"),
        TABLE.replace("CELL", "paged").replace("# Handoff: file tracking", "# Full history"),
        TABLE.replace("CELL", "paged").replace("Open:", "Full history of the session.\n\nOpen:"),
    ],
)
def test_a_claim_in_a_cell_or_a_label_outside_one_still_fires(text: str) -> None:
    assert len(findings(text, "ANC108")) == 1


# --- a Windows path with Markdown's escaped backslashes, in prose (ANC106) ------------------


@pytest.mark.parametrize(
    ("item", "key"),
    [
        ("- D:\\\\work\\\\tool\\\\Cargo.toml (lines 12-20)", "D:\\\\work\\\\tool\\\\Cargo.toml"),
        (
            "- Fixed D:\\\\work\\\\tool\\\\src\\\\main.rs:42 today.",
            "D:\\\\work\\\\tool\\\\src\\\\main.rs",
        ),
        ("- Line 7 of C:\\\\x\\\\notes.md has the cap.", "C:\\\\x\\\\notes.md"),
    ],
)
def test_a_drive_path_with_escaped_backslashes_in_prose_is_a_pointer(item: str, key: str) -> None:
    (finding,) = [f for f in lint_source("s.md", f"# Phase 2\n\n{item}\n", SETTINGS)]
    assert finding.code == "ANC106" and f"write it as {key}#L" in finding.message


@pytest.mark.parametrize(
    "item",
    [
        "- The test writes `D:\\\\work\\\\tool\\\\Cargo.toml:12` as a literal.",
        "- Mixed D:\\\\work\\tool\\\\Cargo.toml (lines 12-20) is no path.",
        "- Quadrupled D:\\\\\\\\work\\\\\\\\Cargo.toml (lines 12-20) is no path.",
        "- A regex `\\\\d+\\\\.csv` (line 4) is no path.",
    ],
)
def test_escaped_backslashes_in_code_or_mixed_are_no_path(item: str) -> None:
    assert findings(f"# Phase 2\n\n{item}\n", "ANC106") == []


# --- bare file names of hardware, proof and GPU sources (ANC106) ----------------------------


@pytest.mark.parametrize(
    "name",
    ["top_core.sv", "defs.svh", "alu.vhd", "alu.vhdl", "Basic.lean", "build.tcl", "gemm.cu"],
)
def test_a_bare_file_name_with_a_source_extension_is_a_pointer(name: str) -> None:
    text = f"# FPGA handoff\n\n**Fix** (one line, `{name}:94`): the clock comes from the input.\n"
    assert findings(text, "ANC106") == [(3, 21)]


@pytest.mark.parametrize(
    "line",
    [
        "**Fix** (one line, `top_core.svg:94`): the clock comes from the input.",
        "**Fix** (one line, `top_core.lean4:94`): the clock comes from the input.",
        "**Fix** (one line, v1.2:94): the clock comes from the input.",
    ],
)
def test_other_extensions_and_versions_stay_no_path(line: str) -> None:
    assert findings(f"# FPGA handoff\n\n{line}\n", "ANC106") == []
