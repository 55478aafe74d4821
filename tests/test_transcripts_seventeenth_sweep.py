"""Transcript formats and stores a seventeenth sweep of real sessions found misread: damaged
SQLite rows that ended a database's reading, summaries of LangChain's summarization
middleware and deepagents in LangGraph checkpoints, Qwen Code sessions taken for Claude
Code, Copilot CLI and Roo Code compactions, kimi-cli context files, rollouts with a byte-order
mark, and SQLite databases of no known schema.

Each test writes the shape a tool writes (made-up content) and asserts the finding (code,
line) or its absence, with the near misses beside it.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from anchorlint.config import Settings
from anchorlint.run.kinds import SNIFF_BYTES, kind_to_lint_file
from anchorlint.text.documents import RecordProblem, SummarySource
from anchorlint.text.documents.transcripts.sniff import json_format, jsonl_format
from tests.conftest import run_cli
from tests.test_transcripts_sixteenth_sweep import codes, kimi_wire, rollout_lines, write_rollout

msgpack = pytest.importorskip("msgpack")

ANAPHORA = "The retry cap stays where it was, as noted above."


def read(path: Path, **settings: object) -> list[SummarySource | RecordProblem]:
    config = Settings(root=str(path.parent), **settings)  # type: ignore[arg-type]
    kind = kind_to_lint_file(str(path))
    text = "" if kind.binary else path.read_text(encoding="utf-8")
    return list(kind.load_reader()(str(path), text, config, 1))


def bodies(path: Path, **settings: object) -> list[str]:
    found = [s for s in read(path, **settings) if isinstance(s, SummarySource)]
    return ["\n\n".join(block.text for block in s.blocks) for s in found]


def flat(text: str) -> str:
    """A text with its runs of whitespace as one space (blocks are split at list items)."""
    return " ".join(text.split())


def flat_read(text: str) -> str:
    """:func:`flat` of a text as its blocks hold it: a heading line's marks are not its text."""
    return flat("\n".join(line.removeprefix("## ") for line in text.splitlines()))


def assert_read_at(path: Path, root: Path, line: int, thread: str) -> None:
    """The file's one ANC101 is on ``line``, its summary's thread is ``thread``, and the
    summary's "as noted above" sits in the file where its positions say."""
    found = codes([path], root)
    assert [c for c in found if c[2] == "ANC101"] == [(path.name, line, "ANC101")]
    source = next(s for s in read(path) if isinstance(s, SummarySource))
    assert source.thread == thread
    block = next(b for b in source.blocks if "as noted above" in b.text)
    at, column = block.positions.locate(block.text.index("as noted above"))
    text = path.read_text(encoding="utf-8").split("\n")[at - 1]
    assert at == line and text[column - 1 :].startswith("as noted above")


def notes(path: Path) -> list[tuple[int, str]]:
    return [(p.line, p.message) for p in read(path) if isinstance(p, RecordProblem)]


# ---------------------------------------------------------------- LangGraph and Letta rows

CHECKPOINTS = """
CREATE TABLE checkpoints (thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL DEFAULT '',
 checkpoint_id TEXT NOT NULL, parent_checkpoint_id TEXT, type TEXT, checkpoint BLOB,
 metadata BLOB, PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id));
CREATE TABLE writes (thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL DEFAULT '',
 checkpoint_id TEXT NOT NULL, task_id TEXT NOT NULL, idx INTEGER NOT NULL,
 channel TEXT NOT NULL, type TEXT, value BLOB,
 PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id, task_id, idx));
"""


def pack(value: object) -> bytes:
    return msgpack.packb(value, use_bin_type=True)


def running_summary(text: str) -> Any:
    """langmem's dataclass as LangGraph's serde writes it (extension 2)."""
    fields = {"summary": text, "last_summarized_message_id": "m3"}
    module = "langmem.short_term.summarization"
    return msgpack.ExtType(2, pack([module, "RunningSummary", fields]))


def checkpoint(values: dict[str, Any], ident: str = "1f0-1") -> bytes:
    return pack({"v": 4, "id": ident, "channel_values": values, "channel_versions": {}})


def checkpoint_db(path: Path, rows: list[tuple[str, str, str | None, object]]) -> Path:
    """A SqliteSaver file of ``(thread, checkpoint id, type, checkpoint value)`` rows, in
    rowid order."""
    db = sqlite3.connect(path)
    db.executescript(CHECKPOINTS)
    for thread, ident, kind, value in rows:
        db.execute(
            "INSERT INTO checkpoints VALUES (?, '', ?, NULL, ?, ?, NULL)",
            (thread, ident, kind, value),
        )
    db.commit()
    db.close()
    return path


