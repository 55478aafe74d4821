"""Shapes from the twenty-first sweep of real notes (routes of web frameworks with bracketed
folders, "nothing is lost" said of a system, a section named by its heading's code, clauses
of time and generic uses of a context noun), written for these tests in our own words."""

from __future__ import annotations

import time

from anchorlint.config import TextSettings
from anchorlint.run.engine import lint_source
from anchorlint.text.anchors import find_anchors
from tests.test_text_sixteenth_sweep import SETTINGS


def coded(text: str, code: str, path: str = "notes.md") -> list[tuple[int, int]]:
    return [(f.line, f.column) for f in lint_source(path, text, SETTINGS) if f.code == code]


def messages(text: str, code: str) -> list[str]:
    return [f.message for f in lint_source("notes.md", text, SETTINGS) if f.code == code]


def keys(text: str) -> list[tuple[str, str, str]]:
    """Each anchor's kind, key and fragment."""
    return [
        (a.form, a.key, a.fragment.raw if a.fragment else "")
        for a in find_anchors(text, TextSettings())
    ]


# --- a route's bracketed folders are part of its path (ANC106 and the anchor grammar) --------

ROUTES = """# Handoff

- The 500 comes from `/app/store/[handle]/page.js:88` when the item is gone.
- The same check is missing in `app/invoices/[invoiceId]/route.ts:41`.
- The sign-in redirect is in `app/(account)/signin/page.tsx:12`.
- Nested ids: `/app/boards/[boardId]/cards/[cardId]/page.js:312`.
- Catch-alls: app/docs/[...path]/page.tsx:7 and app/wiki/[[...page]]/page.tsx:9.
- The old pages router: pages/items/[id].tsx:20.
"""


def test_a_route_with_bracketed_folders_is_one_line_pointer() -> None:
    assert coded(ROUTES, "ANC106") == [
        (3, 23),
        (4, 33),
        (5, 31),
        (6, 16),
        (7, 15),
        (7, 49),
        (8, 25),
    ]
    found = messages(ROUTES, "ANC106")
    assert '"app/(account)/signin/page.tsx:12"' in found[2]
    assert "app/(account)/signin/page.tsx#L12@sha256:" in found[2]
    assert "/app/boards/[boardId]/cards/[cardId]/page.js#L312@sha256:" in found[3]


def test_the_route_is_the_anchors_key() -> None:
    assert keys("Look at `app/(account)/signin/page.tsx:12` first.") == [
        ("line", "app/(account)/signin/page.tsx", "L12")
    ]
    assert keys("Then src/routes/[slug=word]/+page.svelte:3.") == [
        ("line", "src/routes/[slug=word]/+page.svelte", "L3")
    ]


def test_a_route_pinned_as_pin_writes_it_reads_back_whole() -> None:
    pinned = "Fixed in `app/(account)/signin/page.tsx#L12@sha256:bb0081d6dfe7ded0`."
    ((kind, key, fragment),) = keys(pinned)
    assert (kind, key, fragment) == ("pointer", "app/(account)/signin/page.tsx", "L12")
    assert coded(f"# Notes\n\n{pinned}\n", "ANC106") == []
    assert coded("# Notes\n\nSee app/shop/[handle]/page.tsx#L4 for it.\n", "ANC106") == [(3, 5)]


def test_a_route_in_a_sentence_is_its_anchor() -> None:
    text = "# Notes\n\nThe item page `app/store/[handle]/page.tsx` crashed, as noted earlier.\n"
    assert coded(text, "ANC101") == []


def test_brackets_that_are_no_folder_keep_their_reading() -> None:
    text = (
        "See [the sign-in route](app/(account)/signin/page.tsx) and"
        " [the guide](docs/guide.md), and [[doc_7#L120-140@sha256:9f2c4e1ab07d]]"
        " (see app/x.ts:3)."
    )
    assert keys(text) == [
        ("path", "app/(account)/signin/page.tsx", ""),
        ("path", "docs/guide.md", ""),
        ("wiki", "doc_7", "L120-140"),
        ("line", "app/x.ts", "L3"),
    ]


def test_a_bracket_that_opens_the_text_names_no_path() -> None:
    text = (
        "a [note](later)/draft.md here; the (old)/notes.md file; [id]/page.js:4 is all;"
        " and /[id]/page.js:5 too; but app/(old)/notes.md is one"
    )
    assert keys(text) == [("path", "app/(old)/notes.md", "")]


def test_a_route_cut_short_quotes_no_cut_key() -> None:
    """A bracket that cannot be a folder ("(sign in)") leaves the route unread, not read
    from the "/" after it."""
    text = "# Notes\n\n- The redirect is in `app/(sign in)/login/page.tsx:12`.\n"
    assert messages(text, "ANC106") == []


