"""Shapes from the twenty-second sweep of real notes and transcripts: a referent named right
after "the previous/prior" (quoted, or listed after a colon), a quoted string a program
writes, a note presenting itself or labelled as complete, a list item labelled by a
folder, written for these tests in our own words."""

from __future__ import annotations

import time

import pytest
import regex

from anchorlint.text.anaphora_path_labels import _PATH_LABEL
from anchorlint.text.quoted_mentions import _NOUN_AFTER, _NOUN_BEFORE, mentioned
from anchorlint.text.self_claims import SELF_DESCRIPTION, STATUS_LABEL
from tests.test_text_nineteenth_sweep import coded

REFACTOR_NOTES = """# Tower refactor notes

- `Conjugate` moved onto the new cubic tower type (commit 7e1c0d4).
- The natural map is not the same shape as the previous "negate the top limb" definition,
  so the old helper was deleted. Nobody called it.
- The weekly view is missing the prior controls here: the driver lock, the auto-cancel
  threshold and the reschedule threshold.
- Dispatch keeps the prior steps: build, test and publish.
"""


def test_a_name_quoted_or_listed_right_after_the_ordinal_is_the_referent() -> None:
    assert coded(REFACTOR_NOTES, "ANC101") == []


def test_a_colon_before_a_reason_lists_nothing() -> None:
    text = "# Notes\n\n- Reverted the previous fix: it broke the nightly build.\n"
    assert coded(text, "ANC101") == [(3, 12)]


def test_a_quote_never_closed_names_nothing() -> None:
    text = '# Notes\n\n- The previous "fast path was wrong, and we dropped it.\n'
    assert coded(text, "ANC101") == [(3, 3)]


def test_a_context_noun_after_the_ordinal_still_points_back() -> None:
    text = "# Notes\n\n- Continue from the previous summary; the parser was split.\n"
    assert coded(text, "ANC101") == [(3, 17)]


def test_a_list_far_after_the_ordinal_is_not_its_referent() -> None:
    """The colon must stand within three words of the ordinal."""
    text = (
        "# Notes\n\n- The previous plan was dropped after the review we held on Monday: "
        "tests, docs and the release.\n"
    )
    assert coded(text, "ANC101") == [(3, 3)]


def test_context_nouns_listed_after_a_colon_are_restated() -> None:
    text = (
        "# Notes\n\n- Dispatch keeps the prior steps: build, test and publish.\n"
        "- The previous steps were reordered.\n"
    )
    assert coded(text, "ANC101") == [(4, 3)]


def test_only_because_a_previous_session_did_something_points_back() -> None:
    """ "Just because it worked in a previous session" speaks of any session; "caught only
    because a previous session wrote the check" tells what one of them did."""
    text = (
        "# Log\n\n- It was caught only because a previous session wrote the check.\n"
        "- Just because it worked in a previous session does not mean it works now.\n"
    )
    assert coded(text, "ANC101") == [(3, 32)]


# --- a short quoted string named as a literal is mentioned, not said (ANC101) ---------------

PROMPT_WORKLOG = """# Worklog: prompt assembly

- `assemble()` in `src/agent/assemble.ts` takes an optional `attempts` list now.
- Adds "EARLIER TRIES:" before the list of failures when `attempts` is not empty.
- The ranker writes a "Previous session" banner above the recalled notes.
"""


def test_a_quoted_header_a_program_writes_is_no_pointer_back() -> None:
    assert coded(PROMPT_WORKLOG, "ANC101") == []
    assert coded(PROMPT_WORKLOG, "ANC103") == []


@pytest.mark.parametrize(
    "line",
    [
        "The ranker adds a banner: “Prior context” over the recalled notes.",
        "Writes a section titled 'Earlier context' into the prompt.",
        'The "Previous session" and "Open questions" headings are optional now.',
        'Each record gets the prefix "From the previous run:" when a job resumes.',
        'Each record opens with "Continuing from the previous session:" when a job resumes.',
    ],
)
def test_a_noun_before_the_quotation_or_a_colon_inside_it_names_the_literal(line: str) -> None:
    assert coded(f"# Notes\n\n- {line}\n", "ANC101") == []


