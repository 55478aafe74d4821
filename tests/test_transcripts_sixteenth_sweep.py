"""Transcript formats a sweep of real sessions found misread: rollouts with an ``ordinal``,
named formats that passed files in silence, stream logs, wire logs, Markdown exports with
lone role labels, snapshot tags in a prompt, condenser labels on their own lines, and
compaction records that are no JSON.

Each test writes the shape a tool writes (made-up content) and asserts the finding (code,
line) or its absence, with the near misses beside it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from anchorlint.config import Settings
from anchorlint.run.kinds import SNIFF_BYTES
from anchorlint.text.documents.transcripts.sniff import jsonl_format
from anchorlint.text.documents.transcripts.wrappers import CODEX_PREFIX
from tests.conftest import lint_paths, run_cli

ROLLOUT_ID = "0199aaaa-bbbb-7ccc-8ddd-eeeeffff0001"
ANAPHORA = "The cart query was slow, as noted earlier. We kept the index as it was."


def codes(paths: list[Path], root: Path, **settings: object) -> list[tuple[str, int, str]]:
    """(file name, line, code) of every finding of a run over ``paths``."""
    config = Settings(root=str(root), **settings)  # type: ignore[arg-type]
    result = lint_paths([str(p) for p in paths], config, jobs=1).collect()
    assert not result.errors, result.errors
    return sorted((Path(f.path).name, f.line, f.code) for f in result.findings)


# ---------------------------------------------------------------- Codex: keys, not order


def rollout_lines(order: str = "ordinal", meta: dict[str, object] | None = None) -> list[str]:
    """A rollout of four lines, its compaction on line 3, its keys written in ``order``:
    ``plain`` (stamp, type, payload), ``ordinal`` (stamp, ordinal, type, payload) or
    ``sorted`` (as a writer sorting keys puts them)."""
    items = [
        ("session_meta", meta or {"id": ROLLOUT_ID, "cwd": "/w/shop", "cli_version": "0.130.0"}),
        ("response_item", {"type": "message", "role": "user", "content": []}),
        ("compacted", {"message": f"{CODEX_PREFIX}\n{ANAPHORA}", "replacement_history": []}),
        ("event_msg", {"type": "context_compacted"}),
    ]
    lines = []
    for number, (kind, payload) in enumerate(items):
        record: dict[str, object] = {"timestamp": f"2026-09-01T10:00:0{number}.000Z"}
        if order != "plain":
            record["ordinal"] = number
        record |= {"type": kind, "payload": payload}
        lines.append(json.dumps(record, sort_keys=order == "sorted", separators=(",", ":")))
    return lines


def write_rollout(root: Path, lines: list[str], suffix: str = ".jsonl") -> Path:
    path = root / f"rollout-2026-09-01T10-00-00-{ROLLOUT_ID}{suffix}"
    data = ("\n".join(lines) + "\n").encode("utf-8")
    if suffix.endswith(".zst"):
        zstandard = pytest.importorskip("zstandard")
        data = zstandard.ZstdCompressor().compress(data)
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("order", ["plain", "ordinal", "sorted"])
def test_a_rollout_is_known_by_its_keys_in_any_order(tmp_path, order):
    path = write_rollout(tmp_path, rollout_lines(order))
    assert jsonl_format(path.read_bytes()[:SNIFF_BYTES]) == "codex"
    assert (path.name, 3, "ANC101") in codes([path], tmp_path)


def test_a_session_meta_past_the_sniff_window_is_read_up_to_its_payload(tmp_path):
    """Codex writes the instructions into ``session_meta``: the first line runs past the
    bytes a sniff sees, and the keys before the payload decide."""
    meta = {"id": ROLLOUT_ID, "base_instructions": {"text": "Be brief. " * 2000}}
    path = write_rollout(tmp_path, rollout_lines("ordinal", meta))
    head = path.read_bytes()[:SNIFF_BYTES]
    assert b"\n" not in head and jsonl_format(head) == "codex"
    assert (path.name, 3, "ANC101") in codes([path], tmp_path)


@pytest.mark.parametrize(
    "first",
    [
        # an event log of another tool: a key Codex never writes beside the three
        '{"timestamp":"2026-09-01T10:00:00Z","type":"start","payload":{},"user":"dana"}',
        # a stamp that is a number, a tag that is prose, an ordinal that is text
        '{"timestamp":1767225600,"type":"session_meta","payload":{}}',
        '{"timestamp":"2026-09-01T10:00:00Z","type":"Session Meta","payload":{}}',
        '{"timestamp":"2026-09-01T10:00:00Z","ordinal":"one","type":"x","payload":{}}',
        # a payload that is no object, or no payload at all
        '{"timestamp":"2026-09-01T10:00:00Z","type":"session_meta","payload":"text"}',
        '{"timestamp":"2026-09-01T10:00:00Z","type":"session_meta"}',
        # the keys nested in a record of another shape
        '{"event":{"timestamp":"2026-09-01T10:00:00Z","type":"x","payload":{}}}',
    ],
)
def test_look_alike_first_lines_are_no_rollout(first):
    assert jsonl_format(first.encode() + b"\n") is None


def test_a_cut_off_first_line_of_another_shape_is_no_rollout():
    cut = b'{"timestamp":"2026-09-01T10:00:00Z","type":"start","user":"dana","payload":{"x":"'
    assert jsonl_format(cut + b"y" * SNIFF_BYTES) is None


def test_a_named_format_is_honoured_in_a_compressed_rollout(tmp_path):
    """``--input-format codex`` reads a ``.jsonl.zst`` as it reads a ``.jsonl``, whatever
    its first line; auto still wants a rollout's first line."""
    odd = rollout_lines("plain")
    odd[0] = json.dumps({"session": ROLLOUT_ID, "note": "exported"})
    path = write_rollout(tmp_path, odd, ".jsonl.zst")
    assert codes([path], tmp_path) == []
    named = codes([path], tmp_path, input_format="codex")
    assert (path.name, 3, "ANC101") in named
    plain = write_rollout(tmp_path, rollout_lines("ordinal"), ".jsonl.zst")
    assert (plain.name, 3, "ANC101") in codes([plain], tmp_path)


