"""Keeps a chat under the model's window by dropping the oldest user/assistant turns."""

from __future__ import annotations

from typing import Any, Callable

TokenCounter = Callable[[str], int]


def trim_history(
    messages: list[dict[str, Any]], max_tokens: int, count: TokenCounter
) -> list[dict[str, Any]]:
    """Drop whole turns from the front, never the system prompt, until the rest fits."""
    system = [m for m in messages if m["role"] == "system"]
    turns = [m for m in messages if m["role"] in ("user", "assistant")]
    budget = max_tokens - sum(count(m["content"]) for m in system)
    while turns and sum(count(m["content"]) for m in turns) > budget:
        turns = turns[2:] if len(turns) > 1 else []
    return system + turns


class SlidingWindowHistory:
    def __init__(self, window: int = 30) -> None:
        self.window = window
        self.history: list[dict[str, str]] = []

    def add(self, role: str, content: str) -> None:
        self.history.append({"role": role, "content": content})
        if len(self.history) > self.window:
            del self.history[0]

    def for_prompt(self) -> list[dict[str, str]]:
        return list(self.history)
