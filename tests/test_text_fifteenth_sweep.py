"""Shapes from the fifteenth sweep of real notes (handoffs, memory banks, scratchpads,
continuation prompts), written for these tests in our own words."""

from __future__ import annotations

from pathlib import Path

import pytest

from anchorlint.config import Settings
from anchorlint.run.engine import lint_source

SETTINGS = Settings()


def findings(text: str, code: str) -> list[tuple[int, int]]:
    return [(f.line, f.column) for f in lint_source("notes.md", text, SETTINGS) if f.code == code]


# --- a compact list of lines in a summary of several blocks (ANC106, check --fix) ----------

#: no block says "line": the list was read as its first line alone
HANDOFF = """# Handoff

- The timeout moved in `src/client.js:165,232`.
- The retry budget is unchanged.

## Next

Run the integration suite again.
"""


@pytest.fixture
def store(tmp_path: Path) -> object:
    from anchorlint.stores.directory import DirectoryStore

    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "client.js").write_text("".join(f"row {n}\n" for n in range(1, 301)))
    return DirectoryStore(str(tmp_path))


def test_a_compact_list_in_a_summary_without_the_word_line_is_each_line() -> None:
    assert findings(HANDOFF, "ANC106") == [(3, 25), (3, 43)]


def test_check_fix_never_pins_a_compact_list_to_its_first_line(store: object) -> None:
    from anchorlint.run.fixing import apply_edits

    found = [
        f for f in lint_source("notes.md", HANDOFF, SETTINGS, store=store) if f.code == "ANC106"
    ]
    assert ["line 165 drifts" in found[0].message, "line 232 drifts" in found[1].message] == [
        True,
        True,
    ]
    edits = [edit for f in found if f.fix is not None for edit in f.fix.edits]
    fixed = apply_edits(HANDOFF, "notes.md", edits)
    assert "`src/client.js:165,232`" in fixed  # left whole for a person, no line dropped


def test_a_single_compact_line_beside_the_list_keeps_its_fix(store: object) -> None:
    from anchorlint.run.fixing import apply_edits

    text = HANDOFF.replace("unchanged.", "unchanged (`src/client.js:12`).")
    found = [f for f in lint_source("notes.md", text, SETTINGS, store=store) if f.code == "ANC106"]
    assert [f.fix is not None for f in found] == [False, False, True]
    fixed = apply_edits(text, "notes.md", [e for f in found if f.fix for e in f.fix.edits])
    assert "`src/client.js#L12@sha256:" in fixed and "`src/client.js:165,232`" in fixed


def test_a_list_read_as_one_anchor_is_refused_by_the_pin_not_cut(store: object) -> None:
    """Whatever reads a compact list whole, its pin would name the first line alone."""
    from anchorlint.frozen import frozen_copy
    from anchorlint.stores.pinning import pin_for
    from anchorlint.text.anchors import find_anchors
    from anchorlint.text.line_lists import split_line_lists

    whole = find_anchors("See src/client.js:165,232 now.")[0]
    unsplit = frozen_copy(whole, end=whole.start + len(whole.text))
    assert split_line_lists([unsplit]) != [unsplit]  # the shape a splitter would cut
    replacement, reason = pin_for(unsplit, store)
    assert replacement is None and "several lines" in reason


def test_pin_keeps_every_line_of_a_compact_list(store: object) -> None:
    from anchorlint.stores.pinning import pin_text

    outcome = pin_text(HANDOFF, store, SETTINGS, markdown=True)
    assert outcome.pinned == 2
    assert "src/client.js#L165@sha256:" in outcome.text
    assert "src/client.js#L232@sha256:" in outcome.text


# --- the section sign written as a sign, not a section (ANC102) ----------------------------


def descriptions(body: str) -> list[tuple[int, int]]:
    text = f"# Progress\n\n{body}\n- The plugin entry point is `src/main/Fuzzer.java`.\n"
    return findings(text, "ANC102")


