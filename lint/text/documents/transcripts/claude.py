"""Claude Code sessions (``~/.claude/projects/<slug>/<sessionId>.jsonl``).

A summary is a ``type: "user"`` record with ``isCompactSummary: true``, its text in
``message.content`` (a string, or ``text`` blocks in older versions); versions before the
flag wrote a plain user record opening with the fixed continuation preamble, and that is a
summary too. Not summaries: ``type: "summary"`` records (session titles), ``ai-title`` and
``custom-title``, the ``compact_boundary`` marker, ``away_summary``, the ``/compact`` command
and its echo, the plan-mode handoff, and tool results quoting the preamble.

Only lines holding one of two byte strings are decoded at all; the rest cost one search.
Thread: the session id; generations: compactions in file order. A resumed session's file
starts with copies of the records it resumes from (same ``uuid``, same ``sessionId``): a
summary carries its ``uuid`` as its record id, and the run lints each (session, uuid) once,
whichever files and chunks hold it (:mod:`anchorlint.run.copies`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from anchorlint.text.documents import RecordProblem, SummarySource
from anchorlint.text.documents.jsonrecords import LineIndex
from anchorlint.text.documents.jsonrecords import _array_items as array_items
from anchorlint.text.documents.transcripts.common import (
    load,
    located,
    marked_lines,
    native_thread,
    record_id,
    sliced,
    summary,
    unreadable,
)
from anchorlint.text.documents.transcripts.wrappers import CLAUDE_PREAMBLES, claude_body

_FLAG = ("isCompactSummary", "This session is being continued from a previous conversation")
_TEXTS = (("message", "content"), ("message", "content", "[]", "text"))


def read(
    path: str, lines: Iterable[str], first_line: int = 1
) -> Iterator[SummarySource | RecordProblem]:
    seen: set[tuple[str, str]] = set()
    for number, raw in marked_lines(lines, first_line, _FLAG):
        record = load(raw)
        if isinstance(record, dict):
            yield from _summary_of(path, record, raw, seen, line=number)
        elif record is None:
            yield from unreadable(raw, number)


def read_document(path: str, text: str) -> Iterator[SummarySource | RecordProblem]:
    """Claude Code records kept as a JSON document: one record, an array of them (a
    compaction copied out of its session, an export), or a session downloaded from the web
    app (``{"loglines": [records]}``)."""
    if not any(flag in text for flag in _FLAG):
        return
    data, index, seen = load(text), LineIndex(text), set[tuple[str, str]]()
    if data is None:
        yield from unreadable(text)
    wrapped = _LOGLINES.match(text) if isinstance(data, dict) else None
    if wrapped is not None and isinstance(data, dict) and isinstance(data.get("loglines"), list):
        yield from _records(path, data["loglines"], text, wrapped.end() - 1, index, seen)
    elif isinstance(data, dict):
        yield from _summary_of(path, data, text, seen, index=index)
    elif isinstance(data, list):
        yield from _records(path, data, text, 0, index, seen)


#: ``{"loglines": [``: a session downloaded from the web app, its records in one array
_LOGLINES = re.compile(r'\A\s*\{\s*"loglines"\s*:\s*\[')


def _records(
    path: str,
    records: list[Any],
    text: str,
    base: int,
    index: LineIndex,
    seen: set[tuple[str, str]],
) -> Iterator[SummarySource]:
    """The summaries among the records of the array that opens at ``text[base]``."""
    for number, (start, end) in enumerate(array_items(text[base:] if base else text)):
        record = records[number] if number < len(records) else None
        if isinstance(record, dict):
            raw = text[base + start : base + end]
            yield from _summary_of(path, record, raw, seen, base + start, index)


def _summary_of(
    path: str,
    record: dict[str, Any],
    raw: str,
    seen: set[tuple[str, str]],
    base: int = 0,
    index: LineIndex | None = None,
    line: int = 1,
) -> Iterator[SummarySource]:
    """The record's summary, when it is one (``raw`` its JSON text, at offset ``base`` of
    the file whose lines ``index`` knows; or on line ``line`` of a JSON Lines file)."""
    if not _is_summary(record):
        return
    # a ``claude -p --output-format stream-json`` log names it ``session_id``
    session = record.get("sessionId") or record.get("session_id")
    thread = native_thread("claude-code", str(session) if session else path)
    uuid = record_id(record.get("uuid"))
    if uuid is not None:
        # a resumed session copies the records it resumes from; a forked one gives its
        # copies a new sessionId, so they are its own (the run does this across files)
        if (thread, uuid) in seen:
            return
        seen.add((thread, uuid))
    texts = located(raw, line, _TEXTS, base, index)
    if not texts:
        return
    bodies = []
    for number, value in enumerate(texts):
        start, end = claude_body(value.text, first=number == 0, last=number == len(texts) - 1)
        bodies.append(sliced(value, start, end))
    yield summary(path, bodies, thread, record=uuid)


def _is_summary(record: dict[str, Any]) -> bool:
    if record.get("type") != "user" or record.get("isMeta") is True:
        return False
    message = record.get("message")
    if not isinstance(message, dict):
        return False
    if record.get("isCompactSummary") is True:
        return True
    first = _first_text(message.get("content"))
    return first is not None and first.startswith(CLAUDE_PREAMBLES)


def _first_text(content: object) -> str | None:
    """The record's first text: the string content, or the first block when it is a
    ``text`` block (a tool result quoting the preamble is no summary)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list) and content and isinstance(content[0], dict):
        block = content[0]
        if block.get("type") == "text" and isinstance(block.get("text"), str):
            return str(block["text"])
    return None
