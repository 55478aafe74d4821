"""Conversations saved as Markdown: only the compaction summaries inside them are linted.

An editor extension's history folder, a session exported for sharing and a terminal agent's
chat log are transcripts: their back references point at turns kept in the same file. The
shapes below are written for these tests in the style such tools save (role markers, stamps,
separators), in our own words.
"""

from __future__ import annotations

import time

import pytest

from anchorlint.config import Settings
from anchorlint.run.engine import lint_source
from anchorlint.text.documents.chat_exports import summary_lines

SETTINGS = Settings()


def found(text: str, name: str = "2025-06-01_10-12-session.md") -> list[tuple[str, int]]:
    return [(f.code, f.line) for f in lint_source(name, text, SETTINGS)]


CHAT = """\
## Saved chat

## Fixing the login redirect (6/1/2025, 10:12:04 AM)

_**User**_

The login page still redirects to the old dashboard. Can you check why?

---

_**Assistant**_

I'll look at the routing configuration first.

Read file: web/src/router/index.ts

The redirect is set in two places. As mentioned above, the router sends every signed-in
user to the dashboard, and the login view repeats it. I'll fix the earlier one.

---

_**User**_

That didn't work. Try the other approach.

---

_**Assistant**_

You're right, the previous change only touched the router. Both places now point to `/home`.

---
"""


def test_a_saved_chat_with_no_compaction_is_not_a_summary() -> None:
    assert found(CHAT) == []


def test_the_same_sentences_in_a_note_still_fire() -> None:
    """The turns' prose, saved as a note of its own, points back at context it lacks."""
    note = "\n".join(line for line in CHAT.splitlines() if not line.startswith(("_**", "---")))
    assert {("ANC101", 14), ("ANC101", 23)} <= set(found(note, "notes.md"))


SUMMARY_TURN = """\
This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
The user asked to stop double charges on retry.

Summary:
1. Primary Request:
   Stop duplicate charges when the payment worker retries.

2. Files and Code Sections:
   - `services/pay/worker.py` (lines 40-88): the retry loop
   - the retry helper mentioned above

Please continue the conversation from where we left it off without asking the user any further questions. Continue with the last task that you were asked to work on.
"""

CONTINUED = f"""\
## Payment retries (7/3/2025, 9:00:12 AM)

_**User (2025-07-03 09:00Z)**_

Retries still double-charge. As mentioned above, check the queue.

---

_**Agent (model sonnet, mode Agent)**_

I'll look at the worker first. The earlier fix only touched the client.

---

_**User (2025-07-03 11:40Z)**_

{SUMMARY_TURN}
---

_**Agent (model sonnet, mode Agent)**_

Picking up where we left off, as noted above I will add the key.
"""


def test_only_the_compaction_summary_of_a_chat_is_linted_at_its_file_lines() -> None:
    assert found(CONTINUED) == [("ANC106", 26), ("ANC101", 27)]


def test_the_summary_turn_alone_gives_the_same_findings_shifted() -> None:
    """The turn is read as Markdown of its own lines: what it finds is what the same text
    finds as a file of its own, 16 lines further down."""
    alone = [(code, line + 16) for code, line in found(SUMMARY_TURN, "summary.md")]
    assert found(CONTINUED) == alone


def test_each_summary_is_one_generation_of_the_conversation() -> None:
    later = SUMMARY_TURN.replace(
        "   - `services/pay/worker.py` (lines 40-88): the retry loop\n", ""
    )
    later = later.replace("the retry helper mentioned above", "`services/pay/retry.py`")
    text = CONTINUED + "\n---\n\n_**User (2025-07-03 15:00Z)**_\n\n" + later
    drift = [f for f in lint_source("chat.md", text, SETTINGS) if f.code == "ANC211"]
    assert len(drift) == 1
    assert "services/pay/worker.py" in drift[0].message


ROLE_HEADINGS = """\
# Session export

## USER

Please list what changed in the parser since the last release.

## ASSISTANT

As noted above, the tokenizer moved. The previous version kept both.

## USER

And the earlier bug?
"""


def test_a_conversation_under_role_headings_is_not_a_summary() -> None:
    assert found(ROLE_HEADINGS) == []


def test_a_summary_with_one_user_and_one_assistant_section_is_still_a_summary() -> None:
    """Two role headings are a summary's sections; a conversation has turns that alternate."""
    text = (
        "# Handoff\n\n## User\n\nWanted the parser fixed.\n\n"
        "## Assistant\n\nAs noted above, the tokenizer moved.\n"
    )
    assert found(text, "handoff.md") == [("ANC104", 1), ("ANC101", 9)]


def test_markers_shown_in_fenced_code_make_no_conversation() -> None:
    text = (
        "# Notes on the export format\n\nEach turn opens with a marker:\n\n"
        "```\n_**User**_\n\nhello\n\n_**Assistant**_\n\nhi\n```\n\n"
        "As noted above, the markers stand alone on their lines.\n"
    )
    assert found(text, "notes.md") == [("ANC104", 1), ("ANC101", 15)]


