"""Qwen Code sessions (``~/.qwen/projects/<project>/chats/<sessionId>.jsonl``).

Qwen Code is a gemini-cli fork whose session records look like Claude Code's at their top
level (``uuid``, ``parentUuid``, ``sessionId``, ``type``, ``cwd``, ``version``), while their
``message`` is gemini's content (``role`` and ``parts``) and their system events carry a
``systemPayload``: the sniffer tells them apart by those.

A summary is a ``type: "system"``, ``subtype: "chat_compression"`` record: the compressed
history it stores (``systemPayload.compressedHistory``) opens with the summary, a user
content whose text parts are the summary (a ``<state_snapshot>`` envelope). Not read: the
model's "Got it" reply after it and the kept turns after that, the compression's token
counts, every other record (user and assistant turns, tool results, telemetry, titles).

Thread: the session id; generations: compactions in file order.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from anchorlint.text.documents import RecordProblem, SummarySource
from anchorlint.text.documents.transcripts import common

_SUBTYPE = "chat_compression"
_MARKERS = (f'"{_SUBTYPE}"',)
_TEXTS = ("systemPayload", "compressedHistory", "[]", "parts", "[]", "text")


def read(
    path: str, lines: Iterable[str], first_line: int = 1
) -> Iterator[SummarySource | RecordProblem]:
    for number, raw in common.marked_lines(lines, first_line, _MARKERS):
        record = common.load(raw)
        if record is None:
            yield from common.unreadable(raw, number)
        elif isinstance(record, dict) and _is_compression(record):
            yield from _summary(path, raw, number, record)


def _is_compression(record: dict[str, Any]) -> bool:
    return record.get("type") == "system" and record.get("subtype") == _SUBTYPE


def _summary(path: str, raw: str, number: int, record: dict[str, Any]) -> Iterator[SummarySource]:
    count = _summary_parts(record.get("systemPayload"))
    if not count:
        return
    values = common.located(raw, number, [_TEXTS])[:count]
    session = common.record_id(record.get("sessionId")) or path
    thread = common.native_thread("qwen-code", session)
    yield common.summary(path, values, thread, record=common.record_id(record.get("uuid")))


def _summary_parts(payload: Any) -> int:
    """How many text parts the summary has: the first content of the compressed history,
    when it is the user's (the summary stands in the user's turn); 0 when there is none."""
    history = payload.get("compressedHistory") if isinstance(payload, dict) else None
    if not isinstance(history, list) or not history or not isinstance(history[0], dict):
        return 0
    first = history[0]
    parts = first.get("parts")
    if first.get("role") != "user" or not isinstance(parts, list):
        return 0
    return sum(1 for p in parts if isinstance(p, dict) and isinstance(p.get("text"), str))
