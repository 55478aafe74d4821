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


def anaphora_and_pointers(text: str) -> list[tuple[int, str]]:
    found = lint_source("handoff.md", text, SETTINGS)
    return [(f.line, f.code) for f in found if f.code in ("ANC101", "ANC102")]


@pytest.mark.parametrize(
    "sentence",
    [
        "The old copies from before they were merged into the monorepo can go.",
        "It keeps logs from before rotating the keys.",
        "The orchestrator no longer holds as much format-specific logic as before.",
        "Startup is twice as fast as before.",
    ],
)
def test_a_clause_of_time_or_a_comparison_is_no_pointer_back(sentence: str) -> None:
    assert anaphora_and_pointers(f"## Notes\n\n{sentence}\n") == []


@pytest.mark.parametrize(
    "sentence",
    [
        "Reuse the token from before.",
        "Configure the proxy as before.",
        "The data from before the outage is gone, as noted before.",
    ],
)
def test_the_same_words_pointing_back_still_fire(sentence: str) -> None:
    assert (3, "ANC101") in anaphora_and_pointers(f"## Notes\n\n{sentence}\n")


NEXT_TASK = """\
## Next task

The likely asks are:

1. Retry the flaky upload test in `tests/test_upload.py`.
2. Bump the pinned parser in `requirements.txt`.

If the user asks for anything else, that comes first, ahead of all of the above.
"""


def test_all_of_the_above_after_the_notes_own_list_points_inside_it() -> None:
    assert anaphora_and_pointers(NEXT_TASK) == []


def test_the_above_with_no_list_before_it_still_points_back() -> None:
    text = "## Next task\n\nAnything else comes first, ahead of all of the above.\n"
    assert anaphora_and_pointers(text) == [(3, "ANC101")]
    assert anaphora_and_pointers(NEXT_TASK.replace("all of the above", "the above")) == [
        (8, "ANC101")
    ]


READING_LIST = """\
## Where to read things

- `GUIDE.md`: goals, design and lessons. §2.1 has the risk table; §2.2 has the open items.
- The rollout order follows §4 of the ops handbook.
- `README.md` is the entry point. The warm-up steps are in the ops handbook (see section 2).
"""


def test_a_section_of_the_document_its_list_item_names_is_no_prose_pointer() -> None:
    """A bare "§2.1" after `GUIDE.md` in the same item is GUIDE.md's section; a section of a
    document the clause describes ("the ops handbook (see section 2)") is still a pointer."""
    assert anaphora_and_pointers(READING_LIST) == [(4, "ANC102"), (5, "ANC102")]
