"""A model context that keeps the conversation but only the latest few function results.

Older function-execution results are cut from what the model sees on the next call, to save
tokens on long tool-heavy runs; the assistant turns that asked for them stay.
"""

from __future__ import annotations

from typing import Sequence

from agentkit.context import ChatContextBase
from agentkit.messages import AssistantTurn, FunctionExecutionResultMessage, LLMMessage


class RecentResultsContext(ChatContextBase):
    """Keeps every message, and shows the model only the last ``keep`` result messages."""

    def __init__(self, keep: int = 3, initial: Sequence[LLMMessage] | None = None) -> None:
        super().__init__(initial)
        self._keep = keep

    async def get_messages(self) -> list[LLMMessage]:
        result_slots = [
            i
            for i, message in enumerate(self._messages)
            if isinstance(message, FunctionExecutionResultMessage)
        ]
        stale = set(result_slots[: -self._keep]) if self._keep else set(result_slots)
        return [m for i, m in enumerate(self._messages) if i not in stale]

    def assistant_turns(self) -> int:
        return sum(1 for m in self._messages if isinstance(m, AssistantTurn))
