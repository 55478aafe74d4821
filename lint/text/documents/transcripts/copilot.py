"""GitHub Copilot CLI sessions (``~/.copilot/session-state/<sessionId>/events.jsonl``).

One event a line: ``{"type", "data", "id", "timestamp", "parentId"}``, dotted types
(``session.start``, ``user.message``, ``assistant.message``, ``tool.execution_complete``).
A summary is a ``session.compaction_complete`` event, its text in ``data.summaryContent``;
a failed compaction (``data.success: false``) or one with no text holds none. Not read:
``session.compaction_start``, the checkpoint file the event names (``checkpointPath``, a
copy of the summary kept apart), every message and tool event.

Thread: the session (the directory holding ``events.jsonl``); generations: compactions in
file order.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from typing import Any

from anchorlint.text.documents import RecordProblem, SummarySource
from anchorlint.text.documents.transcripts import common

_TYPE = "session.compaction_complete"
_MARKERS = (f'"{_TYPE}"',)
_TEXT = ("data", "summaryContent")


def session(path: str) -> str:
    """The session a log belongs to: the directory it is kept in, named by the session id."""
    folder = os.path.dirname(os.path.abspath(path))
    return os.path.basename(folder) or path


def read(
    path: str, lines: Iterable[str], first_line: int = 1
) -> Iterator[SummarySource | RecordProblem]:
    thread = common.native_thread("copilot-cli", session(path))
    for number, raw in common.marked_lines(lines, first_line, _MARKERS):
        record = common.load(raw)
        if record is None:
            yield from common.unreadable(raw, number)
        elif isinstance(record, dict) and _holds_summary(record):
            values = common.located(raw, number, [_TEXT])
            if values:
                yield common.summary(
                    path, values[:1], thread, record=common.record_id(record.get("id"))
                )


def _holds_summary(record: dict[str, Any]) -> bool:
    data = record.get("data")
    if record.get("type") != _TYPE or not isinstance(data, dict):
        return False
    text = data.get("summaryContent")
    return data.get("success") is not False and isinstance(text, str) and bool(text.strip())