def test_a_checkpoint_of_the_wrong_type_is_noted_and_the_others_read(tmp_path):
    """SQLite keeps any value in any column: a msgpack row holding text or a number is a
    damaged record, told on its own, and the running summaries of the rows after it are
    still linted (the whole file used to end in an internal error)."""
    summary = f"Jonas asked for a refund of order 58213.\n\n{ANAPHORA}"
    path = checkpoint_db(
        tmp_path / "checkpoints.sqlite",
        [
            ("t1", "a", "msgpack", "RunningSummary stored as text by another writer"),
            ("t2", "a", "msgpack", 42),
            ("t3", "a", "msgpack", 1.5),
            (
                "t4",
                "a",
                "msgpack",
                checkpoint({"context": {"running_summary": running_summary(summary)}}),
            ),
        ],
    )
    said = notes(path)
    assert [line for line, _ in said] == [1, 2, 3]
    assert "stored as text, not bytes" in said[0][1]
    assert "stored as an integer" in said[1][1]
    assert ("checkpoints.sqlite", 4, "ANC101") in codes([path], tmp_path)
    done = run_cli("check", "--no-cache", str(path))
    assert "internal error" not in done.stderr
    assert "no summary found" not in done.stderr
    assert done.stdout.count("ANC101") == 1


def test_a_checkpoint_stored_as_text_with_no_summary_marker_is_still_noted(tmp_path):
    """The type is checked before the marker: a damaged row is said, whatever it holds."""
    path = checkpoint_db(tmp_path / "c.sqlite", [("t1", "a", "msgpack", "{}")])
    assert [line for line, _ in notes(path)] == [1]


LETTA = """
CREATE TABLE messages (id TEXT PRIMARY KEY, role TEXT, content JSON, text TEXT,
 agent_id TEXT, sequence_id INTEGER);
"""


def alert_content(body: str) -> str:
    message = (
        "Note: prior messages (42 of 50 total messages) have been hidden from view due to "
        f"conversation memory constraints.\nThe following is a summary of the previous 42 "
        f"messages:\n {body}"
    )
    envelope = json.dumps({"type": "system_alert", "message": message, "time": "x"}, indent=2)
    return json.dumps([{"type": "text", "text": envelope}])


def letta_db(path: Path, rows: list[tuple[str, object, object]]) -> Path:
    """Letta's ``messages``: ``(role, content, text)`` rows, one agent, in sequence order."""
    db = sqlite3.connect(path)
    db.executescript(LETTA)
    for number, (role, content, text) in enumerate(rows, 1):
        db.execute(
            "INSERT INTO messages VALUES (?, ?, ?, ?, 'agent-1', ?)",
            (f"m{number}", role, content, text, number),
        )
    db.commit()
    db.close()
    return path


@pytest.mark.parametrize(
    ("value", "said"),
    [
        (b'[{"type": "text", "text": "system_alert"}]', "content stored as a blob"),
        (7, "content stored as an integer"),
        (2.5, "content stored as a real number"),
    ],
)
def test_a_letta_message_of_the_wrong_type_is_noted_and_the_summary_read(tmp_path, value, said):
    summary = alert_content(f"The oven order was confirmed.\n\n{ANAPHORA}")
    path = letta_db(
        tmp_path / "sqlite.db",
        [("summary", value, None), ("user", '[{"type": "text", "text": "hi"}]', None),
         ("summary", summary, None)],
    )  # fmt: skip
    assert notes(path) == [(1, f"messages rowid 1 skipped: {said}, not text")]
    assert ("sqlite.db", 3, "ANC101") in codes([path], tmp_path)


def test_a_letta_message_that_is_no_utf8_is_noted_and_the_rest_read(tmp_path):
    """A TEXT value that is no UTF-8 used to end the database's reading (the driver's
    decoding failed inside the loop): it is that row's problem now."""
    path = letta_db(
        tmp_path / "sqlite.db",
        [("summary", None, None), ("summary", alert_content(ANAPHORA), None)],
    )
    db = sqlite3.connect(path)
    db.execute("UPDATE messages SET content = CAST(X'5b22ff225d' AS TEXT) WHERE rowid = 1")
    db.commit()
    db.close()
    said = notes(path)
    assert said == [(1, "messages rowid 1 skipped: content is not UTF-8 text (byte 2)")]
    assert ("sqlite.db", 2, "ANC101") in codes([path], tmp_path)


def test_ordinary_letta_rows_of_the_right_types_give_no_note(tmp_path):
    """Text, NULL and the legacy text column are what Letta writes: no note for them."""
    path = letta_db(
        tmp_path / "sqlite.db",
        [("user", '[{"type": "text", "text": "As we discussed earlier, ship it."}]', None),
         ("user", None, "plain legacy text"), ("summary", alert_content(ANAPHORA), None)],
    )  # fmt: skip
    assert notes(path) == []
    assert [c for c in codes([path], tmp_path) if c[2] == "ANC101"] == [("sqlite.db", 3, "ANC101")]


# ---------------------------------------------------------------- LangChain's summarization middleware

LC_OPENER = "Here is a summary of the conversation to date:\n\n"
MIDDLEWARE_SUMMARY = (
    "## Goal\nMove the invoice export to the new queue.\n\n"
    "## Done\nThe worker was rewritten, as noted above; the old cron entry is gone."
)


def model(name: str, fields: dict[str, Any]) -> Any:
    """A LangChain message as LangGraph's serde writes a pydantic v2 model (extension 5)."""
    module = f"langchain_core.messages.{fields['type']}"
    return msgpack.ExtType(5, pack([module, name, fields, "model_validate_json"]))


def human(text: str, ident: str, extra: dict[str, Any] | None = None) -> Any:
    fields = {"content": text, "additional_kwargs": extra or {}, "response_metadata": {}}
    return model("HumanMessage", fields | {"type": "human", "name": None, "id": ident})


