"""Text rules on the shapes a tenth sweep of real compaction summaries showed them getting wrong.

Written for the purpose, in the style of the real summaries and never in their words: a
condense template that numbers its sections ("1. Previous Conversation:"), read as a
backward reference before (ANC101).
"""

from __future__ import annotations

import json

import pytest

from anchorlint.config import Settings
from anchorlint.run.engine import lint_source

SETTINGS = Settings()


def findings(text: str, code: str, name: str = "notes.md") -> list[tuple[int, str]]:
    """(line, message) of each ``code`` finding."""
    found = lint_source(name, text, SETTINGS)
    return [(f.line, f.message) for f in found if f.code == code]


# --- numbered section labels of a condense template (ANC101) ---------------------------

TEMPLATE = """\
Context
1. Previous Conversation:
The owner wanted a rota planner for the clinic, with shifts and swap requests.

2. Current Work:
Building the swap request form in `web/rota/SwapForm.vue`.

3. Pending Tasks and Next Steps:
- Add the approval step for swaps.
"""

TEMPLATE_INLINE = """\
Task
1. Previous Conversation: The owner wanted a rota planner for the clinic.
2. Current Work: Building the swap form in `web/rota/SwapForm.vue`.
"""


@pytest.mark.parametrize(
    ("text", "name"),
    [
        (TEMPLATE, "notes.md"),
        (TEMPLATE_INLINE, "notes.md"),
        (TEMPLATE, "notes.txt"),
        (TEMPLATE_INLINE, "notes.txt"),
        (
            "Task\n1. **Previous Conversation:** The owner wanted a planner.\n2. Next: tests.\n",
            "n.md",
        ),
        ("Task\n\n  3) Prior context summary: the owner wants a planner.\n", "notes.txt"),
    ],
)
def test_a_numbered_section_label_is_no_back_reference(text: str, name: str) -> None:
    """The label names the section that follows it, and the section restates the referent."""
    assert findings(text, "ANC101", name) == []


def test_a_numbered_label_in_a_json_summary_is_no_back_reference() -> None:
    record = json.dumps({"summary": TEMPLATE}) + "\n"
    assert findings(record, "ANC101", "store.jsonl") == []


@pytest.mark.parametrize(
    "text",
    [
        # a bullet, not a numbered template section
        "Task\n- Previous Conversation: the owner wanted a planner.\n- Current Work: forms.\n",
        # a label that says more than the context noun
        "Task\n1. Fixes from previous session: the rota export.\n2. Current Work: forms.\n",
        # no colon: a sentence about the earlier conversation
        "Task\n1. Previous conversation covered the rota planner.\n",
        # the colon comes after a clause, not a label
        "Task\n1. As we said in prior context: keep the swap form.\n",
        # a label over nothing at all
        "Notes\n\n1. Previous Conversation:\n",
        # a label with no colon, as a list entry
        "Task\n1. Previous conversation summary\n2. Next\n",
    ],
)
def test_near_misses_of_a_section_label_still_point_back(text: str) -> None:
    assert len(findings(text, "ANC101")) == 1


def test_a_back_reference_inside_a_labelled_section_still_fires() -> None:
    text = "Task\n1. Previous Conversation: As noted above, the swap form stays.\n2. Next: tests.\n"
    found = findings(text, "ANC101")
    assert len(found) == 1 and '"As noted above"' in found[0][1]


def test_all_of_the_above_after_a_numbered_list_is_still_a_quantifier() -> None:
    """A numbered item's paragraph has its own kind now; the list before "all of the
    above" is still the note's own list."""
    text = "Options:\n\n1. Cache the rota.\n2. Rebuild it nightly.\n\nWe ship all of the above.\n"
    assert findings(text, "ANC101") == []
