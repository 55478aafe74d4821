"""ANC301 in the catalogue's terms: offsets measured on a compaction output, and near misses."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SpanPointer:
    doc_id: str
    start: int
    end: int
    sha256: str


def summarize(text: str) -> str:
    return text[:200]


def pointer_into_summary(doc_id: str, text: str, quote: str, pin: str) -> SpanPointer:
    short = summarize(text).strip()
    i = short.index(quote)
    return SpanPointer(doc_id, i, i + len(quote), pin)


def line_of_quote(text: str, quote: str) -> dict:
    digest = summarize(text)
    for n, line in enumerate(digest.splitlines(), start=1):
        if quote in line:
            return {"line_start": n, "quote": quote}
    return {}


def pointer_into_source(doc_id: str, source: str, quote: str, pin: str) -> SpanPointer:
    i = source.find(quote)
    return SpanPointer(doc_id, i, i + len(quote), pin)


def summary_size(text: str) -> dict:
    short = summarize(text)
    return {"summary_length": len(short), "source_length": len(text)}
