"""Kimi's agents: Kimi Code wire logs (``~/.kimi-code/sessions/<workdir>/session_<id>/
agents/<agent>/wire.jsonl``) and kimi-cli context files (``~/.kimi/sessions/<workdir>/
<session>/context.jsonl``, and the ``context_<n>.jsonl`` a compaction rotates away).

In a wire log, a summary is a ``context.apply_compaction`` record, its text in ``summary``:
the record that replaces the agent's context with the summary. Not read: ``full_compaction.
begin``, ``.cancel`` and ``.complete`` (markers), the messages and tool events around them (a
tool event may carry ``parentUuid`` and ``messageId`` of its own, which once made the log look
like a Claude Code session), ``llm.request`` payloads.

In a context file (one message a line, between records of kimi-cli's own roles:
``_system_prompt``, ``_checkpoint``, ``_usage``), a summary is the ``user`` message whose
first text part is kimi-cli's fixed compaction wrapper (its prefix in ``<system>`` tags); the
summary is the text parts after it. Not read: the wrapper, every other message (the kept
turns after it, a user's message quoting the prefix).

Thread: the file (one agent of one session, one context); generations: compactions in file
order.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from anchorlint.text.documents import RecordProblem, SummarySource
from anchorlint.text.documents.transcripts import common
from anchorlint.text.documents.transcripts.wrappers import KIMI_COMPACTION_PREFIX, kimi_wrapper

_TYPE = "context.apply_compaction"
_MARKERS = (f'"{_TYPE}"', KIMI_COMPACTION_PREFIX)
_PARTS = ("content", "[]", "text")


def read(
    path: str, lines: Iterable[str], first_line: int = 1
) -> Iterator[SummarySource | RecordProblem]:
    thread = common.native_thread("kimi-cli", path)
    for number, raw in common.marked_lines(lines, first_line, _MARKERS):
        record = common.load(raw)
        if record is None:
            yield from common.unreadable(raw, number)
        if not isinstance(record, dict):
            continue
        if record.get("type") == _TYPE and isinstance(record.get("summary"), str):
            values = common.located(raw, number, [("summary",)])
        elif _compaction_message(record):
            values = common.located(raw, number, [_PARTS])[1:]
        else:
            continue
        if values:
            yield common.summary(path, values, thread)


def _compaction_message(record: dict[str, Any]) -> bool:
    """A kimi-cli compaction message: a user message whose parts are all texts, the first
    the wrapper and at least one after it (a thinking part is dropped before it is kept)."""
    parts = record.get("content")
    if record.get("role") != "user" or not isinstance(parts, list) or len(parts) < 2:
        return False
    texts = [p.get("text") if isinstance(p, dict) else None for p in parts]
    if not all(isinstance(text, str) for text in texts):
        return False
    return kimi_wrapper(str(texts[0]))
