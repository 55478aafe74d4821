"""Transcripts kept in SQLite: LangGraph checkpoints, Letta messages and opencode's parts,
opened read-only.

A database is recognised by its schema (a ``checkpoints`` table with LangGraph's columns, a
``messages`` table with Letta's, or opencode's ``message`` and ``part`` tables), never by
its name. Positions: the database file, line = the row's rowid in the table that holds
summaries (``checkpoints``, ``messages`` or ``part``, one per format), column = 1 + the
offset of the text in the stored value (bytes of a LangGraph blob, characters of a Letta or
opencode column). Editors, CI annotations and SARIF carry a path, a line and a
column; a table name and a rowid fit there without a new location kind, and the message
names the table.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

from anchorlint.run.kinds import SNIFF_BYTES
from anchorlint.text.documents import RecordProblem, SummarySource
from anchorlint.text.documents.jsonrecords import FieldValue
from anchorlint.text.documents.transcripts import langgraph, letta, opencode
from anchorlint.text.documents.transcripts.common import (
    load,
    native_thread,
    record_id,
    row_map,
    summary,
)

SQLITE_MAGIC = b"SQLite format 3\x00"
_LANGGRAPH = {"thread_id", "checkpoint_ns", "checkpoint_id", "type", "checkpoint"}
_LETTA = {"id", "role", "content", "agent_id", "sequence_id"}
_OPENCODE = {"message": {"id", "session_id", "data"}, "part": {"id", "message_id", "data"}}


def schema_of(head: bytes) -> str | None:
    """``langgraph``, ``letta``, ``opencode`` or None, from the first bytes (the schema sits
    in page 1, or the pages after it when it is long: opencode's many tables may push
    ``part`` past the window; a database named on the command line is read whatever its
    head shows)."""
    if not head.startswith(SQLITE_MAGIC):
        return None
    if b"CREATE TABLE" in head and b"checkpoints" in head and b"checkpoint_ns" in head:
        return "langgraph"
    if b"messages" in head and b"sequence_id" in head and b"agent_id" in head:
        return "letta"
    if b"CREATE TABLE `part`" in head and b"`message_id`" in head and b"`session_id`" in head:
        return "opencode"
    return None


def schema_beyond(head: bytes) -> bool:
    """Whether a SQLite file's schema does not fit in its first page (page 1, the schema
    table's root, is an interior page: it holds the child pages' numbers, no table's SQL),
    so its head cannot say whose it is: the database's own schema table is asked instead
    (opencode's, after its migrations, is such a one)."""
    return head.startswith(SQLITE_MAGIC) and head[100:101] == _INTERIOR_PAGE


_INTERIOR_PAGE = b"\x05"


def _columns(db: sqlite3.Connection, table: str) -> set[str]:
    found = db.execute("SELECT name FROM pragma_table_info(?)", (table,))
    return {_name(row[0]) for row in found}


def _stored(db: sqlite3.Connection, table: str) -> bool:
    """Whether ``table`` is a table whose rows are stored. A view of that name computes its
    rows when read, and one over an endless recursive query never stops (its sort spilling
    to temporary files all the while): no agent writes its transcript as a view, and a
    database found in a walk is a stranger's bytes."""
    found = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (table,))
    return found.fetchone() is not None


def _connect(path: str) -> sqlite3.Connection:
    return sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)


def schema_in(path: str) -> str | None:
    """Whose tables the database at ``path`` holds, asked of its own schema table
    (read-only); None when it holds none anchorlint reads, or cannot be read."""
    try:
        db = _connect(path)
    except sqlite3.Error:
        return None
    try:
        return _schema(db)
    except sqlite3.Error:
        return None
    finally:
        db.close()


def read(path: str) -> Iterator[SummarySource | RecordProblem]:
    try:
        db = _connect(path)
    except sqlite3.Error as exc:
        yield RecordProblem(1, 1, f"cannot open SQLite database: {exc}", "ANC001")
        return
    # text is handed over as bytes and decoded row by row: one value that is no UTF-8 is
    # that row's problem, where the driver's decoding would end the whole file's reading
    db.text_factory = bytes
    fmt: str | None = None
    try:
        fmt = _schema(db)
        if fmt == "langgraph":
            yield from _langgraph(path, db)
        elif fmt == "letta":
            yield from _letta(path, db)
        elif fmt == "opencode":
            yield from _opencode(path, db)
    except sqlite3.Error as exc:
        yield _unusable(path, exc, fmt)
    finally:
        db.close()


def _schema(db: sqlite3.Connection) -> str | None:
    """Whose tables the database holds, asked of its own schema table."""
    if _stored(db, "checkpoints") and _columns(db, "checkpoints") >= _LANGGRAPH:
        return "langgraph"
    if _stored(db, "messages") and _columns(db, "messages") >= _LETTA:
        return "letta"
    if all(_stored(db, t) and _columns(db, t) >= c for t, c in _OPENCODE.items()):
        return "opencode"
    return None


