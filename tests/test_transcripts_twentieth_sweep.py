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


def test_a_capture_quoted_in_fenced_code_leaves_the_document_a_summary() -> None:
    """A document that shows a capture as an example is still linted whole, as before."""
    text = "# Handoff\n\nThe fix landed, as mentioned above.\n\n```text\n" + CAPTURE + "```\n"
    findings = found("handoff.md", text)
    assert findings == [("ANC104", 1, 1), ("ANC101", 3, 17)]


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


def cline_history(summary_blocks: list[dict], ts: bool) -> str:
    """A Cline task's API history, indented as Cline writes it, with a condense result."""
    import json

    messages = [
        {
            "role": "user",
            "content": [{"type": "text", "text": "<task>\nSplit the parser.\n</task>"}],
        },
        {"role": "assistant", "content": [{"type": "text", "text": "Done, as mentioned above."}]},
        {"role": "user", "content": summary_blocks},
        {"role": "assistant", "content": [{"type": "text", "text": "Going on, as noted above."}]},
    ]
    if ts:
        for at, message in enumerate(messages):
            message["ts"] = 1000 * (at + 1)
    return json.dumps(messages, indent=2)


PROMPT = (
    "\nThis session is being continued from a previous conversation that ran out of context."
    " The conversation is summarized below:\n1. Pending Tasks:\n   - Split the lexer,"
    " as agreed earlier.\n\nPlease continue the conversation from where we left it off"
    " without asking the user any further questions. Continue with the last task that you"
    " were asked to work on.\n"
)
TEXT_BLOCKS = [
    {"type": "text", "text": "[summarize_task] Result:"},
    {"type": "text", "text": PROMPT},
]


def test_cline_s_condense_result_is_its_history_s_summary() -> None:
    for ts in (False, True):
        text = cline_history(TEXT_BLOCKS, ts)
        findings = found("tasks/1733/api_conversation_history.json", text)
        line = next(n for n, row in enumerate(text.splitlines(), 1) if "Split the lexer" in row)
        assert ("ANC101", line, text.splitlines()[line - 1].index("as agreed") - 0) in [
            (code, at, column - 1) for code, at, column in findings
        ], ts
        assert {at for _, at, _ in findings} == {line}, ts


def test_cline_s_condense_result_in_a_tool_result_block() -> None:
    block = {
        "type": "tool_result",
        "tool_use_id": "t1",
        "content": "[summarize_task] Result:" + PROMPT,
    }
    findings = found("api_conversation_history.json", cline_history([block], True))
    assert [code for code, _, _ in findings].count("ANC101") == 1


def test_cline_near_misses_read_nothing() -> None:
    other = [{"type": "text", "text": "[read_file] Result:"}, {"type": "text", "text": PROMPT}]
    no_prompt = [
        {"type": "text", "text": "[summarize_task] Result:"},
        {"type": "text", "text": "ok, as above"},
    ]
    for blocks in (other, no_prompt):
        for ts in (False, True):
            assert found("api_conversation_history.json", cline_history(blocks, ts)) == []
    assistant = cline_history(TEXT_BLOCKS, True).replace('"user"', '"assistant"')
    assert [f for f in found("api_conversation_history.json", assistant) if f[0] == "ANC101"] == []


def test_roo_s_flagged_summary_is_read_as_before() -> None:
    import json

    messages = [
        {"role": "user", "content": "Fix the build.", "ts": 1},
        {"role": "assistant", "content": "Fixed, as mentioned above.", "ts": 2},
        {
            "role": "user",
            "content": "Summary: the build passes, as agreed earlier.",
            "ts": 3,
            "isSummary": True,
        },
    ]
    text = json.dumps(messages, indent=2)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "as agreed" in row)
    findings = found("api_conversation_history.json", text)
    assert findings and {at for _, at, _ in findings} == {line}


def test_a_broken_cline_history_gives_a_finding_not_a_traceback() -> None:
    text = cline_history(TEXT_BLOCKS, False)[:-40]
    assert [code for code, _, _ in found("api_conversation_history.json", text)] == ["ANC002"]


PI_HEADER = (
    '{"type":"session","version":3,"id":"0191bbbb-1111-7000-8000-00000000000a",'
    '"timestamp":"2026-07-02T08:00:00.000Z","cwd":"/tmp/shop"}'
)
PI_TURN = (
    '{"type":"message","id":"m1","parentId":null,"timestamp":"2026-07-02T08:00:01.000Z",'
    '"message":{"role":"user","content":[{"type":"text","text":"Add the refund route,'
    ' as noted above."}]}}'
)


def pi_compaction(ident: str, summary: str) -> str:
    import json

    return json.dumps(
        {"type": "compaction", "id": ident, "parentId": "m1", "summary": summary},
        separators=(",", ":"),
    )


def test_a_pi_session_s_compactions_are_its_summaries() -> None:
    first = pi_compaction(
        "c1", "## Goal\nRefunds.\n\n## Progress\nThe route exists, as agreed earlier."
    )
    second = pi_compaction("c2", "## Goal\nRefunds, tested in `tests/test_refund.py`.")
    branch = (
        '{"type":"branch_summary","id":"b1","parentId":"c1","fromId":"m1",'
        '"summary":"Tried the previous approach and dropped it."}'
    )
    text = "\n".join([PI_HEADER, PI_TURN, first, branch, second]) + "\n"
    findings = found("2026-07-02T08-00-00_0191bbbb.jsonl", text)
    assert ("ANC101", 3, first.index("as agreed") + 1) in findings
    assert ("ANC104", 3, first.index("## Goal") + 1) in findings
    assert {line for _, line, _ in findings} == {3}


def test_a_pi_session_without_compaction_is_told_so() -> None:
    assert found("s.jsonl", PI_HEADER + "\n" + PI_TURN + "\n") == []


def test_a_header_with_keys_of_another_format_is_no_pi_session() -> None:
    from anchorlint.text.documents.transcripts.sniff import jsonl_format

    assert jsonl_format((PI_HEADER + "\n").encode()) == "pi"
    other = PI_HEADER.replace('"cwd"', '"workspace"')
    assert jsonl_format((other + "\n").encode()) is None
    extra = PI_HEADER.replace('{"type"', '{"payload":{},"type"')
    assert jsonl_format((extra + "\n").encode()) is None


def test_a_broken_pi_compaction_is_a_finding_not_a_traceback() -> None:
    broken = pi_compaction("c1", "Refunds.")[:-3]
    text = "\n".join([PI_HEADER, broken, PI_TURN]) + "\n"
    assert [(code, line) for code, line, _ in found("s.jsonl", text)] == [("ANC002", 2)]