def ai(text: str, ident: str, extra: dict[str, Any] | None = None) -> Any:
    fields = {"content": text, "additional_kwargs": extra or {}, "response_metadata": {}}
    fields |= {"type": "ai", "name": None, "id": ident, "tool_calls": []}
    return model("AIMessage", fields)


SUMMARIZED = {"lc_source": "summarization"}


def middleware_db(path: Path, *checkpoints: dict[str, Any]) -> Path:
    """One thread's checkpoints, one row each, in order."""
    rows = [
        ("thread-7", f"1f0-{n}", "msgpack", checkpoint(values, f"1f0-{n}"))
        for n, values in enumerate(checkpoints, 1)
    ]
    return checkpoint_db(path, rows)


def test_a_langchain_middleware_summary_is_read_without_its_opener(tmp_path):
    """``create_agent`` with ``SummarizationMiddleware`` replaces the older messages with a
    HumanMessage tagged ``lc_source: summarization``; every later checkpoint repeats it.
    The ordinary turns around it ("as we discussed earlier") are never linted."""
    turns = [human("Move the export, as we discussed earlier.", "h1"), ai("Done, as above.", "a1")]
    summary = human(LC_OPENER + MIDDLEWARE_SUMMARY, "s1", SUMMARIZED)
    path = middleware_db(
        tmp_path / "checkpoints.sqlite",
        {"messages": turns},
        {"messages": [summary, human("Now check the retries.", "h2")]},
        {"messages": [summary, human("Now check the retries.", "h2"), ai("Checked.", "a2")]},
    )
    assert bodies(path) == [MIDDLEWARE_SUMMARY]
    found = [c for c in codes([path], tmp_path) if c[2] == "ANC101"]
    assert found == [("checkpoints.sqlite", 2, "ANC101")]
    source = next(s for s in read(path) if isinstance(s, SummarySource))
    blob = dict(sqlite3.connect(path).execute("SELECT rowid, checkpoint FROM checkpoints"))[2]
    block = source.blocks[-1]
    at = block.text.index("as noted above")
    line, column = block.positions.locate(at)
    assert line == 2 and blob[column - 1 :].startswith(b"as noted above")


def test_messages_that_only_look_like_a_middleware_summary_are_not_read(tmp_path):
    """The tag decides: a user pasting the opener, an assistant message tagged the same way
    (no middleware writes one), a tag of another source: none is a summary."""
    path = middleware_db(
        tmp_path / "checkpoints.sqlite",
        {
            "messages": [
                human(LC_OPENER + "As we discussed earlier, ship it.", "h1"),
                ai(LC_OPENER + "As noted above, shipped.", "a1", SUMMARIZED),
                human("As noted above, the retries.", "h2", {"lc_source": "other"}),
            ]
        },
    )
    assert bodies(path) == []
    assert codes([path], tmp_path) == []


DEEPAGENTS_WRAPPER = (
    "You are in the middle of a conversation that has been summarized.\n\n"
    "The full conversation history has been saved to /conversation_history/{thread}.md "
    "should you need to refer back to it for details.\n\n"
    "A condensed summary follows:\n\n<summary>\n{body}\n</summary>"
)


def deepagents_event(body: str, thread: str = "t9") -> dict[str, Any]:
    text = DEEPAGENTS_WRAPPER.format(thread=thread, body=body)
    message = human(text, "s9", SUMMARIZED)
    return {"cutoff_index": 2, "summary_message": message, "file_path": f"/h/{thread}.md"}


def test_a_deepagents_summary_is_read_inside_its_tags_without_the_saved_path(tmp_path):
    """deepagents keeps its last summary in ``_summarization_event``, the raw messages left
    in ``messages``. Its preamble names the file the history went to: that path is the
    framework's, so a summary that names nothing of its own still has no anchor."""
    body = "The schema change was applied to the orders table, as noted above."
    turns = [human("Apply the schema change we discussed earlier.", "h9"), ai("Applied.", "a9")]
    path = middleware_db(
        tmp_path / "checkpoints.sqlite",
        {"messages": turns, "_summarization_event": deepagents_event(body)},
    )
    assert bodies(path) == [body]
    found = codes([path], tmp_path)
    assert ("checkpoints.sqlite", 1, "ANC101") in found
    assert ("checkpoints.sqlite", 1, "ANC104") in found


def test_a_deepagents_summary_with_its_own_anchor_is_clean(tmp_path):
    body = "Applied migrations/0042_orders_index.py to the orders table; tests pass."
    path = middleware_db(
        tmp_path / "checkpoints.sqlite",
        {"messages": [], "_summarization_event": deepagents_event(body)},
    )
    assert bodies(path) == [body]
    assert codes([path], tmp_path) == []


def test_a_langmem_summary_still_comes_first(tmp_path):
    """A checkpoint holding langmem's running summary is read as before."""
    langmem = f"Jonas asked for a refund of order 58213.\n\n{ANAPHORA}"
    path = middleware_db(
        tmp_path / "checkpoints.sqlite",
        {
            "context": {"running_summary": running_summary(langmem)},
            "messages": [human(LC_OPENER + "Other text.", "s1", SUMMARIZED)],
        },
    )
    assert bodies(path) == [langmem]