def test_a_megabyte_of_bracketed_folders_is_read_in_linear_time() -> None:
    units = ["a/[a]/a.b", "a/(g)/a.b ", "a/(g)#", "a/(g)/" * 50 + "#L1 ", "[[a/[x]/b.md]]"]
    counts = []
    for unit in units:
        text = unit * (1_000_000 // len(unit))
        started = time.perf_counter()
        counts.append(len(find_anchors(text, TextSettings())))
        assert time.perf_counter() - started < 10
    # a path of 33 folders or more is none; a pointer's key may hold 255 folders
    assert counts == [0, 100_000, 0, 3_289, 71_428]


# --- "nothing is lost" of a system or a piece of work (ANC108) ------------------------------


def _claimed(sentence: str) -> bool:
    text = f"# Notes\n\n- Reworked `src/spool/writer.py`, and so on.\n- {sentence}\n"
    return bool(coded(text, "ANC108"))


def test_nothing_lost_by_the_system_is_no_claim_about_the_summary() -> None:
    told = [
        "The sweep runs after the copy, so nothing is lost by emptying the spool at once.",
        "The spool is durable; nothing is dropped under heavy load.",
        "Checked the backfill: nothing was skipped during the import.",
        "Nothing is lost on restart, since every write is journaled.",
        "Nothing was dropped from the spool when the consumer lagged.",
    ]
    assert [s for s in told if _claimed(s)] == []


def test_nothing_lost_from_the_summary_is_still_a_claim() -> None:
    claims = [
        "Nothing was lost in this summary.",
        "Nothing important was dropped from the conversation.",
        "Nothing was omitted.",
        "Nothing was lost during compaction.",
        "Nothing was left out when condensing the earlier turns.",
        "Nothing of note was omitted from the handoff.",
    ]
    assert [s for s in claims if not _claimed(s)] == []


# --- a section named by the code span its heading opens with (ANC102) -----------------------

CODE_HEADINGS = """# Session log

## `lint-fix` (our import sorter) tried on the panel module

The sorter in `tools/lint-fix/README.md` moves imports only.

## 2. `WAIT_READY()` stalls on the first cold boot

The macro polls a flag that a setup step leaves set.

## Notes on `WAIT_IDLE()`

The same flag again.

## Cleanup

- Ran the sorter (see the `lint-fix` section above) over the panel module.
- Confirmed (see the `WAIT_READY()` section above) that the flag is reset on every boot.
- Confirmed (see the `WAIT_IDLE()` section above) that it is also read on every boot.
- Kept the order (see the `lint-fix` section of the style guide) for the tests.
- Left the timer alone (see the `WAIT_BUSY()` section above).
"""


def test_a_section_named_by_its_headings_leading_code_is_the_notes_own() -> None:
    # a heading that only mentions the code, another document's section and a heading the
    # note lacks are still pointers to an unnamed source
    assert coded(CODE_HEADINGS, "ANC102") == [(19, 14), (20, 19), (21, 25)]


# --- "from before <a bare subject> was …", a clause of time (ANC101) ------------------------

FROM_BEFORE = """# Refactor notes

- Dropped a stray `flush()` call, a leftover from before open/close was moved into the pool.
- Dropped the retry shim, a leftover from before batching was enabled.
- Dropped the second lock, a leftover from before the lock manager had been shared.
- Dropped the old guard, a leftover from before config loading was made lazy.

## Open

- Restore the limits from before.
- Keep the layout from before and rerun the check.
- Put back the flags from before, which were dropped in the move.
- Use the numbers from before as the baseline was too noisy.
"""


def test_from_before_a_clause_with_a_bare_subject_is_a_time() -> None:
    assert coded(FROM_BEFORE, "ANC101") == [(10, 22), (11, 19), (12, 22), (13, 19)]


# --- a context noun used of any session or context (ANC101) ---------------------------------

IN_GENERAL = """# When to hand over (`docs/handover.md`)

| Case | Action |
| --- | --- |
| A question that needs re-reading lots of prior context | Write a handover |
| A long task over many files | Save often |

- Wrote a checklist for analyzing previous sessions, with a rubric.
- Never trust a script just because it passed in a previous session; rerun it first.

## Open

- As decided in a previous session, the cache stays off.
- After reviewing previous sessions, I found the flag was set twice.
- It passed in the previous session, so the script is fine.
- Keep the limits from a previous session.
"""


def test_a_context_noun_used_of_any_session_points_nowhere() -> None:
    assert coded(IN_GENERAL, "ANC101") == [(13, 19), (14, 19), (15, 16), (16, 26)]


# --- "the previous expression", a position in what a program reads (ANC101) ----------------

POSITIONS = """# Parser notes (see `src/calc/split.py`)

The splitter cuts a worksheet into single formulas. The word `with` plots into the same
pane as the previous expression, and `and` opens a new pane.
The folder pops the previous operand when it meets a unary minus.

## Open

- The previous statement was wrong about the pane count.
- The previous call failed with a timeout.
- Keep the previous iteration of the plan.
- The previous entry already lists the flag.
"""


def test_the_previous_expression_is_a_position_in_the_data() -> None:
    assert coded(POSITIONS, "ANC101") == [(9, 3), (10, 3), (11, 8), (12, 3)]


# --- "the previous X" set against "a new X" in its sentence (ANC101) ------------------------

NEW_AGAINST_PREVIOUS = """# Active context (see `src/editor/rulers.js`)

- When the user opens a new workspace, the ruler still shows the guides from the previous workspace.
- The guides of the previous canvas stay on screen after another canvas loads.

## Open

- We tried a new approach, but the previous approach was faster.
- In this new session, finish what the previous session started.
- The guides from the previous workspace are still wrong.
"""


def test_the_previous_one_set_against_a_new_one_is_the_programs_state() -> None:
    assert coded(NEW_AGAINST_PREVIOUS, "ANC101") == [(8, 32), (9, 36), (10, 19)]