def test_scare_quotes_and_bare_words_still_point_back() -> None:
    """Quotation marks round the phrase alone name no string: the note still points back."""
    assert coded('# Notes\n\n- As "noted above", the lexer was split.\n', "ANC101") == [(3, 7)]
    assert coded('# Notes\n\n- The "prior context" was wrong.\n', "ANC101") == [(3, 8)]
    text = "# Notes\n\n- The prior context header was dropped as noted above.\n"
    assert coded(text, "ANC101") == [(3, 3)]


def test_a_long_quotation_or_an_apostrophe_is_no_literal() -> None:
    text = (
        '# Notes\n\n- The "cache rules we agreed on in the previous session with ops" '
        "section was rewritten.\n- Restored the user's previous session title.\n"
    )
    assert coded(text, "ANC101") == [(3, 36), (4, 23)]


def test_a_megabyte_of_quotation_marks_is_read_in_linear_time() -> None:
    units = ['"a" and ', '"' * 9 + " ", "'prior context' ", '"x" , "y" / ' * 3, "header " * 3]
    for unit in units:
        text = unit * (1_000_000 // len(unit))
        started = time.perf_counter()
        found = [
            mentioned(text, max(0, at - 300), len(text), at, at + 5)
            for at in range(300, len(text), 50_000)
        ]
        assert not any(found) or unit.startswith("'")
        assert _NOUN_AFTER.match(text) is None or unit.startswith("header")
        _NOUN_BEFORE.search(text + '"')
        assert time.perf_counter() - started < 10


# --- the note presenting itself as complete (ANC108) -----------------------------------------

EXPORT_STEPS = """# Export checks handoff

{claim}

## Steps

- Start the fake upstream with `tools/fake_upstream.py`.
- Set the options in `.env` (port, spool folder, etc.)
- Run `make check` and compare the totals.
"""


@pytest.mark.parametrize(
    "claim",
    [
        "This is a **comprehensive, self-contained checklist** to pick up the export checks.",
        "This is a comprehensive handoff to pick up the export checks.",
        "Here's a detailed and complete hand-off for whoever runs the checks next.",
        "This note is a self-contained guide to the export checks.",
    ],
)
def test_the_note_presenting_itself_as_complete_is_a_claim(claim: str) -> None:
    assert coded(EXPORT_STEPS.format(claim=claim), "ANC108") == [(3, 1)]


@pytest.mark.parametrize(
    "claim",
    [
        "This is a comprehensive test suite for the exporter.",
        "This is a complete rewrite of the spool writer.",
        "This is a detailed handoff to pick up the export checks.",
        "Updated the runbook: a comprehensive, self-contained checklist now ships with it.",
    ],
)
def test_adjectives_of_the_work_or_of_another_document_claim_nothing(claim: str) -> None:
    assert coded(EXPORT_STEPS.format(claim=claim), "ANC108") == []


def test_a_megabyte_of_adjectives_is_read_in_linear_time() -> None:
    claims = regex.compile(SELF_DESCRIPTION, regex.IGNORECASE)
    units = ["this is a complete, ", "this is a **full** and **", "comprehensive, " * 4]
    for unit in units:
        text = unit * (1_000_000 // len(unit))
        started = time.perf_counter()
        assert claims.search(text) is None
        assert time.perf_counter() - started < 10


# --- a label of the note whose value is the claim (ANC108) -----------------------------------

INVOICE_HANDOFF = """# Handoff: invoice export

## Done

- The streaming writer is in `export/stream.py`; memory stays flat on large inputs.
- The retry wrapper was merged in the previous session, so only the writer changed.

{label}
"""


@pytest.mark.parametrize(
    ("label", "column"),
    [
        ("**Handoff status**: Complete and comprehensive. Start with the nightly run.", 1),
        ("Status: complete and self-contained", 1),
        ("**Summary:** comprehensive", 1),
        ("- Context: complete \u2014 start with the nightly run", 3),
    ],
)
def test_a_label_of_the_note_valued_complete_is_a_claim(label: str, column: int) -> None:
    assert coded(INVOICE_HANDOFF.format(label=label), "ANC108") == [(8, column)]


@pytest.mark.parametrize(
    "label",
    [
        "**Task status**: complete",
        "Migration: complete.",
        "Build status: complete",
        "Status: complete.",
        "**Summary**: complete rewrite of the writer, with retries.",
        "Status: comprehensive tests added for the writer.",
        "- Notes: complete",
    ],
)
def test_a_label_of_the_work_or_a_value_that_goes_on_claims_nothing(label: str) -> None:
    assert coded(INVOICE_HANDOFF.format(label=label), "ANC108") == []


def test_a_status_label_in_plain_text_is_read_after_its_list_mark() -> None:
    text = INVOICE_HANDOFF.format(label="- Handoff status: complete, self-contained.")
    assert coded(text, "ANC108", "notes.txt") == [(8, 1)]


def test_a_megabyte_of_labels_is_read_in_linear_time() -> None:
    labels = regex.compile(STATUS_LABEL, regex.IGNORECASE | regex.MULTILINE)
    units = ["status: complete, ", "- **handoff status**: ", "summary: complete and\n"]
    for unit in units:
        text = unit * (1_000_000 // len(unit))
        started = time.perf_counter()
        assert labels.search(text) is None
        assert time.perf_counter() - started < 10


# --- a list item labelled by a folder in code names what lies there (ANC101) -----------------

COMMITTED = """# Handoff 2026-03-04

- **Committed:**
  - `viewer.py` - tooltip fix
  - `handoffs/2026-03-03/` - Previous session notes
  - **`logs/run-12/`**: prior context dumps
  - `docs/quotas.md` - limits discussion
"""


def test_a_context_noun_in_an_item_labelled_by_a_folder_is_named() -> None:
    assert coded(COMMITTED, "ANC101") == []
    assert coded(COMMITTED, "ANC101", "notes.txt") == []


@pytest.mark.parametrize(
    ("item", "column"),
    [
        ("- Previous session notes were lost.", 3),
        ("- `make check` - passes as in the previous session", 31),
        ("- `handoffs/2026-03-03/` - notes. Pick up from the previous session.", 48),
        ("- `handoffs/2026-03-03/` was wiped with the previous session notes.", 41),
        ("`handoffs/2026-03-03/` - Previous session notes", 26),
    ],
)
def test_an_item_with_no_path_for_its_label_still_points_back(item: str, column: int) -> None:
    assert coded(f"# Handoff\n\n{item}\n", "ANC101") == [(3, column)]


def test_a_megabyte_of_code_labels_is_read_in_linear_time() -> None:
    units = ["`a/b` - ", "- `" + "a" * 300 + "/", "`" + "/" * 50 + " ", "**`x/`**:"]
    for unit in units:
        text = unit * (1_000_000 // len(unit))
        started = time.perf_counter()
        for at in range(0, len(text), 100_000):
            _PATH_LABEL.match(text, at)
        _PATH_LABEL.search(text)
        assert time.perf_counter() - started < 10


def test_the_built_in_claims_keep_the_fast_lowered_scan() -> None:
    """A ``\\u`` escape in one built-in pattern made every text's claim scan fall back to
    the slow case-blind union (a third more time over short summaries)."""
    from anchorlint.text.lexicon import COMPLETENESS_CLAIMS, ELISION_MARKERS
    from anchorlint.text.marker_scan import _CLASS_ESCAPE

    assert [p for p in (*COMPLETENESS_CLAIMS, *ELISION_MARKERS) if _CLASS_ESCAPE.search(p)] == []
