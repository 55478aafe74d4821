"""OpenHands events: the V0 file store (``sessions/<sid>/events/<id>.json``) and the agent
SDK (``conversations/<id>/events/event-<idx>-<uuid>.json``), one event a file.

A summary is a V0 ``action: "condensation"`` event (text ``args.summary``) or an SDK
``kind: "Condensation"`` event (text ``summary``); a condensation that only forgets
(``summary: null``) is none. Not read: the V0 ``message`` of the same event (the summary
again, after ``Summary: ``), ``condensation_request`` events, ``event_cache/`` pages (copies
of the event files) and every other event.

Thread: the conversation (the directory above ``events/``); generations: event ids (V0) or
the index in the file name (SDK), compared as numbers (``10.json`` comes after ``9.json``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import regex

from anchorlint.text.documents import RecordProblem, SummarySource
from anchorlint.text.documents.transcripts.common import (
    load,
    located,
    native_thread,
    summary,
    unreadable,
)

_V0 = regex.compile(r'"action"\s*:\s*"condensation"')
_SDK = regex.compile(r'"kind"\s*:\s*"Condensation"')
_SDK_NAME = regex.compile(r"event-([0-9]{1,12})-")


def conversation(path: str) -> str:
    events = os.path.dirname(os.path.abspath(path))
    return os.path.basename(os.path.dirname(events)) or events


def read_document(path: str, text: str) -> Iterator[SummarySource | RecordProblem]:
    parts = os.path.normpath(path).split(os.sep)
    if "event_cache" in parts[-2:-1]:
        return  # pages of copies of the event files
    v0, sdk = _V0.search(text) is not None, _SDK.search(text) is not None
    if not (v0 or sdk):
        return
    record = load(text)
    if not isinstance(record, dict):
        yield from unreadable(text) if record is None else ()
        return
    if v0 and record.get("action") == "condensation":
        args = record.get("args")
        if not isinstance(args, dict) or not isinstance(args.get("summary"), str):
            return
        field, generation = ("args", "summary"), record.get("id")
    elif sdk and record.get("kind") == "Condensation" and isinstance(record.get("summary"), str):
        match = _SDK_NAME.match(os.path.basename(path))
        field, generation = ("summary",), int(match[1]) if match else None  # type: ignore[assignment]
    else:
        return
    values = located(text, 1, [field])
    if values and values[0].text.strip():
        number = float(generation) if isinstance(generation, int) else None
        yield summary(path, values[:1], native_thread("openhands", conversation(path)), number)
