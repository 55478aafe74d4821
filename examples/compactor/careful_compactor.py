"""A compactor that keeps provenance honest: anchorlint stays quiet here."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

ANCHOR = re.compile(r"\[\[([^\[\]\s]{1,200})\]\]")


@dataclass(frozen=True)
class CitationPointer:
    doc_id: str
    start: int
    end: int
    span_sha256: str


def summarize(text: str) -> str:
    return text[:200]


def anchors(summary: str) -> set[str]:
    return set(ANCHOR.findall(summary))


def cite(source: str, doc_id: str, quote: str) -> CitationPointer:
    start = source.find(quote)
    end = start + len(quote)
    digest = hashlib.sha256(source[start:end].encode()).hexdigest()
    return CitationPointer(doc_id=doc_id, start=start, end=end, span_sha256=digest)


def resolve_span(source: str, pointer: CitationPointer) -> str:
    span = source[pointer.start : pointer.end]
    if hashlib.sha256(span.encode()).hexdigest() != pointer.span_sha256:
        raise ValueError(f"span of {pointer.doc_id} changed since it was cited")
    return span


def compact(raw_context: str, budget: int) -> str:
    summary = summarize(raw_context)
    if len(summary) > budget:
        summary = summary[:budget]
    return summary


def recompact(previous: str) -> str:
    again = summarize(previous)
    assert anchors(again) == anchors(previous), "re-compaction drifted the anchor set"
    return again
