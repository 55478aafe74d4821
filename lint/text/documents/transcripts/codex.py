"""Codex rollouts (``$CODEX_HOME/sessions/YYYY/MM/DD/rollout-…-<id>.jsonl``, and
``.jsonl.zst`` when cold-compressed).

A summary is a ``type: "compacted"`` line, its text in ``payload.message`` after the fixed
handoff prefix. Not read: the compaction prompt and the model's reply in the same turn (the
same body again), ``context_compacted`` markers, reasoning summaries, and the prefixed copy
inside ``replacement_history``. A remote compaction stores an empty message and only an
encrypted blob (on a compaction item, or on a message item in rollouts that record context
windows): ANC004, since nothing can be checked. An empty message with no blob is an
empty summary (ANC109): the turns it replaced are gone and nothing stands for them.

Thread: the rollout id (the UUID that ends the file name, which is ``session_meta``'s id);
generations: ``compacted`` lines in file order.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator

import regex

from anchorlint.text.documents import RecordProblem, SummarySource
from anchorlint.text.documents.transcripts.common import (
    load,
    located,
    marked_lines,
    native_thread,
    opaque,
    sliced,
    summary,
    unreadable,
)
from anchorlint.text.documents.transcripts.wrappers import codex_body

_UUID = regex.compile(r"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl")
_OPAQUE = frozenset({"compaction", "compaction_summary", "context_compaction"})
#: items whose encrypted blob stands for the summary in a remote compaction
_CARRIERS = _OPAQUE | {"message"}


_MARKERS = ('"compacted"',)


def rollout_id(path: str) -> str | None:
    match = _UUID.search(os.path.basename(path))
    return match[1] if match else None


def read(
    path: str, lines: Iterable[str], first_line: int = 1
) -> Iterator[SummarySource | RecordProblem]:
    thread = native_thread("codex", rollout_id(path) or path)
    for number, raw in marked_lines(lines, first_line, _MARKERS):
        record = load(raw)
        if record is None:
            yield from unreadable(raw, number)
        if not isinstance(record, dict) or record.get("type") != "compacted":
            continue
        payload = record.get("payload")
        if not isinstance(payload, dict):
            continue
        message = payload.get("message")
        if not isinstance(message, str):
            continue
        if not message.strip() and _remote(payload):
            yield opaque(number, 1, "remote compaction (an empty message and an encrypted blob)")
            continue
        values = located(raw, number, [("payload", "message")])
        if values and not message.strip():  # nothing in its place: an empty summary (ANC109)
            yield summary(path, values, thread)
        elif values:
            value = values[0]
            yield summary(path, [sliced(value, codex_body(value.text), len(value.text))], thread)


def _remote(payload: dict[str, object]) -> bool:
    """Whether the new history carries the summary as an encrypted blob: on a compaction
    item, or (rollouts that record context windows) on a message item. A reasoning item's
    blob is the model's reasoning, not the summary."""
    history = payload.get("replacement_history")
    return isinstance(history, list) and any(
        isinstance(item, dict)
        and item.get("type") in _CARRIERS
        and bool(item.get("encrypted_content"))
        for item in history
    )
