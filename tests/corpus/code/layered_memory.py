"""Three-tier memory: recent turns, a mid-term digest, a long-term digest."""
from __future__ import annotations

import logging
from collections import deque
from dataclasses import dataclass
from typing import Deque

from tiermem.llm import TierLLM
from tiermem.tokens import count_tokens

log = logging.getLogger(__name__)


class CitedSummary(ValueError):
    pass


@dataclass(frozen=True)
class Citation:
    source_id: str
    quote: str
    sha256: str


class LayeredMemory:
    def __init__(self, llm: TierLLM, recent_size: int = 10, mid_tokens: int = 400, long_tokens: int = 800):
        self.llm = llm
        self.recent: Deque[str] = deque(maxlen=recent_size)
        self.mid_tokens = mid_tokens
        self.long_tokens = long_tokens
        self.mid_term = ""
        self.long_term = ""
        self.promotions = 0

    def summarize_block(self, text: str, max_tokens: int) -> str:
        return self.llm.complete(f"Summarise, keeping [[keys]] verbatim:\n{text}", max_tokens=max_tokens)

    def observe(self, turn: str) -> None:
        if len(self.recent) == self.recent.maxlen:
            self.promote()
        self.recent.append(turn)

    def promote(self) -> None:
        block = "\n".join(self.recent)
        mid = self.summarize_block(block, self.mid_tokens)
        self.mid_term = mid
        self.recent.clear()
        if count_tokens(self.mid_term) > self.mid_tokens // 2:
            merged = self.long_term + "\n" + self.mid_term
            self.long_term = self.summarize_block(merged, self.long_tokens)
            self.mid_term = ""
        self.promotions += 1
        log.debug("promotion %d: long-term %d tokens", self.promotions, count_tokens(self.long_term))

    def context(self) -> str:
        parts = []
        if self.long_term:
            parts.append("Long-term memory:\n" + self.long_term)
        if self.mid_term:
            parts.append("Recent digest:\n" + self.mid_term)
        parts.append("Recent turns:\n" + "\n".join(self.recent))
        return "\n\n".join(parts)


def verify_citation(citation: Citation, source_text: str, summary_text: str) -> bool:
    if source_text is summary_text:
        raise CitedSummary(f"{citation.source_id}: citation checked against memory, not the source")
    return citation.quote in source_text


def audit(memory: LayeredMemory, citations: list[Citation], sources: dict[str, str]) -> list[str]:
    bad = []
    for c in citations:
        text = sources.get(c.source_id)
        if text is None or not verify_citation(c, text, memory.long_term):
            bad.append(c.source_id)
    return bad


if __name__ == "__main__":
    from tiermem.llm import local_llm

    mem = LayeredMemory(local_llm(), recent_size=3)
    for i in range(12):
        mem.observe(f"turn {i}: status update {i}")
    print(mem.context())
