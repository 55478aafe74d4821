"""Pi coding agent sessions (``~/.pi/agent/sessions/<cwd>/<stamp>_<id>.jsonl``).

One entry a line, the first the session's header (``{"type": "session", "version", "id",
"timestamp", "cwd"}``), the others entries of a tree (``id``, ``parentId``): messages, model
and thinking-level changes, labels. A compaction is an entry of ``type: "compaction"``, the
summary in its ``summary`` string (with ``firstKeptEntryId``, ``tokensBefore`` and the files
read and changed in ``details``). Not read: ``branch_summary`` entries (the summary of a
branch the user left when moving in the tree, handed to the new branch as a note of what was
tried, not a compaction of the context), messages, custom entries.

Thread: the session file; generations: compactions in file order.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from anchorlint.text.documents import RecordProblem, SummarySource
from anchorlint.text.documents.transcripts import common

_MARKERS = ('"compaction"',)
_TEXT = ("summary",)


def read(
    path: str, lines: Iterable[str], first_line: int = 1
) -> Iterator[SummarySource | RecordProblem]:
    thread = common.native_thread("pi", path)
    for number, raw in common.marked_lines(lines, first_line, _MARKERS):
        yield from _entry(path, raw, number, thread)


def _entry(
    path: str, raw: str, number: int, thread: str
) -> Iterator[SummarySource | RecordProblem]:
    """The summary a marked line holds, if it is a compaction; ANC002 if it is no JSON."""
    record = common.load(raw)
    if record is None:
        yield from common.unreadable(raw, number)
    elif _holds_summary(record) and (values := common.located(raw, number, [_TEXT])):
        yield common.summary(path, values[:1], thread, record=common.record_id(record.get("id")))


def _holds_summary(record: Any) -> bool:
    """A compaction entry with a summary that is not blank."""
    if not isinstance(record, dict) or record.get("type") != "compaction":
        return False
    text = record.get("summary")
    return isinstance(text, str) and bool(text.strip())