@pytest.mark.parametrize(
    "line",
    [
        "- [x] Send the request on and keep the § markers around each payload slot.",
        "- [x] 发送请求时自动保留 § 标记。",
        "- [x] Payload positions are wrapped in §…§ as the tool expects.",
        "- [x] Each slot reads §payload§ in the raw request.",
        "- [x] The tool marks a slot with a § sign on both sides.",
    ],
)
def test_a_section_sign_named_as_a_character_is_no_pointer(line: str) -> None:
    assert descriptions(line) == []


@pytest.mark.parametrize(
    "line",
    [
        "- [x] Rounding follows § 4.2 of the partner spec.",
        "- [x] The cutoff is defined in § A.1 of the appendix.",
        "- [x] Rounding follows §4.2 of the partner spec.",
        "- [x] The numbers are in the results (§1〜§5).",
        "- [x] Per § 12 the quota resets monthly.",
        "- [x] The scope limits are in the charter § XV.",
        "- [x] Retries follow the spec § IV.3 now.",
        "- [x] Rollback is covered, see § II.",
        "- [x] Logging is set up as in SETUP § Logging.",
        "- [x] Timeouts: see Design § Timeout Behaviour for the numbers.",
    ],
)
def test_a_section_sign_before_its_number_still_fires(line: str) -> None:
    assert descriptions(line) == [(3, line.index("§") + 1)]


def test_a_heading_opening_with_the_sign_and_a_title_is_the_notes_own_section() -> None:
    """``### § Performance budget`` names the section where it begins; the same words in a
    sentence after a document's name point elsewhere."""
    text = (
        "# Plan\n\n### § Performance budget\n\nThe budget is 40 ms a frame.\n\n"
        "### § Frame pacing\n\nThe frame budget is set by PERF § Budget, not here.\n"
    )
    assert findings(text, "ANC102") == [(9, 33)]


# --- "previous" and "where it left off" whose referent the sentence states (ANC101) -------


def back_references(sentence: str) -> list[tuple[int, int]]:
    text = f"# Solver notes\n\nThe fix is in `solver/fixed_point.py`.\n\n{sentence}\n"
    return findings(text, "ANC101")


@pytest.mark.parametrize(
    "sentence",
    [
        # a step of a loop the sentence describes
        "**Root cause**: the budget step read a lagged value from the previous iteration:\n"
        "the loop now recomputes it inside the step.",
        "Each iteration reuses the previous iteration's residual.",
        "The rate was not monotonic: the budget used **stale Theta** from the previous iteration.",
        "The solver reuses x_prev from the previous step.",
        "Each retry waits twice as long as the previous attempt.",
        "The damping halves the previous step's estimate when the residual grows.",
        # the answer to a request the sentence says comes again
        "- Idempotency: a client that sends the same request id twice within ten minutes "
        "gets the previous response back, and the job does not run again.",
        "- Cache: a repeated query returns the prior result without touching the database.",
        "Retrying the request returns the previous response.",
        # a context the sentence says there is none of
        "This was a fresh start session with NO prior context.",
        "The agent started without previous sessions and read `tasks.json` first.",
        "The new worker did not have any prior context.",
        # a program that resumes
        "- **Checkpoint file**: lets a long comparison run resume from where it left off",
        "The worker will pick up where it left off after a crash.",
    ],
)
def test_a_referent_the_sentence_states_is_no_back_reference(sentence: str) -> None:
    assert back_references(sentence) == []


@pytest.mark.parametrize(
    "sentence",
    [
        "The previous iteration left the tests failing.",
        "Continue from the previous iteration.",
        "We reverted the changes from the previous iteration.",
        "The previous round of review asked for smaller commits.",
        "Address the comments from the previous round.",
        "The previous attempt failed on the lock.",
        "The previous response said the job was queued.",
        "The previous response was wrong, so I retried the request twice.",
        "The agent lost the prior context.",
        "Any prior context is gone.",
        "Continue from where it left off.",
        "Please resume the migration from where it left off.",
        "Continue the conversation from where it left off.",
        "The next agent should pick up where it left off.",
        "Pick up where we left off.",
    ],
)
def test_a_referent_the_note_dropped_still_fires(sentence: str) -> None:
    assert len(back_references(sentence)) == 1


# --- "the above <noun>" right after the list or block it names (ANC101) --------------------

