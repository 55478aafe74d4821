"""Document compressor: asks a model to keep only the parts of each document that matter."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

EXTRACT_PROMPT = """Given the question and context below, compress the context: extract, as is,
any part of it that is relevant to answering the question. If none is, return NO_OUTPUT.

Question: {question}
Context:
>>>
{context}
>>>
Extracted relevant parts:"""


@dataclass
class Document:
    page_content: str
    metadata: dict[str, Any] = field(default_factory=dict)


class ModelExtractCompressor:
    def __init__(self, llm: Any) -> None:
        self.llm = llm

    def compress_documents(self, documents: list[Document], query: str) -> list[Document]:
        compressed: list[Document] = []
        for doc in documents:
            prompt = EXTRACT_PROMPT.format(question=query, context=doc.page_content)
            output = self.llm.invoke(prompt).content.strip()
            if not output or output == "NO_OUTPUT":
                continue
            compressed.append(
                Document(page_content=output, metadata=doc.metadata)
            )
        return compressed
