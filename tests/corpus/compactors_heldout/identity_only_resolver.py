"""Expands a note's pointer into the passage it cites, for the reviewer."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PassagePointer:
    doc_id: str
    start: int
    end: int
    passage_sha256: str


def expand_passage(ptr: PassagePointer, source: str, summary: str) -> str:
    if source is summary:
        raise ValueError("refusing to expand a pointer against the summary")
    return source[ptr.start : ptr.end]
