"""Drops oversized old tool messages before a model call.

Large tool outputs (file dumps, search results) dominate the token count of long
agent runs; the newest `keep_recent` messages are never touched.
"""

from __future__ import annotations

import logging
from typing import Callable, Sequence

from agentkit.messages import AIMessage, BaseMessage, ToolMessage

logger = logging.getLogger(__name__)

TokenCounter = Callable[[Sequence[BaseMessage]], int]


class LargeToolResultPruner:
    def __init__(self, count_tokens: TokenCounter, max_result_tokens: int = 2_000, keep_recent: int = 6) -> None:
        self.count_tokens = count_tokens
        self.max_result_tokens = max_result_tokens
        self.keep_recent = keep_recent

    def _too_large(self, message: BaseMessage) -> bool:
        return self.count_tokens([message]) > self.max_result_tokens

    def prune(self, messages: list[BaseMessage]) -> list[BaseMessage]:
        pruned = list(messages)
        cutoff = len(pruned) - self.keep_recent
        removed = 0
        for idx in range(cutoff - 1, -1, -1):
            message = pruned[idx]
            if isinstance(message, ToolMessage) and self._too_large(message):
                pruned.pop(idx)
                removed += 1
        if removed:
            logger.info("pruned %d large tool results", removed)
        return pruned

    def wrap_model_call(self, request, handler):
        return handler(request.override(messages=self.prune(list(request.messages))))

    @staticmethod
    def pending_calls(messages: list[BaseMessage]) -> int:
        return sum(len(m.tool_calls) for m in messages if isinstance(m, AIMessage))
