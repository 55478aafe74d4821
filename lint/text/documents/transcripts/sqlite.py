"""Transcripts kept in SQLite: LangGraph checkpoints and Letta messages, opened read-only.

A database is recognised by its schema (a ``checkpoints`` table with LangGraph's columns, or
a ``messages`` table with Letta's), never by its name. Positions: the database file, line =
the row's rowid in the table that holds summaries (``checkpoints`` or ``messages``, one per
format), column = 1 + the offset of the text in the stored value (bytes of a LangGraph blob,
characters of a Letta column). Editors, CI annotations and SARIF carry a path, a line and a
column; a table name and a rowid fit there without a new location kind, and the message
names the table.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

from anchorlint.text.documents import RecordProblem, SummarySource
from anchorlint.text.documents.jsonrecords import FieldValue
from anchorlint.text.documents.transcripts import langgraph, letta
from anchorlint.text.documents.transcripts.common import native_thread, row_map, summary

SQLITE_MAGIC = b"SQLite format 3\x00"
_LANGGRAPH = {"thread_id", "checkpoint_ns", "checkpoint_id", "type", "checkpoint"}
_LETTA = {"id", "role", "content", "agent_id", "sequence_id"}


def schema_of(head: bytes) -> str | None:
    """``langgraph``, ``letta`` or None, from the first bytes (the schema sits in page 1)."""
    if not head.startswith(SQLITE_MAGIC):
        return None
    if b"CREATE TABLE" in head and b"checkpoints" in head and b"checkpoint_ns" in head:
        return "langgraph"
    if b"messages" in head and b"sequence_id" in head and b"agent_id" in head:
        return "letta"
    return None


def _columns(db: sqlite3.Connection, table: str) -> set[str]:
    return {row[0] for row in db.execute("SELECT name FROM pragma_table_info(?)", (table,))}


def read(path: str) -> Iterator[SummarySource | RecordProblem]:
    try:
        db = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        yield RecordProblem(1, 1, f"cannot open SQLite database: {exc}", "ANC001")
        return
    try:
        if _columns(db, "checkpoints") >= _LANGGRAPH:
            yield from _langgraph(path, db)
        elif _columns(db, "messages") >= _LETTA:
            yield from _letta(path, db)
    except sqlite3.Error as exc:
        yield RecordProblem(1, 1, f"unusable SQLite database: {exc}", "ANC001")
    finally:
        db.close()


def _langgraph(path: str, db: sqlite3.Connection) -> Iterator[SummarySource | RecordProblem]:
    rows = db.execute(
        "SELECT rowid, thread_id, checkpoint_ns, type, checkpoint FROM checkpoints"
        " ORDER BY thread_id, checkpoint_ns, checkpoint_id"
    )
    last: dict[tuple[str, str], str] = {}
    for rowid, thread_id, ns, kind, blob in rows:
        try:
            found = langgraph.running_summary(kind, blob)
        except langgraph.Skipped as why:
            yield RecordProblem(rowid, 1, f"checkpoints rowid {rowid} skipped: {why}", "note")
            continue
        key = (str(thread_id), str(ns or ""))
        if found is None or last.get(key) == found.text:
            continue  # every later checkpoint repeats an unchanged summary
        last[key] = found.text
        value = FieldValue(found.text, row_map(found.text, rowid, found.offset, utf8=True))
        name = key[0] if not key[1] else f"{key[0]}/{key[1]}"
        yield summary(path, [value], native_thread("langgraph", name))


def _letta(path: str, db: sqlite3.Connection) -> Iterator[SummarySource | RecordProblem]:
    has_conversation = "conversation_id" in _columns(db, "messages")
    conversation = "conversation_id" if has_conversation else "NULL"
    rows = db.execute(
        f"SELECT rowid, role, content, text, agent_id, {conversation} FROM messages"  # noqa: S608 - fixed names
        " WHERE role IN ('summary', 'user') ORDER BY agent_id, sequence_id"
    )
    for rowid, role, content, text, agent, conv in rows:
        body = letta.row_summary(role, content, text, rowid)
        if body is not None:
            name = str(agent) if not conv else f"{agent}/{conv}"
            yield summary(path, [body], native_thread("letta", name))
