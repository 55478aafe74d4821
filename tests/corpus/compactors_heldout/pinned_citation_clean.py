"""Citations pinned by a content hash, resolved fail-closed."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass


class StaleCitation(Exception):
    """The source changed since the citation was made."""


@dataclass(frozen=True)
class Citation:
    doc_id: str
    start: int
    end: int
    span_sha256: str


@dataclass(frozen=True)
class ReadWindow:
    doc_id: str
    start_time: float
    end_time: float


def make_citation(doc_id: str, source: bytes, start: int, end: int) -> Citation:
    return Citation(doc_id, start, end, hashlib.sha256(source[start:end]).hexdigest())


def resolve_citation(cite: Citation, source: bytes) -> bytes:
    span = source[cite.start : cite.end]
    if hashlib.sha256(span).hexdigest() != cite.span_sha256:
        raise StaleCitation(cite.doc_id)
    return span
