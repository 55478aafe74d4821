"""Conversation memory that carries retrieved passages from turn to turn.

Passages retrieved for earlier questions stay in the context while they fit;
once the passage budget is exceeded the oldest are dropped.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ragkit.documents import Document
from ragkit.retrievers import Retriever


@dataclass
class RetrievalChatMemory:
    retriever: Retriever
    top_k: int = 4
    passage_budget: int = 12
    passages: list[Document] = field(default_factory=list)
    notice: str = ""

    def retrieve(self, question: str) -> list[Document]:
        hits = self.retriever.search(question)
        hits = sorted(hits, key=lambda d: d.metadata.get("score", 0.0), reverse=True)[: self.top_k]
        return [d for d in hits if d.metadata.get("score", 0.0) >= 0.25]

    def add_turn(self, question: str) -> None:
        for doc in self.retrieve(question):
            if all(doc.metadata["source"] != p.metadata["source"] for p in self.passages):
                self.passages.append(doc)
        self._enforce_budget()

    def _enforce_budget(self) -> None:
        overflow = len(self.passages) - self.passage_budget
        if overflow <= 0:
            return
        del self.passages[:overflow]
        self.notice = f"{overflow} earlier passages were dropped to save space."

    def context_block(self) -> str:
        blocks = [f"[{p.metadata['source']}]\n{p.page_content}" for p in self.passages]
        if self.notice:
            blocks.insert(0, self.notice)
        return "\n\n".join(blocks)
