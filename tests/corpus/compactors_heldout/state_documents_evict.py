"""Graph node that keeps the documents already in the agent's state under a size budget."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Document:
    page_content: str
    metadata: dict[str, Any] = field(default_factory=dict)


def enforce_doc_budget(state: dict[str, Any], max_chars: int = 24_000) -> dict[str, Any]:
    docs: list[Document] = state["documents"]
    total = sum(len(d.page_content) for d in docs)
    overflow = 0
    while overflow < len(docs) and total > max_chars:
        total -= len(docs[overflow].page_content)
        overflow += 1
    del docs[:overflow]
    return {"documents": docs, "note": f"{overflow} older documents removed to fit the budget"}
