"""Shapes from the sixteenth sweep of real notes (session logs, handoffs, progress files),
written for these tests in our own words."""

from __future__ import annotations

import pytest

from anchorlint.config import Settings
from anchorlint.run.engine import lint_source

SETTINGS = Settings()


def findings(text: str, code: str) -> list[tuple[int, int]]:
    return [(f.line, f.column) for f in lint_source("notes.md", text, SETTINGS) if f.code == code]


def back_references(lines: str) -> list[tuple[int, int]]:
    text = f"# Build notes\n\nThe client lives in `src/net/client.py`.\n\n{lines}\n"
    return findings(text, "ANC101")


# --- "the latter" after a choice of one thing over another (ANC101) ------------------------


@pytest.mark.parametrize(
    "line",
    [
        "- Picked the maintained HTTP client over the hand-written socket wrapper because "
        "the latter drops keep-alive silently.",
        "- Chose the documented `Player` class over raw `postMessage` calls because the "
        "latter's title lookup is undocumented.",
        "- The parser lives in `src/parse/`, NOT `src/core/` (the design had the latter).",
        "- The exporter writes CSV (not JSON); the latter was too slow for the dashboard.",
        '- **"short prompt" > "long prompt"** — the latter drifts into noise.',
        "- Picked the maintained client rather than the socket wrapper because the latter "
        "drops keep-alive.",
        "- Used the queue instead of the cron job since the latter misses runs.",
        "- Picked the maintained client and the socket wrapper; the latter drops keep-alive.",
        "- Kept the retry cap over the pool limit.\n  The latter starved the workers.",
    ],
)
def test_the_latter_after_a_contrast_of_two_things_picks_from_them(line: str) -> None:
    assert back_references(line) == []


@pytest.mark.parametrize(
    "line",
    [
        "- The fix did not hold, so the latter was reverted.",
        "- The fix is not ready: the latter was reverted.",
        "- The migration ran over the weekend, so the latter was reverted.",
        "- Latency stayed over 30 ms, so the latter was reverted.",
        "- The cutover took longer than 2 hours; the latter was reverted.",
        "- The former held, but the latter was reverted.",
        "- Kept the retry cap over the pool limit.\n\n- The latter starved the workers.",
    ],
)
def test_the_latter_with_no_pair_in_its_paragraph_still_fires(line: str) -> None:
    assert len(back_references(line)) == 1


# --- a context-noun label whose value is a date, or a heading dated with a range (ANC101) --


@pytest.mark.parametrize(
    "label",
    [
        "**Last Session**: March 3, 2026",
        "**Last Session:** March 3, 2026",
        "*Last session*: 2026-03-03",
        "__Previous session__: Tue 3 March",
        "Last Session: March 3, 2026",
    ],
)
def test_a_label_in_emphasis_dated_by_its_value_names_the_session(label: str) -> None:
    assert back_references(f"{label}\n\nMoved the retry loop into `src/retry.py`.") == []


@pytest.mark.parametrize(
    "label",
    [
        "**Last Session**: moved the retry loop out of the client.",
        "**Last session** we moved the retry loop out of the client.",
        "**Previous session**: see the notes.",
    ],
)
def test_a_label_whose_value_is_no_date_still_fires(label: str) -> None:
    assert back_references(label) == [(5, 3)]


DATED_LOG = """# Mascot log

## Previous Session: Texture pass ({date} - Sessions 12-13)

Tuned the clay shader in `shaders/clay.glsl`.
"""


@pytest.mark.parametrize("date", ["Mar 4-5, 2026", "March 4–5, 2026", "4-5 Mar 2026"])
def test_a_heading_dated_with_a_range_of_days_labels_its_entry(date: str) -> None:
    assert findings(DATED_LOG.format(date=date), "ANC101") == []


@pytest.mark.parametrize("date", ["Week 2 build", "Mar 45-5, 2026", "builds 4-5, 2026"])
def test_a_heading_with_no_date_still_reads_as_prose(date: str) -> None:
    assert findings(DATED_LOG.format(date=date), "ANC101") == [(3, 4)]


# --- a label whose value says there is none (ANC101) ---------------------------------------

BUDGET = """# Context budget

### Compaction history
- **Total compactions**: 0/10
- {label}

Working file: `src/budget.py`.
"""


@pytest.mark.parametrize(
    "label",
    [
        "**Last Compaction**: N/A",
        "Last compaction: none",
        "**Last compaction:** none yet.",
        "Previous session: *never*",
    ],
)
def test_a_label_whose_value_denies_the_referent_drops_nothing(label: str) -> None:
    assert findings(BUDGET.format(label=label), "ANC101") == []


@pytest.mark.parametrize(
    "label",
    [
        "**Last Compaction**: the exporter plan",
        "Last compaction: none of the checks ran.",
        "Last compaction: nothing new, see the notes.",
    ],
)
def test_a_label_whose_value_says_something_still_fires(label: str) -> None:
    assert len(findings(BUDGET.format(label=label), "ANC101")) == 1


# --- a back reference beside the name of one of the note's own numbered entries (ANC101) ---

TIMER_LOG = """# Timer app log

## Session 6 — Layout fix

Fixed the flex overflow in `src/App.tsx`; could not screenshot the running app.

## Session 7 — Tray icon

- {line}
"""


