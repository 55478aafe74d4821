"""Types exchanged between the retriever, the compactor and the viewer."""
from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Iterator, Optional

import attr


@attr.s(auto_attribs=True, frozen=True, slots=True)
class DocPointer:
    doc_id: str
    line_start: int
    line_end: int
    title: Optional[str] = None

    def key(self) -> str:
        return f"{self.doc_id}#L{self.line_start}-{self.line_end}"


@attr.s(auto_attribs=True, frozen=True, slots=True)
class PinnedDocPointer:
    doc_id: str
    line_start: int
    line_end: int
    digest: str

    def key(self) -> str:
        return f"{self.doc_id}#L{self.line_start}-{self.line_end}@sha256:{self.digest[:16]}"


class RetrievedChunk:
    chunk_id: str
    start: int
    end: int
    text: str
    score: float

    def __init__(self, chunk_id: str, start: int, end: int, text: str, score: float = 0.0):
        self.chunk_id = chunk_id
        self.start = start
        self.end = end
        self.text = text
        self.score = score

    def __repr__(self) -> str:
        return f"RetrievedChunk({self.chunk_id!r}, {self.start}, {self.end}, score={self.score:.3f})"


@attr.s(auto_attribs=True, frozen=True)
class TimeWindow:
    start: datetime
    end: datetime

    def overlaps(self, other: "TimeWindow") -> bool:
        return self.start < other.end and other.start < self.end


@attr.s(auto_attribs=True)
class RetrievalBatch:
    query: str
    window: TimeWindow
    chunks: list[RetrievedChunk] = attr.Factory(list)

    def __iter__(self) -> Iterator[RetrievedChunk]:
        return iter(self.chunks)


def pin(ptr: DocPointer, text: str) -> PinnedDocPointer:
    lines = text.splitlines(keepends=True)[ptr.line_start - 1:ptr.line_end]
    digest = hashlib.sha256("".join(lines).encode("utf-8")).hexdigest()
    return PinnedDocPointer(ptr.doc_id, ptr.line_start, ptr.line_end, digest)


def chunk_pointer(chunk: RetrievedChunk, doc_text: str) -> PinnedDocPointer:
    first = doc_text.count("\n", 0, chunk.start) + 1
    last = doc_text.count("\n", 0, max(chunk.end - 1, chunk.start)) + 1
    doc_id = chunk.chunk_id.split(":", 1)[0]
    return pin(DocPointer(doc_id, first, last), doc_text)


def best(batch: RetrievalBatch, k: int = 5) -> list[RetrievedChunk]:
    return sorted(batch, key=lambda c: c.score, reverse=True)[:k]
