"""Text rules on the shapes a fifth sweep of real session notes showed them getting wrong.

Written for the purpose in the style of the real notes: words the reader is told to type to
an agent, a table of commands and what each does, a sentence that sets up two branches and
then picks one, a framework's preamble copied as a note's title (all four false alarms of
ANC101 before); line ranges marked approximate with a tilde, and a section sign glued to a
word in a script written without spaces (both missed before).
"""

from __future__ import annotations

import pytest

from anchorlint.config import Settings
from anchorlint.run.engine import lint_source

SETTINGS = Settings()


def findings(text: str, code: str, name: str = "notes.md") -> list[tuple[int, str]]:
    """(line, quoted phrase or message) of each ``code`` finding."""
    found = lint_source(name, text, SETTINGS)
    return [(f.line, f.message) for f in found if f.code == code]


SESSION_NOTES = """\
# Session notes: history view

## Commands

| Command | What it does |
| --- | --- |
| `agentctl resume --last` | Resume previous session |
| `agentctl exec --task 12` | Run one task without a chat |

## Graph editing

When two branches converge, call `mergeAt()` on the earlier branch's last node.

## Checking the memory tool

Ask the agent: "What did we work on last session?" and compare its answer with
`docs/history-log.md`.

To resume, say "Continue with task 68" or "Pick up where we left off".

## Open

The cache fix from the previous session broke the nightly build.
"""


def test_session_notes_flag_only_the_real_back_reference() -> None:
    """Of five backward phrases, only the last points into dropped context: the others are a
    command's description, one of a pair the sentence counts, and words to say to a tool."""
    found = findings(SESSION_NOTES, "ANC101")
    assert [line for line, _ in found] == [23]
    assert '"the previous"' in found[0][1]


@pytest.mark.parametrize(
    "text",
    [
        # not told to say it: the user's own request, which points back
        "The user asked to redo the fix from the previous session.\n",
        # told to ask, but the phrase is outside the quotation
        'Ask the owner about the fix from the previous session, not "the cache".\n',
        # "Asked" is no order to say anything
        'Asked about it, the agent wrote "same fix as the previous session".\n',
    ],
)
def test_backward_phrases_outside_words_to_say_still_fire(text: str) -> None:
    assert len(findings(text, "ANC101")) == 1


def test_a_table_row_naming_a_file_is_still_prose() -> None:
    """A cell beside a path (not a command) says what the file holds: "as before" there
    points back as it does anywhere."""
    text = (
        "| file | finding |\n| --- | --- |\n"
        "| `worker/retry.py` | retries same as before |\n"
        "| `worker/cache.py` | no size bound |\n"
    )
    assert [line for line, _ in findings(text, "ANC101")] == [3]


def test_a_table_row_without_code_is_still_prose() -> None:
    text = (
        "| step | state |\n| --- | --- |\n| migration | carried over from the previous session |\n"
    )
    assert [line for line, _ in findings(text, "ANC101")] == [3]


def test_an_ordinal_before_a_noun_the_sentence_did_not_count_still_fires() -> None:
    text = "Two branches were merged; the fix from the previous session is on main.\n"
    assert len(findings(text, "ANC101")) == 1


@pytest.mark.parametrize("stop", ["", "."])
def test_the_preamble_sentence_as_a_title_is_boilerplate(stop: str) -> None:
    text = (
        "# This session is being continued from a previous conversation that ran out of "
        f"context{stop}\n\nMoved the parser into `src/parse.py` and added `tests/test_parse.py`.\n"
    )
    assert lint_source("worklog.md", text, SETTINGS) == []


def test_the_whole_preamble_is_still_hidden_whole() -> None:
    """The opening sentence alone comes after the whole preambles in the union: a summary
    that opens with a whole preamble hides both of its sentences, not just the first."""
    text = (
        "This session is being continued from a previous conversation that ran out of "
        "context. The conversation is summarized below:\n\n"
        "Moved the parser into `src/parse.py`.\n"
    )
    assert lint_source("summary.md", text, SETTINGS) == []


