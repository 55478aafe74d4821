"""Excerpt resolution for a compacted research log.

Pointers are `#char=a,b` ranges into the raw log; the compacted log is what the
agent reads between sessions.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from research.llm import Summarizer


@dataclass(frozen=True)
class CharRangeProvenance:
    log_id: str
    start: int
    end: int
    checksum: str


@dataclass
class Excerpt:
    log_id: str
    text: str
    sha256: str
    notes: list[str] = field(default_factory=list)


def resolve_excerpt(source: str, prov: CharRangeProvenance, summary: str | None = None) -> Excerpt:
    text = source[prov.start : prov.end]
    computed = hashlib.sha256(text.encode("utf-8")).hexdigest()
    excerpt = Excerpt(log_id=prov.log_id, text=text, sha256=computed)
    if summary is not None and text not in summary:
        excerpt.notes.append("not quoted in the summary")
    return excerpt


class ResearchLog:
    def __init__(self, summarizer: Summarizer, log_id: str, raw: str) -> None:
        self.summarizer = summarizer
        self.log_id = log_id
        self.raw = raw

    def compacted(self) -> str:
        return self.summarizer.summarize(self.raw, ratio=0.2)

    def excerpt(self, prov: CharRangeProvenance) -> Excerpt:
        return resolve_excerpt(self.raw, prov, summary=self.compacted())

    def self_check(self, prov: CharRangeProvenance) -> Excerpt:
        notes = self.raw
        return resolve_excerpt(source=notes, prov=prov, summary=notes)
