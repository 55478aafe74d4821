"""Answers over many retrieved documents: summarize each, then the summaries, and cite sources."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

MAP = "Summarize this document for a reader who needs its key facts:\n\n{text}"
REDUCE = "Summarize these document summaries into one overview:\n\n{text}"


@dataclass
class Document:
    page_content: str
    metadata: dict[str, Any] = field(default_factory=dict)


def overview(llm: Any, docs: list[Document]) -> Document:
    partials = [llm.invoke(MAP.format(text=d.page_content)).content for d in docs]
    final = llm.invoke(REDUCE.format(text="\n\n".join(partials))).content
    sources = [d.metadata["source"] for d in docs]
    return Document(page_content=final, metadata={"derived_from": sources, "kind": "overview"})
