"""Text rules on the shapes a tenth sweep of real compaction summaries showed them getting wrong.

Written for the purpose, in the style of the real summaries and never in their words: a
condense template that numbers its sections ("1. Previous Conversation:"), read as a
backward reference before (ANC101); a snapshot envelope saved in a Markdown file, whose
indented sections after the first blank line were read as indented code, so their
sentences and anchors were lost; an ellipsis glued to the word a writer cut the text at
("…for the anal..."), which was no elision; a document named right before its numbered
section ("Spec Section 4.2 requires …"), which was no prose pointer (ANC102).
"""

from __future__ import annotations

import json

import pytest

from anchorlint.config import Settings
from anchorlint.run.engine import lint_source

SETTINGS = Settings()


def findings(text: str, code: str, name: str = "notes.md") -> list[tuple[int, str]]:
    """(line, message) of each ``code`` finding."""
    found = lint_source(name, text, SETTINGS)
    return [(f.line, f.message) for f in found if f.code == code]


# --- numbered section labels of a condense template (ANC101) ---------------------------

TEMPLATE = """\
Context
1. Previous Conversation:
The owner wanted a rota planner for the clinic, with shifts and swap requests.

2. Current Work:
Building the swap request form in `web/rota/SwapForm.vue`.

3. Pending Tasks and Next Steps:
- Add the approval step for swaps.
"""

TEMPLATE_INLINE = """\
Task
1. Previous Conversation: The owner wanted a rota planner for the clinic.
2. Current Work: Building the swap form in `web/rota/SwapForm.vue`.
"""


@pytest.mark.parametrize(
    ("text", "name"),
    [
        (TEMPLATE, "notes.md"),
        (TEMPLATE_INLINE, "notes.md"),
        (TEMPLATE, "notes.txt"),
        (TEMPLATE_INLINE, "notes.txt"),
        (
            "Task\n1. **Previous Conversation:** The owner wanted a planner.\n2. Next: tests.\n",
            "n.md",
        ),
        ("Task\n\n  3) Prior context summary: the owner wants a planner.\n", "notes.txt"),
    ],
)
def test_a_numbered_section_label_is_no_back_reference(text: str, name: str) -> None:
    """The label names the section that follows it, and the section restates the referent."""
    assert findings(text, "ANC101", name) == []


def test_a_numbered_label_in_a_json_summary_is_no_back_reference() -> None:
    record = json.dumps({"summary": TEMPLATE}) + "\n"
    assert findings(record, "ANC101", "store.jsonl") == []


@pytest.mark.parametrize(
    "text",
    [
        # a bullet, not a numbered template section
        "Task\n- Previous Conversation: the owner wanted a planner.\n- Current Work: forms.\n",
        # a label that says more than the context noun
        "Task\n1. Fixes from previous session: the rota export.\n2. Current Work: forms.\n",
        # no colon: a sentence about the earlier conversation
        "Task\n1. Previous conversation covered the rota planner.\n",
        # the colon comes after a clause, not a label
        "Task\n1. As we said in prior context: keep the swap form.\n",
        # a label over nothing at all
        "Notes\n\n1. Previous Conversation:\n",
        # a label with no colon, as a list entry
        "Task\n1. Previous conversation summary\n2. Next\n",
    ],
)
def test_near_misses_of_a_section_label_still_point_back(text: str) -> None:
    assert len(findings(text, "ANC101")) == 1


def test_a_back_reference_inside_a_labelled_section_still_fires() -> None:
    text = "Task\n1. Previous Conversation: As noted above, the swap form stays.\n2. Next: tests.\n"
    found = findings(text, "ANC101")
    assert len(found) == 1 and '"As noted above"' in found[0][1]


def test_all_of_the_above_after_a_numbered_list_is_still_a_quantifier() -> None:
    """A numbered item's paragraph has its own kind now; the list before "all of the
    above" is still the note's own list."""
    text = "Options:\n\n1. Cache the rota.\n2. Rebuild it nightly.\n\nWe ship all of the above.\n"
    assert findings(text, "ANC101") == []


# --- a snapshot envelope in a Markdown file -------------------------------------------------

SNAPSHOT = """\
<state_snapshot>
    <overall_goal>
        Make the invoice export resumable.
    </overall_goal>

    <key_knowledge>
        - The chunk size mentioned above stays at 500 rows.
        - Exports run in `jobs/export_invoices.py`.
    </key_knowledge>
</state_snapshot>
"""


def test_the_sections_after_a_blank_line_are_read() -> None:
    """The back reference in the second section is found, and the path there counts: the
    file reads as the same text read as plain text does."""
    found = lint_source("snap.md", SNAPSHOT, SETTINGS)
    assert [(f.code, f.line, f.column) for f in found] == [("ANC101", 7, 26)]
    as_text = lint_source("snap.txt", SNAPSHOT, SETTINGS)
    assert [(f.code, f.line, f.column) for f in as_text] == [("ANC101", 7, 26)]


def test_anchors_in_a_later_section_count() -> None:
    """The goal elides ("etc.") and the only anchor is in the second section: no ANC104."""
    text = SNAPSHOT.replace("resumable.", "resumable: retries, batching, etc.").replace(
        "mentioned above ", ""
    )
    assert [f.code for f in lint_source("snap.md", text, SETTINGS)] == []


def test_the_markdown_around_an_envelope_is_still_markdown() -> None:
    """Headings and prose before and after the envelope keep their places; indented code
    outside it is still code, and a snapshot inside a fence is still code."""
    text = (
        "## USER\n\n"
        + SNAPSHOT
        + "\n## MODEL\n\nGot it.\n\n    # as noted above, in code\n    x = 1\n\n"
        "```xml\n<state_snapshot>\n    <goal>as noted above</goal>\n</state_snapshot>\n```\n"
    )
    found = lint_source("chat.md", text, SETTINGS)
    assert [(f.code, f.line) for f in found] == [("ANC101", 9)]