# ---------------------------------------------------------------- a named format says "none"


def test_a_named_format_that_finds_no_summary_says_so(tmp_path):
    """Under ``--input-format codex`` a file with no compaction is never passed in silence:
    a rollout read as Codex is told it holds none; a JSON document (which the Codex reader
    does not read) is told where the settings look."""
    quiet = rollout_lines("plain")
    del quiet[2]
    rollout = write_rollout(tmp_path, quiet)
    note = tmp_path / "note.json"
    note.write_text(json.dumps({"title": "Cart page", "text": ANAPHORA}), encoding="utf-8")
    done = run_cli("check", "--input-format", "codex", str(rollout), str(note))
    assert done.returncode == 0 and not done.stdout, done.stdout
    assert (
        f"{rollout.name}: no summary found: the transcript holds no compaction summary (read as codex)"
        in done.stderr
    )
    assert (
        f"{note.name}: no summary found: --input-format codex does not read such a file"
        in done.stderr
    )


def test_a_named_format_that_finds_a_summary_says_nothing_more(tmp_path):
    rollout = write_rollout(tmp_path, rollout_lines("plain"))
    done = run_cli("check", "--input-format", "codex", str(rollout))
    assert done.returncode == 1 and f"{rollout.name}:3:" in done.stdout
    assert "no summary found" not in done.stderr


# ---------------------------------------------------------------- stream-json logs

SESSION = "5f0c2a8e-1111-4222-8333-944455556666"
PREAMBLE = (
    "This session is being continued from a previous conversation that ran out of context. "
    "The summary below covers the earlier portion of the conversation.\n\nSummary:\n"
)


