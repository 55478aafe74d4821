"""Builds the context block for a question from fresh retrieval results.

Results are cut to the top k above a relevance floor before anything enters the
prompt; the chosen documents go in verbatim with their source line.
"""

from __future__ import annotations

from dataclasses import dataclass

from ragkit.documents import Document
from ragkit.retrievers import Retriever
from ragkit.rerank import CrossEncoder


@dataclass(frozen=True)
class RetrievalSettings:
    top_k: int = 5
    min_score: float = 0.3
    fetch_k: int = 40


class ContextBuilder:
    def __init__(self, retriever: Retriever, reranker: CrossEncoder, settings: RetrievalSettings) -> None:
        self.retriever = retriever
        self.reranker = reranker
        self.settings = settings

    def select(self, question: str) -> list[Document]:
        candidates = self.retriever.search(question, k=self.settings.fetch_k)
        scored = self.reranker.score(question, [d.page_content for d in candidates])
        ranked = sorted(zip(candidates, scored), key=lambda pair: pair[1], reverse=True)
        kept = [doc for doc, score in ranked if score >= self.settings.min_score]
        return kept[: self.settings.top_k]

    def deduplicate(self, docs: list[Document]) -> list[Document]:
        seen: set[str] = set()
        out = []
        for doc in docs:
            key = doc.metadata.get("source_id", doc.page_content[:64])
            if key in seen:
                continue
            seen.add(key)
            out.append(doc)
        return out

    def block(self, question: str) -> str:
        docs = self.deduplicate(self.select(question))
        return "\n\n".join(f"[{d.metadata.get('source_id', '?')}]\n{d.page_content}" for d in docs)
