"""Conversational retrieval session that records which passages it pushed out of context."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger(__name__)


@dataclass
class Document:
    page_content: str
    metadata: dict[str, Any] = field(default_factory=dict)


@dataclass
class RecordingRetrievalSession:
    retriever: Any
    max_docs: int = 12
    context_docs: list[Document] = field(default_factory=list)
    evicted_sources: list[str] = field(default_factory=list)

    def ask(self, question: str) -> str:
        self.context_docs.extend(self.retriever.invoke(question)[:4])
        overflow = len(self.context_docs) - self.max_docs
        if overflow > 0:
            gone = self.context_docs[:overflow]
            self.evicted_sources.extend(d.metadata["source"] for d in gone)
            log.info("evicted passages: %s", [d.metadata["source"] for d in gone])
            self.context_docs = self.context_docs[overflow:]
        return "\n\n".join(f"({d.metadata['source']}) {d.page_content}" for d in self.context_docs)
