"""Conversational retrieval: rewrite the follow-up into a standalone question, then retrieve."""

from __future__ import annotations

from typing import Any

CONDENSE_QUESTION = (
    "Given the conversation and a follow-up question, rephrase the follow-up question to be "
    "a standalone question.\n\nChat history:\n{history}\nFollow-up: {question}\nStandalone question:"
)


def condense_question(llm: Any, history: list[tuple[str, str]], question: str) -> str:
    turns = "\n".join(f"Human: {q}\nAssistant: {a}" for q, a in history)
    return llm.invoke(CONDENSE_QUESTION.format(history=turns, question=question)).content.strip()


def answer(llm: Any, retriever: Any, history: list[tuple[str, str]], question: str) -> str:
    standalone = condense_question(llm, history, question) if history else question
    docs = retriever.invoke(standalone)[:5]
    context = "\n\n".join(f"[{d.metadata.get('source')}] {d.page_content}" for d in docs)
    reply = llm.invoke(f"Answer using only these sources and cite them:\n{context}\n\nQ: {standalone}")
    return reply.content