@pytest.mark.parametrize(
    ("item", "pin"),
    [
        ("- `stats/R/model.R` (line ~3106-3885)", "stats/R/model.R#L3106-3885"),
        ("- `stats/R/model.R` (lines ~40-105)", "stats/R/model.R#L40-105"),
        ("- Fixed the guard in `src/agent/core.py` (~line 1675)", "src/agent/core.py#L1675"),
    ],
)
def test_an_approximate_line_range_is_still_an_unpinned_line_pointer(item: str, pin: str) -> None:
    ((line, message),) = findings(item + "\n", "ANC106")
    assert line == 1
    assert f"{pin}@sha256:" in message


def test_a_tilde_elsewhere_makes_no_line_pointer() -> None:
    text = "- `src/agent/core.py` is ~1700 lines long; the guard is near the end.\n"
    assert findings(text, "ANC106") == []


def test_a_section_sign_after_a_word_without_spaces_is_a_pointer() -> None:
    """In Chinese or Japanese the document's name is glued to "§": the pointer still names
    a section of a source the note does not give."""
    text = "## Plan\n\n- workflow / 总纲领§7 / constraints\n"
    ((line, message),) = findings(text, "ANC102")
    assert line == 3
    assert '"§7"' in message


def test_a_section_sign_glued_to_a_latin_word_is_part_of_a_name() -> None:
    text = "## Plan\n\n- the flag is spelled opt§7 in the old parser\n"
    assert findings(text, "ANC102") == []


@pytest.mark.parametrize("name", ["model.R", "clean_panel.r", "report.Rmd", "solver.jl"])
def test_r_and_julia_file_names_are_paths(name: str) -> None:
    """A bare file name with one of these extensions is an anchor: a note that names only
    such files prints anchors, and is no "elides but prints no anchor" (ANC104)."""
    text = f"- Updated {name} to drop the empty rows; the rest as noted earlier.\n"
    assert findings(text, "ANC104") == []
    assert findings(text.replace(name, "the script"), "ANC104") != []


SESSION_LOG = """\
# Build log

## Session 1 — before 2026-02-14 (several prior sessions)

- Parser rewrite (`9a99f77`)
- Storage fixes (`f2344f3`)

## Session 2 — 3 Mar 2026

- Picked up the fixes from the previous session and shipped them.

## Fixes from the previous session

- Retry cap raised to five (`be489ce`).
"""


def test_a_heading_that_dates_its_entry_labels_it() -> None:
    """The dated heading's "prior sessions" is silent; the undated heading and the prose
    under the dated one still fire."""
    assert [line for line, _ in findings(SESSION_LOG, "ANC101")] == [10, 12]


@pytest.mark.parametrize(
    "item",
    [
        '- Per addendum v11 §"Phase 3 rollout order" step 1, the gate comes first.',
        "- See the addendum’s §“Rollout order” for the full path.",
    ],
)
def test_a_section_named_by_its_quoted_title_is_a_pointer(item: str) -> None:
    ((line, message),) = findings("## Plan\n\n" + item + "\n", "ANC102")
    assert line == 3
    assert "Rollout order" in message or "rollout order" in message


def test_a_quoted_title_that_runs_past_a_sentence_end_is_none() -> None:
    text = '## Plan\n\n- The old key was §"x. It is gone now" and the new one is `y`.\n'
    assert findings(text, "ANC102") == []


def handoff_with(heading: str, line: str) -> str:
    return (
        "# Handoff\n\n"
        f"## {heading}\n\n"
        "1. Ship the rework before the launch; the old flow is dropped.\n\n"
        "## Next\n\n"
        f"1. {line}\n"
    )


def test_a_parenthesis_on_a_subject_titled_above_points_into_the_note() -> None:
    text = handoff_with(
        "v2 rework: decisions locked", "Reopen the design for the v2 rework (context above)."
    )
    assert findings(text, "ANC101") == []


@pytest.mark.parametrize(
    ("heading", "line"),
    [
        # no heading above is titled with the subject
        ("Decisions locked", "Reopen the design for the v2 rework (context above)."),
        # the words are in the heading, but not as words ("v2 reworked")
        ("v2 reworked plan", "Reopen the design for the v2 rework (context above)."),
        # not a note in parentheses on the subject
        ("v2 rework: decisions locked", "Reopen the v2 rework with the context above."),
    ],
)
def test_context_above_without_a_titled_section_still_fires(heading: str, line: str) -> None:
    assert len(findings(handoff_with(heading, line), "ANC101")) == 1
