"""The twentieth sweep of real transcripts: shapes a user meets that were read wrong.

Every file below is written for these tests in the shape its tool saves, in our own words:
a coding agent's terminal session pasted into a file, whose compact summary alone is a
summary.
"""

from __future__ import annotations

from anchorlint.config import Settings
from anchorlint.run.engine import lint_source

SETTINGS = Settings()


def found(name: str, text: str) -> list[tuple[str, int, int]]:
    return [(f.code, f.line, f.column) for f in lint_source(name, text, SETTINGS)]


BANNER = "═" * 20 + " Conversation compacted · ctrl+o for history " + "═" * 20

CAPTURE = f"""\
> Cap the upload retries at five.

⏺ I changed the retry helper as mentioned above, so it gives up after five tries.

⏺ Bash(pytest -q)
  ⎿  31 passed

> Good. Now the jitter.

⏺ Done: the jitter is random, same as the previous change.

{BANNER}
  ⎿  Read uploads/retry.py (58 lines)

> /compact
  ⎿  Compacted

⏺ Compact summary
  ⎿ This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
    Summary:
    1. Primary Request and Intent:
       The user wants the upload retries capped, as discussed earlier, and jitter added.

    2. Pending Tasks:
       - None; the details from before are omitted.
  ⎿  Read uploads/retry.py (58 lines)

> Carry on with the tests, as agreed earlier.

⏺ Running them now, as I said above.
"""


def test_a_pasted_terminal_session_has_only_its_compact_summary_linted() -> None:
    for name in ("notes/COMPACT_SUMMARY.md", "session.txt"):
        findings = found(name, CAPTURE)
        assert ("ANC101", 22, 50) in findings
        assert ("ANC101", 25, 28) in findings
        assert {line for _, line, _ in findings} <= set(range(19, 26)), name


def test_the_summary_after_a_blank_line_is_no_code_block() -> None:
    """In Markdown, four spaces after a blank line are code: dedented, the summary is prose."""
    text = CAPTURE.replace("       - None;", "\n       - None;")
    assert ("ANC101", 26, 28) in found("COMPACT_SUMMARY.md", text)


def test_the_older_banner_is_a_banner_too() -> None:
    old = "=" * 30 + " Previous Conversation Compacted " + "=" * 30
    findings = found("COMPACT_SUMMARY.md", CAPTURE.replace(BANNER, old))
    assert ("ANC101", 22, 50) in findings
    assert all(line >= 19 for _, line, _ in findings)


def test_a_capture_whose_summary_is_folded_away_passes() -> None:
    start = CAPTURE.index("⏺ Compact summary")
    end = CAPTURE.index("  ⎿  Read uploads/retry.py", start)
    assert found("COMPACT_SUMMARY.md", CAPTURE[:start] + CAPTURE[end:]) == []


def test_a_summary_that_quotes_one_turn_mark_stays_a_summary() -> None:
    """One ``⏺`` line and no banner: no capture, the file is read whole as before."""
    text = (
        "# Handoff\n\nThe agent replied, as mentioned above:\n\n"
        "⏺ Compact summary\n\nWork continues on the parser.\n"
    )
    assert ("ANC101", 3, 20) in found("handoff.md", text)


def test_turn_marks_without_banner_or_marker_are_read_as_before() -> None:
    start = CAPTURE.index(BANNER)
    text = CAPTURE[:start]
    assert found("notes.txt", text) == found("notes.txt", text.replace("⏺", "*"))


def test_a_marker_over_no_preamble_reads_nothing() -> None:
    text = CAPTURE.replace("⎿ This session is being continued", "⎿ This session went on")
    assert found("COMPACT_SUMMARY.md", text) == []


def test_hostile_captures_give_no_traceback() -> None:
    for text in (
        "⏺\n" * 5000 + "⏺ Compact summary\n",
        "⏺ a\n⏺ b\n⏺ Compact summary\n  ⎿ This session is being continued from a previous conversation",
        "⏺ a\n⏺ b\n" + "=" * 50_000 + " Conversation compacted\n",
        "⏺ a\n⏺ b\n⏺ Compact summary\n  ⎿ " + "This session is being continued" + "\n    " * 3000,
    ):
        for name in ("x.md", "x.txt"):
            assert isinstance(found(name, text), list)


CLINE_EXPORT = """\
**User:**

<task>
Move the cache eviction to a background job.
</task>

---

**Assistant:**

I will start with the scheduler in jobs/evict.py, as mentioned above.

---

**User:**

[summarize_task] Result:

This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
1. Primary Request and Intent:
   Move eviction off the request path, as agreed earlier.
2. Pending Tasks:
   - Add the job's metrics.

Please continue the conversation from where we left it off without asking the user any further questions. Continue with the last task that you were asked to work on.

---

**Assistant:**

Continuing with the metrics, as noted above.
"""


def test_a_cline_export_s_condense_result_is_its_summary() -> None:
    findings = found("cline_task_export.md", CLINE_EXPORT)
    assert ("ANC101", 21, 40) in findings
    assert {line for _, line, _ in findings} <= set(range(19, 27))


def test_the_tool_label_over_a_turn_that_is_no_summary_reads_nothing() -> None:
    text = CLINE_EXPORT.replace("This session is being continued from", "We went on from")
    assert found("cline_task_export.md", text) == []
    other = CLINE_EXPORT.replace("[summarize_task] Result:", "[read_file] Result:")
    assert found("cline_task_export.md", other) == []


def test_a_tool_label_alone_in_its_turn_gives_no_traceback() -> None:
    start = CLINE_EXPORT.index("This session")
    end = CLINE_EXPORT.index("---", start)
    assert found("cline_task_export.md", CLINE_EXPORT[:start] + CLINE_EXPORT[end:]) == []
