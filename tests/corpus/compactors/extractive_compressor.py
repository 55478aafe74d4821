"""Contextual compression for retrieved documents.

For each retrieved document a model keeps only what bears on the query; the
compressed documents go on to the answer prompt.
"""

from __future__ import annotations

from typing import Sequence

from ragkit.documents import BaseDocumentCompressor, Document
from ragkit.llms import BaseLLM
from ragkit.prompts.extract import EXTRACT_TEMPLATE

NO_OUTPUT = "NO_OUTPUT"


class QueryFocusedCompressor(BaseDocumentCompressor):
    """Keeps per document only the sentences a model judges relevant to the query."""

    def __init__(self, llm: BaseLLM, min_chars: int = 40) -> None:
        self.llm = llm
        self.min_chars = min_chars

    def _condense_one(self, question: str, context: str) -> str:
        prompt = EXTRACT_TEMPLATE.format(question=question, context=context, no_output=NO_OUTPUT)
        return self.llm.invoke(prompt).content.strip()

    def compress_documents(self, documents: Sequence[Document], query: str) -> list[Document]:
        compressed: list[Document] = []
        for doc in documents:
            if len(doc.page_content) < self.min_chars:
                compressed.append(doc)
                continue
            source = doc.metadata.get("source", "unknown")
            output = self._condense_one(query, doc.page_content)
            if not output or output == NO_OUTPUT:
                continue
            if len(output) >= len(doc.page_content):
                output = doc.page_content
            compressed.append(Document(page_content=output, metadata=doc.metadata))
            self._note_source(source)
        return compressed

    def _note_source(self, source: str) -> None:
        self.seen_sources = getattr(self, "seen_sources", set())
        self.seen_sources.add(source)
