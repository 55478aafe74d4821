"""Episodic memory: one summary per day, each built from that day's raw log.

Pointers into the raw log are computed on the raw lines before any
summarisation happens, and carry the digest of the lines they cover.
"""
from __future__ import annotations

import datetime as dt
import hashlib
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Iterable

from memkit.llm import LLM


@dataclass(frozen=True)
class TimeWindow:
    start: dt.datetime
    end: dt.datetime


@dataclass(frozen=True)
class TranscriptPointer:
    session_id: str
    line_start: int
    line_end: int
    sha256: str

    def key(self) -> str:
        return f"sessions/{self.session_id}#L{self.line_start}-{self.line_end}@sha256:{self.sha256[:16]}"


@dataclass
class Episode:
    day: dt.date
    window: TimeWindow
    summary: str
    pointers: list[TranscriptPointer] = field(default_factory=list)


@dataclass
class LogLine:
    session_id: str
    at: dt.datetime
    text: str


def pointers_for(session_id: str, lines: list[str], marker: str = "DECISION:") -> list[TranscriptPointer]:
    found = []
    for n, line in enumerate(lines, start=1):
        if line.startswith(marker):
            digest = hashlib.sha256((line + "\n").encode("utf-8")).hexdigest()
            found.append(TranscriptPointer(session_id, n, n, digest))
    return found


class EpisodicMemory:
    def __init__(self, llm: LLM):
        self.llm = llm
        self.episodes: dict[dt.date, Episode] = {}

    def consolidate(self, log: Iterable[LogLine]) -> list[Episode]:
        by_day: dict[dt.date, list[LogLine]] = defaultdict(list)
        for entry in log:
            by_day[entry.at.date()].append(entry)
        built = []
        for day, entries in sorted(by_day.items()):
            entries.sort(key=lambda e: e.at)
            window = TimeWindow(start=entries[0].at, end=entries[-1].at)
            text = "\n".join(e.text for e in entries)
            pointers = []
            for sid in sorted({e.session_id for e in entries}):
                own = [e.text for e in entries if e.session_id == sid]
                pointers += pointers_for(sid, own)
            text = self.llm.summarize(text, style="episodic", max_tokens=300)
            episode = Episode(day, window, text, pointers)
            self.episodes[day] = episode
            built.append(episode)
        return built

    def recall(self, since: dt.date, until: dt.date) -> str:
        parts = []
        for day in sorted(self.episodes):
            if since <= day <= until:
                ep = self.episodes[day]
                keys = ", ".join(f"[[{p.key()}]]" for p in ep.pointers)
                parts.append(f"### {day.isoformat()}\n{ep.summary}\nSources: {keys or 'none'}")
        return "\n\n".join(parts)

    def size_report(self) -> dict[str, int]:
        return {
            "episodes": len(self.episodes),
            "summary_len": sum(len(e.summary) for e in self.episodes.values()),
            "pointer_count": sum(len(e.pointers) for e in self.episodes.values()),
        }
