"""Token-windowed chat memory that writes a system summary in front of the window.

Each `get()` keeps as many of the newest turns as fit and folds the remainder,
including any summary left by an earlier call, into one system message.
"""

from __future__ import annotations

from typing import Callable

from chatcore.llms import LLM
from chatcore.prompts import FOLD_INSTRUCTION
from chatcore.types import ChatMessage, MessageRole


class WindowedSummaryMemory:
    def __init__(self, llm: LLM, token_limit: int, tokenizer: Callable[[str], list[int]]) -> None:
        self.llm = llm
        self.token_limit = token_limit
        self.tokenizer = tokenizer
        self._history: list[ChatMessage] = []

    def put(self, message: ChatMessage) -> None:
        self._history.append(message)

    def _tokens(self, messages: list[ChatMessage]) -> int:
        return len(self.tokenizer(" ".join(str(m.content) for m in messages)))

    def _split(self) -> tuple[list[ChatMessage], list[ChatMessage]]:
        history = list(self._history)
        window: list[ChatMessage] = []
        while history and self._tokens(window + history[-1:]) <= self.token_limit:
            window.insert(0, history.pop())
        return history, window

    def get(self) -> list[ChatMessage]:
        older, window = self._split()
        if not older:
            return window
        summary = self._condense_oldest(older)
        self._history = [summary, *window]
        return list(self._history)

    def _condense_oldest(self, older: list[ChatMessage]) -> ChatMessage:
        transcript = "\n\n".join(f"{m.role}: {m.content}" for m in older)
        reply = self.llm.chat([ChatMessage(role=MessageRole.SYSTEM, content=transcript + "\n\n" + FOLD_INSTRUCTION)])
        return ChatMessage(role=MessageRole.SYSTEM, content=reply.message.content)

    def reset(self) -> None:
        self._history = []
