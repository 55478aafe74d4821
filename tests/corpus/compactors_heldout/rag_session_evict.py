"""Conversational retrieval session that keeps the passages it has shown the model."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Document:
    page_content: str
    metadata: dict[str, Any] = field(default_factory=dict)


@dataclass
class RetrievalSession:
    retriever: Any
    max_docs: int = 12
    context_docs: list[Document] = field(default_factory=list)
    turns: list[str] = field(default_factory=list)

    def ask(self, question: str) -> str:
        fresh = self.retriever.invoke(question)[:4]
        self.context_docs.extend(fresh)
        if len(self.context_docs) > self.max_docs:
            self.context_docs = self.context_docs[-self.max_docs :]
        self.turns.append(question)
        return self.render()

    def render(self) -> str:
        blocks = [f"({d.metadata['source']}) {d.page_content}" for d in self.context_docs]
        return "\n\n".join(blocks) + "\n\nQuestion: " + self.turns[-1]
