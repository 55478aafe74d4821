"""Checkpoint databases made to hurt the reader: extension values nested until the decoder's
C stack gives out, and a ``checkpoints`` view over an endless query. Both are found in a walk
of a stranger's repository; the run must go on and end."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.conftest import run_cli
from tests.test_transcripts_seventeenth_sweep import (
    ANAPHORA,
    checkpoint,
    checkpoint_db,
    codes,
    notes,
    running_summary,
)

msgpack = pytest.importorskip("msgpack")


def nested_ext(depth: int) -> bytes:
    """A checkpoint whose context channel holds extension values ``depth`` levels deep, the
    summary class's name beside it so the blob is decoded."""
    inner = msgpack.packb("x")
    for _ in range(depth):
        inner = msgpack.packb(msgpack.ExtType(2, inner))
    values = {"context": msgpack.ExtType(2, inner), "note": "RunningSummary"}
    return msgpack.packb({"v": 4, "channel_values": values})


def test_extension_values_nested_hundreds_deep_are_a_noted_row(tmp_path: Path) -> None:
    """Each nested extension value was decoded by a new unpacker on the C stack: 200 levels
    ended the process with a segmentation fault and no output. The row is noted now, and
    the database's real summary, in the row after it, is still linted."""
    summary = f"Refund of order 58213 was approved.\n\n{ANAPHORA}"
    path = checkpoint_db(
        tmp_path / "checkpoints.sqlite",
        [
            ("t1", "a", "msgpack", nested_ext(400)),
            (
                "t2",
                "a",
                "msgpack",
                checkpoint({"context": {"running_summary": running_summary(summary)}}),
            ),
        ],
    )
    assert notes(path) == [(1, "checkpoints rowid 1 skipped: extension values nested over 32 deep")]
    assert ("checkpoints.sqlite", 2, "ANC101") in codes([path], tmp_path)
    done = run_cli("check", "--no-cache", "--jobs", "1", str(path))
    assert done.returncode == 1
    assert "nested over 32 deep" in done.stderr


def test_the_nesting_langgraph_writes_is_read(tmp_path: Path) -> None:
    """A running summary inside a channel value inside a checkpoint: well under the bound."""
    inner = {"context": {"running_summary": running_summary(f"Order 58213 refunded. {ANAPHORA}")}}
    path = checkpoint_db(tmp_path / "c.sqlite", [("t1", "a", "msgpack", checkpoint(inner))])
    assert notes(path) == []
    assert ("c.sqlite", 1, "ANC101") in codes([path], tmp_path)


def endless_view(path: Path) -> Path:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE unused (thread_id, checkpoint_ns, checkpoint_id, type, checkpoint)")
    db.execute(
        "CREATE VIEW checkpoints AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1"
        " FROM r) SELECT 't' AS thread_id, '' AS checkpoint_ns, n AS checkpoint_id,"
        " 'msgpack' AS type, x'80' AS checkpoint FROM r"
    )
    db.commit()
    db.close()
    return path


def test_a_checkpoints_view_over_an_endless_query_is_not_read(tmp_path: Path) -> None:
    """A walk took the file for a LangGraph database and sorted the view's endless rows,
    spilling a gigabyte of temporary files a minute and never ending. Only stored tables
    are read; the walk's other files are linted."""
    tree = tmp_path / "tree"
    tree.mkdir()
    endless_view(tree / "cp.sqlite")
    (tree / "notes.md").write_text("As noted earlier, the cap was raised.\n", encoding="utf-8")
    done = run_cli("check", "--no-cache", str(tree))
    assert "notes.md:1:1: ANC101" in done.stdout
    assert "internal error" not in done.stderr


def test_a_letta_messages_view_is_not_read_either(tmp_path: Path) -> None:
    path = tmp_path / "sqlite.db"
    db = sqlite3.connect(path)
    db.execute(
        "CREATE VIEW messages AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1"
        " FROM r) SELECT n AS id, 'summary' AS role, 'x' AS content, 'x' AS text,"
        " 'a' AS agent_id, n AS sequence_id FROM r"
    )
    db.commit()
    db.close()
    done = run_cli("check", "--no-cache", str(path))
    assert "internal error" not in done.stderr
    assert done.returncode in (0, 1)
