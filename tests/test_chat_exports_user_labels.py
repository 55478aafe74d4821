"""Markdown chat exports that label only the user's turns: only their compaction summaries are linted.

An exporter of agent sessions writes a title and a "Generated" line, then the turns between
``---`` lines: a user turn opens with an emoji and ``**USER:**`` alone on a line, the user's
text follows after ``>`` (only its first line quoted), and the assistant's text comes after it
with no label. The exports below are written for these tests in that style, in our own words.
"""

from __future__ import annotations

from anchorlint.config import Settings
from anchorlint.positions import physical_lines
from anchorlint.run.engine import lint_source
from anchorlint.text.documents.chat_exports import Turn
from anchorlint.text.documents.chat_exports_user_labels import user_label_summaries

SETTINGS = Settings()


def found(text: str, name: str = "docs/chats/thumbnail-fix-2026-02-10.md") -> list[tuple[str, int]]:
    return [(f.code, f.line) for f in lint_source(name, text, SETTINGS)]


PREAMBLE = (
    "This session is being continued from a previous conversation that ran out of context. "
    "The conversation is summarized below:"
)
CLOSING = (
    "Please continue the conversation from where we left it off without asking the user any "
    "further questions. Continue with the last task that you were asked to work on."
)

SUMMARY_BODY = """\
Analysis:
The user reported blank thumbnails after an upload.

Summary:
1. Primary Request:
   Thumbnails stay blank after an upload; fix the route that serves them.
2. Files and Code Sections:
   - `server/routes/thumbs.py` line 40: the cache lookup
   - the resize worker mentioned above
"""

OPENING = """\
# Claude Chat Export
**Generated: 2026-02-10 14:02:33**

---

👤 **USER:**
> The thumbnails come back blank after an upload. The browser console says:
chunk-9f3e2a.js:112 GET /api/thumbs/41 404
chunk-9f3e2a.js:58 at loadThumb

I'll read the thumbnail route in `server/routes/thumbs.py` first.

As mentioned above, the route only serves cached files; the earlier worker never wrote them.
"""

AFTER = """\

I'll carry on with the worker. As noted above, the cache path was wrong (see worker.py:12).

---

👤 **USER:**
> Thanks, the thumbnails show now.

The previous change is committed.
"""

SUMMARY_TURN = f"👤 **USER:**\n> {PREAMBLE}\n{SUMMARY_BODY}{CLOSING}\n"
EXPORT = f"{OPENING}\n---\n\n{SUMMARY_TURN}{AFTER}"
#: the file line of the summary's first line (the preamble, after "> ")
SUMMARY_LINE = OPENING.count("\n") + 5


def test_only_the_summary_turn_is_linted_at_its_file_lines() -> None:
    """The console lines, the assistant's citations and its back references are not the
    summary's; the summary's line pointer and its "mentioned above" are."""
    assert found(EXPORT) == [("ANC106", SUMMARY_LINE + 8), ("ANC101", SUMMARY_LINE + 9)]


def test_the_summary_alone_gives_the_same_findings_shifted() -> None:
    """Read from after the quote marker to the closing line: what the same text finds as a
    file of its own, moved down to the turn's lines."""
    alone = f"{PREAMBLE}\n{SUMMARY_BODY}{CLOSING}\n"
    shifted = [(code, line + SUMMARY_LINE - 1) for code, line in found(alone, "summary.md")]
    assert shifted and found(EXPORT) == shifted


def test_columns_are_the_files_and_the_first_line_starts_after_the_quote_marker() -> None:
    lines = physical_lines(EXPORT)
    turn = Turn(SUMMARY_LINE - 1, SUMMARY_LINE + 10, 2)
    assert user_label_summaries(lines) == [turn]
    assert lines[turn.end - 1] == CLOSING
    where = [(f.code, f.line, f.column) for f in lint_source("chat.md", EXPORT, SETTINGS)]
    assert ("ANC106", SUMMARY_LINE + 8, 6) in where


def test_the_assistants_reply_after_the_closing_line_is_not_read() -> None:
    """The reply follows the summary with no label: the closing instruction is the last line
    read, so its "as noted above" and its ``worker.py:12`` are not the summary's."""
    codes_lines = found(EXPORT)
    assert all(SUMMARY_LINE <= line <= SUMMARY_LINE + 10 for _, line in codes_lines)


def test_an_export_with_no_summary_passes() -> None:
    text = OPENING + AFTER
    assert found(text) == []


