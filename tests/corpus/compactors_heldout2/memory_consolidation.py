"""Consolidates related memories into one, so recall returns fewer, denser items.

Memories come from ingested documents; each one remembers the document chunk it came from.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class MemoryItem:
    text: str
    source_id: str
    topic: str


class Consolidator:
    def __init__(self, llm) -> None:
        self.llm = llm

    def condense_memories(self, text: str) -> str:
        return self.llm.complete("Merge these notes into one short note:\n" + text)

    def consolidate(self, group: list[MemoryItem]) -> MemoryItem:
        joined = "\n".join(item.text for item in group)
        merged = self.condense_memories(joined)
        return MemoryItem(text=merged, source_id=group[0].source_id, topic=group[0].topic)
