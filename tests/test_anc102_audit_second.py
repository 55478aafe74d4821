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


# --- a plain-text file's own numbered sections ---------------------------------------------

RULEBOOK = """MEET RULES

4.1 - Scoring
Each heat is scored by two judges.

4.2 - Appeals
A team may appeal a score once per day.

4.3 - Appeals process
If the score can be appealed (see section 4.2), the captain fills in the form.
Appeals close an hour after the heat (see Section 4 for the schedule).

Section 5.1 Notice. Every notice is given in writing.
A notice under Section 5.1 of this rulebook is read aloud at the meeting.
"""


def test_a_plain_text_rulebooks_own_sections_are_its_own() -> None:
    assert coded(RULEBOOK, "ANC102", path="rules.txt") == []


REPORT = """Cache warm-up measured
======================

Plan followed: docs/plans/warmup.md

0. What these numbers leave out
-------------------------------
- The first build is not counted; how the interval changes it is in §3.
- The cache holds the last pass only (decided, §4 A-2).

3. Lowering the interval
------------------------
The loop pays one interval to notice a change (see §0).
Per B-0 §3 the gate reads the ledger first.

4. What the resident process keeps
----------------------------------
計画 §4 の数字とは違う。結果は §4 の本題。
"""


def test_an_underlined_numbered_line_heads_a_plain_text_section() -> None:
    # "§3" and "§0" are the report's; "§4 A-2" names a part its §4 lacks, "B-0 §3" and
    # "計画 §4" (the plan's) name another document by a word before the sign
    assert coded(REPORT, "ANC102", path="report.txt") == [(9, 48), (14, 9), (18, 4)]


INSTALL_LIST = """Setup notes

1. Install the CLI
2. Run the migration

The flags are explained in section 2 of the manual. Retries are capped (see section 2).
2.5 GB of memory is enough; the limit is set in §2.5.
"""


def test_a_numbered_list_in_plain_text_makes_no_section() -> None:
    assert coded(INSTALL_LIST, "ANC102", path="notes.txt") == [(6, 28), (6, 73), (7, 49)]


# --- an item of a numbered list under an own numbered heading -----------------------------

RFC_NOTE = """# RFC-031: Cache tier for the read path

## 4. Non-goals

1. **Not a new query language.** Callers keep the existing filters.
2. **Not changing write behaviour.** Every write goes to the primary as
   today; the cache only serves reads.

## 5. Alternatives rejected

- **Write-through cache.** Rejected: §4.2 keeps writes on the primary
  path, and a write-through tier would change that.
- **Per-tenant tiers.** Out of scope (locked §4.1).

| Decision | Where |
| --- | --- |
| Reads only | §4.2 |
"""


def test_a_numbered_item_under_an_own_numbered_heading_is_its_part() -> None:
    assert coded(RFC_NOTE, "ANC102") == []


RFC_NOTE_NEAR_MISSES = """# RFC-031: Cache tier for the read path

## 4. Non-goals

1. **Not a new query language.** Callers keep the existing filters.
2. **Not changing write behaviour.** Every write goes to the primary.

The filters stay as they are.

## 5. Alternatives rejected

- The partner spec §4.2 asks for a write-through tier.
- The layout follows V7 §4.1 and keeps the old keys.
- A third tier is ruled out by §4.3.
- The migration waits for §5.1.
"""


def test_a_named_document_or_an_item_the_list_lacks_still_fires() -> None:
    # another document's section (by noun, by an id before the sign), an item the list
    # does not hold, and a heading with no list under it
    assert coded(RFC_NOTE_NEAR_MISSES, "ANC102") == [(12, 20), (13, 25), (14, 32), (15, 27)]


SUBDIVIDED = """# Plan

## 4. Rollout

1. Canary first.
2. Then the fleet.

### 4.1 Canary

The canary runs a day. The fleet waits for §4.2.
"""


def test_a_section_divided_by_headings_takes_no_item_as_a_part() -> None:
    assert coded(SUBDIVIDED, "ANC102") == [(10, 44)]


# --- a section sign that opens a heading is the heading's own label ------------------------

BLUEPRINT = """# Tier two blueprint

## §B.1 — Discovery (measured, this session)

The probe ran twice and both runs agreed.

### § S12 acceptance criteria (audit specific)

- The export finishes under two minutes.

## §5 — WEEKLY REPORT

### §5.1 — Report query

| Area | Where |
| --- | --- |
| Cost split review | §5.1 |
"""


def test_a_sign_that_opens_a_heading_labels_it() -> None:
    # the last heading's "REPORT" and the cell's "review" name no document of "§5.1": each
    # is a block of its own
    assert coded(BLUEPRINT, "ANC102") == []


BLUEPRINT_NEAR_MISSES = """# Tier two blueprint

## Scope per §B.1 of the charter

## §4.2 of the runbook

### Acceptance per § S12

The export follows §B.1 as the charter fixes it.
"""


