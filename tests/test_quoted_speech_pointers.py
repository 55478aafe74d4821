"""The user's words a summary records are theirs: no pointer of the summary's own (ANC102,
ANC106), as they are no back reference (ANC101). Shapes from a sweep of real conversations
saved as Markdown, in our own words."""

from __future__ import annotations

import pytest

from anchorlint.config import Settings
from anchorlint.run.engine import lint_source

SETTINGS = Settings()

NOTE = """\
Summary:
1. Primary Request:
   The user asked to add an update endpoint to `api/files.ts`.

2. Errors:
   - Error: "Cannot GET //api/v1/files"
     - User feedback: "i see the problem in my .env file. all fixed"

3. All user messages:
   - "great. let's do step 1 of this plan"
   - "still failing: ./web/components/Editor.tsx:8:1 Export useHandle doesn't exist"

4. Current Work:
   {own}
"""


def codes(own: str) -> list[tuple[int, str]]:
    found = lint_source("summary.md", NOTE.format(own=own), SETTINGS)
    return [(f.line, f.code) for f in found]


def test_quoted_user_messages_hold_no_pointer_of_the_summary() -> None:
    assert codes("Adding the PUT handler to `api/files.ts`.") == []


@pytest.mark.parametrize(
    ("own", "code"),
    [
        ("Implementing step 1 of the updated plan.", "ANC102"),
        ("Fixing ./web/components/Editor.tsx:8:1 next.", "ANC106"),
        ("As discussed above, the handler comes first.", "ANC101"),
    ],
)
def test_the_same_words_in_the_summarys_own_prose_still_fire(own: str, code: str) -> None:
    assert (14, code) in codes(own)


def test_a_quotation_with_the_summarys_own_remark_after_it_is_prose() -> None:
    text = 'Next: "fix the build" (see step 1 of the plan).\n'
    assert [f.code for f in lint_source("s.md", text, SETTINGS)].count("ANC102") == 1
