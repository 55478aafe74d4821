"""opencode's compactions: an assistant message flagged ``summary: true`` whose text is in
its text parts, kept apart from it (one file a part in the file storage, one row a part in
the SQLite database).

Each test writes the shape opencode writes (made-up content) and asserts the finding (code,
line, column) or its absence, with the near misses beside it: ordinary turns, the user's
compaction request, a failed compaction, a part whose message is missing, a message file
that is hostile, a part file that is no JSON.
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from anchorlint.config import Settings
from anchorlint.run.kinds import SNIFF_BYTES, kind_to_lint_file
from anchorlint.text.documents import RecordProblem, SummarySource
from anchorlint.text.documents.transcripts import opencode
from anchorlint.text.documents.transcripts.sniff import is_transcript_db, json_format
from tests.conftest import run_cli
from tests.test_transcripts_sixteenth_sweep import codes

SESSION = "ses_3f2a9c1e7ffeQk2LmN8pR4sTuV"
SUMMARY = "msg_c05d81e2a001Zb7Qx1Yw2Vu3Ts"
ASKED = "msg_c05d81e1f001Aa9Bb8Cc7Dd6Ee"
TURN = "msg_c05d81f03001Ff5Gg4Hh3Ii2Jj"
BODY = (
    "## Goal\n\nMake the importer skip blank rows.\n\n## Accomplished\n\n"
    "- The retry cap stays where it was, as noted above."
)
PLAIN = "Done: the importer skips blank rows, as noted above."


def assistant(ident: str, **extra: Any) -> dict[str, Any]:
    """An assistant message as opencode writes it (a compaction's when ``summary=True``)."""
    return {
        "id": ident,
        "sessionID": SESSION,
        "role": "assistant",
        "time": {"created": 1764900000000, "completed": 1764900004000},
        "parentID": ASKED,
        "modelID": "some-model",
        "providerID": "some-provider",
        "mode": "build",
        "agent": "build",
        "path": {"cwd": "/work/app", "root": "/work/app"},
        "cost": 0,
        "tokens": {"input": 10, "output": 20, "reasoning": 0, "cache": {"read": 0, "write": 0}},
        "finish": "stop",
        **extra,
    }


def compaction(**extra: Any) -> dict[str, Any]:
    fields = {"mode": "compaction", "agent": "compaction", "summary": True, **extra}
    return assistant(SUMMARY, **fields)


def user() -> dict[str, Any]:
    """The user message a compaction answers; its own ``summary`` is titles and diffs."""
    return {
        "id": ASKED,
        "sessionID": SESSION,
        "role": "user",
        "time": {"created": 1764899990000},
        "summary": {"title": "Blank rows", "body": "As noted above, fix it.", "diffs": []},
        "agent": "build",
        "model": {"providerID": "some-provider", "modelID": "some-model"},
    }


def text_part(ident: str, message: str, text: str) -> dict[str, Any]:
    return {
        "id": ident,
        "sessionID": SESSION,
        "messageID": message,
        "type": "text",
        "text": text,
        "time": {"start": 1764900001000, "end": 1764900004000},
    }


def write(path: Path, record: Any) -> Path:
    """A record as opencode's storage writes it: JSON indented by two spaces."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record, indent=2), encoding="utf-8")
    return path


def message_file(storage: Path, record: dict[str, Any]) -> Path:
    return write(storage / "message" / SESSION / f"{record['id']}.json", record)


def part_file(storage: Path, record: dict[str, Any]) -> Path:
    return write(storage / "part" / record["messageID"] / f"{record['id']}.json", record)


def session(storage: Path, summary: dict[str, Any] | None = None) -> dict[str, Path]:
    """A session of three turns: the user's compaction request (a ``compaction`` part), the
    summary (flagged message, one text part), and an ordinary reply after it."""
    message_file(storage, user())
    message_file(storage, summary if summary is not None else compaction())
    message_file(storage, assistant(TURN))
    asked = {"id": "prt_a1", "sessionID": SESSION, "messageID": ASKED, "type": "compaction"}
    return {
        "asked": part_file(storage, {**asked, "auto": True}),
        "summary": part_file(storage, text_part("prt_s1", SUMMARY, BODY)),
        "reasoning": part_file(
            storage,
            {**text_part("prt_s0", SUMMARY, PLAIN), "type": "reasoning"},
        ),
        "turn": part_file(storage, text_part("prt_t1", TURN, PLAIN)),
        "prompt": part_file(storage, text_part("prt_u1", ASKED, PLAIN)),
    }


def read(path: Path) -> list[SummarySource | RecordProblem]:
    kind = kind_to_lint_file(str(path))
    text = "" if kind.binary else path.read_text(encoding="utf-8")
    return list(kind.load_reader()(str(path), text, Settings(root=str(path.parent)), 1))


def notes(path: Path) -> list[str]:
    return [p.message for p in read(path) if isinstance(p, RecordProblem)]


def where(path: Path, phrase: str) -> tuple[int, int]:
    """(line, column) of ``phrase`` as the file holds it (JSON escapes spelled out)."""
    raw = path.read_text(encoding="utf-8")
    escaped = json.dumps(BODY)[1:-1]
    start = raw.index(escaped) + escaped.index(phrase)
    line = raw.count("\n", 0, start) + 1
    return line, start - raw.rfind("\n", 0, start)


# ---------------------------------------------------------------- the file storage


def test_a_compactions_text_part_is_linted_where_the_part_file_holds_it(tmp_path):
    storage = tmp_path / "storage"
    files = session(storage)
    source = next(s for s in read(files["summary"]) if isinstance(s, SummarySource))
    assert source.thread == f"opencode:{SESSION}"
    assert source.generation == 1764900000000.0
    block = next(b for b in source.blocks if "as noted above" in b.text)
    found = block.positions.locate(block.text.index("as noted above"))
    assert found == where(files["summary"], "as noted above")
    findings = codes(sorted(storage.rglob("*.json")), tmp_path)
    assert findings == [
        (files["summary"].name, found[0], "ANC101"),
        (files["summary"].name, found[0], "ANC104"),
    ]


def test_ordinary_turns_and_the_compaction_request_are_not_read(tmp_path):
    storage = tmp_path / "storage"
    files = session(storage)
    for name in ("asked", "reasoning", "turn", "prompt"):
        assert read(files[name]) == [], name
    for message in (storage / "message" / SESSION).iterdir():
        assert read(message) == [], message.name  # the user's summary.body is no compaction
    done = run_cli("check", str(files["turn"]), str(files["prompt"]))
    assert done.returncode == 0, done.stdout
    assert done.stderr.count("no summary found: the transcript holds no compaction summary") == 2


def test_a_failed_compaction_is_not_read(tmp_path):
    storage = tmp_path / "storage"
    failed = compaction(error={"name": "MessageAbortedError", "data": {"message": "aborted"}})
    files = session(storage, failed)
    assert read(files["summary"]) == []


def test_a_message_whose_flag_is_not_the_json_true_is_not_a_summary(tmp_path):
    storage = tmp_path / "storage"
    files = session(storage, compaction(summary="true"))
    assert read(files["summary"]) == []


def test_a_repeated_text_key_is_read_as_json_decoders_read_it(tmp_path):
    """A hand-edited part holding ``text`` twice: the last is the text opencode hands on."""
    storage = tmp_path / "storage"
    files = session(storage)
    raw = files["summary"].read_text(encoding="utf-8")
    cut = raw.index('  "text": ')
    files["summary"].write_text(raw[:cut] + '  "text": "Nothing to see.",\n' + raw[cut:])
    source = next(s for s in read(files["summary"]) if isinstance(s, SummarySource))
    assert "as noted above" in " ".join(b.text for b in source.blocks)
    assert "Nothing to see." not in " ".join(b.text for b in source.blocks)


def test_a_part_whose_message_is_missing_stays_silent(tmp_path):
    storage = tmp_path / "storage"
    files = session(storage)
    (storage / "message" / SESSION / f"{SUMMARY}.json").unlink()
    assert read(files["summary"]) == []


def test_a_part_out_of_its_storage_is_not_joined(tmp_path):
    """A part file copied alone (its folder is not named by its message) is not looked up
    anywhere: the join needs opencode's layout."""
    storage = tmp_path / "storage"
    files = session(storage)
    copy = tmp_path / "copies" / "part.json"
    copy.parent.mkdir()
    copy.write_bytes(files["summary"].read_bytes())
    assert read(copy) == []


def test_ids_that_are_paths_are_never_followed(tmp_path):
    storage = tmp_path / "storage"
    session(storage)
    outside = tmp_path / "outside.json"
    write(outside, compaction())
    hostile = text_part("prt_x", SUMMARY, BODY)
    hostile["sessionID"] = "../../outside"
    path = part_file(storage, hostile)
    assert read(path) == []


def test_a_message_file_reached_through_a_symlink_is_noted_and_not_followed(tmp_path):
    storage = tmp_path / "storage"
    files = session(storage)
    target = storage / "message" / SESSION / f"{SUMMARY}.json"
    elsewhere = write(tmp_path / "elsewhere.json", compaction())
    target.unlink()
    target.symlink_to(elsewhere)
    assert notes(files["summary"]) == [
        f"opencode part not read: its message file message/{SESSION}/{SUMMARY}.json"
        " is reached through a symlink"
    ]
    (storage / "message" / SESSION).rename(tmp_path / "moved")
    (storage / "message" / SESSION).symlink_to(tmp_path / "moved")
    assert [n for n in notes(files["summary"]) if "symlink" in n]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_message_file_that_is_a_fifo_is_noted_without_blocking(tmp_path):
    storage = tmp_path / "storage"
    files = session(storage)
    target = storage / "message" / SESSION / f"{SUMMARY}.json"
    target.unlink()
    os.mkfifo(target)
    assert notes(files["summary"]) == [
        f"opencode part not read: its message file message/{SESSION}/{SUMMARY}.json"
        " is no regular file"
    ]


@pytest.mark.parametrize(
    ("content", "why"),
    [
        ("{not json", "is no JSON object"),
        ("[" * 100_000, "is no JSON object"),
        ('["a list"]', "is no JSON object"),
        (" " * (opencode.MAX_MESSAGE_BYTES + 1), "is over 1 MB"),
    ],
)
def test_a_message_file_that_cannot_be_read_is_noted(tmp_path, content, why):
    storage = tmp_path / "storage"
    files = session(storage)
    (storage / "message" / SESSION / f"{SUMMARY}.json").write_text(content, encoding="utf-8")
    assert notes(files["summary"]) == [
        f"opencode part not read: its message file message/{SESSION}/{SUMMARY}.json {why}"
    ]


def test_a_message_file_that_cannot_be_opened_is_noted(tmp_path, monkeypatch):
    """A message file the user may not read (refused as such a file's open is refused, so
    the test runs whatever user runs it) is a note, where a missing one passes in silence."""
    storage = tmp_path / "storage"
    files = session(storage)
    target = str(storage / "message" / SESSION / f"{SUMMARY}.json")
    real_open = os.open

    def refusing_open(path: Any, flags: int, *args: Any) -> int:
        if os.fspath(path) == target:
            raise PermissionError(13, "Permission denied", target)
        return real_open(path, flags, *args)

    monkeypatch.setattr(opencode.os, "open", refusing_open)
    assert notes(files["summary"]) == [
        f"opencode part not read: its message file message/{SESSION}/{SUMMARY}.json"
        " cannot be read: Permission denied"
    ]


def test_a_part_file_that_is_no_json_is_a_note_not_a_traceback(tmp_path):
    storage = tmp_path / "storage"
    files = session(storage)
    raw = files["summary"].read_text(encoding="utf-8")
    files["summary"].write_text(raw[: len(raw) // 2], encoding="utf-8")  # cut mid-write
    assert notes(files["summary"]) == ["opencode part not read: is no JSON"]
    done = run_cli("check", "--no-cache", str(tmp_path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr


def test_a_part_is_read_again_when_only_its_message_changed(tmp_path):
    """Whether a part is a summary is said by its message's file: a cached result keyed by
    the part's own bytes would keep the first answer."""
    storage = tmp_path / "storage"
    files = session(storage, assistant(SUMMARY))
    assert "ANC101" not in run_cli("check", ".", cwd=tmp_path).stdout
    message_file(storage, compaction())
    again = run_cli("check", ".", cwd=tmp_path).stdout
    assert f"{files['summary'].name}:" in again and "ANC101" in again


def test_the_format_can_be_named(tmp_path):
    files = session(tmp_path / "storage")
    named = codes([files["summary"]], tmp_path, input_format="opencode")
    assert [c for _, _, c in named] == ["ANC101", "ANC104"]


def test_part_and_message_files_are_sniffed_by_their_ids(tmp_path):
    files = session(tmp_path / "storage")
    for path in (files["summary"], files["asked"], *files["summary"].parents[2].rglob("msg_*")):
        if path.is_file():
            assert json_format(path.read_bytes()[:SNIFF_BYTES]) == "opencode", path
    # near misses: the same keys with ids of no opencode shape, a key nested in a value
    other = {"id": "p1", "sessionID": "s1", "messageID": "m1", "type": "text", "text": "x"}
    assert json_format(json.dumps(other).encode()) is None
    nested = {"event": text_part("prt_1", SUMMARY, "x"), "sessionID": "s1"}
    assert json_format(json.dumps(nested).encode()) is None


# ---------------------------------------------------------------- the SQLite database

SCHEMA = """
CREATE TABLE `project` (`id` text PRIMARY KEY, `worktree` text NOT NULL);
CREATE TABLE `session` (`id` text PRIMARY KEY, `project_id` text NOT NULL,
 `title` text NOT NULL, `time_created` integer NOT NULL, `time_updated` integer NOT NULL);
CREATE TABLE `message` (`id` text PRIMARY KEY, `session_id` text NOT NULL,
 `time_created` integer NOT NULL, `time_updated` integer NOT NULL, `data` text NOT NULL);
CREATE TABLE `part` (`id` text PRIMARY KEY, `message_id` text NOT NULL,
 `session_id` text NOT NULL, `time_created` integer NOT NULL,
 `time_updated` integer NOT NULL, `data` text NOT NULL);
CREATE INDEX `part_message_id_id_idx` ON `part` (`message_id`,`id`);
"""


def stored(record: dict[str, Any], *ids: str) -> str:
    """A record as a ``data`` column holds it: compact JSON, less the ids of its columns."""
    return json.dumps({k: v for k, v in record.items() if k not in ids}, separators=(",", ":"))


def database(path: Path, extra_tables: int = 0, part_data: object = None) -> Path:
    db = sqlite3.connect(path)
    db.executescript(SCHEMA)
    for number in range(extra_tables):  # later migrations' tables push the schema past page 1
        db.execute(
            f"CREATE TABLE `table_{number}` (`id` text PRIMARY KEY, `first_column_{number}`"
            " text NOT NULL, `second_column` integer, `third_column` text, `fourth` text)"
        )
    for record in (user(), compaction(), assistant(TURN)):
        row = (record["id"], SESSION, 1, 1, stored(record, "id", "sessionID"))
        db.execute("INSERT INTO message VALUES (?, ?, ?, ?, ?)", row)
    parts = [
        text_part("prt_u1", ASKED, PLAIN),
        text_part("prt_s1", SUMMARY, BODY),
        text_part("prt_t1", TURN, PLAIN),
    ]
    for record in parts:
        data = stored(record, "id", "sessionID", "messageID")
        if part_data is not None and record["id"] == "prt_u1":
            data = part_data  # type: ignore[assignment]
        row = (record["id"], record["messageID"], SESSION, 1, 1, data)
        db.execute("INSERT INTO part VALUES (?, ?, ?, ?, ?, ?)", row)
    db.commit()
    db.close()
    return path


def test_a_compactions_part_row_is_linted_at_its_rowid_and_offset(tmp_path):
    path = database(tmp_path / "opencode.db")
    found = [s for s in read(path) if isinstance(s, SummarySource)]
    assert len(found) == 1 and found[0].thread == f"opencode:{SESSION}"
    block = next(b for b in found[0].blocks if "as noted above" in b.text)
    line, column = block.positions.locate(block.text.index("as noted above"))
    data = stored(text_part("prt_s1", SUMMARY, BODY), "id", "sessionID", "messageID")
    assert line == 2  # the summary's part is the second row of table part
    assert column == data.index("as noted above") + 1
    assert codes([path], tmp_path) == [("opencode.db", 2, "ANC101"), ("opencode.db", 2, "ANC104")]


def test_a_damaged_part_row_under_an_ordinary_message_is_passed_in_silence(tmp_path):
    """SQLite keeps any value in any column; a part of the user's turn stored as a blob is
    no summary's, damaged or not: no note, and the summary is still read."""
    path = database(tmp_path / "opencode.db", part_data=b'{"summary":"text","type":"text"}')
    assert [p.message for p in read(path) if isinstance(p, RecordProblem)] == []
    assert len([s for s in read(path) if isinstance(s, SummarySource)]) == 1


def test_a_part_row_of_the_wrong_type_under_a_summary_is_noted(tmp_path):
    path = database(tmp_path / "opencode.db")
    db = sqlite3.connect(path)
    db.execute("UPDATE part SET data = CAST(data AS BLOB) WHERE id = 'prt_s1'")
    db.commit()
    db.close()
    assert [(p.line, p.message) for p in read(path) if isinstance(p, RecordProblem)] == [
        (2, "part rowid 2 skipped: data stored as a blob, not text")
    ]


def test_a_database_whose_schema_is_past_its_first_page_is_found_in_a_walk(tmp_path):
    path = database(tmp_path / "opencode.db", extra_tables=40)
    head = path.read_bytes()[:SNIFF_BYTES]
    assert b"CREATE TABLE `part`" not in head  # the schema is not in the head
    assert is_transcript_db(head)
    walked = run_cli("check", "--no-cache", str(tmp_path)).stdout.splitlines()
    assert [line.split()[1] for line in walked] == ["ANC104", "ANC101"]
    assert all(line.startswith(f"{path}:2:") for line in walked)


def test_a_view_named_part_is_not_read(tmp_path):
    path = tmp_path / "opencode.db"
    db = sqlite3.connect(path)
    db.executescript(SCHEMA.replace("`part`", "`part_rows`"))
    db.execute("CREATE VIEW part AS SELECT * FROM part_rows")
    db.commit()
    db.close()
    assert read(path) == []


def test_a_database_of_other_tables_named_message_and_part_is_not_read(tmp_path):
    path = tmp_path / "shop.db"
    db = sqlite3.connect(path)
    db.executescript(
        "CREATE TABLE message (id INTEGER PRIMARY KEY, body TEXT);"
        "CREATE TABLE part (id INTEGER PRIMARY KEY, name TEXT, session_id TEXT);"
        "INSERT INTO message VALUES (1, 'As noted above, the order ships.');"
    )
    db.commit()
    db.close()
    assert read(path) == []


def test_a_storage_copied_into_the_database_reports_each_summary_once(tmp_path):
    """On its first start a database release copies the file storage into ``opencode.db``
    and leaves the files: the part is one summary (its id and session are the same in its
    file and its row), reported once, in the first path in sorted order."""
    files = session(tmp_path / "storage")
    path = database(tmp_path / "opencode.db")
    walked = run_cli("check", "--no-cache", str(tmp_path)).stdout.splitlines()
    assert [line.split()[1] for line in walked] == ["ANC104", "ANC101"]
    assert all(line.startswith(f"{path}:2:") for line in walked)
    assert str(files["summary"]) not in "\n".join(walked)


def test_a_large_schema_of_other_tables_is_still_told_it_is_no_schema_read(tmp_path):
    """A database whose schema runs past its first page is read in a walk to learn whose it
    is; one of nobody's tables is passed in silence there, and told so when named."""
    path = database(tmp_path / "app.db", extra_tables=40)
    db = sqlite3.connect(path)
    db.execute("ALTER TABLE part RENAME TO part_archive")
    db.commit()
    db.close()
    assert is_transcript_db(path.read_bytes()[:SNIFF_BYTES])
    walked = run_cli("check", "--no-cache", str(tmp_path))
    assert (walked.returncode, walked.stdout, walked.stderr) == (0, "", "")
    named = run_cli("check", "--no-cache", str(path))
    assert named.returncode == 0
    assert "a SQLite database of no schema anchorlint reads" in named.stderr


def test_an_opencode_database_with_no_compaction_is_told_so(tmp_path):
    path = database(tmp_path / "opencode.db", extra_tables=40)
    db = sqlite3.connect(path)
    db.execute("DELETE FROM part WHERE message_id = ?", (SUMMARY,))
    db.commit()
    db.close()
    named = run_cli("check", "--no-cache", str(path))
    assert (named.returncode, named.stdout) == (0, "")
    assert "no summary found: the transcript holds no compaction summary" in named.stderr


def test_a_damaged_database_of_unknown_tables_met_in_a_walk_is_no_finding(tmp_path):
    """Its head cannot say whose it is, and its schema cannot be read: a note, not ANC001
    (a database whose head shows a transcript's tables is still ANC001 when damaged)."""
    path = database(tmp_path / "cache.db", extra_tables=40)
    raw = bytearray(path.read_bytes())
    raw[4096 + 8 :] = b"A" * (len(raw) - 4096 - 8)  # every page past the first overwritten
    path.write_bytes(bytes(raw))
    walked = run_cli("check", "--no-cache", str(tmp_path))
    assert (walked.returncode, walked.stdout) == (0, "")
    assert "SQLite database not read: database disk image is malformed" in walked.stderr
