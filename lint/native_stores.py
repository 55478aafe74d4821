"""LangGraph and Letta where a deployment keeps them: PostgreSQL, read in their own shapes.

``anchorlint check postgresql://…`` with no ``--table`` or ``--query`` looks for an agent
framework's own tables (or the one ``--input-format`` names) and reads its summaries:

- LangGraph's Postgres saver keeps each channel value apart from its checkpoint, in
  ``checkpoint_blobs`` (``thread_id``, ``checkpoint_ns``, ``channel``, ``version``, ``type``,
  ``blob``). A langmem ``RunningSummary`` sits in channel ``context`` (key
  ``running_summary``) or ``summary``, a summary of LangChain's summarization middleware in
  ``messages`` or deepagents' ``_summarization_event``; only rows whose bytes hold
  ``RunningSummary`` or ``lc_source`` are fetched at all (the test runs in the server),
  and each is decoded by the transcript reader's decoder
  (:func:`~anchorlint.text.documents.transcripts.langgraph.channel_summary`: msgpack, no
  LangGraph import, a pickled row never loaded but named on stderr). Thread: the thread and
  namespace; generations: channel versions in order, an unchanged summary once.
- Letta's server keeps ``messages`` (``id``, ``role``, ``content`` JSON, ``text``,
  ``agent_id``, ``sequence_id``); only rows of role ``summary`` or ``user`` holding a
  ``system_alert`` are fetched, and unwrapped by the same decoder as the SQLite reader
  (:func:`~anchorlint.text.documents.transcripts.letta.row_summary`). Thread: the agent (and
  conversation); generations: ``sequence_id`` order.

Each summary is then a row like any table's: named ``URL#table[id]`` (the channel's
``thread/namespace/channel/version``, the message id), its findings at lines and columns
inside its text.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

from anchorlint.databases import Query, _postgres

#: the table each framework keeps its summaries in, and the columns that say it is theirs
TABLES = {"langgraph": "checkpoint_blobs", "letta": "messages"}
_COLUMNS = {
    "langgraph": {"thread_id", "checkpoint_ns", "channel", "version", "type", "blob"},
    "letta": {"id", "role", "content", "agent_id", "sequence_id"},
}
_LANGGRAPH = (
    "SELECT thread_id, checkpoint_ns, channel, version, type, blob FROM checkpoint_blobs"
    " WHERE channel = ANY(%s)"
    " AND (position(%s::bytea in blob) > 0 OR position(%s::bytea in blob) > 0)"
    " ORDER BY thread_id, checkpoint_ns, version"
)
_LETTA = (
    "SELECT id, role, content::text, {text}, agent_id, {conversation} FROM messages"
    " WHERE role IN ('summary', 'user')"
    " AND (content::text LIKE '%%system_alert%%' OR {text} LIKE '%%system_alert%%')"
    " ORDER BY agent_id, sequence_id"
)


def native_format(query: Query, wanted: str) -> str | None:
    """The framework whose tables the database holds: ``wanted`` (``input-format``) when it
    names one, else the first whose table has its columns; None when neither."""
    candidates = [wanted] if wanted in TABLES else list(TABLES)
    with _postgres(query) as (connection, _):
        for fmt in candidates:
            if _columns(connection, TABLES[fmt]) >= _COLUMNS[fmt]:
                return fmt
    return None


def _columns(connection: Any, table: str) -> set[str]:
    found = connection.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_name = %s"
        " AND table_schema = ANY(current_schemas(false))",
        (table,),
    )
    return {row[0] for row in found}


def native_rows(query: Query, fmt: str, batch_rows: int) -> Iterator[list[Any]]:
    """The summaries of ``fmt``'s table as rows (:class:`anchorlint.records.Row`), in
    batches of about ``batch_rows``."""
    with _postgres(query) as (connection, _):
        read = _langgraph if fmt == "langgraph" else _letta
        batch: list[Any] = []
        for row in read(connection, query):
            batch.append(row)
            if len(batch) >= batch_rows:
                yield batch
                batch = []
        if batch:
            yield batch


def _langgraph(connection: Any, query: Query) -> Iterator[Any]:
    from anchorlint.records import Row
    from anchorlint.text.documents.transcripts import langgraph
    from anchorlint.text.documents.transcripts.common import native_thread

    last: dict[tuple[str, str], str] = {}
    generation: dict[tuple[str, str], int] = {}
    with connection.cursor(name="anchorlint_langgraph") as cursor:
        cursor.execute(_LANGGRAPH, (list(langgraph.CHANNELS), *langgraph.MARKERS))
        for thread_id, ns, channel, version, kind, blob in cursor:
            name = "/".join((str(thread_id), str(ns or ""), str(channel), str(version)))
            try:
                found = langgraph.channel_summary(channel, kind, bytes(blob or b""))
            except langgraph.Skipped as why:
                note = f"{query.label}: checkpoint_blobs {name} skipped: {why}"
                warnings.warn(_note(note), stacklevel=1)
                continue
            key = (str(thread_id), str(ns or ""))
            if found is None or last.get(key) == found.text:
                continue  # a later version repeating an unchanged summary
            last[key] = found.text
            generation[key] = generation.get(key, 0) + 1
            thread = native_thread("langgraph", key[0] if not key[1] else f"{key[0]}/{key[1]}")
            yield Row(name, found.text, thread, float(generation[key]))


def _letta(connection: Any, query: Query) -> Iterator[Any]:
    from anchorlint.records import Row
    from anchorlint.text.documents.transcripts import letta
    from anchorlint.text.documents.transcripts.common import native_thread

    names = _columns(connection, "messages")
    text = "text" if "text" in names else "NULL::text"
    conversation = "conversation_id" if "conversation_id" in names else "NULL::text"
    statement = _LETTA.format(text=text, conversation=conversation)
    generation: dict[str, int] = {}
    with connection.cursor(name="anchorlint_letta") as cursor:
        cursor.execute(statement)
        for ident, role, content, legacy, agent, conv in cursor:
            body = letta.row_summary(role, content, legacy, 1)
            if body is None:
                continue
            thread = str(agent) if not conv else f"{agent}/{conv}"
            generation[thread] = generation.get(thread, 0) + 1
            yield Row(str(ident), body.text, native_thread("letta", thread),
                      float(generation[thread]))  # fmt: skip


def _note(message: str) -> Warning:
    from anchorlint.config import TranscriptNote

    return TranscriptNote(message)
