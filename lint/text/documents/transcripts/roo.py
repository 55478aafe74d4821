"""Roo Code and Kilo Code tasks (``<globalStorage>/<extension>/tasks/<taskId>/
api_conversation_history.json``).

The file is the task's conversation as the model sees it: a JSON array of messages, each
``{role, content, ts, …}`` (``content`` a string or ``text`` blocks). A condense writes its
summary as a message flagged ``isSummary: true`` (with a ``condenseId`` in newer versions)
and keeps the messages it replaced, marked with the id; that message is the summary. Not
read: every other message (the task, the turns, tool results, the messages a condense
replaced), ``ui_messages.json``. Cline's file, of the same shape, flags no summary: its
condense result is read as :mod:`~anchorlint.text.documents.transcripts.cline` finds it.

Thread: the task (the folder holding the file); generations: summaries in file order.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

from anchorlint.text.documents import RecordProblem, SummarySource
from anchorlint.text.documents.jsonrecords import FieldValue, LineIndex
from anchorlint.text.documents.transcripts import cline, common

_FLAG = "isSummary"
_PATHS = [("[]", "content"), ("[]", "content", "[]", "text")]


def task(path: str) -> str:
    """The task a history belongs to: the folder it is kept in, named by the task id."""
    folder = os.path.dirname(os.path.abspath(path))
    return os.path.basename(folder) or path


def read_document(path: str, text: str) -> Iterator[SummarySource | RecordProblem]:
    marker = _FLAG if _FLAG in text else cline.LABEL
    messages = yield from common.marked_document(text, marker)
    if not isinstance(messages, list):
        return
    thread = common.native_thread("roo-code", task(path))
    if cline.LABEL in text:
        yield from _cline_summaries(path, text, messages, thread)
    if marker != _FLAG:
        return
    values = iter(common.located(text, 1, _PATHS, index=LineIndex(text)))
    for message in messages:
        count = common.text_count(message)
        texts: list[FieldValue] = [v for v in (next(values, None) for _ in range(count)) if v]
        if texts and _is_summary(message):
            yield common.summary(path, texts, thread)


def _cline_summaries(
    path: str, text: str, messages: list[Any], thread: str
) -> Iterator[SummarySource]:
    """Cline's condense results, each at its place: the strings that hold them are met in
    document order among the content's strings."""
    wanted = list(cline.summaries(messages))
    if not wanted:
        return
    values = iter(common.located(text, 1, cline.PATHS, index=LineIndex(text)))
    for result, start in wanted:
        value = next((v for v in values if v.text == result), None)
        if value is None:
            return
        yield common.summary(path, [common.sliced(value, start, len(result))], thread)


def _is_summary(message: Any) -> bool:
    """A condense's summary: flagged as one, in a turn of the conversation."""
    return message.get(_FLAG) is True and message.get("role") in ("user", "assistant")
