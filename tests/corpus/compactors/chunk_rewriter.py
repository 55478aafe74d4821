"""Ingestion step that shortens long chunks before they are embedded.

Long chunks are summarised so they fit the embedding model; the short version
replaces the chunk in the index under the same metadata.
"""

from __future__ import annotations

import asyncio
from typing import Sequence

from ragkit.documents import Document
from ragkit.llms import AsyncLLM
from ragkit.splitters import token_length


class ChunkRewriter:
    def __init__(self, llm: AsyncLLM, max_tokens: int = 480, concurrency: int = 4) -> None:
        self.llm = llm
        self.max_tokens = max_tokens
        self._gate = asyncio.Semaphore(concurrency)

    async def _summarize_chunk(self, text: str) -> str:
        async with self._gate:
            reply = await self.llm.acomplete(f"Shorten to under {self.max_tokens} tokens, keep every number:\n{text}")
        return reply.text.strip()

    async def _one(self, doc: Document) -> Document:
        if token_length(doc.page_content) <= self.max_tokens:
            return doc
        origin = doc.metadata.get("source")
        short = await self._summarize_chunk(doc.page_content)
        if not short:
            return doc
        if origin is None:
            raise ValueError("chunk without a source")
        return Document(page_content=short, metadata={**doc.metadata, "rewritten": True})

    async def shorten_all(self, docs: Sequence[Document]) -> list[Document]:
        return list(await asyncio.gather(*(self._one(d) for d in docs)))

    def shorten_all_sync(self, docs: Sequence[Document]) -> list[Document]:
        return asyncio.run(self.shorten_all(docs))
