"""Agent executor helper: when the context overflows, summarize the history chunk by chunk."""

from __future__ import annotations

from typing import Any

CHUNK_PROMPT = "Summarize the following part of a conversation, keeping facts and decisions:\n\n{chunk}"


class ContextOverflowHandler:
    def __init__(self, llm: Any, chunk_chars: int = 8000) -> None:
        self.llm = llm
        self.chunk_chars = chunk_chars
        self.messages: list[dict[str, str]] = []

    def _chunks(self) -> list[str]:
        text = "\n".join(f"{m['role']}: {m['content']}" for m in self.messages[1:])
        return [text[i : i + self.chunk_chars] for i in range(0, len(text), self.chunk_chars)]

    def handle_overflow(self) -> None:
        parts = []
        for chunk in self._chunks():
            parts.append(self.llm.complete(CHUNK_PROMPT.format(chunk=chunk)))
        merged = "\n\n".join(parts)
        self.messages = [
            self.messages[0],
            {"role": "user", "content": "This is a summary of our conversation so far:\n" + merged},
        ]
