"""Shapes from the eighteenth sweep of real notes (summaries kept as plain text and as JSON
strings, framework wrappers), written for these tests in our own words."""

from __future__ import annotations

import json

import pytest

from anchorlint.positions import line_start_map
from anchorlint.run.engine import lint_source
from anchorlint.text.boilerplate_catalogue import MASTRA_OBSERVATIONAL_MEMORY
from anchorlint.text.documents.plaintext import file_blocks, split_blocks
from tests.test_text_sixteenth_sweep import SETTINGS


def coded(path: str, text: str, code: str) -> list[tuple[int, int]]:
    return [(f.line, f.column) for f in lint_source(path, text, SETTINGS) if f.code == code]


def as_record(text: str) -> str:
    """The summary kept as one JSON record's ``summary`` field."""
    return json.dumps({"summary": text})


# --- a Markdown heading in a plain-text or JSON summary is a heading (ANC101, ANC102) ------

NUMBERED_PLAN = """# Plan for the scheduler rework

## 1. Problem

Jobs stall when the worker restarts; the lease handling is covered in §3.

## 2. Fix

Keep the lease in the store, see §2.1 for the schema.

### 2.1 Schema

One row a job, keyed by its id.

## 3 Lease handling

The lease doubles up to a cap.
"""

TITLED_PLAN = """## Index rebuild

The rebuild runs before the API starts.

## Next steps

Re-run the load test with the numbers as recorded in the index rebuild section.
"""

SESSION_LOG = """## Session 5 - lease

Moved the lease into the store.

## Session 6 - retries

Same limitation as prior sessions (see Session 5).
"""


@pytest.mark.parametrize("text", [NUMBERED_PLAN, TITLED_PLAN, SESSION_LOG])
@pytest.mark.parametrize("path", ["notes.md", "notes.txt"])
def test_a_pointer_to_the_summarys_own_heading_is_silent_in_text(path: str, text: str) -> None:
    found = lint_source(path, text, SETTINGS)
    assert [f.code for f in found if f.code in ("ANC101", "ANC102")] == []


@pytest.mark.parametrize("text", [NUMBERED_PLAN, TITLED_PLAN, SESSION_LOG])
def test_a_pointer_to_the_summarys_own_heading_is_silent_in_a_record(text: str) -> None:
    found = lint_source("summaries.jsonl", as_record(text), SETTINGS)
    assert [f.code for f in found if f.code in ("ANC101", "ANC102")] == []


@pytest.mark.parametrize(
    ("text", "code", "where"),
    [
        # the summary has no § 4: the pointer is to some other document
        (NUMBERED_PLAN.replace("§3", "§4"), "ANC102", (5, 71)),
        # the heading is gone: no section of the summary is titled so
        (TITLED_PLAN.replace("## Index rebuild\n\n", ""), "ANC102", (5, 39)),
        # the heading's words are in a paragraph, not a heading
        (TITLED_PLAN.replace("## Index rebuild", "Index rebuild"), "ANC102", (7, 39)),
        # a closing sequence of marks: left as it was (a paragraph)
        (SESSION_LOG.replace("## Session 5 - lease", "## Session 5 - lease ##"), "ANC101", (7, 20)),
        # a heading with text under it in the same block: read as before, a paragraph
        (
            SESSION_LOG.replace("## Session 5 - lease\n\n", "## Session 5 - lease\n"),
            "ANC101",
            (6, 20),
        ),
    ],
)
def test_a_pointer_to_a_section_the_text_does_not_title_still_fires(
    text: str, code: str, where: tuple[int, int]
) -> None:
    assert coded("notes.txt", text, code) == [where]


