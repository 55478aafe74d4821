"""Crew-style recovery from a context-window overflow.

When the model rejects a request as too long, the executor splits its message list into
chunks, summarizes each one and replaces the whole list by one user message holding the
merged summaries, then retries. A second overflow later in the same task runs this again.
"""

from __future__ import annotations

SUMMARY_SYSTEM = "You are a helpful assistant that summarizes text concisely."


class OverflowRecovery:
    def __init__(self, llm, chunk_chars: int = 8000) -> None:
        self.llm = llm
        self.chunk_chars = chunk_chars
        self.messages: list[dict[str, str]] = []

    def add(self, role: str, content: str) -> None:
        self.messages.append({"role": role, "content": content})

    def _chunks(self) -> list[str]:
        text = "\n".join(m["content"] for m in self.messages)
        return [text[i : i + self.chunk_chars] for i in range(0, len(text), self.chunk_chars)]

    def _summarize_messages(self) -> None:
        pieces = []
        for chunk in self._chunks():
            pieces.append(self._summarize_chunk(chunk))
        merged = "\n\n".join(pieces)
        self.messages = [{"role": "user", "content": f"Summary of the work so far:\n{merged}"}]

    def _summarize_chunk(self, chunk: str) -> str:
        return self.llm.chat(
            [{"role": "system", "content": SUMMARY_SYSTEM}, {"role": "user", "content": chunk}]
        )

    def on_context_overflow(self) -> None:
        self._summarize_messages()
