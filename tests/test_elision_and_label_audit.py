"""Shapes from a precision audit of ANC104 and a text sweep: an ellipsis that omits nothing
(a quoted blank, the middle of a series written by its terms), the note called "this
analysis", a note labelled a "self-contained guide", and a prose pointer's quote that took a
closing bold marker. Written for these tests in our own words."""

from __future__ import annotations

from tests.test_text_nineteenth_sweep import coded

# --- an ellipsis that omits nothing: a quoted blank, a series's middle (ANC104, ANC103) ----

BUG_TEMPLATE = """# Bug report

**Steps to reproduce**
1. Open '...'
2. Press "..." in the toolbar
3. Type the quote marks (“…”) and see the error

**Expected**: the dialog closes.
"""


def test_a_quoted_blank_to_fill_in_is_no_elision() -> None:
    assert coded(BUG_TEMPLATE, "ANC104") == []


def test_an_ellipsis_that_ends_a_quotation_still_counts() -> None:
    """The quotation goes on before the dots: words of it were left out."""
    text = '# Notes\n\nThe reviewer wrote "the cache is stale ..." and moved on.\n'
    assert coded(text, "ANC104") == [(1, 1)]


def test_dots_between_two_quotations_still_count() -> None:
    text = '# Notes\n\nThe log went "start"..."stop" with no step between.\n'
    assert coded(text, "ANC104") == [(1, 1)]


MATH_NOTE = """# Averages

For positive reals x_1, ..., x_k the mean of x_1 + ... + x_k is at least their geometric mean.
Pick two of {1,...,m} with the same remainder; then p₁ × ... × pₙ + 1 has a new prime factor.
Equality holds iff a_1 = a_2 = ... = a_n, and a_1^{w_1} * ... * a_n^{w_n} bounds the rest.
"""


def test_the_middle_of_a_series_written_by_its_terms_is_no_elision() -> None:
    assert coded(MATH_NOTE, "ANC104") == []


def test_a_prose_list_that_ends_or_skips_with_dots_still_counts() -> None:
    """Items of prose left out: "the parser, the cache, ..." ends a list, "the parser, ...,
    the logger" skips some; neither series is written by its terms."""
    for line in (
        "We touched the parser, the cache, ...",
        "We touched the parser, ..., the logger.",
        "Counted 0, 1, 2, ... up to the limit.",
        "The sum 1 + 1/2 + 1/4 + ... = 2 holds.",
    ):
        assert coded(f"# Notes\n\n{line}\n", "ANC104") == [(1, 1)], line


def test_cut_text_and_a_trailing_ellipsis_still_count() -> None:
    text = """# Session notes

The build log was long ... (40 lines) and ended in a timeout.
Then we tried the cache again...

[...]
"""
    assert coded(text, "ANC104") == [(1, 1)]


def test_the_series_terms_must_share_a_separator() -> None:
    """A comma before the dots and a plus after ("a_1, ... + a_n") make no series written by
    its terms: the dots may hide anything."""
    assert coded("# Notes\n\nWe had a_1, ... + a_n left.\n", "ANC104") == [(1, 1)]


def test_density_counts_only_the_ellipses_that_omit() -> None:
    text = """# Handoff

Fixed `src/app.py` and `src/db.py`.
For x_1, ..., x_n the loader reads '...' first; the rest of the rows, ...
"""
    from anchorlint.config import Settings
    from anchorlint.run.engine import lint_source

    found = [f for f in lint_source("notes.md", text, Settings()) if f.code == "ANC103"]
    assert found == []  # 2 anchors, 1 elision: density 0.67


def test_the_blank_reading_is_bounded_on_hostile_text() -> None:
    from anchorlint.text.blank_ellipses import omits_nothing

    text = "a_1, " * 50_000 + "..." + ", a_n" * 50_000
    start = text.index("...")
    assert omits_nothing(text, start, start + 3)
    long_term = "x" * 100_000 + ", ..., " + "y" * 100_000
    start = long_term.index("...")
    assert not omits_nothing(long_term, start, start + 3)


