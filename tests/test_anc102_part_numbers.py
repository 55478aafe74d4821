"""A pointer that names a document part by its number ("Per the ranking in section 3",
"Per the table in section 3") ended on the noun, without the number, so a number one of the
note's own headings carries could not tell it points into the note. Shapes written for these
tests in our own words."""

from __future__ import annotations

from tests.test_text_nineteenth_sweep import coded

HANDOVER = """# Dev box handover

## 3 · Known bugs (ranked)

- Broken chart tooltip on the billing page.
- Slow export on large accounts.

## 4 · What to do next

Per the ranking in section 3, the next fix is the tooltip.
Per the table in section 3, fix the export after it.
See the list in section 3 for the order.
Per the ranking in section 9, the pager goes last.
"""


def test_a_part_of_the_notes_own_numbered_section_is_no_dropped_source() -> None:
    assert coded(HANDOVER, "ANC102") == [(13, 1)]


def test_the_finding_quotes_the_number_of_a_section_the_note_lacks() -> None:
    from anchorlint.config import Settings
    from anchorlint.run.engine import lint_source

    found = [f for f in lint_source("notes.md", HANDOVER, Settings()) if f.code == "ANC102"]
    assert [f.message.split('"')[1] for f in found] == ["Per the ranking in section 9"]


def test_the_part_of_a_named_document_still_points_out() -> None:
    """Only the note's own number silences it: "in section 3 of the runbook" names another
    document's section, whatever the note's headings are."""
    text = "# Notes\n\n## 3 Risks\n\n- Cache.\n\nSee the steps in section 3 of the runbook.\n"
    assert coded(text, "ANC102") == [(7, 1)]
