"""A context window of scored spans for a citing answerer.

Spans that came from the document index carry a `doc_id`; spans the model wrote
itself (notes, plans) carry none. Under pressure, low-scoring indexed spans go.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class WindowSpan:
    text: str
    score: float
    doc_id: str | None = None


@dataclass
class CitationContextWindow:
    max_spans: int = 24
    floor: float = 0.2
    spans: list[WindowSpan] = field(default_factory=list)

    def add(self, span: WindowSpan) -> None:
        self.spans.append(span)
        if len(self.spans) > self.max_spans:
            self._evict_weak()

    def _evict_weak(self) -> None:
        self.spans = [s for s in self.spans if s.doc_id is None or s.score >= self.floor]

    def notes(self) -> list[WindowSpan]:
        return [s for s in self.spans if s.doc_id is None]

    def render(self) -> str:
        return "\n".join(f"[{s.doc_id or 'note'}] {s.text}" for s in self.spans)