def stream_json_log(root: Path, init_padding: int = 0) -> Path:
    """A ``claude -p --output-format stream-json --verbose`` log: the init message (long
    when the run lists many tools), a task notification whose ``summary`` is a task's
    description, the compaction boundary, the compaction summary on line 5, the result."""
    init = {"type": "system", "subtype": "init", "cwd": "/w/app", "session_id": SESSION}
    init |= {"tools": ["Bash", "Read"], "slash_commands": ["x" * init_padding]}
    records = [
        init,
        {"type": "assistant", "message": {"role": "assistant", "content": []}}
        | {"parent_tool_use_id": None, "session_id": SESSION, "uuid": "u1"},
        {"type": "system", "subtype": "task_notification", "task_id": "b1", "status": "failed"}
        | {"summary": "Re-run the previous failing suite", "session_id": SESSION, "uuid": "u2"},
        {"type": "system", "subtype": "compact_boundary", "session_id": SESSION, "uuid": "u3"},
        {
            "type": "user",
            "message": {"role": "user", "content": [{"type": "text", "text": PREAMBLE + ANAPHORA}]},
            "parent_tool_use_id": None,
            "session_id": SESSION,
            "uuid": "u4",
            "isSynthetic": True,
        },
        {"type": "result", "subtype": "success", "result": "Done.", "session_id": SESSION},
    ]
    path = root / "run.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("padding", [0, SNIFF_BYTES])
def test_a_stream_json_log_lints_its_compaction_and_not_its_task_descriptions(tmp_path, padding):
    path = stream_json_log(tmp_path, padding)
    assert jsonl_format(path.read_bytes()[:SNIFF_BYTES]) == "claude-code"
    found = codes([path], tmp_path)
    assert (path.name, 5, "ANC101") in found
    assert not [f for f in found if f[1] != 5], found


