"""Stores conversation summaries next to the retrieved documents of a session.

Retrieved documents are stored as they came, metadata untouched. Summaries of
the chat turns are new documents with metadata of their own, so nothing in the
index claims that a summary is a source document.
"""

from __future__ import annotations

from datetime import datetime, timezone

from ragkit.documents import Document
from ragkit.stores import DocumentStore
from ragkit.llms import ChatLLM

RECAP_PROMPT = "Summarize this conversation between a user and a research assistant:\n\n{transcript}"


class SessionArchive:
    def __init__(self, store: DocumentStore, llm: ChatLLM) -> None:
        self.store = store
        self.llm = llm

    def keep_retrieved(self, docs: list[Document]) -> None:
        self.store.add_documents([Document(page_content=d.page_content, metadata=d.metadata) for d in docs])

    def archive_chat(self, turns: list[tuple[str, str]]) -> Document:
        transcript = "\n".join(f"{role}: {text}" for role, text in turns)
        recap = self.llm.predict(RECAP_PROMPT.format(transcript=transcript))
        doc = Document(
            page_content=recap,
            metadata={"kind": "conversation_summary", "created_at": datetime.now(timezone.utc).isoformat()},
        )
        self.store.add_documents([doc])
        return doc

    def search(self, query: str, k: int = 4) -> list[Document]:
        hits = self.store.similarity_search(query, k=k * 2)
        return [h for h in hits if h.metadata.get("kind") != "conversation_summary"][:k]

    def forget_summaries(self) -> int:
        """Remove the stored summaries; retrieved documents stay."""
        ids = [d.id for d in self.store.all() if d.metadata.get("kind") == "conversation_summary"]
        self.store.delete(ids)
        return len(ids)