def test_a_marker_inside_a_sentence_is_no_turn() -> None:
    text = (
        "The export writes _**User**_ and _**Assistant**_ lines.\n\nAs noted above, it is fine.\n"
    )
    assert found(text, "notes.md") == [("ANC104", 1), ("ANC101", 3)]


def test_a_terminal_agents_chat_log_is_not_a_summary() -> None:
    text = (
        "\n# aider chat started at 2025-02-11 08:30:00\n\n> /usr/bin/aider --model x\n\n"
        "#### fix the failing test mentioned above\n\nThe earlier change broke it.\n"
    )
    assert found(text.lstrip("\n"), ".aider.chat.history.md") == []


def test_a_snapshot_turn_is_a_summary() -> None:
    text = (
        "### User\n\nStart the migration.\n\n### Model\n\nDone with step one.\n\n"
        "### User\n\n<state_snapshot>\n    <overall_goal>\n        Finish the migration.\n"
        "    </overall_goal>\n\n    <recent_actions>\n        - Ran the script described above.\n"
        "    </recent_actions>\n</state_snapshot>\n\n### Model\n\nGot it.\n"
    )
    assert found(text) == [("ANC104", 11), ("ANC101", 17)]


def test_crlf_lines_keep_their_positions() -> None:
    assert found(CONTINUED.replace("\n", "\r\n")) == found(CONTINUED)


def test_a_long_export_reads_its_summary_with_exact_lines() -> None:
    turns = "".join(
        f"_**User**_\n\nStep {i}: as noted above, run `tools/step_{i}.sh`.\n\n---\n\n"
        f"_**Assistant**_\n\nRan it.\n\n---\n\n"
        for i in range(8_000)
    )
    text = turns + "_**User**_\n\n" + SUMMARY_TURN
    assert len(text) > 1 << 18
    start = text.count("\n", 0, text.index("This session"))
    assert found(text) == [("ANC106", start + 10), ("ANC101", start + 11)]


@pytest.mark.parametrize(
    "unit",
    [
        "_**User**_\n",
        "## User\n",
        "_**User (" + "x" * 300 + "\n",
        "## User " + "(" * 500 + "\n",
        "**You:** x\n**Claude:** y\n",
        "### \U0001f464 User | " + "|" * 300 + "\n",
        "**You" + "*" * 400 + "\n",
    ],
)
def test_marker_scans_stay_linear_on_a_megabyte(unit: str) -> None:
    lines = (unit * (1_000_000 // len(unit))).splitlines()
    started = time.perf_counter()
    summary_lines(lines)
    assert time.perf_counter() - started < 5.0


# --- more exporters' shapes (a twelfth sweep of real exports) ---------------------------


def test_a_terminal_agents_chat_log_opening_with_a_blank_line_is_not_a_summary() -> None:
    text = (
        "\n# aider chat started at 2025-02-11 08:30:00\n\n"
        "#### fix the failing test mentioned above\n\nThe earlier change broke it.\n"
    )
    assert found(text, ".aider.chat.history.md") == []


@pytest.mark.parametrize(
    ("user", "agent"),
    [
        ("### \U0001f464 User", "### \U0001f916 Assistant (some-model)"),
        ("### USER 2026-01-02T03:04:05.000Z", "### ASSISTANT 2026-01-02T03:04:06.000Z"),
        ("### User | 2026-01-02T03:04:05.000Z", "### Assistant | 2026-01-02T03:04:06.000Z"),
        ("#### You:", "#### ChatGPT:"),
    ],
)
def test_role_headings_with_symbols_and_stamps_make_a_conversation(user: str, agent: str) -> None:
    text = (
        f"# Export\n\n{user}\n\ntidy the config\n\n{agent}\n\nTidied it, as discussed "
        f"earlier.\n\n{user}\n\n{SUMMARY_TURN}\n{agent}\n\nDone.\n"
    )
    start = text.count("\n", 0, text.index("This session"))
    assert found(text) == [("ANC106", start + 10), ("ANC101", start + 11)]


LABELLED = """\
## Session

**You:** please tidy the config

**Claude:** Tidied it, as discussed earlier.

**You:** This session is being continued from a previous conversation that ran out of context. As noted above, we fixed `src/a.py:12`.
The rest is as before.

**Claude:** Continuing, as noted above.
"""


def test_bold_labels_that_alternate_make_a_conversation_read_from_the_label() -> None:
    """The summary's first line is read from after its label: columns stay the file's."""
    found_here = [(f.code, f.line, f.column) for f in lint_source("chat.md", LABELLED, SETTINGS)]
    assert found_here == [("ANC106", 7, 122), ("ANC101", 8, 13)]


def test_a_summary_quoting_one_exchange_under_bold_labels_is_still_a_summary() -> None:
    text = (
        "# Handoff\n\n**User:** asked for the retry cap.\n\n"
        "**Assistant:** set it, as noted above.\n"
    )
    assert found(text, "handoff.md") == [("ANC104", 1), ("ANC101", 5)]
