"""Chunk store whose spans are cut from the source and pinned by a digest.

Offsets are measured on the original document text; the span's digest is checked on every
read, so a span re-anchored onto other bytes fails instead of quoting the wrong text.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass


@dataclass(frozen=True)
class StoredSpan:
    doc_id: str
    start_char_idx: int
    end_char_idx: int
    content_sha256: str


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def split_document(doc_id: str, source_text: str, size: int = 800) -> list[StoredSpan]:
    spans = []
    for start in range(0, len(source_text), size):
        end = min(start + size, len(source_text))
        piece = source_text[start:end]
        spans.append(StoredSpan(doc_id, start, end, _digest(piece)))
    return spans


def fetch_span_text(source_text: str, span: StoredSpan) -> str:
    piece = source_text[span.start_char_idx : span.end_char_idx]
    if _digest(piece) != span.content_sha256:
        raise ValueError(f"span of {span.doc_id} no longer matches its digest")
    return piece