def _unusable(path: str, exc: sqlite3.Error, fmt: str | None) -> RecordProblem:
    """ANC001 for a database that failed while read; while its schema was still asked, only
    a note when its head did not say whose it is (a stranger's database met in a walk,
    locked or damaged, is no transcript anchorlint could vouch was there)."""
    if fmt is None:
        try:
            with open(path, "rb") as handle:
                head = handle.read(SNIFF_BYTES)
        except OSError:
            head = b""
        if schema_of(head) is None and schema_beyond(head):
            return RecordProblem(1, 1, f"SQLite database not read: {exc}", "note")
    return RecordProblem(1, 1, f"unusable SQLite database: {exc}", "ANC001")


class _Damaged(Exception):
    """A row's value of a type its column never holds (SQLite keeps any value in any
    column): the row is a damaged record, noted and passed over."""


def _name(value: object) -> str:
    """An identifier (a thread, a namespace, a type tag) as text, whatever was stored."""
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return "" if value is None else str(value)


def _text(value: object, storage: bytes, column: str) -> str | None:
    """A TEXT value (handed over as bytes) decoded, None for NULL; :class:`_Damaged` for a
    value of another storage class or text that is no UTF-8."""
    if storage == b"null":
        return None
    if storage != b"text" or not isinstance(value, bytes):
        raise _Damaged(f"{column} stored as {_STORAGE.get(storage, _name(storage))}, not text")
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _Damaged(f"{column} is not UTF-8 text (byte {exc.start})") from None


_STORAGE = {b"blob": "a blob", b"integer": "an integer", b"real": "a real number"}


def _langgraph(path: str, db: sqlite3.Connection) -> Iterator[SummarySource | RecordProblem]:
    rows = db.execute(
        "SELECT rowid, thread_id, checkpoint_ns, type, checkpoint, typeof(checkpoint)"
        " FROM checkpoints ORDER BY thread_id, checkpoint_ns, checkpoint_id"
    )
    last: dict[tuple[str, str], str] = {}
    for rowid, thread_id, ns, kind, blob, storage in rows:
        if storage == b"text":  # a checkpoint is bytes: text in its place is no msgpack
            blob = _name(blob)
        try:
            found = langgraph.running_summary(_name(kind), blob)
        except langgraph.Skipped as why:
            yield RecordProblem(rowid, 1, f"checkpoints rowid {rowid} skipped: {why}", "note")
            continue
        key = (_name(thread_id), _name(ns))
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
        "SELECT rowid, role, content, typeof(content), text, typeof(text), agent_id,"  # noqa: S608 - fixed names
        f" {conversation} FROM messages"
        " WHERE role IN ('summary', 'user') ORDER BY agent_id, sequence_id"
    )
    for rowid, role, content, content_storage, text, text_storage, agent, conv in rows:
        try:
            content = _text(content, content_storage, "content")
            text = _text(text, text_storage, "text")
        except _Damaged as why:
            yield RecordProblem(rowid, 1, f"messages rowid {rowid} skipped: {why}", "note")
            continue
        body = letta.row_summary(_name(role), content, text, rowid)
        if body is not None:
            agent_name, conv_name = _name(agent), _name(conv)
            name = agent_name if not conv_name else f"{agent_name}/{conv_name}"
            yield summary(path, [body], native_thread("letta", name))


def _opencode(path: str, db: sqlite3.Connection) -> Iterator[SummarySource | RecordProblem]:
    """The text parts of opencode's flagged messages: the byte tests (run in the database)
    only narrow the rows; each message and part is decoded and checked here."""
    rows = db.execute(
        "SELECT part.rowid, part.id, part.data, typeof(part.data), message.data,"
        " typeof(message.data), message.session_id"
        " FROM part JOIN message ON message.id = part.message_id"
        " WHERE instr(message.data, ?) > 0 AND instr(part.data, ?) > 0"
        " ORDER BY message.session_id, message.id, part.id",
        ('"summary"', '"text"'),
    )
    for rowid, ident, part, part_storage, message, message_storage, session in rows:
        try:  # a part under an ordinary message is none, however it is stored
            if not opencode.is_summary(load(_text(message, message_storage, "message") or "")):
                continue
            part = _text(part, part_storage, "data")
        except _Damaged as why:
            yield RecordProblem(rowid, 1, f"part rowid {rowid} skipped: {why}", "note")
            continue
        body = opencode.row_summary(part or "", rowid)
        if body is not None:
            thread = native_thread("opencode", _name(session))
            yield summary(path, [body], thread, record=record_id(_name(ident)))
