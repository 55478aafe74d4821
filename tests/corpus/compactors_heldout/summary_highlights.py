"""Highlights where each key quote appears, for the UI's citation chips."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class CitationSpan:
    doc_id: str
    start: int
    end: int
    source_sha256: str


class HighlightingSummarizer:
    def __init__(self, llm: Any) -> None:
        self.llm = llm

    def summarize(self, text: str) -> str:
        return self.llm.complete(f"Summarize, quoting key sentences verbatim:\n{text}").text

    def highlights(self, doc_id: str, text: str, digest: str, quotes: list[str]) -> list[CitationSpan]:
        digest_text = self.summarize(text)
        spans = []
        for quote in quotes:
            pos = digest_text.find(quote)
            if pos >= 0:
                spans.append(CitationSpan(doc_id, pos, pos + len(quote), digest))
        return spans