@pytest.fixture(scope="module")
def middleware_postgres() -> Any:
    """A Postgres saver's ``checkpoint_blobs``: each channel value a row of its own."""
    psycopg = pytest.importorskip("psycopg")
    import pg_server

    server = pg_server.start_or_skip()
    summary = human(LC_OPENER + MIDDLEWARE_SUMMARY, "s1", SUMMARIZED)
    event = deepagents_event("The schema change was applied, as noted above.")
    rows = [
        ("t1", "", "messages", "01", "msgpack", pack([human("As discussed earlier.", "h1")])),
        ("t1", "", "messages", "02", "msgpack", pack([summary, human("Next.", "h2")])),
        ("t2", "", "_summarization_event", "01", "msgpack", pack(event)),
    ]
    try:
        with psycopg.connect(server.url, autocommit=True) as connection:
            connection.execute(
                "CREATE TABLE checkpoint_blobs (thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT"
                " NULL DEFAULT '', channel TEXT NOT NULL, version TEXT NOT NULL, type TEXT NOT"
                " NULL, blob BYTEA, PRIMARY KEY (thread_id, checkpoint_ns, channel, version))"
            )
            with connection.cursor() as cursor:
                cursor.executemany(
                    "INSERT INTO checkpoint_blobs VALUES (%s, %s, %s, %s, %s, %s)", rows
                )
        yield server.url
    finally:
        server.stop()


def test_middleware_summaries_read_from_postgres_checkpoint_blobs(middleware_postgres):
    done = run_cli("check", "--no-cache", middleware_postgres)
    prefix = f"{middleware_postgres}#checkpoint_blobs["
    found = {line[len(prefix) :].split(":")[0] for line in done.stdout.splitlines()}
    assert "ANC101" in done.stdout, done.stderr
    assert found == {"t1//messages/02]", "t2//_summarization_event/01]"}


# ---------------------------------------------------------------- Qwen Code sessions

QWEN_SNAPSHOT = (
    "<state_snapshot>\n<overall_goal>\nStabilise the flaky retry test.\n</overall_goal>\n"
    "<recent_actions>\nApplied the fix as noted above and reran the suite.\n"
    "</recent_actions>\n</state_snapshot>"
)


def qwen_record(n: int, kind: str, **fields: object) -> str:
    """One Qwen Code record: Claude Code's session fields, then the record's own."""
    record: dict[str, object] = {
        "uuid": f"q{n}",
        "parentUuid": f"q{n - 1}" if n > 1 else None,
        "sessionId": "s-qw-1",
        "timestamp": f"2026-11-02T10:0{n}:00.000Z",
        "type": kind,
        "cwd": "/w/app",
        "version": "0.22.1",
    }
    return json.dumps(record | fields, separators=(",", ":"))


def content(role: str, *texts: str) -> dict[str, object]:
    return {"role": role, "parts": [{"text": text} for text in texts]}


