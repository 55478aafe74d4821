"""Pipeline component that shortens each retrieved document before the answer prompt.

Long documents are summarized one by one by a generator component; short ones pass through.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SUMMARY_TEMPLATE = "Summarize the following passage in at most five sentences:\n\n{text}"


@dataclass
class Document:
    content: str
    id: str = ""
    meta: dict[str, Any] = field(default_factory=dict)


class DocumentShortener:
    def __init__(self, generator, max_chars: int = 2000) -> None:
        self._generator = generator
        self.max_chars = max_chars

    def run(self, documents: list[Document]) -> dict[str, list[Document]]:
        out: list[Document] = []
        for doc in documents:
            if len(doc.content) <= self.max_chars:
                out.append(doc)
                continue
            prompt = SUMMARY_TEMPLATE.format(text=doc.content)
            replies = self._generator.run(prompt=prompt)["replies"]
            short = replies[0]
            out.append(Document(content=short, id=doc.id, meta=doc.meta))
        return {"documents": out}
