"""Pipeline component that replaces long documents by shorter versions before the prompt."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SHORTEN = "Summarize the document below in at most {words} words, for answering questions:\n\n{text}"


@dataclass
class Document:
    content: str
    id: str
    meta: dict[str, Any] = field(default_factory=dict)


class DocumentShortener:
    def __init__(self, generator: Any, words: int = 120, min_chars: int = 3000) -> None:
        self.generator = generator
        self.words = words
        self.min_chars = min_chars

    def run(self, documents: list[Document]) -> dict[str, list[Document]]:
        out: list[Document] = []
        for doc in documents:
            if len(doc.content) < self.min_chars:
                out.append(doc)
                continue
            origin = doc.meta.get("source_id", doc.id)
            reply = self.generator.run(SHORTEN.format(words=self.words, text=doc.content))
            text = reply["replies"][0]
            out.append(Document(content=text, id=doc.id, meta={**doc.meta, "source_id": origin}))
        return {"documents": out}
