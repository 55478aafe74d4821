"""Editor assistant: context items attached to earlier turns are pruned to fit the window.

Each item is a snippet the user or a retrieval provider attached to a turn; the oldest go
first when the conversation outgrows the model's context length.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class ContextItem:
    chunk_id: str
    uri: str
    content: str


class ContextPruner:
    def __init__(self, max_tokens: int) -> None:
        self.max_tokens = max_tokens
        self.items: list[ContextItem] = []

    def _tokens(self) -> int:
        return sum(len(i.content) // 4 for i in self.items)

    def attach(self, item: ContextItem) -> None:
        self.items.append(item)
        while self._tokens() > self.max_tokens and len(self.items) > 1:
            self.items.pop(0)