def test_a_sign_inside_a_heading_or_after_its_document_still_fires() -> None:
    assert coded(BLUEPRINT_NEAR_MISSES, "ANC102") == [(3, 14), (5, 4), (7, 20), (9, 20)]


# --- "this chapter", "of this Agreement": the note itself ---------------------------------

BOOK_AND_CONTRACT = """# Chapter 5 — Budgeting for strategy

The review meetings described in this chapter feed the annual plan.

Each party names a contact in accordance with Section 3.1 of this Agreement.
Rights granted under Section 2.1 of this License end with the breach.
"""


def test_a_section_of_this_chapter_or_this_agreement_is_the_notes_own() -> None:
    assert coded(BOOK_AND_CONTRACT, "ANC102") == []


CONTRACT_TEXT = """SERVICES AGREEMENT

Section 8.4 Notice. Every notice is given in writing.

Each party names a contact in accordance with Section 8.4 of the main body of this
Agreement.
"""


def test_this_agreement_after_a_few_words_names_no_other_document() -> None:
    assert coded(CONTRACT_TEXT, "ANC102", path="contract.txt") == []


OTHER_CHAPTERS = """# Chapter 5 — Budgeting for strategy

The review meetings described in the previous chapter feed the annual plan.

Each party names a contact in accordance with Section 3.1 of the Agreement.

Rights granted under Section 2.1 of that License end with the breach.
"""


def test_a_section_of_another_agreement_still_fires() -> None:
    assert coded(OTHER_CHAPTERS, "ANC102") == [(3, 21), (5, 47), (7, 22)]


# --- a standard named by its number before the sign ---------------------------------------

RELAY_NOTES = """# Notes on the relay probe

Filtering is classified per RFC 5780 §4.4 when a second server is given.

The worker table is not partitioned (per RFC-031 §2.3).

The capability list stays out of scope (RFC-018 §Non-goals).
"""


def test_a_standard_named_by_its_number_names_its_section() -> None:
    assert coded(RELAY_NOTES, "ANC102") == []


RELAY_NEAR_MISSES = """# Notes on the relay probe

Filtering is classified per the RFC §4.4 when a second server is given.

The worker table is not partitioned (per §2.3 of RFC 31 and the spec).

The capability list stays out of scope (see §Non-goals in the RFC).
"""


def test_a_standard_not_named_by_its_number_still_fires() -> None:
    assert coded(RELAY_NEAR_MISSES, "ANC102") == [(3, 25), (5, 42), (7, 45)]


# --- ANC101: a session dated by an ISO timestamp in parentheses ----------------------------

PLAN_SUMMARY = """# Phase 7 plan 2 summary

## Performance

- **Duration:** committed in prior session (2026-05-04T09:12:40+02:00)
- **Verified:** in the previous session (2026-05-03 18:20 UTC), all green
- **Started:** 2026-05-04T11:03:10Z
"""


def test_a_session_dated_by_a_timestamp_is_named() -> None:
    assert coded(PLAN_SUMMARY, "ANC101") == []


PLAN_NEAR_MISSES = """# Phase 7 plan 2 summary

- **Duration:** committed in prior session (2026-05-04T09:12:40+02:00 and later)
- **Verified:** in the previous session (at 09:12), all green
"""


def test_a_timestamp_the_parenthesis_goes_on_after_still_points_back() -> None:
    assert coded(PLAN_NEAR_MISSES, "ANC101") == [(3, 30), (4, 20)]


# --- the whole title of an own heading after the sign -------------------------------------

RATING_PLAN = """# Rating model plan

The harness (see §Pre-flight checks) reports any drift between the two formulas.
The fold order is fixed per §Training protocol, and the table below says where each goes.

| Item | Verdict | Where |
| --- | --- | --- |
| Drift harness | INTEGRATE | §"Pre-flight checks" |

### Pre-flight checks (must land first)

- Compare the two formulas on a sample of games.

### Training protocol

- Forward-chaining folds only.
"""


def test_the_whole_title_of_an_own_heading_after_the_sign_is_its_own() -> None:
    assert coded(RATING_PLAN, "ANC102") == []


RATING_NEAR_MISSES = """# Rating model plan

The fold order follows §Training, as the old notebook did.
The harness follows the runbook §Pre-flight checks to the letter.
The harness follows V2 §Pre-flight checks to the letter.
The fold order is fixed per §Training protocols.

### Pre-flight checks (must land first)

### Training protocol
"""


def test_first_words_a_named_document_or_a_longer_word_still_fire() -> None:
    # the first word of a title alone, a document noun or a name before the sign, and a
    # word that only starts like the title's last
    assert coded(RATING_NEAR_MISSES, "ANC102") == [(3, 24), (4, 33), (5, 24), (6, 29)]