def qwen_session(path: Path, history: list[dict[str, object]] | None = None) -> Path:
    """A session: two turns, a telemetry event, the compression (line 4), a kept turn."""
    if history is None:
        history = [
            content("user", QWEN_SNAPSHOT),
            content("model", "Got it. Thanks for the additional context!"),
            content("user", "Keep the backoff as we discussed earlier."),
        ]
    payload = {
        "info": {"originalTokenCount": 91000, "newTokenCount": 4100, "compressionStatus": 1},
        "compressedHistory": history,
    }
    lines = [
        qwen_record(
            1, "user", message=content("user", "Fix the retry test, as discussed earlier.")
        ),
        qwen_record(2, "assistant", message=content("model", "Changed, as mentioned above.")),
        qwen_record(3, "system", subtype="ui_telemetry", systemPayload={"uiEvent": {"n": 1}}),
        qwen_record(4, "system", subtype="chat_compression", systemPayload=payload),
        qwen_record(5, "user", message=content("user", "Now the previous module, as above.")),
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_qwen_session_is_sniffed_apart_from_claude_code(tmp_path):
    path = qwen_session(tmp_path / "s-qw-1.jsonl")
    assert jsonl_format(path.read_bytes()[:SNIFF_BYTES]) == "qwen-code"


def test_a_qwen_compression_is_read_and_nothing_else(tmp_path):
    """The summary is the compressed history's first content; the ordinary turns, the
    "Got it" reply and the kept turn after it ("as we discussed earlier") are not read."""
    path = qwen_session(tmp_path / "s-qw-1.jsonl")
    assert bodies(path) == [QWEN_SNAPSHOT]
    assert_read_at(path, tmp_path, 4, "qwen-code:s-qw-1")


def test_a_qwen_compression_with_no_history_holds_no_summary(tmp_path):
    path = qwen_session(tmp_path / "s-qw-1.jsonl", history=[])
    assert bodies(path) == []
    path = qwen_session(tmp_path / "s-qw-2.jsonl", history=[content("model", QWEN_SNAPSHOT)])
    assert bodies(path) == []


def claude_line(n: int, kind: str, message: dict[str, object], **fields: object) -> str:
    record = {
        "parentUuid": f"c{n - 1}" if n > 1 else None,
        "isSidechain": False,
        "userType": "external",
        "cwd": "/w/app",
        "sessionId": "c-1",
        "version": "2.0.14",
        "type": kind,
        "message": message,
        "uuid": f"c{n}",
    }
    return json.dumps(record | fields)


def test_claude_code_sessions_that_mention_parts_or_payloads_stay_claude_code(tmp_path):
    """A Claude Code tool call whose input has ``parts``, a user quoting a Qwen record, a
    tool result holding ``systemPayload``: the session is still Claude Code's."""
    tool = {"type": "tool_use", "id": "t1", "name": "Edit", "input": {"parts": ["a"]}}
    quoted = '{"message":{"role":"user","parts":[{"text":"x"}]},"systemPayload":{}}'
    lines = [
        claude_line(1, "user", {"role": "user", "content": f"Why does this parse? {quoted}"}),
        claude_line(2, "assistant", {"role": "assistant", "content": [tool]}),
        claude_line(3, "user", {"role": "user", "content": [{"type": "tool_result",
                    "tool_use_id": "t1", "content": '"systemPayload": {}'}]}),
    ]  # fmt: skip
    head = ("\n".join(lines) + "\n").encode("utf-8")
    assert jsonl_format(head) == "claude-code"


# ---------------------------------------------------------------- GitHub Copilot CLI

COPILOT_SUMMARY = (
    "<overview>\nThe user wants the pagination of /orders fixed.\n</overview>\n"
    "<work_done>\n- Applied the cursor fix as noted above.\n</work_done>"
)


def copilot_event(n: int, kind: str, data: dict[str, object]) -> str:
    record = {
        "type": kind,
        "data": data,
        "id": f"e{n}",
        "timestamp": f"2026-11-25T09:0{n}:00.000Z",
        "parentId": f"e{n - 1}" if n > 1 else None,
    }
    return json.dumps(record, separators=(",", ":"))


def copilot_log(root: Path, *compactions: dict[str, object]) -> Path:
    """``session-state/<id>/events.jsonl``: a start, two turns, then the compactions."""
    start = {"sessionId": "5f0e-cp", "version": 1, "producer": "copilot-agent",
             "copilotVersion": "1.0.90", "context": {"cwd": "/w/api"}}  # fmt: skip
    lines = [
        copilot_event(1, "session.start", start),
        copilot_event(2, "user.message", {"content": "Fix it, as we discussed earlier."}),
        copilot_event(3, "assistant.message", {"content": "Fixed as mentioned above."}),
    ]
    for number, data in enumerate(compactions, 4):
        lines.append(copilot_event(number, "session.compaction_complete", data))
    folder = root / "session-state" / "5f0e-cp"
    folder.mkdir(parents=True)
    path = folder / "events.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def compaction(text: object, success: bool = True) -> dict[str, object]:
    return {"success": success, "preCompactionTokens": 151000, "summaryContent": text,
            "checkpointNumber": 1, "checkpointPath": "/h/.copilot/cp/001-fix.md"}  # fmt: skip


def test_a_copilot_compaction_is_read_and_nothing_else(tmp_path):
    path = copilot_log(tmp_path, compaction(COPILOT_SUMMARY))
    assert jsonl_format(path.read_bytes()[:SNIFF_BYTES]) == "copilot-cli"
    assert [flat(b) for b in bodies(path)] == [flat(COPILOT_SUMMARY)]
    assert_read_at(path, tmp_path, 4, "copilot-cli:5f0e-cp")


def test_failed_or_empty_copilot_compactions_hold_no_summary(tmp_path):
    path = copilot_log(tmp_path, compaction("As noted above.", success=False), compaction(""),
                       compaction(None))  # fmt: skip
    assert bodies(path) == []
    assert codes([path], tmp_path) == []


def test_other_logs_of_dotted_events_are_not_copilot_sessions(tmp_path):
    """The first event must be ``session.start`` naming the Copilot agent, keyed as its
    events are: another tool's event log of the same words is not read as Copilot's."""
    other = copilot_event(1, "session.start", {"sessionId": "x", "producer": "my-bot"})
    assert jsonl_format(other.encode() + b"\n") is None
    extra = json.dumps({"type": "session.start", "data": {"producer": "copilot-agent"},
                        "id": "e1", "user": "u1"})  # fmt: skip
    assert jsonl_format(extra.encode() + b"\n") is None
    late = copilot_event(2, "user.message", {"content": "hi"}) + "\n"
    start = copilot_event(1, "session.start", {"producer": "copilot-agent"})
    assert jsonl_format((late + start).encode()) is None


# ---------------------------------------------------------------- Roo Code and Kilo Code

ROO_SUMMARY = (
    "## Conversation Summary\n1. Primary request: split the billing module.\n"
    "2. Progress: the invoice code moved as noted above.\n"
)


def roo_task(root: Path, messages: list[dict[str, object]]) -> Path:
    folder = root / "tasks" / "0f3c-task"
    folder.mkdir(parents=True)
    path = folder / "api_conversation_history.json"
    path.write_text("[\n" + ",\n".join(json.dumps(m) for m in messages) + "\n]\n", "utf-8")
    return path


def roo_message(role: str, text: str, ts: int, **flags: object) -> dict[str, object]:
    return {"role": role, "content": [{"type": "text", "text": text}], "ts": ts} | flags


def test_a_roo_condense_summary_is_read_and_no_other_turn(tmp_path):
    """The messages a condense replaced and the turns after it ("as we discussed
    earlier", "as mentioned above") are never linted; only the flagged summary is."""
    path = roo_task(
        tmp_path,
        [
            roo_message("user", "<task>\nSplit billing, as we discussed earlier.\n</task>", 1),
            roo_message(
                "assistant", "I keep the layout as mentioned above.", 2, condenseParent="c-41"
            ),
            roo_message("user", ROO_SUMMARY, 3, isSummary=True, condenseId="c-41"),
            {"role": "user", "content": "Go on with the earlier plan, as noted above.", "ts": 4},
        ],
    )
    assert json_format(path.read_bytes()[:SNIFF_BYTES]) == "roo-code"
    assert [flat(b) for b in bodies(path)] == [flat_read(ROO_SUMMARY)]
    assert_read_at(path, tmp_path, 4, "roo-code:0f3c-task")


def test_a_roo_summary_of_string_content_and_an_unflagged_look_alike(tmp_path):
    """A summary whose content is a string is read; a message that only looks like one
    (a heading the user typed, ``isSummary`` false or a string) is not."""
    path = roo_task(
        tmp_path,
        [
            {"role": "user", "content": ROO_SUMMARY, "ts": 1, "isSummary": "true"},
            {"role": "user", "content": ROO_SUMMARY, "ts": 2, "isSummary": False},
            {"role": "assistant", "content": "Noted.", "ts": 3},
            {"role": "user", "content": ROO_SUMMARY, "ts": 4, "isSummary": True},
        ],
    )
    assert [flat(b) for b in bodies(path)] == [flat_read(ROO_SUMMARY)]
    assert [c for c in codes([path], tmp_path) if c[2] == "ANC101"] == [(path.name, 5, "ANC101")]


def test_arrays_of_other_records_are_not_roo_histories(tmp_path):
    """Chat exports keyed otherwise, records without a time stamp, a flag of another tool's
    (a project plan's summary task): not a Roo history, read with the generic fields."""
    plain = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "yo"}]
    assert json_format(json.dumps(plain).encode()) is None
    tasks = [{"id": "T1", "name": "Summary task", "ts": 1, "isSummary": True}]
    assert json_format(json.dumps(tasks).encode()) is None
    system = [{"role": "system", "content": "x", "ts": 1}]
    assert json_format(json.dumps(system).encode()) is None


