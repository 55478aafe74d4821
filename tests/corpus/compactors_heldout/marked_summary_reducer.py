"""Chat history reducer: summarizes everything past a target count, marking its summary."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SUMMARY_FLAG = "__summary__"
REDUCE_PROMPT = (
    "Provide a concise and complete summarization of the entire chat in at most five "
    "sentences. Cover both user and assistant turns and keep any numbers or names."
)


@dataclass
class ChatItem:
    role: str
    content: str
    metadata: dict[str, Any] = field(default_factory=dict)


class SummarizingReducer:
    def __init__(self, service: Any, target_count: int = 10, threshold: int = 4) -> None:
        self.service = service
        self.target_count = target_count
        self.threshold = threshold

    def _last_summary_index(self, history: list[ChatItem]) -> int:
        for i in range(len(history) - 1, -1, -1):
            if history[i].metadata.get(SUMMARY_FLAG):
                return i
        return 0

    async def reduce(self, history: list[ChatItem]) -> list[ChatItem] | None:
        start = self._last_summary_index(history)
        if len(history) - start <= self.target_count + self.threshold:
            return None
        cut = len(history) - self.target_count
        to_fold = history[start:cut]
        request = [ChatItem("system", REDUCE_PROMPT), *to_fold]
        reply = await self.service.chat(request)
        summary = ChatItem("assistant", reply.content, {SUMMARY_FLAG: True})
        return [summary, *history[cut:]]
