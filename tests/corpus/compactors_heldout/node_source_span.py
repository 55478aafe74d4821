"""Spans of retrieved nodes, kept so that answers can quote their source."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class NodeSpan:
    doc_id: str
    start_char_idx: int
    end_char_idx: int
    score: float = 0.0


def get_span_text(span: NodeSpan, source_text: str) -> str:
    """Return the quoted characters of the node's source document."""
    return source_text[span.start_char_idx : span.end_char_idx]


def spans_for(doc_id: str, text: str, size: int = 512) -> list[NodeSpan]:
    return [NodeSpan(doc_id, i, min(i + size, len(text))) for i in range(0, len(text), size)]