# --- "this analysis", "this report": the note itself (ANC102) -------------------------------

FORECAST = """# Where chip prices go next

Prices fell twice this year and the fabs are booked to 2027.

The forecasts outlined in this analysis are likely outcomes, not promises.
The risks described in this report are ranked by cost; per this guide, ship the cheap fixes.
"""


def test_this_analysis_or_report_is_the_note_itself() -> None:
    assert coded(FORECAST, "ANC102") == []


def test_the_analysis_named_with_the_still_points_out() -> None:
    text = """# Chip prices

The forecasts outlined in the analysis are likely outcomes.
See the report for the fab bookings.
"""
    assert coded(text, "ANC102") == [(3, 15), (4, 1)]


# --- a note that opens with "Self-contained guide to …" (ANC108) ----------------------------

WORKSTATION_HANDOVER = """# Billing app: workstation handover

Self-contained guide to get the billing app running on a new workstation, with all current state and pending work tracked.

## Layout

- `app/ui/kit.py`: shared widgets (`panel`, `page_title`, etc.)
"""


def test_a_note_that_opens_as_a_self_contained_guide_claims_completeness() -> None:
    assert coded(WORKSTATION_HANDOVER, "ANC108") == [(3, 1)]


def test_a_complete_snapshot_heading_that_opens_the_note_claims_completeness() -> None:
    text = """# Complete snapshot of the billing work

- Moved the invoices to `app/invoices.py`; the exports, the reports, etc. follow.
"""
    assert coded(text, "ANC108") == [(1, 3)]


def test_a_complete_guide_titling_a_tutorial_claims_nothing() -> None:
    """A tutorial is often titled "Complete guide to X": that says nothing of what a summary
    left out, so it stays silent even where the page elides."""
    text = """# Complete guide to deploying the worker

Comprehensive guide for running the worker on a VM, a container, etc.
"""
    assert coded(text, "ANC108") == []


def test_the_label_further_down_names_another_guide() -> None:
    text = """# Billing app: workstation handover

The app runs on the new workstation; pending work is in the list below.

Self-contained guide to the export format lives in the wiki, with samples, etc.

| Part | Note |
| --- | --- |
| Self-contained snapshot | of the schema |
"""
    assert coded(text, "ANC108") == []


def test_the_label_with_nothing_elided_claims_nothing_to_flag() -> None:
    text = WORKSTATION_HANDOVER.replace(", etc.", "")
    assert coded(text, "ANC108") == []


# --- a prose pointer set in bold is quoted without its closing marks (ANC106) --------------

TYPE_CHECK_NOTES = """# Type-check notes

1. **2 errors in `test_widgets.py`** (line 14) come from the old fixture signature.
2. *`forms.py`* (lines 30, 41) still use the old keyword.
3. `cache.py`** is bold by mistake, `views.py` (line 9) is not.
"""


def _line_quotes(text: str) -> list[tuple[int, int, str]]:
    from anchorlint.config import Settings
    from anchorlint.run.engine import lint_source

    found = [f for f in lint_source("notes.md", text, Settings()) if f.code == "ANC106"]
    return [(f.line, f.column, f.message.split('"')[1]) for f in found]


def test_a_bold_pointer_is_quoted_without_its_closing_marks_at_its_column() -> None:
    assert _line_quotes(TYPE_CHECK_NOTES) == [
        (3, 18, "`test_widgets.py` (line 14)"),
        (4, 5, "`forms.py` (lines 30, 41)"),
        (4, 28, "`forms.py` (lines 30, 41)"),
        (5, 37, "`views.py` (line 9)"),
    ]


def test_the_quote_keeps_what_the_pointer_writes_otherwise() -> None:
    from anchorlint.text.anchor_forms import as_quoted

    assert as_quoted("`a.py` (line 4)") == "`a.py` (line 4)"
    assert as_quoted("`a.py`** (line 4)") == "`a.py` (line 4)"
    assert as_quoted("a.py line 4") == "a.py line 4"
    assert as_quoted("`a.py`***") == "`a.py`*"
