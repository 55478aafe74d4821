"""Span rewriting in a citation pipeline: one path keeps spans verbatim, one paraphrases them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass
class Span:
    text: str
    source_id: str
    provenance: str


def condense(text: str, llm: Any) -> str:
    return llm.complete("Condense:\n" + text).text


def paraphrase_spans(spans: list[Span], llm: Any) -> list[Span]:
    out = []
    for s in spans:
        out.append(Span(condense(s.text, llm), s.source_id, s.provenance))
    return out


def keep_spans(spans: list[Span], budget: int) -> list[Span]:
    kept, used = [], 0
    for s in spans:
        if used + len(s.text) > budget:
            break
        kept.append(s)
        used += len(s.text)
    return kept