def test_three_labelled_turns_need_no_header() -> None:
    """Without the title and the "Generated" line, three turns after ``---`` lines are an
    export."""
    body = EXPORT.split("---\n\n", 1)[1]
    text = "---\n\n" + body
    shift = EXPORT.count("\n") - text.count("\n")
    assert found(text) == [(code, line - shift) for code, line in found(EXPORT)]


def test_two_labelled_turns_without_a_header_stay_a_summary() -> None:
    """A note that quotes two prompts under the label is a note: it is read whole."""
    text = (
        "# Handoff\n\nPrompts the user gave:\n\n---\n\n👤 **USER:**\n> Fix the upload.\n\n"
        "---\n\n👤 **USER:**\n> Now the thumbnails.\n\nAs noted above, both are done.\n"
    )
    assert ("ANC101", 15) in found(text, "handoff.md")


def test_a_lone_user_label_or_rules_stay_a_summary() -> None:
    """A "**USER:**" line not after a rule, or ``---`` rules alone, make no export."""
    lone = (
        "# Notes\n\n👤 **USER:**\n> Fix the upload.\n\nAs mentioned above, it is fixed.\n\n"
        "---\n\nThe earlier worker is gone.\n"
    )
    assert {("ANC101", 6), ("ANC101", 10)} <= set(found(lone, "notes.md"))
    rules = "# Notes\n\n---\n\nAs mentioned above, it is fixed.\n\n---\n\nDone.\n"
    assert ("ANC101", 5) in found(rules, "notes.md")


def test_a_label_not_followed_by_a_quote_is_no_turn() -> None:
    """The user's text opens with ``>`` on the line after the label; a label with anything
    else below it is some other file's bold line."""
    text = EXPORT.replace("👤 **USER:**\n> ", "👤 **USER:**\n\n")
    assert user_label_summaries(physical_lines(text)) is None


def test_an_agent_label_anywhere_makes_another_shape() -> None:
    """An export that labels both roles is not this shape: the file is read as before."""
    text = EXPORT.replace("\nI'll read the", "\n🤖 **ASSISTANT:**\n\nI'll read the", 1)
    assert user_label_summaries(physical_lines(text)) is None
    bold = EXPORT.replace("\nI'll read the", "\n**Claude:** I'll read the", 1)
    assert user_label_summaries(physical_lines(bold)) is None


def test_a_bold_role_word_in_a_list_item_is_no_agent_label() -> None:
    """The assistant's text may list settings ("- **Model:** …"): that is no label."""
    text = EXPORT.replace("\nI'll read the", "\n- **Model:** thumb-resize-v2\n\nI'll read the", 1)
    assert len(user_label_summaries(physical_lines(text)) or []) == 1


def test_a_summary_turn_with_no_closing_line_is_not_read() -> None:
    """Where the user's text ends cannot be told without the closing instruction: the turn is
    not linted rather than read into the assistant's reply."""
    text = EXPORT.replace(CLOSING + "\n", "")
    assert user_label_summaries(physical_lines(text)) == []
    assert found(text) == []


def test_a_fence_left_open_in_a_turn_hides_no_later_label() -> None:
    """A turn's code may end with a fence that does not close (text after the backticks); the
    labels after it still count, and a later summary is still read."""
    broken = OPENING + "\n```\ngit log -1\n```.\n"
    text = f"{broken}\n---\n\n{SUMMARY_TURN}{AFTER}"
    turns = user_label_summaries(physical_lines(text))
    assert turns is not None and len(turns) == 1
    assert physical_lines(text)[turns[0].start].startswith("> This session")


def test_crlf_lines_keep_their_positions() -> None:
    assert found(EXPORT.replace("\n", "\r\n")) == found(EXPORT)


def test_each_summary_turn_is_one_generation_of_the_export() -> None:
    """A second compaction in the same export is the next generation: what it dropped from the
    first one is reported as drift, as in a native transcript."""
    later = SUMMARY_BODY.replace("   - `server/routes/thumbs.py` line 40: the cache lookup\n", "")
    later = later.replace("the resize worker mentioned above", "`server/workers/resize.py`")
    second = f"👤 **USER:**\n> {PREAMBLE}\n{later}{CLOSING}\n"
    text = f"{EXPORT}\n---\n\n{second}\nDone.\n"
    lines = physical_lines(text)
    assert len(user_label_summaries(lines) or []) == 2
    drift = [f for f in lint_source("chat.md", text, SETTINGS) if f.code == "ANC211"]
    assert len(drift) == 1
    assert "server/routes/thumbs.py" in drift[0].message
