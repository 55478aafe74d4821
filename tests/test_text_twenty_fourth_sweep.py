"""Shapes from the twenty-fourth sweep of real notes: a context noun that only names the kind
of the noun after it, a date after "the previous session", "captures everything" said of a
product, a section number after "Priority", what the writer saw, a wiki link's label,
written for these tests in our own words."""

from __future__ import annotations

import pytest

from anchorlint.api import check_summary
from anchorlint.stores import StoreEntry
from anchorlint.text.anchors import find_anchors
from tests.test_text_nineteenth_sweep import coded

# --- a context noun that modifies the noun after it (ANC101) ------------------------------

UI_NOTES = """# Layout pitfalls

- The sticky input bar hides the last chat message until the user scrolls.
- The last session cookie expired before the redirect.
- Scroll to the last thread reply to see the error.
- The last summary card overlaps the footer.
- The previous session token was revoked on logout; the last session ID rotates too.
- The last conversation turn in the list has no timestamp.
"""


def test_a_context_noun_naming_the_kind_of_the_noun_after_it_is_no_back_reference() -> None:
    assert coded(UI_NOTES, "ANC101") == []


SESSION_NOTES = """# Handoff

- As discussed in the last session, the cache stays.
- The last session's notes hold the numbers.
- In the last chat we decided to drop the flag.
- The last session notes say the build was green.
- In the last session messages were lost.
- The previous thread reply was wrong about the schema.
- The previous context tokens were cut at the limit.
"""


def test_a_context_noun_before_a_record_or_a_clause_still_points_back() -> None:
    """Notes are a record of the session, a possessive is the session's, a clause after it
    leaves it the session; "messages" after "session" is no piece of a chat it names, and
    "the previous reply" points back, so "previous thread reply" does too; a context's tokens
    are the model's, not a login's."""
    expected = [(3, 23), (4, 7), (5, 10), (6, 7), (7, 10), (8, 3), (9, 3)]
    assert coded(SESSION_NOTES, "ANC101") == expected


# --- a date after "the previous X" names it, as after "previous X" (ANC101) ----------------

DATED_PRICING = """# Pricing log

- Pricing notes were written in the previous session (2026-03-28).
- The gateway fix came from the prior session (March 2026).
- The export rework landed in the previous chat session – Feb 11, 2026.
- Task 005 (done 2026-07-12, the prior session) removed the old scripts.
- The previous outage (from 2026-03-28) took the queue down for an hour.
- The earlier incident (2026-03-28) had the same root cause.
"""


def test_a_date_after_the_article_and_its_noun_names_the_referent() -> None:
    assert coded(DATED_PRICING, "ANC101") == []


UNDATED_PRICING = """# Pricing log

- The earlier summaries (from 2026-03-28) hold the pricing details.
- The previous session (notes of 2026-02-11) holds the numbers.
- The previous session (2026) shipped the parser.
- The previous outage (from March) took the queue down.
- The previous outage (2 hours) took the queue down.
- Task 006 (done 2026-07-12, the prior session notes) is open.
"""


def test_a_context_noun_dated_with_from_a_year_alone_or_no_date_still_points_back() -> None:
    """ "from" before the date of a context noun is refused, as without the article; a year
    or a month alone, a length of time and a parenthesis that goes on name nothing."""
    expected = [(3, 3), (4, 3), (5, 3), (6, 3), (7, 3), (8, 30)]
    assert coded(UNDATED_PRICING, "ANC101") == expected


# --- "captures everything" said of another thing (ANC108) ---------------------------------

TOOLS_COMPARED = """# Note-taking tools compared

| Tool | Strength | Weakness |
| --- | --- | --- |
| ScreenLog | Captures everything | Heavy on disk |
| Jotter | Quick entry | No search, no sync, etc. |

Rewind captures everything on screen, but its search, sync, etc. lag behind.
We tried the recorder, which also captures everything we type.
**Pinboard** covers everything in one feed.
"""


def test_captures_everything_said_of_a_product_is_no_claim_of_the_note() -> None:
    assert coded(TOOLS_COMPARED, "ANC108") == []


@pytest.mark.parametrize(
    ("claim", "column"),
    [
        ("This summary captures everything.", 14),
        ("Captures everything from the session.", 1),
        ("Done. Covers everything we touched.", 7),
        ("The handoff fully covers everything.", 19),
        ("This is a handoff that captures everything.", 24),
        ("It includes everything.", 4),
    ],
)
def test_captures_everything_said_of_the_note_still_claims(claim: str, column: int) -> None:
    text = f"# Handoff\n\n{claim} Billing, search, exports, etc. still need review.\n"
    assert coded(text, "ANC108") == [(3, column)]


@pytest.mark.parametrize(
    ("row", "column"),
    [("| This summary | Covers everything |", 18), ("| Captures everything | yes |", 3)],
)
def test_a_cell_under_the_note_or_opening_its_row_still_claims(row: str, column: int) -> None:
    text = f"# Handoff\n\n| Part | State |\n| --- | --- |\n{row}\n\nBilling, search, etc.\n"
    assert coded(text, "ANC108") == [(5, column)]


# --- "§1 below" under the note's own "## Priority 1" heading (ANC102) ----------------------

