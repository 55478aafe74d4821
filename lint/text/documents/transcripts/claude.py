"""Claude Code sessions (``~/.claude/projects/<slug>/<sessionId>.jsonl``).

A summary is a ``type: "user"`` record with ``isCompactSummary: true``, its text in
``message.content`` (a string, or ``text`` blocks in older versions); versions before the
flag wrote a plain user record opening with the fixed continuation preamble, and that is a
summary too. Not summaries: ``type: "summary"`` records (session titles), ``ai-title`` and
``custom-title``, the ``compact_boundary`` marker, ``away_summary``, the ``/compact`` command
and its echo, the plan-mode handoff, and tool results quoting the preamble.

Only lines holding one of two byte strings are decoded at all; the rest cost one search.
Thread: the session id; generations: compactions in file order.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from anchorlint.text.documents import RecordProblem, SummarySource
from anchorlint.text.documents.transcripts.common import (
    load,
    located,
    marked_lines,
    native_thread,
    sliced,
    summary,
)
from anchorlint.text.documents.transcripts.wrappers import CLAUDE_PREAMBLES, claude_body

_FLAG = ("isCompactSummary", "This session is being continued from a previous conversation")
_TEXTS = (("message", "content"), ("message", "content", "[]", "text"))


def read(
    path: str, lines: Iterable[str], first_line: int = 1
) -> Iterator[SummarySource | RecordProblem]:
    seen: set[str] = set()
    for number, raw in marked_lines(lines, first_line, _FLAG):
        record = load(raw)
        if not isinstance(record, dict) or not _is_summary(record):
            continue
        uuid = record.get("uuid")
        if isinstance(uuid, str):
            if uuid in seen:
                continue
            seen.add(uuid)
        texts = [v for v in located(raw, number, _TEXTS)]
        if not texts:
            continue
        bodies = []
        for index, value in enumerate(texts):
            start, end = claude_body(value.text, first=index == 0, last=index == len(texts) - 1)
            bodies.append(sliced(value, start, end))
        session = record.get("sessionId")
        thread = native_thread("claude-code", str(session) if session else path)
        yield summary(path, bodies, thread)


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
