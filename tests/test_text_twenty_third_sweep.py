"""Shapes from the twenty-third sweep of real notes: a route in code with its lines after it,
a context noun dated before it, "full text" in a named document, link targets opening with
"./" or "../", the earlier state of a thing just named, the "where the last session left
off" idiom, written for these tests in our own words."""

from __future__ import annotations

from anchorlint.api import check_summary
from tests.test_text_nineteenth_sweep import coded

# --- a route in code with its lines in prose after it (ANC106) -----------------------------

ROUTE_NOTES = """# Next steps

- `web/app/[item]/types.ts` (lines 10-22) needs two more fields.
- `src/app/(shop)/cart/page.tsx` (line 4) still reads the old prop.
- `web/app/items/types.ts` is fine as it is; `app/[id]/page.tsx` too.

### 1. `web/app/[slug]/loader.ts` (lines 15-29)

Add the cache key.
"""


def test_a_route_in_code_with_its_lines_after_it_is_a_line_pointer() -> None:
    assert coded(ROUTE_NOTES, "ANC106") == [(3, 3), (4, 3), (7, 8)]


def test_a_route_in_code_with_no_line_is_no_line_pointer() -> None:
    text = "# Notes\n\n- `web/app/[item]/types.ts` (the list view) and `src/(g)/a.ts` line up.\n"
    assert coded(text, "ANC106") == []


# --- a date before the context noun says which session (ANC101) ---------------------------

DATED_LOG = """# Cleanup log

- Task 005 (done 2026-07-12, prior session) removed the old scripts.
- Task 006 (March 2025, previous session) moved the fixtures.
- Task 007 is still open: see the prior session.
- Fixed 2026-07-12, prior session broke it again.
- Task 008 (done 2026-07-12, prior session notes) is open.
"""


def test_a_date_before_the_noun_in_its_parenthesis_names_the_session() -> None:
    assert coded(DATED_LOG, "ANC101") == [(5, 31), (6, 21), (7, 30)]


# --- a word of wholeness before the noun takes no modifier's place (ANC102) ----------------

SWAP_PLAN = """# Next

1. Swap the prompt paragraph; see the full text in the design doc.
2. Rename the flag; see the whole story in the release review notes.
3. Run the export and see the full text in the terminal.
4. Paste the error; see the full text of the stack trace below.
"""


def test_a_word_of_wholeness_before_the_noun_still_leaves_a_pointer() -> None:
    assert coded(SWAP_PLAN, "ANC102") == [(3, 31), (4, 21)]


# --- "./" and "../" say where a link is read from, not under what (ANC107) ------------------

LINKED_NOTES = """# Session summary

- Added a rule block to [the rules](CLAUDE.md#L10).
- Background: [the cheat sheet](./CLAUDE.md) lists the rules.
- The parent repository's [conventions](../CLAUDE.md) still apply.
- Hooks read [the hook notes](.claude/CLAUDE.md) first.
"""


def ambiguous(text: str) -> list[tuple[int, int]]:
    """ANC107's findings in one summary, the run being that summary alone."""
    return [(f.line, f.column) for f in check_summary(text) if f.code == "ANC107"]


def test_a_link_opening_with_a_dot_segment_names_no_namespace() -> None:
    assert ambiguous(LINKED_NOTES) == []


SERVICE_NOTES = """# Session summary

- Read [the rules](./CLAUDE.md) first, then [[CLAUDE.md]] for the shared ones.
- Each service has its own: [[svc-a/CLAUDE.md]] and [[../svc-b/CLAUDE.md]].
"""


def test_a_key_opening_with_a_dot_segment_is_read_from_its_file_not_bare() -> None:
    """``./CLAUDE.md`` names one file from where it is cited: no bare key, so not ambiguous;
    the bare ``[[CLAUDE.md]]`` beside two services' own is, and ``../svc-b`` climbs to a
    folder named as a namespace still."""
    assert ambiguous(SERVICE_NOTES) == [(3, 45)]


# --- "the previous X" right after "the X": the thing as it was (ANC101) ---------------------

RELEASE_NOTES = """# Release notes for the next agent

- The build badge is tied to one exact commit. Pushing the notes file invalidated the
  previous badge, so push everything before you tag.
- Rotating the signing key invalidated the previous key's cached stamps.
- We settled on the queue-based approach. The previous approach polled the table.
- The first session wrote the parser. The previous session had left the lexer broken.
- A badge was added to the readme. The previous badge was red.
- The previous badge was grey. The previous badge is gone now.
"""


def test_the_earlier_state_of_a_thing_just_named_is_no_back_reference() -> None:
    assert coded(RELEASE_NOTES, "ANC101") == [(6, 43), (7, 39), (8, 36), (9, 3), (9, 32)]


def test_with_no_back_reference_left_no_elision_is_counted() -> None:
    """The pointer back was the summary's one elision: with it gone, ANC104 goes too."""
    kept = "".join(RELEASE_NOTES.splitlines(keepends=True)[:5])
    assert coded(kept, "ANC101") == [] and coded(kept, "ANC104") == []


# --- the place a note lets any next session resume from (ANC101) ---------------------------

STATE_FILES = """# Files updated

- **Purpose:** Tracks the live task state, enabling the agent to pick up where the last
  session left off.
- The queue file lets the next agent continue from where the previous session left off.
- Holds the open items, so a new session can resume where the prior session left off.
"""


def test_the_place_a_note_lets_a_session_resume_from_is_no_back_reference() -> None:
    assert coded(STATE_FILES, "ANC101") == []


RESUMED_LOG = """# Session log

- Pick up where the last session left off.
- Picked up where the previous session left off and finished the parser.
- The next agent should continue from where the last session left off.
- As decided in the last session, the cache stays.
- This lets you pick up where we left off.
"""


def test_an_order_a_report_or_a_decision_still_points_back() -> None:
    assert coded(RESUMED_LOG, "ANC101") == [(3, 21), (4, 19), (5, 49), (6, 21), (7, 25)]
