"""ANC302 in the catalogue's terms: a compaction output reaching a resolver's source."""

from __future__ import annotations


def condense(text: str) -> str:
    return " ".join(text.split())[:300]


def resolve_span(source: str, start: int, end: int) -> str:
    return source[start:end]


def reconstruct_quote(original_text: str, summary_text: str, start: int, end: int) -> str:
    return original_text[start:end]


def cite_from_condensed(raw: str, start: int, end: int) -> str:
    condensed = condense(raw)
    return resolve_span(source=condensed, start=start, end=end)


def cite_same_name(context: str, start: int, end: int) -> str:
    return reconstruct_quote(context, summary_text=context, start=start, end=end)


def cite_from_source(raw: str, start: int, end: int) -> tuple[str, str]:
    condensed = condense(raw)
    return condensed, resolve_span(raw, start, end)