# ---------------------------------------------------------------- kimi-cli context files

KIMI_WRAPPER = (
    "<system>Previous context has been compacted. Here is the compaction output:</system>"
)
KIMI_SUMMARY = (
    "## Task\nMake the exporter stream rows.\n\n"
    "## Progress\nSwitched to a generator as noted above; the buffering path was removed.\n"
)


def kimi_message(role: str, *texts: str) -> str:
    parts = [{"type": "text", "text": text} for text in texts]
    return json.dumps({"role": role, "content": parts}, separators=(",", ":"))


def kimi_context(root: Path, *messages: str) -> Path:
    """A context file as a compaction leaves it: the system prompt, a checkpoint, then the
    messages (the compaction's first, line 3), then a token count."""
    lines = [
        json.dumps({"role": "_system_prompt", "content": "You are a coding agent."}),
        json.dumps({"role": "_checkpoint", "id": 0}),
        *messages,
        json.dumps({"role": "_usage", "token_count": 8123}),
    ]
    path = root / "context.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_kimi_cli_compaction_is_read_without_its_wrapper(tmp_path):
    path = kimi_context(
        tmp_path,
        kimi_message("user", KIMI_WRAPPER, KIMI_SUMMARY),
        kimi_message("user", "Continue from the earlier step, as we discussed."),
        kimi_message("assistant", "Continuing with the change mentioned above."),
    )
    assert jsonl_format(path.read_bytes()[:SNIFF_BYTES]) == "kimi-cli"
    assert [flat(b) for b in bodies(path)] == [flat(KIMI_SUMMARY)]
    assert_read_at(path, tmp_path, 3, f"kimi-cli:{path}")


def test_messages_quoting_the_kimi_wrapper_are_not_summaries(tmp_path):
    """The wrapper must be the message's own first part: a user quoting it in a sentence,
    an assistant message, a wrapper alone (nothing after it) are not summaries."""
    quoted = f"Why does {KIMI_WRAPPER} appear? As noted above it repeats."
    path = kimi_context(
        tmp_path,
        kimi_message("user", quoted, "As noted above."),
        kimi_message("assistant", KIMI_WRAPPER, "As noted above, done."),
        kimi_message("user", KIMI_WRAPPER),
    )
    assert bodies(path) == []
    assert codes([path], tmp_path) == []


def test_files_opening_with_other_role_records_are_not_kimi_contexts():
    other = json.dumps({"role": "_system_prompt", "content": "x", "model": "m"}) + "\n"
    assert jsonl_format(other.encode()) is None
    chat = json.dumps({"role": "user", "content": "hi"}) + "\n"
    assert jsonl_format(chat.encode()) is None


# ---------------------------------------------------------------- a byte-order mark


def with_bom(path: Path) -> Path:
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    return path


