"""Event-log compactor for a coding assistant.

The conversation is a list of events. Compaction finds the newest marker, summarizes the
marker and everything after it, and returns a new marker that the caller appends to the log.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class UserEvent:
    text: str


@dataclass(frozen=True)
class CompactionMarker:
    summary: str


class EventCompactor:
    def __init__(self, llm) -> None:
        self.llm = llm

    def compact(self, events: list) -> CompactionMarker:
        start = 0
        for i, ev in enumerate(events):
            if isinstance(ev, CompactionMarker):
                start = i
        tail = events[start:]
        text = "\n".join(ev.summary if isinstance(ev, CompactionMarker) else ev.text for ev in tail)
        summary = self.summarize_events(text)
        return CompactionMarker(summary=summary)

    def summarize_events(self, text: str) -> str:
        return self.llm.complete("Summarize this session so far:\n" + text)
