"""Text rules on the shapes a fourth sweep of real notes and transcripts showed them missing.

Written for the purpose in the style of the real notes: a coding agent's list of the files it
read, each path in bold code with its line range after it, and a fix noted with a remark
after the line number inside the parentheses. And a transcript whose later summary writes the
same line pointer another way, which is no drift.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import lint_tree, write_tree

from anchorlint.config import Settings
from anchorlint.run.engine import lint_source

SETTINGS = Settings()


def unpinned(text: str) -> list[tuple[int, str]]:
    """(line, message) of each ANC106 finding."""
    found = lint_source("handoff.md", text, SETTINGS)
    return [(f.line, f.message) for f in found if f.code == "ANC106"]


@pytest.mark.parametrize(
    "item",
    [
        "- **`src/queue/drain.ts`** (lines 310-355)",
        "- *`src/queue/drain.ts`* (lines 310-355)",
    ],
)
def test_a_path_in_bold_code_before_its_lines_is_a_line_pointer(item: str) -> None:
    text = f"## Files read\n\n{item}\n  - `drainIfIdle()` holds the lock while it waits\n"
    ((line, message),) = unpinned(text)
    assert line == 3
    assert "src/queue/drain.ts#L310-355@sha256:" in message


@pytest.mark.parametrize(
    ("item", "pin"),
    [
        ("- **`src/sync/rotate.ts`** (READ, lines 960-1031)", "src/sync/rotate.ts#L960-1031"),
        ("- `src/sync/folder.ts:checkAndRotate` (lines 967-1030)", "src/sync/folder.ts#L967-1030"),
    ],
)
def test_a_label_before_the_lines_or_a_symbol_after_the_path_keeps_the_pointer(
    item: str, pin: str
) -> None:
    ((line, message),) = unpinned(item + "\n")
    assert f"{pin}@sha256:" in message


@pytest.mark.parametrize("remark", [": `n > 3` became `n >= 3`", ", off by one in the cap"])
def test_a_remark_after_the_line_number_keeps_the_line_pointer(remark: str) -> None:
    text = f"- Fixed the retry guard in `worker/backoff.py` (line 88{remark})\n"
    ((line, message),) = unpinned(text)
    assert "worker/backoff.py#L88@sha256:" in message


@pytest.mark.parametrize(
    "item",
    [
        "- Fixed the guard in `worker/backoff.py` (line 88, 92 and 97)",  # a list of lines
        "- Fixed the guard in `worker/backoff.py` (lines 88:92)",  # no remark after the colon
        "- The pool in `worker/pool.py` (line count 88) is the biggest",
        "- Read `worker/pool.py` (see notes, lines 4-9)",  # a remark of two words first
    ],
)
def test_no_single_line_pointer_is_read_where_the_parentheses_hold_more(item: str) -> None:
    assert unpinned(item + "\n") == []


def test_a_line_pointer_written_another_way_in_the_next_summary_is_no_drift(
    tmp_path: Path,
) -> None:
    """ "`a.py` line 12" in one summary and "`a.py` (line 12)" in the next point to the same
    lines; a pointer that loses its lines is still a mutation."""
    records = [
        {"thread": "t", "generation": 1, "summary": "Guard in `worker/backoff.py` line 88."},
        {"thread": "t", "generation": 2, "summary": "Guard in `worker/backoff.py` (line 88)."},
        {"thread": "t", "generation": 3, "summary": "Guard in `worker/backoff.py`."},
    ]
    write_tree(tmp_path, {"h.jsonl": "".join(json.dumps(r) + "\n" for r in records)})
    settings = Settings(root=str(tmp_path), select=("ANC211",))
    found = [(f.line, f.message) for f in lint_tree(tmp_path, settings)]
    assert len(found) == 1
    line, message = found[0]
    assert line == 3
    assert "mutated worker/backoff.py#L88 -> worker/backoff.py" in message