def test_a_rollout_opening_with_a_byte_order_mark_is_read_at_its_lines(tmp_path):
    """A rollout re-saved by a Windows editor opens with a byte-order mark: the sniff that
    anchors at the first brace used to miss it and the rollout went to the generic fields."""
    path = with_bom(write_rollout(tmp_path, rollout_lines("ordinal")))
    assert jsonl_format(path.read_bytes()[:SNIFF_BYTES]) == "codex"
    found = codes([path], tmp_path)
    assert (path.name, 3, "ANC101") in found
    assert not [f for f in found if f[1] != 3], found
    source = next(s for s in read(path) if isinstance(s, SummarySource))
    block = next(b for b in source.blocks if "as noted earlier" in b.text)
    line, column = block.positions.locate(block.text.index("as noted earlier"))
    text = path.read_text(encoding="utf-8-sig").split("\n")[line - 1]
    assert line == 3 and text[column - 1 :].startswith("as noted earlier")


def test_other_formats_opening_with_a_byte_order_mark_are_still_known(tmp_path):
    wire = with_bom(kimi_wire(tmp_path))
    assert jsonl_format(wire.read_bytes()) == "kimi-cli"
    assert (wire.name, 5, "ANC101") in codes([wire], tmp_path)
    roo = with_bom(roo_task(tmp_path, [roo_message("user", ROO_SUMMARY, 1, isSummary=True)]))
    assert json_format(roo.read_bytes()) == "roo-code"
    assert [c for c in codes([roo], tmp_path) if c[2] == "ANC101"] == [(roo.name, 2, "ANC101")]


def test_a_byte_order_mark_alone_makes_no_format():
    assert jsonl_format(b"\xef\xbb\xbf" + b'{"id": 1, "text": "hello"}\n') is None
    assert json_format(b"\xef\xbb\xbf" + b'[{"id": 1}]') is None


# ---------------------------------------------------------------- a database of no known schema


def other_database(path: Path) -> Path:
    """An application's own SQLite file: sessions and parts, no agent framework's tables."""
    db = sqlite3.connect(path)
    db.executescript(
        "CREATE TABLE session (id TEXT PRIMARY KEY, title TEXT);"
        "CREATE TABLE part (id TEXT PRIMARY KEY, session_id TEXT, data TEXT);"
    )
    db.execute("INSERT INTO session VALUES ('s1', 'As noted above, the export')")
    db.commit()
    db.close()
    return path


def test_a_named_database_of_no_known_schema_is_told_so(tmp_path):
    """Not "binary file (NUL bytes)" (ANC001, exit 1): a note saying what the file is and
    how to read it, exit 0, as a transcript that holds no summary is told."""
    path = other_database(tmp_path / "opencode.db")
    done = run_cli("check", "--no-cache", str(path))
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
    assert "binary file" not in done.stderr
    assert "a SQLite database of no schema anchorlint reads" in done.stderr
    assert "--table or a --query" in done.stderr


def test_a_walk_passes_a_database_of_no_known_schema_in_silence(tmp_path):
    other_database(tmp_path / "app.db")
    (tmp_path / "notes.md").write_text("# Notes\n\nThe cutover is in [[runbooks/db]].\n")
    done = run_cli("check", "--no-cache", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert "app.db" not in done.stdout + done.stderr


def test_a_named_db_file_that_is_no_database_is_read_as_before(tmp_path):
    """Only a file that opens as SQLite is told so: text named ``.db`` is linted as text."""
    path = tmp_path / "notes.db"
    path.write_text("The retry cap stays, as noted above.\n", encoding="utf-8")
    done = run_cli("check", "--no-cache", str(path))
    assert "SQLite" not in done.stderr


# ---------------------------------------------------------------- gemini-cli intent summaries

INTENT = (
    "<intent_summary>\n- **Primary Goal:** port the cache layer.\n"
    "- **Verified Facts:** the eviction fix was applied as noted above.\n</intent_summary>"
)


def gemini_chat(root: Path, *parts: dict[str, object]) -> Path:
    """A chat of context management: two turns, then the summary merged into the first kept
    user turn (line 4), then a reply."""
    meta = {"sessionId": "7c1e-gm", "projectHash": "ab12cd", "startTime": "2026-11-20T08:00:00Z"}
    lines = [
        meta,
        {"id": "m1", "type": "user", "content": [{"text": "Port it, as we discussed earlier."}]},
        {"id": "m2", "type": "gemini", "content": "Done, see the change mentioned above."},
        {"id": "m3", "type": "user", "content": list(parts)},
        {"id": "m4", "type": "gemini", "content": "Continuing, as above."},
    ]
    path = root / "session-2026-11-20T08-00-7c1e.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n", encoding="utf-8")
    return path


def test_an_intent_summary_is_read_without_the_turn_it_is_merged_into(tmp_path):
    path = gemini_chat(tmp_path, {"text": INTENT}, {"text": "Continue with the previous step."})
    assert [flat(b) for b in bodies(path)] == [flat(INTENT)]
    assert_read_at(path, tmp_path, 4, f"gemini-cli:{path}")


def test_an_intent_summary_tag_in_a_prompt_is_no_summary(tmp_path):
    """The envelope must open the message's first part on a line of its own and close
    after it: a prompt naming the tag, or the envelope in a later part, is the user's."""
    named = "Why does <intent_summary> drop the working set? As noted above it did."
    path = gemini_chat(tmp_path, {"text": named})
    assert bodies(path) == []
    later = tmp_path / "later"
    later.mkdir()
    path = gemini_chat(later, {"text": "See this, as noted above:"}, {"text": INTENT})
    assert bodies(path) == []


