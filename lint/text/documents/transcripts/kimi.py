"""Kimi Code wire logs (``~/.kimi-code/sessions/<workdir>/session_<id>/agents/<agent>/
wire.jsonl``).

A summary is a ``context.apply_compaction`` record, its text in ``summary``: the record
that replaces the agent's context with the summary. Not read: ``full_compaction.begin``,
``.cancel`` and ``.complete`` (markers), the messages and tool events around them (a tool
event may carry ``parentUuid`` and ``messageId`` of its own, which once made the log look
like a Claude Code session), ``llm.request`` payloads.

Thread: the wire log (one agent of one session); generations: compactions in file order.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from anchorlint.text.documents import RecordProblem, SummarySource
from anchorlint.text.documents.transcripts.common import (
    load,
    located,
    marked_lines,
    native_thread,
    summary,
    unreadable,
)

_TYPE = "context.apply_compaction"
_MARKERS = (f'"{_TYPE}"',)


def read(
    path: str, lines: Iterable[str], first_line: int = 1
) -> Iterator[SummarySource | RecordProblem]:
    thread = native_thread("kimi-cli", path)
    for number, raw in marked_lines(lines, first_line, _MARKERS):
        record = load(raw)
        if record is None:
            yield from unreadable(raw, number)
        if not isinstance(record, dict) or record.get("type") != _TYPE:
            continue
        if not isinstance(record.get("summary"), str):
            continue
        values = located(raw, number, [("summary",)])
        if values:
            yield summary(path, values, thread)
