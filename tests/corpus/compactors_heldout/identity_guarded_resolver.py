"""Resolves pointers for the reviewer view; refuses to resolve against the summary."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass


@dataclass(frozen=True)
class SpanPointer:
    source_id: str
    start: int
    end: int
    sha256: str


def resolve_pointer(ptr: SpanPointer, source: str, summary: str) -> str:
    if source is summary:
        raise ValueError("pointer resolved against the summary")
    span = source[ptr.start : ptr.end]
    if hashlib.sha256(span.encode()).hexdigest() != ptr.sha256:
        raise ValueError("span changed")
    return span
