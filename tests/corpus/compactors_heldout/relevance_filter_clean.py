"""Keeps only retrieved passages that are close enough to the query before the prompt is built."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

Embed = Callable[[str], list[float]]


@dataclass
class Passage:
    text: str
    metadata: dict[str, Any] = field(default_factory=dict)


def cosine(a: list[float], b: list[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b))
    norm = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    return dot / norm if norm else 0.0


class SimilarityFilter:
    def __init__(self, embed: Embed, threshold: float = 0.76, top_k: int = 6) -> None:
        self.embed = embed
        self.threshold = threshold
        self.top_k = top_k

    def filter_passages(self, passages: list[Passage], query: str) -> list[Passage]:
        q = self.embed(query)
        scored = [(cosine(q, self.embed(p.text)), p) for p in passages]
        kept = [p for score, p in scored if score >= self.threshold]
        kept.sort(key=lambda p: cosine(q, self.embed(p.text)), reverse=True)
        return kept[: self.top_k]


def build_prompt(question: str, retriever: Any, flt: SimilarityFilter) -> str:
    hits = retriever.search(question)[:20]
    passages = flt.filter_passages(hits, question)
    cited = "\n\n".join(f"[{p.metadata.get('source', '?')}] {p.text}" for p in passages)
    return f"Answer from these passages, citing the bracketed source.\n\n{cited}\n\nQ: {question}"
