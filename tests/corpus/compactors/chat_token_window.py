"""Token-bounded chat memory for a support bot (no tools, no retrieval).

Oldest turns go first; a system note says how many were skipped so the model
knows the conversation started earlier.
"""

from __future__ import annotations

from typing import Callable

from chainkit.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage


class TokenWindowMemory:
    def __init__(self, count_tokens: Callable[[list[BaseMessage]], int], limit: int = 2000) -> None:
        self.count_tokens = count_tokens
        self.limit = limit
        self.messages: list[BaseMessage] = []
        self.skipped = 0

    def add_exchange(self, question: str, answer: str) -> None:
        self.messages += [HumanMessage(content=question), AIMessage(content=answer)]
        while len(self.messages) > 2 and self.count_tokens(self.messages) > self.limit:
            self.messages.pop(0)
            self.skipped += 1

    def load(self) -> list[BaseMessage]:
        if not self.skipped:
            return list(self.messages)
        note = SystemMessage(content=f"Skipped {self.skipped} earlier messages.")
        return [note, *self.messages]

    def drop_system_notes(self) -> None:
        self.messages = [m for m in self.messages if not isinstance(m, SystemMessage)]
        del self.messages[: max(0, len(self.messages) - 40)]
