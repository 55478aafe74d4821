"""Chat-history reducer for a kernel-style orchestrator.

Function results older than the latest user turn are removed from the history
in place; a counter says how many went.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kernelkit.contents import ChatMessageContent


@dataclass
class FunctionResultReducer:
    max_results: int = 4
    removed_total: int = 0
    messages: list[ChatMessageContent] = field(default_factory=list)

    def _last_user_index(self) -> int:
        for i in range(len(self.messages) - 1, -1, -1):
            if self.messages[i].role == "user":
                return i
        return 0

    def reduce(self) -> int:
        boundary = self._last_user_index()
        results = [m for m in self.messages[:boundary] if m.role == "tool"]
        if len(results) <= self.max_results:
            return 0
        for message in results[: len(results) - self.max_results]:
            self.messages.remove(message)
            self.removed_total += 1
        return self.removed_total

    def render(self) -> list[dict[str, str]]:
        return [{"role": m.role, "content": str(m.content)} for m in self.messages]