def test_a_stream_json_compaction_is_a_generation_of_its_session(tmp_path):
    from anchorlint.text.documents.transcripts import claude

    path = stream_json_log(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    (found,) = list(claude.read(str(path), lines))
    assert found.thread == f"claude-code:{SESSION}" and found.line == 5


def test_a_log_of_another_tool_with_a_session_id_is_not_a_stream_json_log():
    """``session_id`` alone is common: an init message, or messages with the stream's
    ``parent_tool_use_id``, are what say the log is Claude's."""
    lines = [
        {"event": "start", "session_id": "s1", "summary": "Nightly import"},
        {"event": "step", "session_id": "s1", "data": {"parent_tool_use_id": None}},
    ]
    head = "\n".join(json.dumps(r) for r in lines).encode() + b"\n"
    assert jsonl_format(head) is None


# ---------------------------------------------------------------- Kimi Code wire logs


def kimi_wire(root: Path, tool_event: bool = True) -> Path:
    records: list[dict[str, object]] = [
        {"type": "metadata", "protocol_version": "1.4", "created_at": 1785600000000},
        {"type": "turn.prompt", "input": [{"type": "text", "text": "Split the parser."}]},
    ]
    if tool_event:  # a tool event carrying ids named as Claude Code names its own
        event = {"type": "tool.result", "parentUuid": "Shell_0", "messageId": "chatcmpl-01"}
        records.append({"type": "context.append_loop_event", "event": event, "time": 1})
    records += [
        {"type": "full_compaction.begin", "source": "auto", "time": 2},
        {"type": "context.apply_compaction", "summary": ANAPHORA, "compactedCount": 30},
        {"type": "full_compaction.complete", "time": 4},
    ]
    path = root / "wire.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("tool_event", [True, False])
def test_a_kimi_wire_log_is_read_as_kimi_and_its_compaction_linted(tmp_path, tool_event):
    path = kimi_wire(tmp_path, tool_event)
    assert jsonl_format(path.read_bytes()) == "kimi-cli"
    line = 5 if tool_event else 4
    found = codes([path], tmp_path)
    assert (path.name, line, "ANC101") in found
    assert not [f for f in found if f[1] != line], found


def test_claude_names_nested_in_another_record_do_not_make_a_claude_session():
    event = {"type": "tool.result", "parentUuid": "Shell_0", "messageId": "m1"}
    head = json.dumps({"kind": "log", "event": event}).encode() + b"\n"
    assert jsonl_format(head) is None


def test_a_claude_session_is_still_known_by_its_top_level_fields():
    records = [
        {"type": "file-history-snapshot", "messageId": "m1", "snapshot": {"files": {}}},
        {"parentUuid": None, "isSidechain": False, "sessionId": SESSION, "type": "user"},
    ]
    head = "\n".join(json.dumps(r) for r in records).encode() + b"\n"
    assert jsonl_format(head) == "claude-code"
    # a first record cut off by the sniff window still shows its keys before the cut
    long = {"parentUuid": None, "sessionId": SESSION, "message": {"content": "y" * SNIFF_BYTES}}
    assert jsonl_format(json.dumps(long).encode()[:SNIFF_BYTES]) == "claude-code"


# ---------------------------------------------------------------- Markdown exports

CLINE_EXPORT = """\
**User:**

<task>
Make the search box debounce its requests.
</task>

---

**Assistant:**

I added a 300 ms debounce to `src/search/Box.tsx`.

---

**User:**

This session is being continued from a previous conversation that ran out of context.
The cart query was slow, as noted earlier.

---

**Assistant:**

Done; the earlier shortcut is restored, as mentioned above.
"""

CURSOR_EXPORT = """\
# Fix the flaky upload test
_Exported on 3/2/2026 at 09:12:44 PST from Cursor (2.5.1)_

---

**User**

The upload test fails about one run in five. Can you look?

---

**Cursor**

The timeout is too short for the large fixture. I raised it, as mentioned above.

---

**User**

Good. Now revert the previous change to the retry count.

---

**Cursor**

Reverted; the earlier value is back.
"""


def test_labels_alone_on_their_lines_make_a_saved_conversation(tmp_path):
    """Cline's exports put ``**User:**`` alone on its line: the file is a conversation,
    its back references point at turns in it, and only the compaction turn (lines 17-18) is
    a summary."""
    path = tmp_path / "task.md"
    path.write_text(CLINE_EXPORT, encoding="utf-8")
    found = codes([path], tmp_path)
    assert ("task.md", 18, "ANC101") in found
    assert {line for _, line, _ in found} <= {17, 18}, found


def test_cursor_exports_with_bold_roles_and_no_colon_are_conversations(tmp_path):
    path = tmp_path / "cursor_fix_the_flaky_upload_test.md"
    path.write_text(CURSOR_EXPORT, encoding="utf-8")
    assert codes([path], tmp_path) == []


def test_a_summary_quoting_one_exchange_under_lone_labels_stays_a_summary(tmp_path):
    """Two lone labels are a quoted exchange, not a conversation: the summary is read
    whole and its own back reference is reported."""
    path = tmp_path / "handoff.md"
    path.write_text(
        "# Handoff\n\nThe upload test was fixed as noted earlier.\n\n"
        "**User**\n\nCan you look at the upload test?\n\n"
        "**Cursor**\n\nThe timeout was raised in `tests/upload.py#L40`.\n",
        encoding="utf-8",
    )
    assert ("handoff.md", 3, "ANC101") in codes([path], tmp_path)


def test_bold_terms_alone_on_their_lines_are_no_roles(tmp_path):
    path = tmp_path / "notes.md"
    path.write_text(
        "# Notes\n\n**Cursor**\n\nThe editor, as noted earlier.\n\n"
        "**Cursor position**\n\nKept.\n\n**Users:**\n\nTwo.\n\n**Cursor**\n\nAgain.\n",
        encoding="utf-8",
    )
    assert ("notes.md", 5, "ANC101") in codes([path], tmp_path)


# ---------------------------------------------------------------- gemini-cli snapshots

SNAPSHOT = (
    "<state_snapshot>\n    <overall_goal>\n        Ship the CSV importer.\n    </overall_goal>\n"
    "    <key_knowledge>\n        - The parser failed, as noted earlier.\n"
    "    </key_knowledge>\n</state_snapshot>"
)


def gemini_chat(root: Path, prompt: str, snapshot: str = SNAPSHOT) -> Path:
    records = [
        {"sessionId": "7b1e0c9a", "projectHash": "ab12cd34", "startTime": "t", "kind": "main"},
        {"id": "m1", "type": "user", "content": [{"text": prompt}]},
        {"id": "m2", "type": "gemini", "content": [{"text": "Looking at it now."}]},
        {"id": "s1", "type": "user", "content": [{"text": snapshot}]},
        {"id": "s2", "type": "gemini", "content": [{"text": "Got it. Thanks!"}]},
    ]
    path = root / "session-2026-08-01T09-00-7b1e0c9a.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "prompt",
    [
        "Why does the <state_snapshot> block drop the file list? Fix it as we discussed earlier.",
        "<state_snapshot> is missing the files, as discussed earlier; see the previous run.",
        "Compare:\n<state_snapshot>\nas noted earlier\n(no closing tag: a fragment quoted)",
    ],
)
def test_a_prompt_naming_the_snapshot_tag_is_no_summary(tmp_path, prompt):
    """Only the snapshot the compression wrote (its envelope: the opening tag at a line's
    start, the closing tag after it) is a summary; the user's prompt naming the tag is not."""
    path = gemini_chat(tmp_path, prompt)
    found = codes([path], tmp_path)
    assert (path.name, 4, "ANC101") in found and {f[1] for f in found} == {4}, found


