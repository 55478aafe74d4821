"""A compactor with every provenance bug anchorlint's code rules know (do not copy it)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class CitationPointer:
    doc_id: str
    start: int
    end: int


@dataclass
class RetrievedSpan:
    text: str
    provenance: CitationPointer | None


def summarize(text: str) -> str:
    return text[:200]


def resolve_span(source: str, pointer: CitationPointer) -> str:
    return source[pointer.start : pointer.end]


def verify_source(source: str, summary: str) -> bool:
    if source is summary:
        return False
    return True


def cite(raw_context: str, quote: str) -> CitationPointer:
    summary = summarize(raw_context)
    start = summary.find(quote)
    return CitationPointer(doc_id="doc_7", start=start, end=start + len(quote))


def reconstruct(raw_context: str, pointer: CitationPointer) -> str:
    compacted = summarize(raw_context)
    return resolve_span(compacted, pointer)


def compact_spans(spans: list[RetrievedSpan]) -> str:
    return summarize("\n".join(s.text for s in spans if s.provenance is None)) + summarize(
        spans
    )


def keep_compacting(history: str, rounds: int) -> str:
    summary = summarize(history)
    for _ in range(rounds):
        summary = summarize(summary)
    return summary
