"""Shapes from a second precision audit of ANC102 over a random sample of its findings on
real notes, written for these tests in our own words: a book's own figures, a plain-text
file's own numbered sections, a numbered list item under an own numbered heading, a heading
that is its own section label, "this chapter" and "of this Agreement", a standard named by
its number before "§"."""

from __future__ import annotations

from anchorlint.run.engine import lint_source
from tests.test_text_nineteenth_sweep import coded
from tests.test_text_sixteenth_sweep import SETTINGS


def quoted(text: str, code: str = "ANC102", path: str = "notes.md") -> list[str]:
    """The pointers the findings quote, in order."""
    return [f.message.split('"', 2)[1] for f in lint_source(path, text, SETTINGS) if f.code == code]


# --- a book's own figure, captioned in the note -------------------------------------------

BOOK_CHAPTER = """# Chapter 3 — Costing the service line

## Tracking the cost pools

The clinic groups its overheads into four pools and assigns each to a care path
(see Figure 3-2). Shared services are split by head count (see the top row in Figure 3-2).

# Figure 3-2  Cost pools by care path

| Pool | Share |
| --- | --- |
| Staff | 61% |

The pools are reviewed every quarter (see Figure 3.4).

**Figure 3.4** Quarterly review of the pools
"""


def test_a_figure_the_book_captions_is_its_own() -> None:
    assert coded(BOOK_CHAPTER, "ANC102") == []


BOOK_PLAIN_CAPTION = """# Chapter 3 — Costing the service line

The clinic groups its overheads into four pools (see Figure 3-2).

Figure 3-2  Cost pools by care path

The pools are reviewed every quarter.
"""


def test_a_caption_in_a_paragraph_of_its_own_counts() -> None:
    assert coded(BOOK_PLAIN_CAPTION, "ANC102") == []
    assert coded(BOOK_PLAIN_CAPTION, "ANC102", path="chapter.txt") == []


FIGURES_ELSEWHERE = """# Chapter 3 — Costing the service line

The clinic groups its overheads into four pools (see Figure 3-2 of the paper).
The paper's scheme splits them by ward (see Figure 4-1).
Latency stays flat under load (see Figure 3).
The rows are sorted by share (see Figure 3-21).

Figure 3-2  Cost pools by care path

Figure 3 shows latency by region in the original study.
"""


def test_a_figure_of_another_document_or_one_the_note_lacks_still_fires() -> None:
    # the paper's figure, a figure no block opens, a bare number a paragraph retells, and a
    # longer number that only starts like the caption's
    assert coded(FIGURES_ELSEWHERE, "ANC102") == [(3, 50), (4, 41), (5, 32), (6, 31)]


def test_the_finding_quotes_a_chapter_figure_whole() -> None:
    assert quoted(FIGURES_ELSEWHERE)[1:] == ["see Figure 4-1", "see Figure 3", "see Figure 3-21"]


BARE_NUMBER_HEADING = """# Benchmark notes

Latency stays flat under load (see Figure 3).

## Figure 3 — Latency by region

| Region | p99 |
| --- | --- |
| eu | 120 ms |
"""


def test_a_heading_that_titles_a_bare_figure_number_is_the_notes_own() -> None:
    assert coded(BARE_NUMBER_HEADING, "ANC102") == []
