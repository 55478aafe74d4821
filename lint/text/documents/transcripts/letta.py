"""Letta messages: agent files (``.af`` JSON exports) and the server's ``messages`` table.

These are the decoders, functions over a message's column values or a located string, with
no database in them: the SQLite reader (:mod:`.sqlite`) and readers of other stores that
hold the same rows (a Postgres export, say) share them.

A summary is a message of role ``summary`` (older: ``user``) whose one text part is a JSON
envelope ``{"type": "system_alert", "message": "<preamble> The following is a summary of
the previous … messages:\\n <summary>", …}``; the body is what follows that sentence. The
envelope is a JSON string inside the part's JSON string, so positions go through both
escapings. Not summaries: a token-limit warning or a "hidden … stored in Recall Memory"
alert (no summary sentence), login and heartbeat envelopes, tool returns, memory blocks.

Thread: the agent (and its conversation, when set); generations: ``sequence_id`` order.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from anchorlint.text.documents import RecordProblem, SummarySource
from anchorlint.text.documents.jsonrecords import FieldValue, LineIndex
from anchorlint.text.documents.transcripts.common import (
    OffsetIndex,
    RowIndex,
    load,
    located,
    native_thread,
    nested,
    row_map,
    sliced,
    summary,
    unreadable,
)
from anchorlint.text.documents.transcripts.wrappers import letta_body

ALERT = "system_alert"
SENTENCE = "The following is a summary of the previous"


def candidate(role: object, stored: object) -> bool:
    """The cheap test on a row or a message before any JSON is decoded (a stored value
    that is no text, as a store of any type may hand over, holds no summary)."""
    if role not in ("summary", "user") or not isinstance(stored, str) or not stored:
        return False
    return ALERT in stored and SENTENCE in stored


def unwrap(envelope: FieldValue) -> FieldValue | None:
    """The summary body of one envelope (a decoded part text with its map to the file), or
    None when it is no summary envelope."""
    data = load(envelope.text)
    if not isinstance(data, dict) or data.get("type") != ALERT:
        return None
    if not isinstance(data.get("message"), str) or SENTENCE not in data["message"]:
        return None
    inner = next(iter(located(envelope.text, 1, [("message",)], index=OffsetIndex())), None)
    if inner is None:
        return None
    start = letta_body(inner.text)
    if start is None:
        return None
    return nested(envelope, sliced(inner, start, len(inner.text)))


def part_texts(stored: str, positions_of: Any) -> list[FieldValue]:
    """The ``text`` strings of a stored part list (``[{"type": "text", "text": …}]``)."""
    return located(stored, 1, [("[]", "text")], index=positions_of)


def row_summary(role: object, content: object, text: object, row: int) -> FieldValue | None:
    """The body of a ``messages`` row (its ``content`` JSON, or the legacy ``text`` column
    when ``content`` is empty), positioned at line ``row``, column 1 + the offset in the
    stored value; None for a row that is no summary."""
    if candidate(role, content):
        assert isinstance(content, str)
        for part in part_texts(content, RowIndex(row)):
            body = unwrap(part)
            if body is not None:
                return body
        return None
    if not content and candidate(role, text):
        assert isinstance(text, str)
        return unwrap(FieldValue(text, row_map(text, row)))
    return None


def read_agent_file(path: str, text: str) -> Iterator[SummarySource | RecordProblem]:
    """An ``.af`` export: ``{"agents": [{"id", "messages": […]}, …]}`` (current) or one agent
    object with ``messages`` (v1)."""
    if SENTENCE not in text:
        return
    data = load(text)
    if not isinstance(data, dict):
        yield from unreadable(text) if data is None else ()
        return
    if isinstance(data.get("agents"), list):
        agents, prefix = data["agents"], ("agents", "[]", "messages", "[]")
    else:
        agents, prefix = [data], ("messages", "[]")  # type: ignore[assignment]
    values = iter(located(text, 1, [(*prefix, "content", "[]", "text")], index=LineIndex(text)))
    for number, agent in enumerate(agents):
        messages = agent.get("messages") if isinstance(agent, dict) else None
        ident = str(agent.get("id") or number) if isinstance(agent, dict) else str(number)
        thread = native_thread("letta", f"{path}#{ident}")
        for message in messages if isinstance(messages, list) else []:
            parts = _parts(message)
            texts = [v for v in (next(values, None) for _ in range(parts)) if v is not None]
            role = message.get("role") if isinstance(message, dict) else None
            for part in texts:
                body = unwrap(part) if candidate(role, part.text) else None
                if body is not None:
                    yield summary(path, [body], thread)
                    break


def _parts(message: Any) -> int:
    content = message.get("content") if isinstance(message, dict) else None
    if not isinstance(content, list):
        return 0
    return sum(1 for p in content if isinstance(p, dict) and isinstance(p.get("text"), str))