@pytest.mark.parametrize(
    "line",
    [
        "Same screenshot limitation as prior sessions applies (see Session 6).",
        "Same screenshot limitation as prior sessions (not re-documented, see Session 5/6).",
        "As noted earlier, the overflow fix holds (Sessions 6 and 8).",
        "The previous session (**Session 6**) could not screenshot the app either.",
    ],
)
def test_a_back_reference_naming_an_entry_of_the_note_points_inside_it(line: str) -> None:
    assert findings(TIMER_LOG.format(line=line), "ANC101") == []


@pytest.mark.parametrize(
    "line",
    [
        "Same screenshot limitation as prior sessions applies.",
        "Same screenshot limitation as prior sessions applies (see Session 4).",
        "In Session 7 we finished what the previous session began.",
        "Same screenshot limitation as prior sessions applies (see priority 6).",
    ],
)
def test_a_back_reference_naming_no_other_entry_of_the_note_still_fires(line: str) -> None:
    assert len(findings(TIMER_LOG.format(line=line), "ANC101")) == 1


def test_a_heading_that_numbers_no_entry_is_not_one() -> None:
    text = TIMER_LOG.replace("## Session 6 — Layout fix", "## Priority 6 — Layout fix")
    line = "Same screenshot limitation as prior sessions applies (see Priority 6)."
    assert len(findings(text.format(line=line), "ANC101")) == 1


def test_the_heading_that_names_its_own_entry_still_reads_as_prose() -> None:
    text = TIMER_LOG.replace("Tray icon", "Fixes from the previous session").format(line="Done.")
    assert findings(text, "ANC101") == [(7, 27)]


# --- an item stated in full, then said to be as it was in the prior session (ANC101) -------

NEXT_STEPS = """# Ops notes

### Next steps
- {line}
"""


@pytest.mark.parametrize(
    "line",
    [
        "**DBA**: create the read-only login on the warehouse (unchanged from prior session)",
        "**DBA action**: create `svc-ro` login with read rights (unchanged from prior session).",
        "Rotate the staging token before Friday (same as the previous session)",
        "Rotate the staging token before Friday (carried over from the last session).",
    ],
)
def test_an_item_said_to_be_unchanged_from_the_prior_session_restates_it(line: str) -> None:
    assert findings(NEXT_STEPS.format(line=line), "ANC101") == []


@pytest.mark.parametrize(
    "line",
    [
        "Removed `tmp/worktree-old/` leftover from prior session.",
        "Login done (unchanged from prior session)",
        "Rotate the staging token before Friday (unchanged from prior session, see notes)",
        "Rotate the staging token before Friday (from prior session)",
        "Rotate the staging token (unchanged from prior session) before Friday",
        "Apply the fixes from the prior session (unchanged).",
    ],
)
def test_an_item_that_does_not_restate_the_prior_session_still_fires(line: str) -> None:
    assert len(findings(NEXT_STEPS.format(line=line), "ANC101")) == 1


# --- a bare section after a named one, beside a document that acts on it (ANC102) ----------

RULES_KEPT = """# Rules kept

- {item}
"""


@pytest.mark.parametrize(
    "item",
    [
        "The lint rule is the only enforcer of GUIDE.md §2. Any change needs an ADR that "
        "amends §2 first.",
        "The lint rule is the only enforcer of `GUIDE.md` §2. Any change needs an ADR that "
        "amends §2 first.",
        "The lint rule enforces GUIDE.md §2. A change needs a PR which rewrites §2 and a review.",
        "The lint rule enforces GUIDE.md §2. Changes wait for an ADR amending §2.",
        "The lint rule is the only enforcer of GUIDE.md §2. Any change must amend §2 first.",
    ],
)
def test_a_document_that_acts_on_the_section_does_not_own_it(item: str) -> None:
    assert findings(RULES_KEPT.format(item=item), "ANC102") == []


@pytest.mark.parametrize(
    ("item", "column"),
    [
        ("Any change needs an ADR that amends §2 first.", 39),
        ("The lint rule enforces GUIDE.md §2. The steps are in the ops handbook (see §4).", 74),
        ("The lint rule enforces GUIDE.md §2. The spec that covers it is in §4.", 69),
        ("The lint rule enforces GUIDE.md §2. See the ADR including §3 for the steps.", 39),
    ],
)
def test_a_document_that_holds_the_section_or_none_named_before_still_fires(
    item: str, column: int
) -> None:
    assert findings(RULES_KEPT.format(item=item), "ANC102") == [(3, column)]


# --- long sentences made of these shapes stay linear ---------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "## Session 6 — Fix\n\nDone.\n\n## Session 7\n\n"
        + "prior sessions (see Session 6) " * 20_000
        + "\n",
        "# Log\n\n" + "the item (unchanged from prior session) " * 20_000 + "\n",
        "# Log\n\n" + "Last session: none; " * 20_000 + "\n",
        "# Log\n\n" + "X over Y, not Z and " * 20_000 + "the latter.\n",
        "# Rules\n\n- GUIDE.md §2. An ADR that amends " + "spec " * 50_000 + "§2.\n",
    ],
    ids=["named-entries", "unchanged", "label-values", "contrasts", "documents"],
)
def test_a_hostile_sentence_of_these_shapes_stays_linear(text: str) -> None:
    import time

    started = time.perf_counter()
    lint_source("notes.md", text, SETTINGS)
    assert time.perf_counter() - started < 20.0