def test_a_heading_block_holds_the_content_where_the_file_has_it() -> None:
    text = "Intro line.\n\n  ### 2.1 Schema `rows`\nOne row a job.\n\n## Next\n"
    for blocks in (list(split_blocks(text, line_start_map(text))), list(file_blocks(text))):
        assert [(b.kind, b.text) for b in blocks] == [
            ("paragraph", "Intro line."),
            ("paragraph", "  ### 2.1 Schema `rows`\nOne row a job."),
            ("heading", "Next"),
        ]
        assert blocks[2].positions.locate(0) == (6, 4)
    alone = "  ### 2.1 Schema `rows`  \n"
    for blocks in (list(split_blocks(alone, line_start_map(alone))), list(file_blocks(alone))):
        (block,) = blocks
        assert (block.kind, block.text, block.code_spans) == (
            "heading",
            "2.1 Schema `rows`",
            ((11, 17),),
        )
        assert block.positions.locate(0) == (1, 7)


def test_a_finding_in_a_heading_of_a_record_keeps_its_column() -> None:
    text = "## Fixes from the previous session\n\nMoved the lease.\n"
    assert coded("notes.md", text, "ANC101") == [(1, 15)]
    assert coded("notes.txt", text, "ANC101") == [(1, 15)]
    # the record's text opens at column 14 of its line: {"summary": "
    assert coded("summaries.jsonl", as_record(text), "ANC101") == [(1, 14 + 14)]


@pytest.mark.parametrize(
    "line",
    [
        "#1 priority: the lease",  # no space after the mark
        "####### Seven marks",
        "    ## Indented as code",
    ],
)
def test_a_line_that_is_no_heading_stays_a_paragraph(line: str) -> None:
    text = f"{line}\n"
    (block,) = split_blocks(text, line_start_map(text))
    assert (block.kind, block.text) == ("paragraph", line)


# --- Mastra's Observational Memory wrapper (boilerplate) -----------------------------------

OBSERVATIONS = (
    "- The user moves the billing worker onto the new queue (`worker/queue.py`).\n"
    "- Retries stay capped at five."
)


def mastra_wrapped(observations: str) -> str:
    """The observations between Mastra's fixed sentences, the hint after them, as it
    assembles them (one fixed sentence a paragraph)."""
    instructions, updates, latest, hint = MASTRA_OBSERVATIONAL_MEMORY
    return (
        "The following observations block contains your memory of past conversations with "
        f"this user.\n\n<observations>\n{observations}\n</observations>\n\n"
        f"IMPORTANT: When responding, reference specific details. {instructions}\n\n"
        f"KNOWLEDGE UPDATES: Prefer the most recent information. {updates}\n\n"
        f"MOST RECENT USER INPUT: {latest}\n\n"
        "Please continue naturally with the conversation so far.\n\n"
        f"{hint} If a suggested response is provided, follow it naturally.\n"
    )


@pytest.mark.parametrize("path", ["notes.txt", "notes.md"])
def test_mastras_fixed_sentences_around_observations_are_not_linted(path: str) -> None:
    found = lint_source(path, mastra_wrapped(OBSERVATIONS), SETTINGS)
    assert [(f.code, f.line) for f in found] == []


def test_mastras_fixed_sentences_in_a_record_are_not_linted() -> None:
    found = lint_source("memory.jsonl", as_record(mastra_wrapped(OBSERVATIONS)), SETTINGS)
    assert [(f.code, f.line) for f in found] == []


def test_the_observations_inside_mastras_wrapper_are_still_linted() -> None:
    observations = OBSERVATIONS + "\n- As discussed earlier, the lease moves too."
    assert coded("notes.txt", mastra_wrapped(observations), "ANC101") == [(6, 3)]


@pytest.mark.parametrize(
    "line",
    [
        "- Tie the new plan to the past experiences mentioned above.",
        "- Use the earlier context as background for the migration.",
        "- Earlier messages may hold constraints on the queue.",
        "- The previous information has been updated by the new run.",
    ],
)
def test_a_summarys_own_sentence_in_mastras_words_still_fires(line: str) -> None:
    assert len(coded("notes.txt", f"{OBSERVATIONS}\n{line}\n", "ANC101")) == 1


# --- a label that opens the summary and names it (ANC101) ----------------------------------

#: its first sentence holds no anchor (an anchor in the label's sentence silences it anyway)
SUMMARY_BODY = (
    "The user moves the billing worker onto the new queue.\n"
    "The worker lives in `worker/queue.py` and retries stay capped at five."
)


