"""Keeps a RAG chat inside its window by folding old retrieved documents.

Documents retrieved on earlier turns are rolled into one background note;
their ids are kept on the memory so the answer step can re-retrieve them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ragkit.documents import Document
from ragkit.llms import ChatLLM

BACKGROUND_PROMPT = "Summarize the reference passages below into background notes for later questions.\n\n{passages}"


@dataclass
class FoldedContext:
    note: str
    doc_ids: list[str] = field(default_factory=list)


class ConversationRAGCompactor:
    def __init__(self, llm: ChatLLM, max_docs: int = 10) -> None:
        self.llm = llm
        self.max_docs = max_docs
        self.docs: list[Document] = []
        self.folded: list[FoldedContext] = []

    def add(self, docs: list[Document]) -> None:
        self.docs.extend(docs)
        if len(self.docs) > self.max_docs:
            self._fold_oldest(len(self.docs) - self.max_docs // 2)

    def _fold_oldest(self, n: int) -> None:
        oldest, self.docs = self.docs[:n], self.docs[n:]
        passages = "\n\n".join(f"({d.metadata.get('source', '?')}) {d.page_content}" for d in oldest)
        note = self.llm.predict(BACKGROUND_PROMPT.format(passages=passages))
        self.folded.append(FoldedContext(note=note, doc_ids=[d.metadata["doc_id"] for d in oldest]))

    def context(self) -> str:
        notes = "\n".join(f.note for f in self.folded)
        live = "\n\n".join(d.page_content for d in self.docs)
        return f"{notes}\n\n{live}".strip()

    def refetch_ids(self) -> list[str]:
        return [i for f in self.folded for i in f.doc_ids]
