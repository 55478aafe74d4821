"""Summarizes a chat history recursively: summarize the head, keep the tail, repeat if too big."""

from __future__ import annotations

from typing import Any

SUMMARIZE_PROMPT = (
    "Briefly summarize this partial conversation about programming. Keep the names of "
    "functions, files and libraries that were discussed. Write as the user, in first person."
)


class RecursiveChatSummary:
    def __init__(self, model: Any, max_tokens: int = 1024) -> None:
        self.model = model
        self.max_tokens = max_tokens

    def tokens(self, messages: list[dict[str, str]]) -> int:
        return sum(len(m["content"]) // 4 for m in messages)

    def too_big(self, messages: list[dict[str, str]]) -> bool:
        return self.tokens(messages) > self.max_tokens

    def summarize(self, messages: list[dict[str, str]], depth: int = 0) -> list[dict[str, str]]:
        if not self.too_big(messages) or depth > 3 or len(messages) < 4:
            return self.summarize_all(messages) if depth > 3 else messages
        split = len(messages) // 2
        while split > 1 and messages[split - 1]["role"] != "assistant":
            split -= 1
        head, tail = messages[:split], messages[split:]
        summary = self.summarize_all(head)
        combined = summary + tail
        if not self.too_big(combined):
            return combined
        return self.summarize(combined, depth + 1)

    def summarize_all(self, messages: list[dict[str, str]]) -> list[dict[str, str]]:
        transcript = "\n".join(f"# {m['role'].upper()}\n{m['content']}" for m in messages)
        reply = self.model.simple_send([
            {"role": "system", "content": SUMMARIZE_PROMPT},
            {"role": "user", "content": transcript},
        ])
        return [
            {"role": "user", "content": "I spoke to you previously about:\n" + reply},
            {"role": "assistant", "content": "Ok."},
        ]
