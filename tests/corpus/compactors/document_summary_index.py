"""Builds one summary node per source document for a summary-first retriever.

The retriever answers from the summaries and follows their ids back to the
document; each summary node is registered under the document it summarizes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from indexcore.llms import LLM
from indexcore.schema import Document, TextNode

SUMMARY_QUERY = "Describe what the provided text is about. Also describe some of the questions that this text can answer."


@dataclass
class SummaryIndex:
    nodes: dict[str, TextNode] = field(default_factory=dict)
    doc_for_summary: dict[str, str] = field(default_factory=dict)


class DocumentSummaryBuilder:
    def __init__(self, llm: LLM, max_chars: int = 12_000) -> None:
        self.llm = llm
        self.max_chars = max_chars

    def _summarize_document(self, text: str) -> str:
        response = self.llm.complete(f"{SUMMARY_QUERY}\n\n{text[: self.max_chars]}")
        return response.text.strip()

    def build(self, documents: list[Document]) -> SummaryIndex:
        index = SummaryIndex()
        for doc in documents:
            if not doc.text.strip():
                continue
            summary = self._summarize_document(doc.text)
            if not summary:
                continue
            node = TextNode(text=summary, metadata=dict(doc.metadata), id_=f"{doc.doc_id}-summary")
            index.nodes[node.id_] = node
            index.doc_for_summary[node.id_] = doc.doc_id
        return index