LOADER = """# Handoff

- On failure, the loader writes:
  - `out/run-1/failure.json`
  - the attempt log
  - a partial snapshot
- {sentence}
"""

POOL = """# Findings

The pool logic is in `src/pool.py`.

1. a tiny target makes the pool large
2. a large pool makes every account rich
{between}
{sentence}
"""


def test_the_above_noun_after_the_list_it_names_is_no_back_reference() -> None:
    sentence = "The error message includes paths to the above artifacts and suggests a rerun."
    assert findings(LOADER.format(sentence=sentence), "ANC101") == []


@pytest.mark.parametrize(
    "between",
    [
        "\n```text\nrounds: 257, mean income rising\n```\n",
        "\n### **Critical**\n",
        "\n```text\nrounds: 257\n```\n\n### Why it matters\n",
    ],
)
def test_the_above_noun_after_a_fenced_block_or_heading_is_no_back_reference(
    between: str,
) -> None:
    text = POOL.format(between=between, sentence="**The above scenario should be impossible.**")
    assert findings(text, "ANC101") == []


@pytest.mark.parametrize(
    ("between", "sentence"),
    [
        # a paragraph between: the list is no longer what is just above
        ("\nThe pool resets at midnight.\n", "The above scenario should be impossible."),
        # not the block's first sentence
        ("\n", "It grows. The above scenario should be impossible."),
        # no noun: "the above" alone names nothing
        ("\n", "See the above."),
        # two blank lines after a paragraph are no block between
        ("\nThe pool resets at midnight.\n\n", "The above scenario should be impossible."),
    ],
)
def test_the_above_that_is_not_just_after_what_it_names_still_fires(
    between: str, sentence: str
) -> None:
    assert len(findings(POOL.format(between=between, sentence=sentence), "ANC101")) == 1


# --- a path, a dash, then its line (ANC106) -------------------------------------------------

CHANGES = """# Changes

1. `settings.py` - line 26
2. `engine.py` – lines 190-192
3. engine.py — line 41
4. `engine.py`, line 58
"""


def test_a_line_after_a_path_and_a_dash_is_a_line_pointer() -> None:
    assert findings(CHANGES, "ANC106") == [(3, 4), (4, 4), (5, 4), (6, 4)]


def test_a_list_of_lines_that_ends_its_item_after_a_dash_is_one_pointer_per_line() -> None:
    text = "# Changes\n\n1. `engine.py` - lines 190-192, 200-206, 239\n2. `io.py` - line 4\n"
    assert findings(text, "ANC106") == [(3, 4), (3, 33), (3, 42), (4, 4)]


def test_numbers_after_a_dashed_line_that_go_on_in_prose_are_no_lines() -> None:
    text = "# Changes\n\n- `engine.py` - line 4, 5 tests fail there\n"
    assert findings(text, "ANC106") == [(3, 3)]


@pytest.mark.parametrize(
    "line",
    [
        "1. `settings.py` - lines of config are read once",
        "1. `settings.py` - line-oriented parsing",
        "1. `settings.py` - 26 lines changed",
        "1. `settings.py` -- line 26",
        "1. `settings.py`-line 26 was the culprit",
    ],
)
def test_a_dash_without_a_line_number_after_it_is_no_line_pointer(line: str) -> None:
    assert findings(f"# Changes\n\n{line}\n", "ANC106") == []


@pytest.mark.parametrize(
    "text",
    [
        "`src/a.py` - lines " + "1, " * 300_000 + "\n",
        "- `src/a.py` - line 4\n" * 40_000,
        ("src/a.py - lines 1" + ", 2" * 63 + " x\n") * 2_000,
    ],
    ids=["one-long-list", "many-items", "lists-that-go-on"],
)
def test_a_hostile_dashed_list_stays_linear(text: str) -> None:
    import time

    started = time.perf_counter()
    lint_source("notes.md", text, SETTINGS)
    assert time.perf_counter() - started < 20.0


# --- a compact list with spaces, the whole code span (ANC106) -------------------------------

