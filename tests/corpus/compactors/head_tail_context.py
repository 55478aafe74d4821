"""Chat-completion context that keeps the first and last messages of a run.

Function results between the head and the tail are removed, except the newest
few, and one placeholder says how many went.
"""

from __future__ import annotations

from agentcore.models import AssistantMessage, FunctionResultMessage, LLMMessage, UserMessage


class HeadTailResultContext:
    def __init__(self, head_size: int, keep_results: int, initial: list[LLMMessage] | None = None) -> None:
        if head_size <= 0 or keep_results < 0:
            raise ValueError("head_size must be positive and keep_results non-negative")
        self._head_size = head_size
        self._keep_results = keep_results
        self._messages: list[LLMMessage] = list(initial or [])

    async def add_message(self, message: LLMMessage) -> None:
        self._messages.append(message)

    async def get_messages(self) -> list[LLMMessage]:
        head = self._messages[: self._head_size]
        body = self._messages[self._head_size :]
        result_positions = [i for i, m in enumerate(body) if isinstance(m, FunctionResultMessage)]
        cutoff = result_positions[-self._keep_results] if len(result_positions) > self._keep_results else 0
        kept = [m for i, m in enumerate(body) if not (isinstance(m, FunctionResultMessage) and i < cutoff)]
        removed = len(body) - len(kept)
        if removed == 0:
            return head + body
        placeholder = UserMessage(content=f"[{removed} tool results removed]", source="System")
        return head + [placeholder] + kept

    async def clear(self) -> None:
        self._messages = []

    def last_assistant(self) -> AssistantMessage | None:
        for message in reversed(self._messages):
            if isinstance(message, AssistantMessage):
                return message
        return None
