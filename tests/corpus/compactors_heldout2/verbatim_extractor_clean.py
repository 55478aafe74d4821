"""Contextual compression by extraction: the model may only copy sentences, never rewrite.

Every extracted sentence is checked against the source document byte for byte; a sentence
the model paraphrased is discarded, so what keeps the document's metadata is source text.
"""

from __future__ import annotations

from dataclasses import dataclass, field

EXTRACT_PROMPT = (
    "Copy, word for word, the sentences of the context that help answer the question. "
    "Do not change any word. Reply NONE if nothing helps.\n\nQuestion: {question}\n\n"
    "Context:\n{context}"
)


@dataclass
class Document:
    page_content: str
    metadata: dict = field(default_factory=dict)


class VerbatimExtractor:
    def __init__(self, llm) -> None:
        self.llm = llm

    def compress_documents(self, documents: list[Document], question: str) -> list[Document]:
        kept: list[Document] = []
        for doc in documents:
            prompt = EXTRACT_PROMPT.format(question=question, context=doc.page_content)
            reply = self.llm.invoke(prompt).strip()
            if reply == "NONE":
                continue
            lines = [ln for ln in reply.splitlines() if ln and ln in doc.page_content]
            if lines:
                kept.append(Document(page_content="\n".join(lines), metadata=doc.metadata))
        return kept
