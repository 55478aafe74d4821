"""ANC101 on what a real compaction summary quotes, and on requests pointed back at.

A sweep of coding agents' own session files (their compaction records) showed the rule
reading the user's recorded words as the summary's pointers: the "All user messages"
section lists what the user typed ("Continue from where you left off."), a narrative quotes
a request after "The user asked:", and a request in another language is followed by its
translation in parentheses or after a dash. Each is words someone said, kept as said. The
same sweep showed "as requested earlier" read as nothing while "as agreed earlier" counts.
"""

from __future__ import annotations

import pytest

from anchorlint.config import Settings
from anchorlint.run.engine import lint_source

SETTINGS = Settings()


def codes(text: str, name: str = "notes.md") -> list[tuple[int, str]]:
    """(line, code) of each text-rule finding on ``text``, read as a Markdown summary."""
    return [(f.line, f.code) for f in lint_source(name, text, SETTINGS)]


SESSION_SUMMARY = """\
Summary:
1. Primary Request and Intent:
   The user wants the nightly export in `jobs/export.py` to write one file per tenant.

2. Key Technical Concepts:
   - Tenant ids come from `config/tenants.yaml`.

3. Files and Code Sections:
   - `jobs/export.py`: the writer loop now groups rows by tenant.

4. All user messages:
   - "split the export per tenant, see `jobs/export.py`"
   - "Continue from where you left off."
   - \u201cpick it up where we left off, the tests were red\u201d

5. Pending Tasks:
   - The user asked: "finish the thing from before, then run the suite"
   - User's last message: "go on from where you stopped"
   - The user wrote "\u7ee7\u7eed\u521a\u624d\u90a3\u4e2a\u9879\u76ee" (the project from before).
   - "\u7ee7\u7eed\u90a3\u4e2a\u4efb\u52a1" \u2014 carry on from where it left off

6. Current Work:
   Renaming the output files; as noted earlier, the old names break the importer.
"""


def test_recorded_user_messages_and_their_translations_are_not_pointers() -> None:
    """Only the summary's own sentence in Current Work points back."""
    assert codes(SESSION_SUMMARY) == [(23, "ANC101")]


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ('- "fix it" (the crash from before)', "an English quote, then the summary's own remark"),
        ("- Continue from where you left off.", "the same words, not quoted"),
        ('- The user wrote "go on" and I resumed, as noted earlier.', "after the quotation"),
        ('- Pick "fast mode", the setting from before.', "a quoted name, the pointer outside"),
        ("- Rerun the suite as requested earlier.", "a request pointed back at"),
        ("- Kept the flag off, as previously requested.", "a request pointed back at"),
    ],
)
def test_near_misses_still_point_back(line: str, why: str) -> None:
    text = "## Notes\n\n- The writer lives in `jobs/export.py`.\n" + line + "\n"
    assert codes(text) == [(4, "ANC101")], why


@pytest.mark.parametrize(
    "line",
    [
        "- Updated the README as requested.",
        "- Copied the export as requested earlier today.",
        "- Froze the schema as noted before the migration.",
        "- Kept the flag, as agreed before we shipped.",
        "- The build finished earlier than planned.",
    ],
)
def test_requests_met_and_times_named_stay_silent(line: str) -> None:
    text = "## Notes\n\n- The writer lives in `jobs/export.py`.\n" + line + "\n"
    assert codes(text) == []


def test_a_quotation_mark_in_a_megabyte_sentence_is_read_in_bounded_time() -> None:
    """The quotation reading looks a bounded way back; a hostile sentence of quotes and
    pointers is linted like any other: past the reach, the phrase is read as prose."""
    text = "- " + '"a" ' * 120_000 + '"as noted earlier" (from before)\n'
    assert (1, "ANC101") in codes(text)
