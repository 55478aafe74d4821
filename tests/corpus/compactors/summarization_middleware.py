"""Agent middleware that replaces the older part of the message list with a summary.

Runs before every model call; when the token count passes the threshold it keeps
the most recent messages and writes one summary message in front of them.
"""

from __future__ import annotations

import logging
from typing import Any

from agentkit.messages import AIMessage, HumanMessage, RemoveMessage, ToolMessage, REMOVE_ALL
from agentkit.middleware import AgentMiddleware, AgentState
from agentkit.tokens import approximate_tokens

logger = logging.getLogger(__name__)


class HistorySummarizationMiddleware(AgentMiddleware):
    """Keeps `keep_last` messages and folds everything older into one summary."""

    def __init__(self, model: Any, trigger_tokens: int = 12_000, keep_last: int = 16) -> None:
        super().__init__()
        self.model = model
        self.trigger_tokens = trigger_tokens
        self.keep_last = keep_last

    def before_model(self, state: AgentState, runtime: Any) -> dict[str, Any] | None:
        messages = state["messages"]
        if approximate_tokens(messages) < self.trigger_tokens:
            return None
        cutoff = self._safe_cutoff(messages)
        if cutoff <= 0:
            return None
        older, recent = messages[:cutoff], messages[cutoff:]
        lines = []
        for message in older:
            if isinstance(message, ToolMessage):
                lines.append(f"[tool result {message.tool_call_id}] {message.content}")
            else:
                lines.append(f"{message.type}: {message.content}")
        summary = self._summarize_messages("\n".join(lines))
        logger.info("folded messages %s", [m.id for m in older])
        head = HumanMessage(content=f"Summary of the conversation so far:\n\n{summary}")
        return {"messages": [RemoveMessage(id=REMOVE_ALL), head, *recent]}

    def _safe_cutoff(self, messages: list[Any]) -> int:
        """Move the cut back until no tool call is separated from its result."""
        cutoff = len(messages) - self.keep_last
        while cutoff > 0 and isinstance(messages[cutoff], ToolMessage):
            cutoff -= 1
        while cutoff > 0 and isinstance(messages[cutoff - 1], AIMessage) and messages[cutoff - 1].tool_calls:
            cutoff -= 1
        return max(cutoff, 0)

    def _summarize_messages(self, transcript: str) -> str:
        if not transcript:
            return ""
        response = self.model.invoke(
            [{"role": "system", "content": "You write dense hand-off notes."}, {"role": "user", "content": transcript}]
        )
        return str(response.content).strip()