def test_a_snapshot_after_a_line_of_text_is_still_a_summary(tmp_path):
    path = gemini_chat(tmp_path, "Hi.", "Here is the state.\n" + SNAPSHOT)
    assert (path.name, 4, "ANC101") in codes([path], tmp_path)


# ---------------------------------------------------------------- condenser labels

LABELLED = (
    "USER_CONTEXT: build the billing export for finance\n"
    "COMPLETED: the CSV writer, as agreed earlier\n"
    "PENDING: upload to s3://billing-exports/daily/"
)


def oh_condensation(root: Path, summary: str) -> Path:
    event = {
        "id": "8e2a0f3b-0000-4000-8000-00000000000d",
        "timestamp": "2026-08-20T11:00:00.000000",
        "source": "environment",
        "forgotten_event_ids": ["e1", "e2"],
        "summary": summary,
        "summary_offset": 1,
        "kind": "Condensation",
    }
    path = root / "conv2" / "events" / "event-00003-dddd.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(event), encoding="utf-8")
    return path


def test_a_condenser_label_starts_a_block_so_an_anchor_on_one_line_covers_no_other(tmp_path):
    """The SDK condenser writes one ``LABEL:`` a line, no blank line between: each is its
    own statement, and the path on the PENDING line anchors nothing on the COMPLETED line."""
    path = oh_condensation(tmp_path, LABELLED)
    assert [c for _, _, c in codes([path], tmp_path)] == ["ANC101"]
    text = tmp_path / "summary.txt"
    text.write_text(LABELLED + "\n", encoding="utf-8")
    assert codes([text], tmp_path) == [("summary.txt", 2, "ANC101")]


@pytest.mark.parametrize(
    "summary",
    [
        # a label's own line anchors its own claim
        "USER_CONTEXT: billing export\nCOMPLETED: the CSV writer `src/csv.py`, as agreed "
        "earlier\nPENDING: upload",
        # lower-case words and labels inside a line start no block: one sentence still
        "The CSV writer was built, as agreed earlier, and\nNote: it lives in `src/csv.py`.",
        "The CSV writer was built, as agreed earlier, with the\nstatus DONE: see `src/csv.py`.",
    ],
)
def test_lines_that_are_no_labels_keep_their_sentence(tmp_path, summary):
    text = tmp_path / "summary.txt"
    text.write_text(summary + "\n", encoding="utf-8")
    assert codes([text], tmp_path) == []


# ---------------------------------------------------------------- unreadable compactions

