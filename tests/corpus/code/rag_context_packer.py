"""Pack a retrieval-augmented prompt under a budget.

Retrieved chunks are never paraphrased: each is either kept verbatim or
evicted, leaving an eviction record whose key and digest let the agent fetch
it back.  Only the chat turns, which carry no provenance, are summarised.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Sequence

from agentkit.llm import AsyncLLM
from agentkit.tokens import count_tokens


@dataclass(frozen=True)
class RetrievedChunk:
    chunk_id: str
    doc_id: str
    text: str
    score: float
    start: int
    end: int
    sha256: str


@dataclass(frozen=True)
class EvictionRecord:
    chunk_id: str
    start: int
    end: int
    sha256: str

    def render(self) -> str:
        return f"[[chunk://{self.chunk_id}#char={self.start},{self.end}@sha256:{self.sha256[:16]}]]"


@dataclass
class ChatTurn:
    role: str
    content: str


@dataclass
class PackedContext:
    turn_summary: str
    kept: list[RetrievedChunk]
    evicted: list[EvictionRecord]

    def render(self) -> str:
        parts = ["## Conversation so far", self.turn_summary, "## Retrieved"]
        parts += [f"<chunk id={c.chunk_id}>\n{c.text}\n</chunk>" for c in self.kept]
        if self.evicted:
            parts.append("## Evicted (fetch by key)")
            parts += [e.render() for e in self.evicted]
        return "\n".join(parts)


def evict(chunk: RetrievedChunk) -> EvictionRecord:
    digest = hashlib.sha256(chunk.text.encode("utf-8")).hexdigest()
    if chunk.sha256 and digest != chunk.sha256:
        raise ValueError(f"chunk {chunk.chunk_id} text does not match its recorded digest")
    return EvictionRecord(chunk.chunk_id, chunk.start, chunk.end, digest)


async def pack(turns: Sequence[ChatTurn], chunks: Sequence[RetrievedChunk],
               llm: AsyncLLM, budget: int) -> PackedContext:
    transcript = "\n".join(f"{t.role}: {t.content}" for t in turns)
    turn_summary = await llm.summarize(transcript, max_tokens=budget // 4)
    remaining = budget - count_tokens(turn_summary)

    kept: list[RetrievedChunk] = []
    evicted: list[EvictionRecord] = []
    for chunk in sorted(chunks, key=lambda c: c.score, reverse=True):
        if not chunk.doc_id:
            continue
        cost = count_tokens(chunk.text)
        if cost <= remaining:
            kept.append(chunk)
            remaining -= cost
        else:
            evicted.append(evict(chunk))
    return PackedContext(turn_summary, kept, evicted)


def dedupe(chunks: Sequence[RetrievedChunk]) -> list[RetrievedChunk]:
    seen: set[str] = set()
    out = []
    for c in chunks:
        if c.sha256 in seen:
            continue
        seen.add(c.sha256)
        out.append(c)
    return out
