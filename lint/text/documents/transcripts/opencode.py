"""opencode sessions: the file storage (``<data>/storage/``) and the SQLite database
(``<data>/opencode.db``) of the terminal agent.

A compaction is an assistant message flagged ``summary: true`` (``mode`` and ``agent``
``"compaction"`` in current versions), answering the user message that holds the
``compaction`` part; its text is in the message's ``text`` parts, which are kept apart from
the message: one file a part (``storage/part/<messageID>/<partID>.json``, the message in
``storage/message/<sessionID>/<messageID>.json``), or one row a part (table ``part``,
joined to table ``message`` by ``message_id``; each ``data`` column holds the JSON object
less its ids). A flagged message that failed (``error`` set) is none: opencode never hands
its text on. Not read: every other message and part (user turns, the compaction request,
the user message's own ``summary`` of titles and diffs, reasoning, tools, step marks).

A part file is read only when its message file is found where opencode keeps it, inside
the same storage directory, by a path built from ids of a safe shape: no symlink is
followed, no file but a small regular one is opened. A part whose message cannot be found
is passed in silence; a message file that cannot be read is noted.

Thread: the session; generations: the messages' creation times (the files), row order
(the database, ids ascending with time). A part is named by its id, the same in its file and
its row: a storage copied into the database is one summary for each part, reported once.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from typing import Any

import regex

from anchorlint.text.documents import RecordProblem, SummarySource
from anchorlint.text.documents.jsonrecords import FieldValue
from anchorlint.text.documents.transcripts.common import (
    RowIndex,
    load,
    located,
    native_thread,
    record_id,
    summary,
)
from anchorlint.text.documents.transcripts.opencode_layout import PARTS

#: an id opencode writes (``ses_…``, ``msg_…``, ``prt_…``): a file name, never a path
_ID = regex.compile(r"[A-Za-z0-9_-]{1,128}")
#: a message record is a few hundred bytes; anything near this is no message of opencode's
MAX_MESSAGE_BYTES = 1 << 20
_TEXT = [("text",)]


def read_document(path: str, text: str) -> Iterator[SummarySource | RecordProblem]:
    """A part file: its text when it is a text part of a compaction summary."""
    if '"messageID"' not in text:
        return  # a message or session file: its text is in part files
    part = load(text)
    if part is None:
        yield _note("is no JSON")
        return
    if not _text_part(part):
        return
    found = _message(path, part["sessionID"], part["messageID"])
    if isinstance(found, str):
        yield _note(found)
        return
    if found is None or not is_summary(found):
        return
    values = located(text, 1, _TEXT)
    # the last ``text`` is the one JSON decoders keep (and opencode hands on) when a key repeats
    if values and values[-1].text.strip():
        thread = native_thread("opencode", part["sessionID"])
        yield summary(path, values[-1:], thread, _created(found), record_id(part.get("id")))


def row_summary(part: str, row: int) -> FieldValue | None:
    """The text of a ``part`` row's ``data`` (positioned at line ``row``, column 1 + the
    offset in the stored value) when it is a text part; the caller has found its message a
    compaction summary's (:func:`is_summary`)."""
    record = load(part)
    if not (isinstance(record, dict) and record.get("type") == "text"):
        return None
    if not isinstance(record.get("text"), str):
        return None
    values = located(part, 1, _TEXT, index=RowIndex(row))
    return values[-1] if values and values[-1].text.strip() else None


def is_summary(message: Any) -> bool:
    """An assistant message opencode flagged as a compaction's summary, and that did not
    fail (a user message's ``summary`` is an object of titles and diffs, never the flag)."""
    return (
        isinstance(message, dict)
        and message.get("role") == "assistant"
        and message.get("summary") is True
        and message.get("error") is None
    )


def _text_part(part: Any) -> bool:
    if not isinstance(part, dict) or part.get("type") != "text":
        return False
    ids = (part.get("sessionID"), part.get("messageID"))
    return isinstance(part.get("text"), str) and all(_safe_id(i) for i in ids)


def _safe_id(value: object) -> bool:
    return isinstance(value, str) and _ID.fullmatch(value) is not None and value.strip(".") != ""


def _message(path: str, session: str, message: str) -> dict[str, Any] | str | None:
    """The message a part file belongs to: its record, a note when its file cannot be read,
    None when it is not where opencode keeps it (the join cannot be made)."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.basename(folder) != message or os.path.basename(os.path.dirname(folder)) != PARTS:
        return None  # a part file out of its storage: its message is not to be looked for
    storage = os.path.dirname(os.path.dirname(folder))
    steps = ("message", session, f"{message}.json")
    target = storage
    for step in steps:
        target = os.path.join(target, step)
        try:
            info = os.lstat(target)
        except OSError:
            return None
        if stat.S_ISLNK(info.st_mode):
            return f"its message file {os.path.join(*steps)} is reached through a symlink"
    if not stat.S_ISREG(info.st_mode):
        return f"its message file {os.path.join(*steps)} is no regular file"
    if info.st_size > MAX_MESSAGE_BYTES:
        return f"its message file {os.path.join(*steps)} is over {MAX_MESSAGE_BYTES >> 20} MB"
    return _load_message(target, os.path.join(*steps))


def _load_message(target: str, shown: str) -> dict[str, Any] | str | None:
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        handle = os.open(target, flags)
        with os.fdopen(handle, "rb") as raw:
            data = raw.read(MAX_MESSAGE_BYTES + 1)
    except FileNotFoundError:
        return None  # removed since it was looked at: no join
    except OSError as exc:
        return f"its message file {shown} cannot be read: {exc.strerror or exc}"
    try:
        record = json.loads(data.decode("utf-8")) if len(data) <= MAX_MESSAGE_BYTES else None
    except (ValueError, RecursionError):
        record = None
    return record if isinstance(record, dict) else f"its message file {shown} is no JSON object"


def _created(message: dict[str, Any]) -> float | None:
    time = message.get("time")
    created = time.get("created") if isinstance(time, dict) else None
    if isinstance(created, bool) or not isinstance(created, int | float):
        return None
    return float(created)


def _note(why: str) -> RecordProblem:
    return RecordProblem(1, 1, f"opencode part not read: {why}", "note")
