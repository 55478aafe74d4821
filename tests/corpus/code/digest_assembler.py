"""Assemble a daily digest from per-thread summaries.

Each thread is summarised on its own, the summaries are concatenated into one
digest, and a pointer is recorded for every thread's section of the digest.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import date
from typing import Mapping

from digestbot.llm import summarize_thread


@dataclass(frozen=True)
class SpanPointer:
    chunk_id: str
    start: int
    end: int
    sha256: str


@dataclass
class Digest:
    day: date
    text: str = ""
    sections: list[SpanPointer] = field(default_factory=list)

    def section_text(self, ptr: SpanPointer) -> str:
        return self.text[ptr.start:ptr.end]


def _sha(s: str) -> str:
    return hashlib.sha256(s.encode("utf-8")).hexdigest()


def assemble(day: date, threads: Mapping[str, str], max_tokens: int = 180) -> Digest:
    digest = Digest(day)
    buffer = f"# Digest for {day.isoformat()}\n\n"
    for thread_id, transcript in sorted(threads.items()):
        piece = summarize_thread(transcript, max_tokens=max_tokens)
        section = f"## {thread_id}\n{piece}\n\n"
        start = len(buffer)
        buffer += section
        digest.sections.append(SpanPointer(thread_id, start, start + len(section), _sha(transcript)))
    digest.text = buffer
    return digest


def table_of_contents(d: Digest) -> str:
    rows = [f"- {p.chunk_id}" for p in d.sections]
    return "\n".join(["## Contents", *rows])


def publish(d: Digest, channel: str, poster) -> None:
    poster.post(channel, table_of_contents(d) + "\n\n" + d.text)


def stale_sections(d: Digest, threads: Mapping[str, str]) -> list[str]:
    stale = []
    for p in d.sections:
        current = threads.get(p.chunk_id)
        if current is None or _sha(current) != p.sha256:
            stale.append(p.chunk_id)
    return stale


def rebuild_if_stale(d: Digest, threads: Mapping[str, str]) -> Digest:
    if stale_sections(d, threads):
        return assemble(d.day, threads)
    return d


def word_count(d: Digest) -> Mapping[str, int]:
    counts = {}
    for p in d.sections:
        counts[p.chunk_id] = len(d.section_text(p).split())
    return counts


if __name__ == "__main__":
    import json
    import sys

    threads = json.load(open(sys.argv[1], encoding="utf-8"))
    d = assemble(date.today(), threads)
    print(table_of_contents(d))
    print()
    print(d.text)
    print(json.dumps(word_count(d), indent=2), file=sys.stderr)
