"""gemini-cli chats (``~/.gemini/tmp/<project>/chats/session-*.jsonl``; legacy ``.json``).

A summary is the ``type: "user"`` message whose text holds a ``<state_snapshot>`` envelope
(the opening tag at a line's start, the closing tag after it), or whose first text part holds
an ``<intent_summary>`` envelope (context management, its summary merged into the first kept
user turn: that part alone is the summary): written as its own message line, or inside a
``$set`` line whose ``messages`` checkpoint replaces the whole list. Every later checkpoint repeats the same message with the same id: one summary,
at its first line. Not summaries: the session title (``summary`` of the metadata line or of
``$set``), the model's "Got it" reply, ``info`` messages, tool results mentioning the tag.

Thread: the chat file; generations: distinct snapshot messages in order of first appearance.
A chat longer than the run's chunk size is read in chunks, each by a reader of its own, so a
repeat in a later chunk is not skipped here: the message id is the summary's record id, and
the run keeps its first appearance (:mod:`anchorlint.run.copies`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from anchorlint.text.documents import RecordProblem, SummarySource
from anchorlint.text.documents.jsonrecords import FieldValue, LineIndex
from anchorlint.text.documents.transcripts.common import (
    load,
    located,
    marked_lines,
    native_thread,
    record_id,
    summary,
    text_count,
    unreadable,
)

MARKER = "<state_snapshot>"
#: the summary of context management (``AgentHistoryProvider``), an experimental setting
INTENT = "<intent_summary>"


def read(
    path: str, lines: Iterable[str], first_line: int = 1
) -> Iterator[SummarySource | RecordProblem]:
    seen: set[str] = set()
    thread = native_thread("gemini-cli", path)
    for number, raw in marked_lines(lines, first_line, (MARKER, INTENT)):
        record = load(raw)
        if not isinstance(record, dict):
            yield from unreadable(raw, number) if record is None else ()
            continue
        if isinstance(record.get("$set"), dict):
            prefix: tuple[str, ...] = ("$set", "messages", "[]")
            messages = record["$set"].get("messages")
        else:
            prefix, messages = (), [record]
        yield from snapshots(path, raw, LineIndex(raw, number), prefix, messages, seen, thread)


def read_document(path: str, text: str) -> Iterator[SummarySource | RecordProblem]:
    """The legacy single-document session: ``{sessionId, …, messages: […]}``."""
    if MARKER not in text and INTENT not in text:
        return
    record = load(text)
    if record is None:
        yield from unreadable(text)
    if isinstance(record, dict):
        yield from snapshots(
            path, text, LineIndex(text), ("messages", "[]"), record.get("messages"), set(),
            native_thread("gemini-cli", path),
        )  # fmt: skip


def snapshots(
    path: str,
    raw: str,
    index: LineIndex,
    prefix: tuple[str, ...],
    messages: Any,
    seen: set[str],
    thread: str,
) -> Iterator[SummarySource]:
    """Snapshot messages among ``messages`` (at ``prefix`` in ``raw``), each id once."""
    if not isinstance(messages, list):
        return
    paths = [(*prefix, "content"), (*prefix, "content", "[]", "text")]
    values = iter(located(raw, 1, paths, index=index))
    for message in messages:
        count = text_count(message)
        texts: list[FieldValue] = [v for v in (next(values, None) for _ in range(count)) if v]
        if not isinstance(message, dict) or message.get("type") != "user":
            continue
        texts = _summary_texts(message, texts)
        if not texts:
            continue
        ident = str(message.get("id"))
        if ident in seen:
            continue
        seen.add(ident)
        yield summary(path, texts, thread, record=record_id(message.get("id")))


def _summary_texts(message: dict[str, Any], texts: list[FieldValue]) -> list[FieldValue]:
    """The texts of a user message that are a summary: all of them when they carry a
    snapshot; the first part alone when it carries an intent summary (context management
    merges it into the first kept user turn, whose own parts follow it); else none."""
    if _envelope("".join(t.text for t in texts), MARKER):
        return texts
    content = message.get("content")
    first = content[0] if isinstance(content, list) and content else None
    if texts and isinstance(first, dict) and isinstance(first.get("text"), str):
        return texts[:1] if _envelope(texts[0].text, INTENT) else []
    return []


#: each envelope: the opening tag at a line's start, a closing tag after it
_OPENINGS = {
    MARKER: re.compile(r"(?:^|\n)[ \t]*<state_snapshot>"),
    INTENT: re.compile(r"(?:^|\n)[ \t]*<intent_summary>"),
}


def _envelope(text: str, tag: str) -> bool:
    """Whether a user message carries a summary: the envelope the compression writes,
    its opening tag starting a line and its closing tag after it. A prompt that names the
    tag in a sentence ("why does the <state_snapshot> block drop …") is the user's own."""
    opening = _OPENINGS[tag].search(text) if tag in text else None
    return opening is not None and text.find(f"</{tag[1:]}", opening.end()) >= 0