PRIORITY_PLAN = """> Superseded: the cache plan in §1 below would have made the outage worse.

## Priority 1 — Flush the cache

Run `scripts/flush.sh` only after the snapshot, as section 2 above says.

## Phase 2: Rerun the smoke tests

Rerun them all. See §3 below for the rollback, not written yet.

## Stage 4

The order in §2.1 of the runbook still applies.
"""


def test_a_number_after_a_word_of_a_sequence_in_a_heading_is_the_notes_section() -> None:
    """ "§1" and "section 2" point to "Priority 1" and "Phase 2"; no heading carries 3, and
    "of the runbook" names another document."""
    assert coded(PRIORITY_PLAN, "ANC102") == [(9, 17), (13, 14)]


ROLLOUT_PLAN = """# Rollout plan

## Phase 1 — Ship the flag

The flag stays off, as the locked § 1 requires.

## Phase 2 — Backfill

Emit the audit rows per v7 §2, then see §1 above for the flag.
"""


def test_a_plans_phase_is_not_what_a_bare_section_sign_names() -> None:
    """Under "## Phase 1" and "## Phase 2", "the locked § 1" and "per v7 §2" name another
    document's sections and still point out; "§1 above" says it is in the note."""
    assert coded(ROLLOUT_PLAN, "ANC102") == [(5, 35), (9, 28)]


# --- "I can see the X section is …": what the writer saw (ANC102) -------------------------

SEEN_STATES = """# Settings page

assistant: I can see the settings section is rendering (Profile, Billing, Alerts).
We could see the design doc was out of date, so the form was rebuilt.
I see the setup section shows the old flag.
"""


def test_the_writer_seeing_a_state_is_no_pointer() -> None:
    assert coded(SEEN_STATES, "ANC102") == []


SENT_TO_SECTIONS = """# Settings page

- You can see the setup section for details.
- We can see the setup section for the flags.
- See the setup section is the first step.
- For the flags, see the setup section.
"""


def test_seeing_a_section_with_no_clause_after_it_still_points() -> None:
    """The reader sent there, or "see" with no perceiver before it, still points."""
    assert coded(SENT_TO_SECTIONS, "ANC102") == [(3, 11), (4, 10), (5, 3), (6, 18)]


# --- a wiki link's label after "|" is display text (ANC105, ANC106, ANC201) -----------------

ALIASED = """# Decisions

- Decided on the [[decisions/retry-budget|retry budget pattern]]: a cheap pre-check first.
- The numbers are in [[decisions/retry-budget]]; the table cell | [[ops/limits\\|limits]] |.
- The parser change is [[src/parse.py#L3-5|the new branch]].
"""


def test_a_wiki_links_label_is_no_part_of_its_key() -> None:
    assert [a.key for a in find_anchors(ALIASED)] == [
        "decisions/retry-budget",
        "decisions/retry-budget",
        "ops/limits",
        "src/parse.py",
    ]
    assert coded(ALIASED, "ANC105") == []


def test_a_labelled_line_pointer_is_still_unpinned_under_its_key() -> None:
    findings = [f for f in check_summary(ALIASED) if f.code == "ANC106"]
    assert [(f.line, f.column) for f in findings] == [(5, 24)]
    assert '"src/parse.py#L3-5"' in findings[0].message


class _Store:
    """A store holding one key."""

    def lookup(self, key: str) -> tuple[StoreEntry, ...]:
        return (StoreEntry(key, key),) if key == "decisions/retry-budget" else ()

    def read(self, entry: StoreEntry) -> bytes:
        return b"budget\n"

    def describe(self) -> str:
        return "one-key store"


def test_a_labelled_key_is_looked_up_without_its_label() -> None:
    text = "# Decisions\n\nDecided on [[decisions/retry-budget|the retry budget]].\n"
    assert [f.code for f in check_summary(text, store=_Store()) if f.code.startswith("ANC2")] == []
    missing = "# Decisions\n\nDecided on [[decisions/retry-cap|the retry budget]].\n"
    assert [f.code for f in check_summary(missing, store=_Store())] == ["ANC201"]


@pytest.mark.parametrize("link", ["[[|retry budget]]", "[[retry budget pattern|budget]]"])
def test_a_label_with_no_key_before_it_still_holds_a_description(link: str) -> None:
    assert coded(f"# Decisions\n\nDecided on {link}.\n", "ANC105") == [(3, 12)]


# --- a title with a name before its completeness label (ANC108) ----------------------------


@pytest.mark.parametrize(
    ("title", "column"),
    [
        ("# Shop App - Complete Handoff Sheet", 14),
        ("# Shop App — Complete Hand-off Sheet", 14),
        ("# Shop App: Complete Handoff", 13),
        ("# Complete Handoff Sheet", 3),
    ],
)
def test_a_title_naming_the_project_before_its_label_claims(title: str, column: int) -> None:
    text = f"{title}\n\nBilling, search, exports, etc. still need review before launch.\n"
    assert coded(text, "ANC108") == [(1, column)]


@pytest.mark.parametrize(
    "text",
    [
        "# Shop App\n\n- Billing: complete summary of refunds is pending, etc.\n",
        "# Shop App\n\n## Orders: Complete summary\n\nRefunds, returns, etc. are open.\n",
        "# Orders: complete history\n\nRefunds, returns, etc. are open.\n",
    ],
)
def test_a_name_and_a_label_that_are_no_title_claim_nothing(text: str) -> None:
    """A list item and a later heading label their subject; a history is the orders'."""
    assert coded(text, "ANC108") == []
