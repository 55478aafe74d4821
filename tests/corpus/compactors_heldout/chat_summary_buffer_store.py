"""A memory buffer that keeps the newest messages and one summary of everything older."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SUMMARIZE_INSTRUCTION = (
    "The following is a conversation between the user and assistant. "
    "Write a concise summary of it, keeping every decision."
)


@dataclass
class ChatMessage:
    role: str
    content: str


@dataclass
class SummaryMemoryBuffer:
    llm: Any
    token_limit: int = 3000
    _history: list[ChatMessage] = field(default_factory=list)

    def put(self, message: ChatMessage) -> None:
        self._history.append(message)

    def _token_count(self, messages: list[ChatMessage]) -> int:
        return sum(len(m.content) // 4 for m in messages)

    def _summarize_oldest(self, messages: list[ChatMessage]) -> str:
        lines = "\n".join(f"{m.role}: {m.content}" for m in messages)
        reply = self.llm.chat([
            ChatMessage("system", SUMMARIZE_INSTRUCTION),
            ChatMessage("user", lines),
        ])
        return reply.content

    def get(self) -> list[ChatMessage]:
        if self._token_count(self._history) <= self.token_limit:
            return list(self._history)
        cut = len(self._history) // 2
        older, recent = self._history[:cut], self._history[cut:]
        summary = self._summarize_oldest(older)
        self._history = [ChatMessage("system", summary)] + recent
        return list(self._history)
