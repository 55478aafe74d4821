"""Builds the retrieval context for one question: rerank, cut, keep verbatim.

Only the user's follow-up question is rewritten (into a standalone query); the
retrieved passages go into the prompt unchanged, with their metadata.
"""

from __future__ import annotations

from dataclasses import dataclass

from ragcore.documents import Document
from ragcore.llms import ChatLLM
from ragcore.rerank import CrossEncoder

CONDENSE_QUESTION = (
    "Given the conversation and a follow-up question, rephrase the follow-up question "
    "to be a standalone question.\n\nChat history:\n{history}\nFollow-up: {question}\nStandalone question:"
)


@dataclass
class Context:
    question: str
    documents: list[Document]


class ContextBuilder:
    def __init__(self, llm: ChatLLM, reranker: CrossEncoder, top_k: int = 4, floor: float = 0.2) -> None:
        self.llm = llm
        self.reranker = reranker
        self.top_k = top_k
        self.floor = floor

    def condense_question(self, history: list[tuple[str, str]], question: str) -> str:
        lines = "\n".join(f"{who}: {text}" for who, text in history)
        return self.llm.predict(CONDENSE_QUESTION.format(history=lines, question=question))

    def build(self, history: list[tuple[str, str]], question: str, hits: list[Document]) -> Context:
        standalone = self.condense_question(history, question) if history else question
        scored = self.reranker.score(standalone, [d.page_content for d in hits])
        ranked = [d for d, s in sorted(zip(hits, scored), key=lambda p: p[1], reverse=True) if s >= self.floor]
        chosen = ranked[: self.top_k]
        for doc in chosen:
            doc.metadata.setdefault("rerank_floor", self.floor)
        return Context(question=standalone, documents=chosen)

    @staticmethod
    def render(context: Context) -> str:
        blocks = [f"[{d.metadata.get('source', '?')}]\n{d.page_content}" for d in context.documents]
        return f"Question: {context.question}\n\n" + "\n\n".join(blocks)