@pytest.mark.parametrize(
    "label",
    [
        "Summary of previous conversation:",
        "Summary of the earlier conversation:",
        "Summary of the previous conversation:",
        "[Summary of the earlier conversation]",
        "Here is a summary of the earlier conversation history:",
        "Here's a summary of prior messages:",
        "**Summary of previous conversation:**",
        "**Summary of previous conversation**:",
    ],
)
@pytest.mark.parametrize("gap", ["\n", "\n\n", " "])
def test_a_label_opening_the_summary_names_the_summary_after_it(label: str, gap: str) -> None:
    text = f"{label}{gap}{SUMMARY_BODY}\n"
    assert coded("notes.txt", text, "ANC101") == []
    assert coded("notes.md", text, "ANC101") == []
    found = lint_source("memory.jsonl", as_record(text), SETTINGS)
    assert [f.code for f in found if f.code in ("ANC101", "ANC104")] == []


@pytest.mark.parametrize(
    ("text", "where"),
    [
        # a sentence about the summary, not a label
        (f"{SUMMARY_BODY}\nThe summary of the earlier conversation was lost.\n", (3, 16)),
        (f"The summary of the earlier conversation was lost.\n{SUMMARY_BODY}\n", (1, 16)),
        # a label further down the summary
        (f"{SUMMARY_BODY}\n\nSummary of previous conversation:\nNothing else.\n", (4, 12)),
        # the label names something else than the earlier talk
        (f"Summary of the earlier fixes:\n{SUMMARY_BODY}\n", (1, 12)),
        # no colon, the bracket never closed, or parentheses: no label
        (f"Summary of previous conversation - {SUMMARY_BODY}\n", (1, 12)),
        (f"[Summary of the earlier conversation:\n{SUMMARY_BODY}\n", (1, 13)),
        (f"(Summary of the earlier conversation)\n{SUMMARY_BODY}\n", (1, 13)),
        # a label that names nothing after it
        ("Summary of previous conversation:\n", (1, 12)),
        # words before the label's "summary of"
        (f"Keep the summary of the earlier conversation:\n{SUMMARY_BODY}\n", (1, 21)),
    ],
)
def test_the_same_words_that_label_no_summary_still_fire(text: str, where: tuple[int, int]) -> None:
    assert coded("notes.txt", text, "ANC101") == [where]


def test_a_back_reference_inside_a_labelled_summary_still_fires() -> None:
    text = f"Summary of previous conversation:\n{SUMMARY_BODY}\nAs discussed earlier, the lease moves.\n"
    assert coded("notes.txt", text, "ANC101") == [(4, 1)]


# --- "described in the design doc" without "as" (ANC102) -----------------------------------


def pointers(line: str) -> list[tuple[int, int]]:
    text = f"# Queue notes\n\nThe worker lives in `worker/queue.py`.\n\n{line}\n"
    return coded("notes.md", text, "ANC102")


@pytest.mark.parametrize(
    ("line", "column"),
    [
        ("- Wire the dead-letter handler described in the design doc.", 32),
        ("- Wire the dead-letter handler as described in the design doc.", 32),
        ("- The lease limits documented in the runbook still hold.", 20),
        ("- The timeout is specified in the config.", 18),
        ("- The handler is described in our design doc.", 18),
        ("- The rollout, outlined in that proposal, starts Monday.", 16),
    ],
)
def test_a_source_described_without_as_is_a_pointer(line: str, column: int) -> None:
    assert pointers(line) == [(5, column)]


@pytest.mark.parametrize(
    "line",
    [
        "- The handler is described in detail below.",
        "- The fields are described in the table below.",
        "- The format is described in `docs/design.md`.",
        "- The format is described in this summary.",
        "- The header is described in section 4 of RFC 9110.",
        "- The bug the user described in the standup is fixed.",
        "- The rows recorded in the ledger are final.",  # only "as recorded in" points
        "- The handler described in the design doc ([[docs/design.md#handler]]) is wired.",
    ],
)
def test_a_description_that_names_no_dropped_source_stays_silent(line: str) -> None:
    assert pointers(line) == []
