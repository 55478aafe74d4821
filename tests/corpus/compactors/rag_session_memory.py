"""Session memory for a retrieval chat: retrieved passages ride along from turn
to turn until the passage budget is spent, then the oldest go first."""

from __future__ import annotations

from typing import Callable

from docstack.schema import Document
from docstack.stores import VectorIndex


class RagSessionMemory:
    def __init__(self, index: VectorIndex, count_tokens: Callable[[str], int], max_tokens: int = 3000) -> None:
        self.index = index
        self.count_tokens = count_tokens
        self.max_tokens = max_tokens
        self.context_docs: list[Document] = []
        self.turns: list[tuple[str, str]] = []

    def fetch(self, question: str, k: int = 4, floor: float = 0.35) -> list[Document]:
        hits = self.index.similarity_search_with_score(question, k=k * 2)
        return [doc for doc, score in hits if score >= floor][:k]

    def add_turn(self, question: str, answer: str) -> None:
        self.turns.append((question, answer))
        known = {d.metadata.get("source") for d in self.context_docs}
        for doc in self.fetch(question):
            if doc.metadata.get("source") not in known:
                self.context_docs.append(doc)
        self._shrink()

    def _used_tokens(self) -> int:
        return sum(self.count_tokens(d.page_content) for d in self.context_docs)

    def _shrink(self) -> None:
        while self.context_docs and self._used_tokens() > self.max_tokens:
            self.context_docs.pop(0)

    def prompt(self) -> str:
        passages = "\n\n".join(d.page_content for d in self.context_docs)
        dialogue = "\n".join(f"Q: {q}\nA: {a}" for q, a in self.turns[-4:])
        return f"{passages}\n\n{dialogue}"
