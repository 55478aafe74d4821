"""VS Code's chat sessions with GitHub Copilot Chat (``<workspaceStorage>/<hash>/
chatSessions/<sessionId>.json``).

A session is one JSON document: ``version``, the requester's and responder's names, dates
and ``requests``, each with the user's ``message``, the ``response`` and its ``result``.
When the agent summarizes the conversation to stay in its window, the request's result keeps
the summary in its metadata: ``result.metadata.summary`` (``{toolCallRoundId, text}``); its
``text`` is the summary. Not read: the messages and responses, tool call rounds, rendered
prompts, every other metadata field.

Thread: the session; generations: summaries in request order (a summary repeated by a later
request is one summary).
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from anchorlint.text.documents import RecordProblem, SummarySource
from anchorlint.text.documents.jsonrecords import LineIndex
from anchorlint.text.documents.transcripts import common

_MARKER = "toolCallRoundId"
_TEXT = ("requests", "[]", "result", "metadata", "summary", "text")


def read_document(path: str, text: str) -> Iterator[SummarySource | RecordProblem]:
    session = yield from common.marked_document(text, _MARKER)
    if not isinstance(session, dict) or not isinstance(session.get("requests"), list):
        return
    ident = common.record_id(session.get("sessionId"))
    thread = common.native_thread("vscode-copilot", ident or os.path.basename(path))
    last = None
    for value in common.located(text, 1, [_TEXT], index=LineIndex(text)):
        if value.text.strip() and value.text != last:
            last = value.text
            yield common.summary(path, [value], thread)