@pytest.mark.parametrize(
    "text",
    [
        # never closed: where it ends is a guess, so Markdown reads it
        SNAPSHOT.replace("</state_snapshot>\n", ""),
        # indented four spaces: the opening tag itself is indented code
        "Intro.\n\n" + "".join("    " + line + "\n" for line in SNAPSHOT.splitlines()),
        # inside an HTML comment
        "<!--\n" + SNAPSHOT + "-->\n",
        # inside a tilde fence
        "~~~\n" + SNAPSHOT + "~~~\n",
    ],
)
def test_an_envelope_markdown_hides_stays_hidden(text: str) -> None:
    assert [f.code for f in lint_source("snap.md", text, SETTINGS)] == []


def test_the_tag_named_in_prose_is_no_envelope() -> None:
    """A sentence about the tag, and indented code below it, read as Markdown reads them."""
    text = (
        "The agent writes a <state_snapshot> block when it compacts.\n\n"
        "    # the steps mentioned above\n    run()\n\n"
        "It closes with </state_snapshot> at the end.\n"
    )
    assert [f.code for f in lint_source("notes.md", text, SETTINGS)] == []


def test_a_long_file_reads_its_envelope_with_exact_lines() -> None:
    """Past the size where Markdown is parsed in pieces and handed over block by block."""
    filler = "".join(f"Line {i} of the log cites `logs/run_{i}.txt`.\n\n" for i in range(30_000))
    text = filler + SNAPSHOT
    found = [(f.code, f.line, f.column) for f in lint_source("big.md", text, SETTINGS)]
    assert found == [("ANC101", 60_000 + 7, 26)]


# --- an ellipsis where the text was cut off (elisions, ANC104) ------------------------------

LONG = (
    "Handoff: the crew moved the billing cron to the new scheduler, split the ledger job "
    "into a nightly and an hourly part, and then began wiring the alerts for the reconc"
)


def elisions(text: str) -> int:
    """The summary's elisions, read off ANC104 (the texts below hold no anchor)."""
    found = [m for _, m in findings(text, "ANC104")]
    if not found:
        return 0
    return int(found[0].split("(", 1)[1].split(" ", 1)[0])


@pytest.mark.parametrize(
    "text",
    [
        LONG + "...\n",  # the summary's text ends mid-word after a long block
        LONG + "…",
        LONG.replace("reconc", "reconciliation") + "...",  # or at a word's end
        "Plan: split the ledger job, add AI-...\n\nNext: the alerts.\n",  # a hyphenated cut
        "Done: moved the cron (scheduler, ledger split, reconc...\n\nNext: alerts.\n",
        "Done: moved the cron **(scheduler, ledger split, reconc...**\n",
    ],
)
def test_an_ellipsis_where_the_text_was_cut_is_an_elision(text: str) -> None:
    assert elisions(text) == 1


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("The owner said to wait...\n", 0),  # a pause closing a short text
        ("The owner paused... then agreed to the split.\n", 0),  # mid-sentence
        (LONG + "...\n\nNext: the alerts.\n", 0),  # a long block, but the text goes on
        (LONG.replace("reconc", "queue. Let me check") + "...\n\nNext: alerts.\n", 0),
        (LONG.replace("reconc", "dashboards while it kept loading") + "...", 0),  # a gerund
        ('The tool takes prompts ("create a ledger named...") in any case.\n', 0),
        ("It prints the odd rows (1, 3, 5...) only.\n", 0),
        ("Moved the cron, split the ledger, etc...\n", 1),  # counted once, as "etc."
        ("Moved the cron, split the ledger, and so on...\n", 1),
        (LONG + " etc...", 1),
    ],
)
def test_an_ellipsis_in_prose_is_no_cut(text: str, count: int) -> None:
    assert elisions(text) == count


@pytest.mark.parametrize(
    "unit",
    ["word...\n", "(word...\n", "x" * 149 + "...\n", "(" + "y" * 199 + "...", "a...", "é…\n"],
)
def test_the_cut_off_markers_stay_linear_on_a_megabyte(unit: str) -> None:
    import time

    from anchorlint.config import TextSettings
    from anchorlint.text.lexicon import compile_lexicon
    from anchorlint.text.marker_scan import marker_spans

    text = unit * (1_000_000 // len(unit))
    markers = compile_lexicon(TextSettings()).elisions
    started = time.perf_counter()
    marker_spans(markers, text)
    sum(1 for _ in markers.pattern.finditer(text))
    assert time.perf_counter() - started < 5.0


# --- a document named before its numbered section (ANC102) ----------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Spec Section 4.2 requires signed uploads.\n",
        "- PRD section 3 limits exports to admins.\n",
        "The RFC section 7 ordering is kept.\n",
        "Per the runbook chapter 2, drain the queue first.\n",
        "The contract clause 9 caps the refund.\n",
        # the note's own heading 4.2 does not make the spec's section 4.2 its own
        "## 4.2 Uploads\n\nSpec Section 4.2 requires signed uploads.\n",
    ],
)
def test_a_named_documents_numbered_section_is_a_pointer(text: str) -> None:
    assert len(findings(text, "ANC102")) == 1


@pytest.mark.parametrize(
    "text",
    [
        "Spec Section 4.2 (`docs/upload-spec.md#L40`) requires signed uploads.\n",
        "The spec section lists the upload limits.\n",  # no number
        "The review step 2 asks for a second approver.\n",  # a step of a process
        "The form section 2 collects the address.\n",  # a part of a screen
    ],
)
def test_near_misses_of_a_named_section_stay_silent(text: str) -> None:
    assert findings(text, "ANC102") == []