CLAUDE_SESSION = "4d5e6f70-0000-4000-8000-000000000002"


def claude_lines(summary_line: str) -> list[str]:
    def record(**fields: object) -> str:
        base = {"parentUuid": None, "sessionId": CLAUDE_SESSION, "cwd": "/w", "type": "user"}
        return json.dumps(base | fields)

    return [
        record(message={"role": "user", "content": "Start."}, uuid="u1"),
        summary_line,
        record(type="assistant", message={"role": "assistant", "content": "Next."}, uuid="a1"),
    ]


BROKEN_SUMMARY = (
    '{"parentUuid": "u1", "sessionId": "' + CLAUDE_SESSION + '", "version": "2.1.3"'
    '"isCompactSummary": true, "message": {"role": "user", "content": "' + PREAMBLE.strip() + '"}}'
)


def test_a_broken_compaction_record_mid_session_is_anc002_at_its_line(tmp_path):
    path = tmp_path / f"{CLAUDE_SESSION}.jsonl"
    path.write_text("\n".join(claude_lines(BROKEN_SUMMARY)) + "\n", encoding="utf-8")
    assert [(line, code) for _, line, code in codes([path], tmp_path)] == [(2, "ANC002")]
    done = run_cli("check", str(path))
    assert done.returncode == 1 and "no summary found" not in done.stderr


def test_the_last_line_a_live_session_is_still_writing_is_not_broken(tmp_path):
    """A session being written ends in a record cut off with no line end: normal, silent."""
    path = tmp_path / f"{CLAUDE_SESSION}.jsonl"
    lines = claude_lines(json.dumps({"type": "user", "message": {"content": "x"}}))
    path.write_text("\n".join([*lines, BROKEN_SUMMARY[:120]]), encoding="utf-8")
    assert codes([path], tmp_path) == []


@pytest.mark.parametrize(
    ("name", "text", "line"),
    [
        # an OpenHands V0 event cut off inside its condensation
        (
            "12.json",
            '{"id": 12, "source": "agent", "action": "condensation", "args": {"summary": "x", "s',
            1,
        ),
        # a Claude Code session downloaded from the web app, cut off in its compaction
        (
            "session.json",
            '{\n "loglines": [\n  {"type": "user", "isCompactSummary": true,\n'
            '   "sessionId": "s", "message": {"content": "Summary: the lo',
            4,
        ),
    ],
)
def test_a_cut_off_document_holding_a_compaction_is_anc002(tmp_path, name, text, line):
    path = tmp_path / "events" / name
    path.parent.mkdir()
    path.write_text(text, encoding="utf-8")
    assert [(found_line, code) for _, found_line, code in codes([path], tmp_path)] == [
        (line, "ANC002")
    ]


def test_a_broken_record_with_no_compaction_marker_is_not_decoded(tmp_path):
    """Records that are no compaction are skipped undecoded, broken or not: the speed of
    reading a session rests on it."""
    path = tmp_path / f"{CLAUDE_SESSION}.jsonl"
    broken = '{"parentUuid": "u1", "type": "assistant", "message": {"content": "cut'
    path.write_text("\n".join(claude_lines(broken)) + "\n", encoding="utf-8")
    assert codes([path], tmp_path) == []


@pytest.mark.parametrize(
    "head",
    [
        b'{"parentUuid":"' + b"\\\\" * SNIFF_BYTES,  # a string of escapes never closed
        b'{"sessionId":' + b"[" * SNIFF_BYTES,  # brackets nested past any real record
        b'{"type":"summary","a":"' + b'\\"' * SNIFF_BYTES,  # escaped quotes, no closing one
        (b'{"parentUuid":"x","k":1}\n' * 400)[:SNIFF_BYTES],  # many short records
    ],
)
def test_the_key_scan_stays_linear_on_hostile_heads(head):
    import time

    started = time.perf_counter()
    for _ in range(20):
        jsonl_format(head[:SNIFF_BYTES])
    assert time.perf_counter() - started < 2.0
