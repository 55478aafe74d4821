"""Strands Agents sessions kept by the file session manager
(``<storage>/session_<id>/agents/agent_<id>/agent.json``).

``agent.json`` is the agent's record: ``agent_id``, ``state``, ``conversation_manager_state``
and time stamps. The summarizing conversation manager keeps its summary there, as the
message it put in place of the older ones: ``conversation_manager_state.summary_message``
(``{role, content: [{text}, …]}``); its text blocks are the summary. Not read: the messages
(``messages/message_<n>.json``, the turns as they were added), the agent's ``state``, a
conversation manager that keeps no summary (a sliding window).

Thread: the agent of the session (the folder holding the file); one summary a file, the one
in effect when the session was last saved.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from anchorlint.text.documents import RecordProblem, SummarySource
from anchorlint.text.documents.jsonrecords import LineIndex
from anchorlint.text.documents.transcripts import common

_MARKER = "summary_message"
_TEXTS = ("conversation_manager_state", _MARKER, "content", "[]", "text")


def agent(path: str) -> str:
    """The agent a record belongs to: its folder and the session folder above it."""
    folder = os.path.dirname(os.path.abspath(path))
    session = os.path.basename(os.path.dirname(os.path.dirname(folder)))
    return f"{session}/{os.path.basename(folder)}" if session else folder


def read_document(path: str, text: str) -> Iterator[SummarySource | RecordProblem]:
    record = yield from common.marked_document(text, _MARKER)
    state = record.get("conversation_manager_state") if isinstance(record, dict) else None
    message = state.get(_MARKER) if isinstance(state, dict) else None
    if not isinstance(message, dict) or not isinstance(message.get("content"), list):
        return
    values = common.located(text, 1, [_TEXTS], index=LineIndex(text))
    if values:
        yield common.summary(path, values, common.native_thread("strands", agent(path)))
