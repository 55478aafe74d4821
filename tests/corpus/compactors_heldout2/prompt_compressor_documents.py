"""Document compressor for a retriever: a small model drops low-information tokens.

Each retrieved document is compressed against the question and returned as a new document
that keeps the original's metadata, so citations still point at the source file.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Document:
    page_content: str
    metadata: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Compressed:
    text: str
    ratio: float


class TokenDropCompressor:
    def __init__(self, compressor, target_tokens: int = 300) -> None:
        self._compressor = compressor
        self.target_tokens = target_tokens

    def compress_documents(self, documents: list[Document], query: str) -> list[Document]:
        results = []
        for doc in documents:
            res: Compressed = self._compressor.compress(
                doc.page_content, question=query, target_token=self.target_tokens
            )

            results.append(
                Document(page_content=res.text, metadata={**doc.metadata, "ratio": res.ratio})
            )
        return results