# ---------------------------------------------------------------- Strands Agents

STRANDS_SUMMARY = (
    "## Conversation Summary\n* The quota check moved into the gateway as noted above.\n"
    "* The limit of 40 requests a minute stays."
)


def strands_agent(root: Path, manager: dict[str, object]) -> Path:
    folder = root / "session_s1" / "agents" / "agent_default"
    folder.mkdir(parents=True)
    record = {
        "agent_id": "default",
        "state": {"note": "as we discussed earlier"},
        "conversation_manager_state": manager,
        "_internal_state": {},
        "created_at": "2026-11-28T12:00:00+00:00",
        "updated_at": "2026-11-28T12:40:00+00:00",
    }
    path = folder / "agent.json"
    path.write_text(json.dumps(record, indent=2), encoding="utf-8")
    return path


def test_a_strands_summary_message_is_read(tmp_path):
    manager = {
        "__name__": "SummarizingConversationManager",
        "removed_message_count": 14,
        "summary_message": {"role": "user", "content": [{"text": STRANDS_SUMMARY}]},
    }
    path = strands_agent(tmp_path, manager)
    assert json_format(path.read_bytes()) == "strands"
    assert [flat(b) for b in bodies(path)] == [flat_read(STRANDS_SUMMARY)]
    line = next(n for n, t in enumerate(path.read_text().split("\n"), 1) if "quota" in t)
    assert_read_at(path, tmp_path, line, "strands:session_s1/agent_default")


def test_a_strands_agent_with_no_summary_holds_none(tmp_path):
    """A sliding window keeps no summary; a summarizing manager before its first summary
    keeps none yet: nothing is read, the agent's own state is never linted."""
    sliding = {"__name__": "SlidingWindowConversationManager", "removed_message_count": 3}
    path = strands_agent(tmp_path, sliding)
    assert json_format(path.read_bytes()) == "strands"
    assert bodies(path) == []
    other = tmp_path / "other"
    other.mkdir()
    empty = {"__name__": "SummarizingConversationManager", "summary_message": None}
    assert bodies(strands_agent(other, empty)) == []


def test_a_record_quoting_the_strands_keys_is_no_strands_agent():
    nested = {"run": {"agent_id": "a", "conversation_manager_state": {}}, "summary": "x"}
    assert json_format(json.dumps(nested).encode()) is None


def test_a_cut_off_history_or_agent_record_holding_a_summary_is_anc002(tmp_path):
    """A document cut off inside its summary is said to be broken, not passed as one that
    holds no summary."""
    roo = roo_task(tmp_path, [roo_message("user", ROO_SUMMARY, 1, isSummary=True)])
    roo.write_text(roo.read_text()[:-4], encoding="utf-8")
    manager = {"summary_message": {"role": "user", "content": [{"text": STRANDS_SUMMARY}]}}
    agent = strands_agent(tmp_path, manager)
    agent.write_text(agent.read_text()[:-30], encoding="utf-8")
    for path in (roo, agent):
        assert [c[2] for c in codes([path], tmp_path)] == ["ANC002"], path


# ---------------------------------------------------------------- VS Code Copilot Chat sessions

VSCODE_SUMMARY = "## Work so far\nThe router split was applied as noted above.\n"


def vscode_request(n: int, summary: str | None = None) -> dict[str, object]:
    metadata: dict[str, object] = {"toolCallRounds": [], "responseId": f"r{n}"}
    if summary is not None:
        metadata["summary"] = {"toolCallRoundId": f"round_{n}", "text": summary}
    return {
        "requestId": f"request_{n}",
        "message": {"text": "Refactor the router, as we discussed earlier.", "parts": []},
        "response": [{"value": "Done, see the change mentioned above."}],
        "result": {"timings": {"totalElapsed": 40000}, "metadata": metadata},
    }


def vscode_session(root: Path, *requests: dict[str, object]) -> Path:
    session = {
        "version": 3,
        "requesterUsername": "dev",
        "responderUsername": "GitHub Copilot",
        "sessionId": "2f6a-chat",
        "creationDate": 1795150000000,
        "requests": list(requests),
    }
    path = root / "2f6a-chat.json"
    path.write_text(json.dumps(session, indent=2), encoding="utf-8")
    return path


def test_a_vscode_chat_summary_is_read_and_no_turn(tmp_path):
    path = vscode_session(tmp_path, vscode_request(1), vscode_request(2, VSCODE_SUMMARY))
    assert json_format(path.read_bytes()) == "vscode-copilot"
    assert bodies(path) == [VSCODE_SUMMARY.strip()]
    line = next(n for n, t in enumerate(path.read_text().split("\n"), 1) if "router split" in t)
    assert_read_at(path, tmp_path, line, "vscode-copilot:2f6a-chat")


def test_a_vscode_session_without_a_summary_holds_none(tmp_path):
    path = vscode_session(tmp_path, vscode_request(1), vscode_request(2, ""))
    assert bodies(path) == []
    assert codes([path], tmp_path) == []


def test_other_documents_of_requests_are_no_vscode_sessions():
    batch = {"version": 1, "requests": [{"requestId": "a", "summary": "As noted above."}]}
    assert json_format(json.dumps(batch).encode()) is None