SPACED = """# Changes

**File**: `engine.py:215-216, 239`

- `output.py:43, 68, 360` - renamed the column
- `engine.py:375-385, 449, 419` - moved the definitions
"""


def test_a_compact_list_with_spaces_in_its_own_code_span_is_one_pointer_per_line() -> None:
    assert findings(SPACED, "ANC106") == [
        (3, 12),
        (3, 31),
        (5, 4),
        (5, 18),
        (5, 22),
        (6, 4),
        (6, 23),
        (6, 28),
    ]


@pytest.mark.parametrize(
    ("line", "found"),
    [
        # outside a code span "12, 14" may be a line and a count: the first line alone
        ("- Fixed engine.py:12, 3 tests pass now", [(3, 9)]),
        # the code span goes on past the numbers: the first line alone
        ("- `engine.py:12, 3 tests` ran", [(3, 4)]),
        # "000" is no line
        ("- `engine.py:1, 000`", [(3, 4)]),
    ],
)
def test_numbers_after_a_comma_and_a_space_outside_such_a_span_are_no_lines(
    line: str, found: list[tuple[int, int]]
) -> None:
    assert findings(f"# Changes\n\n{line}\n", "ANC106") == found


def test_pin_writes_each_line_of_a_spaced_compact_list(store: object) -> None:
    from anchorlint.stores.pinning import pin_text

    outcome = pin_text("# Notes\n\nSee `src/client.js:165, 232`.\n", store, SETTINGS, markdown=True)
    assert outcome.pinned == 2
    assert "`src/client.js#L165@sha256:" in outcome.text
    assert ", src/client.js#L232@sha256:" in outcome.text


def test_a_hostile_spaced_compact_list_stays_linear() -> None:
    import time

    text = ("`src/a.py:1" + ", 2" * 63 + " x`\n") * 4_000 + "`src/a.py:1" + ", 1" * 300_000
    started = time.perf_counter()
    lint_source("notes.md", text, SETTINGS)
    assert time.perf_counter() - started < 20.0


# --- "the previous <noun>" that a clause after it restates (ANC101) --------------------------

PLAN = "# Plan\n\n- {sentence}\n- The spawn code is in `src/game.ts`.\n"


@pytest.mark.parametrize(
    "sentence",
    [
        "Pass the random start to `spawnPlayer`, replacing the previous logic that used fixed "
        "start slots based on player index.",
        "The previous parser, which read the whole file into memory, is gone.",
    ],
)
def test_a_clause_that_says_what_the_previous_thing_did_restates_it(sentence: str) -> None:
    assert findings(PLAN.format(sentence=sentence), "ANC101") == []


@pytest.mark.parametrize(
    "sentence",
    [
        "Replace the previous approach that we discussed with the new one.",
        "The previous fix that used it broke the build.",
        "Keep the previous logic that used to work.",
        "Revert the previous session that used the old flags everywhere.",
        "The previous logic was wrong.",
    ],
)
def test_a_clause_that_restates_nothing_still_fires(sentence: str) -> None:
    assert len(findings(PLAN.format(sentence=sentence), "ANC101")) == 1


# --- "the preceding work includes:" and the list that says what it was (ANC101) -------------

SCHEDULER = """# Scheduler handoff

`src/sched/loop.ts` is written but not yet type-checked.

{sentence}

1. `Registry` added to `src/ws.ts`.
2. `endSession` helper added to `src/engine.ts`.
"""


@pytest.mark.parametrize(
    "sentence",
    ["The preceding work (already committed) includes:", "The previous session covered:"],
)
def test_a_list_under_a_colon_that_says_what_the_earlier_work_held_restates_it(
    sentence: str,
) -> None:
    assert findings(SCHEDULER.format(sentence=sentence), "ANC101") == []


@pytest.mark.parametrize(
    "sentence",
    [
        "From the previous session, remaining tasks:",
        "The preceding work includes: see the log. Next:",
        "The preceding work includes the parser. It was slow.",
    ],
)
def test_a_list_of_other_things_leaves_the_earlier_work_dropped(sentence: str) -> None:
    assert len(findings(SCHEDULER.format(sentence=sentence), "ANC101")) == 1
