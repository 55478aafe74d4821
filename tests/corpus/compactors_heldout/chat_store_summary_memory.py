"""Memory over a chat store: older messages are folded into one system summary message."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

FOLD_PROMPT = "Write a concise summary of the transcript above, keeping every decision and name."


@dataclass
class ChatMessage:
    role: str
    content: str


class StoreBackedSummaryMemory:
    def __init__(self, llm: Any, store: Any, key: str = "chat", limit: int = 1500) -> None:
        self.llm = llm
        self.store = store
        self.key = key
        self.limit = limit

    def get_all(self) -> list[ChatMessage]:
        return self.store.get_messages(self.key)

    def set(self, messages: list[ChatMessage]) -> None:
        self.store.set_messages(self.key, messages)

    def _tokens(self, messages: list[ChatMessage]) -> int:
        return sum(len(m.content) // 4 for m in messages)

    def _fold(self, older: list[ChatMessage]) -> ChatMessage:
        transcript = "".join(f"{m.role}: {m.content}\n\n" for m in older)
        reply = self.llm.chat([ChatMessage("system", transcript + FOLD_PROMPT)])
        return ChatMessage("system", reply.message.content)

    def get(self) -> list[ChatMessage]:
        history = self.get_all()
        recent: list[ChatMessage] = []
        while history and self._tokens(recent + history[-1:]) <= self.limit:
            recent.insert(0, history.pop())
        if not history:
            return recent
        updated = [self._fold(history), *recent]
        self.set(updated)
        return updated
